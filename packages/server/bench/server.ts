// `pnpm bench server [options]`: N concurrent bot matches on loopback (127.0.0.1 only) against a real server process.
// The bots play random moves through the SDK (the server judges legality) and are spread over several worker
// processes (bot-worker.ts), so that the measurement is of the server and not of one overloaded bot process. Players
// think before committing (uniform --think MIN-MAX ms). What each figure means is printed first (report.ts header).
//
// Options:
//   --matches N          one step with N matches (default 200)
//   --ramp [a,b,c]       several steps (default 200,500,1000,2000), a fresh server for each, one line per step
//   --seconds S          measuring window per step, after every match has reached its first commitment (default 30)
//   --warmup S           seconds of play after the joins before the window opens (default 0): the server's optimizing
//                        compiler is still at work on the hot code for minutes after the start, and a window that
//                        opens at once measures part of that warm-up (both servers alike with --baseline)
//   --bot-procs K        bot worker processes (default 2)
//   --think MIN-MAX      think time before each commitment, ms (default 500-3000)
//   --join-rate R        matches started per second, all workers together (default 200)
//   --pin                pin the server to CPU 0 and the bots to the other CPUs (taskset), so they do not share a core
//   --cpu-prof DIR       run the server with node --cpu-prof, profiles written to DIR (summarise them with
//                        `node --import tsx packages/server/bench/profile-summary.ts FILE --last S`)
//   --perf DIR           Linux perf's samples of the server over the window (perf-record.ts), kept as text in DIR and
//                        summarised: the share of CPU of the kernel's socket work, page faults, V8's collector and
//                        compiler threads and the JavaScript by source (perf-summary.ts)
//   --server-args "A B"  extra node options for the server process (e.g. "--trace-gc --max-semi-space-size=32")
//   --server-log FILE    append the server's stdout (its log lines, --trace-gc output) to FILE, with a line of the
//                        bench's own where the measuring window opens and one where it closes
//   --bot-matches N      bot-load mode: N matches against the computer beside the measured ones (default 0);
//                        the figures stay the human matches' (their p99 while the computer thinks)
//   --bot-level L        the computer's level in those matches (default hard)
//   --log-cost           the write-ahead input log's cost: each step runs without the log (INPUT_LOG=off)
//                        and with it, --repeat pairs (default 1; every other pair the other way round), then prints
//                        what the log adds to the p99 and to the server's CPU per round (the pairs' medians)
//   --repeat R           with --log-cost: pairs per step (default 1; an even number cancels the order's effect)
//   --aa                 with --log-cost: both runs of each pair without the log (the comparison's noise floor)
//   --alternate [MS]     with --log-cost: instead of pairs of servers, one server per repeat whose log is paused and
//                        resumed every MS (default 5000; storage/log-turns.ts): CPU per round in its on and off turns
//   --baseline           the match server beside a bare Colyseus room (bare-room.ts) that sends the same frames per
//                        round (measured from the match server's first run), alternating A B A B, --repeat pairs
//                        (default 3): CPU per round of both, the ratio per pair and its median, and the A/A of the
//                        bare room (each of its runs against the one before: the noise)
//   --hold-round R       memory mode: the bots stop locking in at round R, so every match stays live mid-match with
//                        R-1 rounds behind it; the server runs with --expose-gc and /health collects before it reads
//                        the heap (the line's heap per match is then live memory)
//   --heap-snapshot DIR  at the end of the window, a heap snapshot of the server written to DIR (summarise it with
//                        `node --import tsx packages/server/bench/heap-summary.ts FILE --per N`)
//   --sources            run the server's sources through tsx instead of the production build. By default the bench
//                        builds dist/main.js first (packages/server/build.mjs, about a second) and runs it as
//                        deployed (`node dist/main.js`): tsx's transform keeps every function's name as a property
//                        (256 bytes more per named closure in the heap, a call per closure made) and overstates both
//                        memory and CPU.
//   --survivors FILE     over the window, what outlived a young-generation collection (survivors-hook.ts: V8's
//                        sampling heap profiler without the objects a minor GC collected), written to FILE and
//                        summarised in KB per round by the function that allocated it: what the collector copies,
//                        promotes and later sweeps (the match server only)
//   --animated           each client sends `animated` after every `events` frame, as the web client does once it
//                        has animated it (at once here): in the match server an input-log append each, the next
//                        timer started once both have; the bare room patches a new deadline once both have shown a
//                        round's last frame. Without it the bots send no such message
//   --json               also print each step's full figures as JSON
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRACTICE_LEVELS, type PracticeLevel } from '@star-eater/protocol';
import type { FromWorker, ToWorker, WorkerConfig, WorkerStats } from './bot-worker.js';
import { freePort, machineCpu, processCpu, sleep } from './procs.js';
import { logCost } from './log-cost.js';
import { baseline } from './baseline.js';
import { markServerLog, readServerLog, type ServerLog } from './server-log.js';
import { checkPerf, PERF_NODE_ARGS, startPerf } from './perf-record.js';
import { SURVIVORS_HOOK, survivorsProfile, survivorsSummary } from './survivors.js';
import type { FrameProfile } from './bare-room.js';
import { header, report, type BenchSettings, type Health } from './report.js';

const argv = process.argv.slice(2);
// Every option above (`--built`, the default now, still accepted from older commands). A mistyped option would
// otherwise run minutes of something else; --server-args' value holds node's own options.
const OPTIONS = new Set([
  ...['matches', 'ramp', 'seconds', 'warmup', 'bot-procs', 'think', 'join-rate', 'pin', 'cpu-prof', 'perf'],
  ...['server-args', 'server-log', 'bot-matches', 'bot-level', 'log-cost', 'repeat', 'aa', 'alternate', 'baseline'],
  ...['hold-round', 'heap-snapshot', 'built', 'sources', 'survivors', 'json', 'animated'],
]);
for (const [i, a] of argv.entries())
  if (a.startsWith('--') && argv[i - 1] !== '--server-args' && !OPTIONS.has(a.slice(2)))
    throw new Error(`unknown option ${a}: see the options at the top of packages/server/bench/server.ts`);
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
const botLevel = opt('bot-level') ?? 'hard';
if (!(PRACTICE_LEVELS as readonly string[]).includes(botLevel))
  throw new Error(`--bot-level: expected one of ${PRACTICE_LEVELS.join(', ')} (the levels a player is offered)`);
const settings: BenchSettings = {
  botProcs: Math.max(1, Number(opt('bot-procs') ?? 2)),
  think: [tMin, tMax],
  joinRate: Number(opt('join-rate') ?? 200),
  seconds: Number(opt('seconds') ?? 30),
  warmup: Number(opt('warmup') ?? 0),
  pin: has('pin'),
  cores: cpus().length,
  computerMatches: Number(opt('bot-matches') ?? 0),
  computerLevel: botLevel as PracticeLevel,
  cpuModel: cpus()[0]?.model.trim() ?? '?',
  sources: has('sources'),
  animated: has('animated'),
};
if (!(settings.warmup >= 0)) throw new Error(`--warmup: expected seconds (0 or more), got "${opt('warmup')}"`);
const profDir = opt('cpu-prof');
const perfDir = opt('perf');
if (perfDir) checkPerf();
const holdRound = Number(opt('hold-round') ?? 0);
const snapshotDir = opt('heap-snapshot');
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
const survivorsFile = opt('survivors');
const serverLogFile = opt('server-log');
/** How long the joins may go without one more match started before the step measures what did start. */
const STALL_MS = 30_000;
const workerFile = fileURLToPath(new URL('./bot-worker.ts', import.meta.url));
const mainFile = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const bareFile = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const builtFile = fileURLToPath(new URL('../dist/main.js', import.meta.url));
if (!settings.sources) buildServer();

console.log(header(settings));
let broke: string | null = null;
for (const n of steps) {
  if (has('log-cost')) {
    await logCost(n, { runStep, seconds: settings.seconds, has, opt });
    continue;
  }
  if (has('baseline')) {
    await baseline(n, { runStep, repeat: Number(opt('repeat') ?? 3), json: has('json') });
    continue;
  }
  const r = await runStep(n);
  console.log(r.line);
  if (has('json')) console.log(JSON.stringify(r.figures));
  if (!broke && r.breaks) broke = `${n} matches: ${r.breaks}`;
}
console.log(
  broke ? `BREAKS at ${broke}` : `holds at every step (p99 < 50 ms, < 2048 B per client per round, no errors)`,
);
process.exit(0);

/** The production build, as the Dockerfile makes it (packages/server/build.mjs): the server the bench runs. */
function buildServer(): void {
  const dir = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [join(dir, 'build.mjs')], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A fresh server process on `port`, its database in `dir`, its log lines counted; the bare one with a profile. */
function startServer(
  port: number,
  dir: string,
  env: Record<string, string>,
  bare?: FrameProfile,
): { server: ChildProcess; serverLog: ServerLog } {
  const extra = (argv[argv.indexOf('--server-args') + 1] ?? '').split(' ').filter((a) => has('server-args') && a);
  const hook = survivorsFile && !bare ? ['--import', SURVIVORS_HOOK] : [];
  const nodeArgs = [
    ...extra,
    ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ...(perfDir ? PERF_NODE_ARGS : []),
    ...(holdRound || snapshotDir ? ['--expose-gc'] : []),
    ...(snapshotDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`] : []),
    ...(!settings.sources && !bare && !hook.length ? [] : ['--import', 'tsx']),
    ...hook,
    ...(!settings.sources && !bare ? [builtFile] : [bare ? bareFile : mainFile]),
  ];
  const [cmd, args] = settings.pin
    ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const server = spawn(cmd, args as string[], {
    env: {
      ...process.env,
      PORT: String(port),
      SQLITE_PATH: process.env.BENCH_SQLITE ?? join(dir, 'bench.sqlite'),
      LOG_LEVEL: 'warn',
      // Every bench client comes from 127.0.0.1: the per-address matchmaking limit (20 at once, 30 a minute) would
      // refuse them as one flooding client.
      MATCHMAKE_LIMIT: process.env.MATCHMAKE_LIMIT ?? '100000/1000000',
      ...(bare ? { BARE_PROFILE: JSON.stringify(bare) } : {}),
      ...(hook.length ? { SURVIVORS_FILE: survivorsFile } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverLog = readServerLog(server.stdout!, serverLogFile);
  return { server, serverLog };
}

/** Waits until the server answers /health (it fails if the server exits first or does not start within ~20 s). */
async function whenHealthy(server: ChildProcess, health: () => Promise<Health>): Promise<void> {
  let serverExited = false;
  server.once('exit', () => (serverExited = true));
  for (let i = 0; ; i++) {
    if (serverExited) throw new Error('the server exited before it answered /health');
    try {
      await health();
      return;
    } catch {
      if (i > 200) throw new Error('server did not start');
      await sleep(100);
    }
  }
}

interface Workers {
  workers: ChildProcess[];
  /** Each worker's "ready": every match it joined has reached its first commitment window. */
  ready: Promise<FromWorker & { kind: 'ready' }>[];
  /** Each worker's figures once stopped (null: it exited without them). */
  stats: Promise<WorkerStats | null>[];
  /** Resolves (null) once no match has started for STALL_MS. */
  stalled: Promise<null>;
}

/** The bot workers, each with its share of matches and of the join rate. */
function startWorkers(port: number, matches: number, bare: boolean): Workers {
  const { botProcs, pin, cores, joinRate } = settings;
  const share = (n: number, w: number) => Math.floor(n / botProcs) + (w < n % botProcs ? 1 : 0);
  // The joins go on as long as they make progress (a loaded machine joins slowly); none for STALL_MS: given up.
  const started = Array.from({ length: botProcs }, () => 0);
  let lastProgress = performance.now();
  const stalled = new Promise<null>((res) => {
    const check = setInterval(() => {
      if (performance.now() - lastProgress < STALL_MS) return;
      clearInterval(check);
      res(null);
    }, 1000);
    check.unref();
  });
  const out: Workers = { workers: [], ready: [], stats: [], stalled };
  for (let w = 0; w < botProcs; w++) {
    const cfg: WorkerConfig = {
      port,
      matches: share(matches, w),
      firstIndex: w * 100_000,
      joinRate: joinRate / botProcs,
      think: settings.think,
      computerMatches: share(settings.computerMatches, w),
      computerLevel: settings.computerLevel,
      bare,
      holdRound,
      animated: settings.animated,
    };
    const env = { ...process.env, SE_BENCH_WORKER: JSON.stringify(cfg) };
    const child =
      pin && cores > 1
        ? spawn('taskset', ['-c', `1-${cores - 1}`, process.execPath, '--import', 'tsx', workerFile], {
            env,
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          })
        : fork(workerFile, [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    out.workers.push(child);
    out.ready.push(new Promise((res) => child.on('message', (m: FromWorker) => m.kind === 'ready' && res(m))));
    child.on('message', (m: FromWorker) => {
      if (m.kind === 'progress' && m.live + m.joinErrors > started[w]!) {
        started[w] = m.live + m.joinErrors;
        lastProgress = performance.now();
      }
    });
    out.stats.push(
      new Promise((res) => {
        child.on('message', (m: FromWorker) => m.kind === 'stats' && res(m.stats));
        child.on('exit', () => res(null));
      }),
    );
  }
  return out;
}

/** The measuring window: CPU from /proc, memory and the event-loop delay from /health at the end. */
async function measure(
  server: ChildProcess,
  w: Workers,
  health: () => Promise<Health>,
  serverLog: ServerLog,
  survivors: boolean,
  /** What --perf names the recording's file after: `match` or `bare`. */
  perfName: string,
) {
  const { workers } = w;
  const joined = await health().catch(() => null); // its loop delay covers the joins; the call resets the histogram
  const cpu0 = processCpu(server.pid!);
  const bots0 = workers.map((x) => processCpu(x.pid!)?.total ?? 0);
  const machine0 = machineCpu();
  const tStart = performance.now();
  markServerLog(serverLogFile, 'the measuring window opens');
  if (survivors) server.kill('SIGUSR2'); // survivors-hook.ts: the window starts
  const perf = perfDir ? startPerf(server.pid!, perfDir, perfName) : null;
  for (const x of workers) x.send({ cmd: 'measure' } satisfies ToWorker);
  await sleep(settings.seconds * 1000);
  await perf?.stop();
  markServerLog(serverLogFile, 'the measuring window closes');
  const during = await health().catch(() => null);
  serverLog.open = false;
  if (snapshotDir) await heapSnapshot(server, snapshotDir);
  if (survivors) await survivorsProfile(server, survivorsFile!);
  const cpu1 = processCpu(server.pid!);
  const machine1 = machineCpu();
  const botCpu = workers.reduce((acc, x, i) => acc + ((processCpu(x.pid!)?.total ?? bots0[i]!) - bots0[i]!), 0);
  for (const x of workers) if (x.connected) x.send({ cmd: 'stop' } satisfies ToWorker);
  const window = (performance.now() - tStart) / 1000;
  const reported: (WorkerStats | null)[] = await Promise.race([
    Promise.all(w.stats),
    sleep(20_000).then(() => [] as (WorkerStats | null)[]),
  ]);
  return {
    perf,
    window,
    joined,
    during,
    stats: reported.filter((x): x is WorkerStats => x !== null),
    serverCpu:
      cpu0 && cpu1 ? { user: cpu1.user - cpu0.user, sys: cpu1.sys - cpu0.sys, total: cpu1.total - cpu0.total } : null,
    botCpuSeconds: botCpu,
    machineCpuSeconds: machine1 - machine0,
  };
}

/** Signals the server to write a heap snapshot into `dir` and waits until its file stops growing. */
async function heapSnapshot(server: ChildProcess, dir: string): Promise<void> {
  const files = () => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot'));
  const before = new Set(files());
  server.kill('SIGUSR2');
  let size = -1;
  for (;;) {
    await sleep(2000);
    const file = files().find((f) => !before.has(f));
    if (!file) continue;
    const now = statSync(join(dir, file)).size;
    if (now === size && now > 0) return void console.log(`heap snapshot: ${join(dir, file)}`);
    size = now;
  }
}

/** One step: a fresh server (the bare room's with a profile), `matches` bot matches joined, a window, the figures. */
async function runStep(matches: number, env: Record<string, string> = {}, bare?: FrameProfile) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'se-bench-'));
  const { server, serverLog } = startServer(port, dir, env, bare);
  let w: Workers = { workers: [], ready: [], stats: [], stalled: new Promise<null>(() => {}) };
  const cleanup = async () => {
    for (const x of w.workers) if (x.exitCode === null) x.kill('SIGKILL');
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', () => {
    for (const x of w.workers) x.kill('SIGKILL');
    server.kill('SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  const health = async () => (await (await fetch(`${base}/health`)).json()) as Health;
  await whenHealthy(server, health);
  await sleep(500);
  const idle = await health();

  w = startWorkers(port, matches, bare !== undefined);
  const t0 = performance.now();
  const readies = await Promise.race([Promise.all(w.ready), w.stalled]);
  const joinBudget = performance.now() - t0;
  if (readies && settings.warmup > 0) await sleep(settings.warmup * 1000);
  const survivors = survivorsFile !== undefined && bare === undefined;
  const { perf, ...measured } = await measure(server, w, health, serverLog, survivors, bare ? 'bare' : 'match');
  await cleanup();

  const r = report({
    matches,
    settings,
    started: readies !== null,
    joinBudgetSeconds: Math.round(joinBudget / 1000),
    liveAtStart: readies ? readies.reduce((acc, r) => acc + r.live, 0) : NaN,
    idle,
    serverLog: { lines: serverLog.lines, messages: serverLog.messages },
    ...measured,
  });
  if (survivors) for (const line of survivorsSummary(survivorsFile!, r.figures.rounds)) console.log(line);
  for (const line of perf?.summary(r.figures.serverCpuMsPerRound) ?? []) console.log(line);
  return r;
}
