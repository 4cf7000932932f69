// `pnpm bench server --perf DIR`: Linux perf's samples of the server process over the measuring window (every thread,
// 499 Hz, call graphs), turned into text at once (`perf script`, which needs the server's JIT map, written because the
// server runs with --perf-basic-prof) and summarised by perf-summary.ts. Needs `perf` (Debian: linux-perf).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { perfSummary } from './perf-summary.js';

/** Node's option that writes /tmp/perf-PID.map, the names of the JIT's code for perf. */
export const PERF_NODE_ARGS = ['--perf-basic-prof'];

export interface PerfRecording {
  /** Stops the recording (the window's end). */
  stop(): Promise<void>;
  /** Writes DIR/<name>-<pid>.txt (after stop) and removes the JIT map; the summary's lines. */
  summary(msPerRound: number | undefined): string[];
}

export function checkPerf(): void {
  if (spawnSync('perf', ['--version']).status !== 0) throw new Error('--perf: `perf` is not on the PATH (linux-perf)');
}

export function startPerf(pid: number, dir: string, name: string): PerfRecording {
  mkdirSync(dir, { recursive: true }); // perf itself would fail, silently (its output is not read), without it
  const data = join(dir, `${name}-${pid}.data`);
  const rec: ChildProcess = spawn('perf', ['record', '-F', '499', '-g', '-p', String(pid), '-o', data], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => rec.once('exit', () => resolve()));
  return {
    async stop() {
      rec.kill('SIGINT');
      await exited;
    },
    summary(msPerRound) {
      const txt = join(dir, `${name}-${pid}.txt`);
      const fd = openSync(txt, 'w');
      try {
        const r = spawnSync('perf', ['script', '-i', data], { stdio: ['ignore', fd, 'ignore'] });
        if (r.status !== 0) throw new Error(`perf script -i ${data} failed (${r.status})`);
      } finally {
        closeSync(fd);
      }
      rmSync(data, { force: true });
      rmSync(`/tmp/perf-${pid}.map`, { force: true });
      return [`${name}: ${txt}`, ...perfSummary(readFileSync(txt, 'utf8'), msPerRound)];
    },
  };
}
