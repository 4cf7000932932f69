// `pnpm bench server [options]`: N concurrent bot matches on loopback (127.0.0.1 only) against a real server process.
// The bots play random moves through the SDK (the server judges legality) and are spread over several worker
// processes (bot-worker.ts), so that the measurement is of the server and not of one overloaded bot process. Players
// think before committing (uniform --think MIN-MAX ms). What each figure means is printed first (report.ts header).
//
// Options:
//   --matches N          one step with N matches (default 200)
//   --ramp [a,b,c]       several steps (default 200,500,1000,2000), a fresh server for each, one line per step
//   --seconds S          measuring window per step, after every match has reached its first commitment (default 30)
//   --bot-procs K        bot worker processes (default 2)
//   --think MIN-MAX      think time before each commitment, ms (default 500-3000)
//   --join-rate R        matches started per second, all workers together (default 200)
//   --pin                pin the server to CPU 0 and the bots to the other CPUs (taskset), so they do not share a core
//   --cpu-prof DIR       run the server with node --cpu-prof, profiles written to DIR (summarise them with
//                        `node --import tsx packages/server/bench/profile-summary.ts FILE --last S`)
//   --server-args "A B"  extra node options for the server process (e.g. "--trace-gc --max-semi-space-size=32")
//   --server-log FILE    append the server's stdout (its log lines, --trace-gc output) to FILE
//   --bot-matches N      bot-load mode (issue 10): N matches against the computer beside the measured ones (default 0);
//                        the figures stay the human matches' (their p99 while the computer thinks)
//   --bot-level L        the computer's level in those matches (default hard)
//   --json               also print each step's full figures as JSON
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromWorker, ToWorker, WorkerConfig, WorkerStats } from './bot-worker.js';
import { freePort, machineCpu, processCpu, sleep } from './procs.js';
import { header, report, type BenchSettings, type Health } from './report.js';

const argv = process.argv.slice(2);
const has = (name: string) => argv.includes(`--${name}`);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : undefined;
};

const steps = has('ramp')
  ? (opt('ramp') ?? '200,500,1000,2000').split(',').map(Number)
  : [Number(opt('matches') ?? 200)];
const [tMin, tMax] = (opt('think') ?? '500-3000').split('-').map(Number) as [number, number];
const settings: BenchSettings = {
  botProcs: Math.max(1, Number(opt('bot-procs') ?? 2)),
  think: [tMin, tMax],
  joinRate: Number(opt('join-rate') ?? 200),
  seconds: Number(opt('seconds') ?? 30),
  pin: has('pin'),
  cores: cpus().length,
  computerMatches: Number(opt('bot-matches') ?? 0),
  computerLevel: (opt('bot-level') ?? 'hard') as 'random' | 'easy' | 'medium' | 'hard',
  cpuModel: cpus()[0]?.model.trim() ?? '?',
};
const profDir = opt('cpu-prof');
const workerFile = fileURLToPath(new URL('./bot-worker.ts', import.meta.url));
const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));

console.log(header(settings));
let broke: string | null = null;
for (const n of steps) {
  const r = await runStep(n);
  console.log(r.line);
  if (has('json')) console.log(JSON.stringify(r.figures));
  if (!broke && r.breaks) broke = `${n} matches: ${r.breaks}`;
}
console.log(
  broke ? `BREAKS at ${broke}` : `holds at every step (p99 < 50 ms, < 2048 B per client per round, no errors)`,
);
process.exit(0);

/** One step: a fresh server, `matches` bot matches joined, a measuring window, the figures. */
async function runStep(matches: number) {
  const { botProcs, pin, cores, joinRate } = settings;
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'se-bench-'));
  const extra = (argv[argv.indexOf('--server-args') + 1] ?? '').split(' ').filter((a) => has('server-args') && a);
  const nodeArgs = [
    ...extra,
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    '--import',
    'tsx',
    mainFile,
  ];
  const [cmd, args] = pin ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const server = spawn(cmd, args as string[], {
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: process.env.BENCH_SQLITE ?? join(dir, 'bench.sqlite'),
      LOG_LEVEL: 'warn',
      // Every bench client comes from 127.0.0.1: the per-address matchmaking limit (20 at once, 30 a minute) would
      // refuse them as one flooding client.
      MATCHMAKE_LIMIT: process.env.MATCHMAKE_LIMIT ?? '100000/1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's log lines (warn and above) from its start to the end of the window; the shutdown after it is noise.
  const serverLog = { lines: 0, messages: {} as Record<string, number>, open: true };
  let partial = '';
  const logFile = opt('server-log');
  server.stdout!.on('data', (chunk: Buffer) => {
    if (logFile) appendFileSync(logFile, chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    if (!serverLog.open) return;
    for (const l of lines) {
      if (!l.trim()) continue;
      serverLog.lines += 1;
      let msg = l.slice(0, 100);
      try {
        msg = (JSON.parse(l) as { msg?: string }).msg ?? msg;
      } catch {
        // not a pino line
      }
      serverLog.messages[msg] = (serverLog.messages[msg] ?? 0) + 1;
    }
  });
  const workers: ChildProcess[] = [];
  const cleanup = async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    for (const w of workers) w.kill('SIGKILL');
    server.kill('SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  const health = async () => (await (await fetch(`${base}/health`)).json()) as Health;
  let serverExited = false;
  server.once('exit', () => (serverExited = true));
  for (let i = 0; ; i++) {
    if (serverExited) throw new Error('the server exited before it answered /health');
    try {
      await health();
      break;
    } catch {
      if (i > 200) throw new Error('server did not start');
      await sleep(100);
    }
  }
  await sleep(500);
  const idle = await health();

  // The bot workers, each with its share of matches and of the join rate.
  const ready: Promise<FromWorker & { kind: 'ready' }>[] = [];
  const stats: Promise<WorkerStats | null>[] = [];
  for (let w = 0; w < botProcs; w++) {
    const cfg: WorkerConfig = {
      port,
      matches: Math.floor(matches / botProcs) + (w < matches % botProcs ? 1 : 0),
      firstIndex: w * 100_000,
      joinRate: joinRate / botProcs,
      think: settings.think,
      computerMatches:
        Math.floor(settings.computerMatches / botProcs) + (w < settings.computerMatches % botProcs ? 1 : 0),
      computerLevel: settings.computerLevel,
    };
    const env = { ...process.env, SE_BENCH_WORKER: JSON.stringify(cfg) };
    const child =
      pin && cores > 1
        ? spawn('taskset', ['-c', `1-${cores - 1}`, process.execPath, '--import', 'tsx', workerFile], {
            env,
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          })
        : fork(workerFile, [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    workers.push(child);
    ready.push(new Promise((res) => child.on('message', (m: FromWorker) => m.kind === 'ready' && res(m))));
    stats.push(
      new Promise((res) => {
        child.on('message', (m: FromWorker) => m.kind === 'stats' && res(m.stats));
        child.on('exit', () => res(null));
      }),
    );
  }
  const joinBudget = 30_000 + (matches / joinRate) * 3000;
  const readies = await Promise.race([Promise.all(ready), sleep(joinBudget).then(() => null)]);

  // Measuring window: CPU from /proc, memory and the event-loop delay from /health at the end.
  const joined = await health().catch(() => null); // its loop delay covers the joins; the call resets the histogram
  const cpu0 = processCpu(server.pid!);
  const bots0 = workers.map((w) => processCpu(w.pid!)?.total ?? 0);
  const machine0 = machineCpu();
  const tStart = performance.now();
  for (const w of workers) w.send({ cmd: 'measure' } satisfies ToWorker);
  await sleep(settings.seconds * 1000);
  const during = await health().catch(() => null);
  serverLog.open = false;
  const cpu1 = processCpu(server.pid!);
  const machine1 = machineCpu();
  const botCpu = workers.reduce((acc, w, i) => acc + ((processCpu(w.pid!)?.total ?? bots0[i]!) - bots0[i]!), 0);
  for (const w of workers) if (w.connected) w.send({ cmd: 'stop' } satisfies ToWorker);
  const window = (performance.now() - tStart) / 1000;
  const reported: (WorkerStats | null)[] = await Promise.race([
    Promise.all(stats),
    sleep(20_000).then(() => [] as (WorkerStats | null)[]),
  ]);
  await cleanup();

  return report({
    matches,
    settings,
    window,
    started: readies !== null,
    joinBudgetSeconds: Math.round(joinBudget / 1000),
    liveAtStart: readies ? readies.reduce((acc, r) => acc + r.live, 0) : NaN,
    stats: reported.filter((x): x is WorkerStats => x !== null),
    idle,
    joined,
    during,
    serverLog: { lines: serverLog.lines, messages: serverLog.messages },
    serverCpu:
      cpu0 && cpu1 ? { user: cpu1.user - cpu0.user, sys: cpu1.sys - cpu0.sys, total: cpu1.total - cpu0.total } : null,
    botCpuSeconds: botCpu,
    machineCpuSeconds: machine1 - machine0,
  });
}
