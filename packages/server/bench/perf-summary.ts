// Where a server's CPU goes, from Linux perf's samples (`perf script` text of `perf record -g` on the server, run with
// node --perf-basic-prof so the JIT's functions have names). perf samples a thread only while it is on a CPU, so
// unlike the V8 profiler (wall-clock, which charges a function with the time the process waited off the CPU after a
// system call), the shares are of CPU time: the kernel's socket writes, page faults, V8's collector and compiler
// threads, and the JavaScript by where it comes from (the production bundle mapped back to its sources).
//
// `node --import tsx packages/server/bench/perf-summary.ts FILE.txt [--ms-per-round X]`, or `pnpm bench server --perf
// DIR`, which records the window and prints this.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SourceMap } from 'node:module';

interface Sample {
  tid: string;
  /** Frames, innermost first, each a symbol without its offset. */
  frames: string[];
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  let cur: Sample | null = null;
  for (const line of text.split('\n')) {
    if (!line.trim()) {
      if (cur) samples.push(cur);
      cur = null;
    } else if (!/^\s/.test(line)) cur = { tid: line.trim().split(/\s+/)[1] ?? '?', frames: [] };
    else {
      const m = line.trim().match(/^[0-9a-f]+ (.*) \(.*\)$/);
      if (m && cur) cur.frames.push(m[1]!.replace(/\+0x[0-9a-f]+$/, ''));
    }
  }
  if (cur) samples.push(cur);
  return samples;
}

/** The production bundle's source map (its sources are relative to it). */
const MAP_URL = new URL('../dist/main.js.map', import.meta.url);

const GC = /Scavenger|MarkCompact|Marking|Sweeper|Evacuat|Heap::CollectGarbage/;
const COMPILER = /compiler::|Compile|maglev|Maglev/;
const SYSCALLS: [RegExp, string][] = [
  [/writev/, 'writev (sockets)'],
  [/^(__GI___libc_write|__libc_write|write)$/, 'write (files: the input journal, the log)'],
  [/statx|fstat/, 'fstat (the journal fence)'],
  [/epoll_pwait/, 'epoll_pwait'],
  [/^(read|__libc_read)$/, 'read (sockets)'],
];

/** The source group of a JS frame ("JS:*name url:line:col"), the bundle's positions read through its source map. */
function sourceOf(frame: string, map: SourceMap | null): string | null {
  const m = frame.match(/^JS:\S* (.*):(\d+):(\d+)$/);
  if (!m) return null;
  let url = m[1]!;
  if (url.endsWith('dist/main.js') && map) {
    const at = map.findEntry(Number(m[2]) - 1, Number(m[3]) - 1);
    if ('originalSource' in at) url = new URL(at.originalSource, MAP_URL).pathname;
  }
  if (url.startsWith('node:')) return 'node core';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return `npm ${parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  const p = url.replace(/^.*?packages\//, '').split('/');
  return p[0] === 'server' ? `server ${p[2] ?? p[1]}`.replace(/\.ts$/, '') : (p[0] ?? url);
}

function categoryOf(s: Sample, mainTid: string, map: SourceMap | null): string {
  const all = s.frames.join(' ');
  if (s.tid !== mainTid)
    return GC.test(all) ? 'other threads: GC' : COMPILER.test(all) ? 'other threads: compiler' : 'other threads: other';
  if (GC.test(all)) return 'main: GC';
  if (all.includes('asm_exc_page_fault')) return 'main: page faults';
  if (all.includes('do_syscall_64') || s.frames[0]?.includes('epoll_pwait')) {
    for (const f of s.frames) for (const [re, name] of SYSCALLS) if (re.test(f)) return `main: syscall ${name}`;
    return 'main: syscall other';
  }
  for (const f of s.frames) {
    const src = sourceOf(f, map);
    if (src) return `main: JS ${src}`;
  }
  return 'main: native, no JS frame';
}

/** Lines: each category's share of the samples (and µs per round, given the server's CPU per round). */
export function perfSummary(text: string, msPerRound?: number): string[] {
  const samples = parse(text);
  if (!samples.length) return ['perf: no samples'];
  const byTid = new Map<string, number>();
  for (const s of samples) byTid.set(s.tid, (byTid.get(s.tid) ?? 0) + 1);
  const mainTid = [...byTid].sort((a, b) => b[1] - a[1])[0]![0];
  let map: SourceMap | null = null;
  try {
    map = new SourceMap(JSON.parse(readFileSync(fileURLToPath(MAP_URL), 'utf8')));
  } catch {
    // the sources ran (--sources, or the bare room): their own paths name them
  }
  const counts = new Map<string, number>();
  for (const s of samples) {
    const c = categoryOf(s, mainTid, map);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const lines = [
    `perf: ${samples.length} samples, ${byTid.get(mainTid)} on the main thread; share of CPU${msPerRound ? ', µs per round' : ''}`,
  ];
  for (const [c, n] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    const share = n / samples.length;
    const us = msPerRound ? `${(share * msPerRound * 1000).toFixed(0).padStart(6)} µs` : '';
    lines.push(`${(100 * share).toFixed(1).padStart(6)} %${us}  ${c}`);
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, ...rest] = process.argv.slice(2);
  if (!file) throw new Error('usage: perf-summary.ts FILE.txt [--ms-per-round X]');
  const i = rest.indexOf('--ms-per-round');
  const ms = i >= 0 ? Number(rest[i + 1]) : undefined;
  if (ms !== undefined && !(ms > 0))
    throw new Error(`--ms-per-round: expected a positive number, got "${rest[i + 1]}"`);
  for (const line of perfSummary(readFileSync(file, 'utf8'), ms)) console.log(line);
}
