// `pnpm bench server [options]`: N concurrent bot matches on loopback (127.0.0.1 only) against a real server process.
// The bots play random moves through the SDK (the server judges legality) and are spread over several worker
// processes, so that the measurement is of the server and not of one overloaded bot process. Both clients of a match
// live in the same worker, so one monotonic clock times a round: from the moment the SECOND lock-in is sent to the
// moment BOTH clients hold the round's result (the `events` message with done: true; decision prompts on the way
// are answered at once by the bots, so their round trips are included). Players think before committing (uniform
// --think MIN-MAX ms). A finished match asks for a rematch, so every match stays live for the whole window.
//
// Options:
//   --matches N          one step with N matches (default 200)
//   --ramp [a,b,c]       several steps (default 200,500,1000,2000), a fresh server for each, one line per step
//   --seconds S          measuring window per step, after every match has reached its first commitment (default 30)
//   --bot-procs K        bot worker processes (default 2)
//   --think MIN-MAX      think time before each commitment, ms (default 500-3000)
//   --join-rate R        matches started per second, all workers together (default 200)
//   --pin                pin the server to CPU 0 and the bots to the other CPUs (taskset), so they do not share a core
//   --cpu-prof DIR       run the server with node --cpu-prof, profiles written to DIR
//   --json               also print each step's full figures as JSON
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const has = (name: string) => argv.includes(`--${name}`);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  const v = i >= 0 ? argv[i + 1] : undefined;
  return v && !v.startsWith('--') ? v : undefined;
};

interface WorkerConfig {
  port: number;
  matches: number;
  firstIndex: number;
  joinRate: number;
  think: [number, number];
}

interface WorkerStats {
  latencies: number[];
  rounds: number;
  bytes: number;
  clients: number;
  byKind: Record<string, number>;
  refused: Record<string, number>;
  joinErrors: number;
  unexpectedLeaves: number;
  loopP99: number;
  loopMax: number;
}

type ToWorker = { cmd: 'measure' } | { cmd: 'stop' };
type FromWorker = { kind: 'ready'; live: number; joinErrors: number } | { kind: 'stats'; stats: WorkerStats } | { kind: 'error'; message: string };

if (process.env.SE_BENCH_WORKER) await runWorker(JSON.parse(process.env.SE_BENCH_WORKER) as WorkerConfig);
else await runBench();

// ====================================================================================================== bot worker
async function runWorker(cfg: WorkerConfig): Promise<void> {
  const { Client } = await import('@colyseus/sdk');
  const { attachBot } = await import('../test/bot.js');
  type Room = import('@colyseus/sdk').Room;
  type Bot = ReturnType<typeof attachBot>;
  const send = (m: FromWorker) => process.send!(m);
  const url = `ws://127.0.0.1:${cfg.port}`;
  const [tMin, tMax] = cfg.think;
  const think = () => tMin + Math.random() * (tMax - tMin);

  let measuring = false;
  let stopping = false;
  const latencies: number[] = [];
  let rounds = 0;
  let bytes = 0;
  let joinErrors = 0;
  let unexpectedLeaves = 0;
  let live = 0;
  const byKind: Record<string, number> = {};
  const bots: Bot[] = [];
  const clients: Room[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  const FRAME = { 10: 'join', 14: 'state', 15: 'patch', 18: 'ping' } as Record<number, string>;
  const dec = new TextDecoder();
  const kindOf = (b: Uint8Array): string => {
    const code = b[0]! & 0x1f;
    if (code === 13 && (b[1]! & 0xe0) === 0xa0) return `msg:${dec.decode(b.subarray(2, 2 + (b[1]! & 0x1f)))}`;
    return FRAME[code] ?? `code${code}`;
  };

  const countBytes = (room: Room) => {
    (room.connection.transport as unknown as { ws: WebSocket }).ws.addEventListener('message', (ev: MessageEvent) => {
      if (!measuring) return;
      const data = ev.data as ArrayBuffer;
      bytes += data.byteLength;
      const k = kindOf(new Uint8Array(data));
      byKind[k] = (byKind[k] ?? 0) + data.byteLength;
    });
  };

  async function playMatch(i: number): Promise<void> {
    /** `${matchNo}:${round}` → time each seat sent its (latest) lock-in, and how many clients hold the result. */
    const lockAt = new Map<string, [number, number]>();
    const arrived = new Map<string, { n: number; at: number }>();
    let started = false;
    const wire = (room: Room, k: 0 | 1) => {
      countBytes(room);
      clients.push(room);
      room.reconnection.enabled = false;
      const key = (round: number) => `${(room.state as { matchNo: number }).matchNo}:${round}`;
      const bot = attachBot(room, {
        seed: `bench-${i}-${k}`,
        aggressive: true,
        thinkMs: think,
        onCommit: (round) => {
          const t = lockAt.get(key(round)) ?? [NaN, NaN];
          t[k] = performance.now();
          lockAt.set(key(round), t);
        },
      });
      bots.push(bot);
      room.onStateChange((st: { phase?: string }) => {
        if (!started && k === 0 && st.phase === 'commit') {
          started = true;
          live += 1;
        }
      });
      room.onMessage('events', (e: { round: number; done: boolean }) => {
        if (!e.done) return;
        const id = key(e.round);
        const a = arrived.get(id) ?? { n: 0, at: 0 };
        a.n += 1;
        a.at = performance.now();
        arrived.set(id, a);
        if (a.n < 2) return;
        arrived.delete(id);
        const t = lockAt.get(id);
        lockAt.delete(id);
        if (!measuring || !t) return;
        rounds += 1;
        const last = Math.max(t[0], t[1]);
        if (Number.isFinite(last)) latencies.push(a.at - last);
      });
      room.onMessage('ended', () => {
        if (!stopping) room.send('rematch');
      });
      room.onLeave(() => {
        if (!stopping) unexpectedLeaves += 1;
      });
    };
    try {
      const a = (await new Client(url).create('match', { name: `bot${i}a` })) as Room;
      wire(a, 0);
      const b = (await new Client(url).joinById(a.roomId, { name: `bot${i}b` })) as Room;
      wire(b, 1);
    } catch {
      joinErrors += 1;
    }
  }

  const joins: Promise<void>[] = [];
  const gap = 1000 / Math.max(1, cfg.joinRate);
  const t0 = performance.now();
  for (let j = 0; j < cfg.matches; j++) {
    joins.push(playMatch(cfg.firstIndex + j));
    const wait = t0 + (j + 1) * gap - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(joins);
  // Ready when every match that joined has reached its first commitment window.
  const readyTimer = setInterval(() => {
    if (live + joinErrors >= cfg.matches) {
      clearInterval(readyTimer);
      send({ kind: 'ready', live, joinErrors });
    }
  }, 100);

  process.on('message', (m: ToWorker) => {
    if (m.cmd === 'measure') {
      measuring = true;
      loop.reset();
    } else if (m.cmd === 'stop') {
      measuring = false;
      stopping = true;
      const refused: Record<string, number> = {};
      for (const b of bots) for (const e of b.errors) refused[`${e.type}:${e.code}`] = (refused[`${e.type}:${e.code}`] ?? 0) + 1;
      send({
        kind: 'stats',
        stats: {
          latencies,
          rounds,
          bytes,
          clients: clients.length,
          byKind,
          refused,
          joinErrors,
          unexpectedLeaves,
          loopP99: loop.percentile(99) / 1e6,
          loopMax: loop.max / 1e6,
        },
      });
      setTimeout(() => process.exit(0), 200);
    }
  });
}

// ====================================================================================================== orchestrator
async function runBench(): Promise<void> {
  const steps = has('ramp') ? (opt('ramp') ?? '200,500,1000,2000').split(',').map(Number) : [Number(opt('matches') ?? 200)];
  const seconds = Number(opt('seconds') ?? 30);
  const botProcs = Math.max(1, Number(opt('bot-procs') ?? 2));
  const [tMin, tMax] = (opt('think') ?? '500-3000').split('-').map(Number) as [number, number];
  const joinRate = Number(opt('join-rate') ?? 200);
  const pin = has('pin');
  const profDir = opt('cpu-prof');
  const nCpu = cpus().length;
  const self = fileURLToPath(import.meta.url);
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

  console.log(
    `Star Eater server bench — ${nCpu} cores (${cpus()[0]?.model.trim()}), node ${process.version}, loopback only.\n` +
      `Load: N bot matches (2 SDK clients each) over ${botProcs} bot process(es), think ${tMin}-${tMax} ms before each lock-in, ` +
      `draft and decision prompts answered at once, rematch at the end of a match (every match stays live).\n` +
      `Server ${pin ? 'pinned to CPU 0, bots to the other CPUs' : 'and bots share all CPUs (no pinning)'}; LOG_LEVEL=warn. ` +
      `Each step: fresh server, matches joined at ${joinRate}/s, then a ${seconds} s measuring window.\n` +
      `latency = second lock-in sent → round result (events done:true) held by BOTH clients, one clock per match (same process).\n` +
      `bytes = all frames received by a client in the window / its rounds (includes patches, messages, rematch drafts).\n` +
      `mem = server heap (and RSS) growth over the idle server / live matches. server loop = the server's event-loop delay in the window. loop = the bots' own event-loop delay p99 (if high, the bots limit the figure).\n` +
      `others cpu = CPU used in the window by every other process on the machine (100% = one core): if high, the machine is shared and the figures are pessimistic.`,
  );
  const lines: string[] = [];
  let broke: string | null = null;
  for (const n of steps) {
    const r = await runStep(n);
    lines.push(r.line);
    console.log(r.line);
    if (has('json')) console.log(JSON.stringify(r.figures));
    if (!broke && r.breaks) broke = `${n} matches: ${r.breaks}`;
  }
  console.log(broke ? `BREAKS at ${broke}` : `holds at every step (p99 < 50 ms, < 2048 B per client per round, no errors)`);
  process.exit(0);

  async function runStep(matches: number) {
    const port = await freePort(); // never a fixed or random guess: another process on this machine may hold it
    const dir = mkdtempSync(join(tmpdir(), 'se-bench-'));
    const nodeArgs = [...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--import', 'tsx', main];
    const [cmd, args] = pin ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
    const server = spawn(cmd, args as string[], {
      env: { ...process.env, PORT: String(port), SQLITE_PATH: process.env.BENCH_SQLITE ?? join(dir, 'bench.sqlite'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
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
    const health = async () =>
      (await (await fetch(`${base}/health`)).json()) as { memory: { rssBytes: number; heapUsedBytes: number }; liveMatches: number; rooms: number; eventLoopDelayMs?: { p99: number; max: number } };
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

    // Spawn the bot workers, each with its share of matches and join rate.
    const ready: Promise<FromWorker & { kind: 'ready' }>[] = [];
    const stats: Promise<WorkerStats | null>[] = [];
    for (let w = 0; w < botProcs; w++) {
      const share = Math.floor(matches / botProcs) + (w < matches % botProcs ? 1 : 0);
      const cfg: WorkerConfig = {
        port,
        matches: share,
        firstIndex: w * 100_000,
        joinRate: joinRate / botProcs,
        think: [tMin, tMax],
      };
      const env = { ...process.env, SE_BENCH_WORKER: JSON.stringify(cfg) };
      const child = pin && nCpu > 1
        ? spawn('taskset', ['-c', `1-${nCpu - 1}`, process.execPath, '--import', 'tsx', self], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
        : fork(self, [], { env, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
    const live = readies ? readies.reduce((s, r) => s + r.live, 0) : NaN;

    // Measuring window: server CPU from /proc, memory sampled at the end.
    await health().catch(() => null); // resets the server's event-loop delay histogram
    const cpu0 = serverCpu(server.pid!);
    const bots0 = workers.map((w) => serverCpu(w.pid!) ?? 0);
    const machine0 = machineCpu();
    const tStart = performance.now();
    for (const w of workers) w.send({ cmd: 'measure' } satisfies ToWorker);
    await sleep(seconds * 1000);
    const during = await health().catch(() => null);
    const cpu1 = serverCpu(server.pid!);
    const machine1 = machineCpu();
    const botCpu = workers.reduce((sum, w, i) => sum + ((serverCpu(w.pid!) ?? bots0[i]!) - bots0[i]!), 0);
    for (const w of workers) if (w.connected) w.send({ cmd: 'stop' } satisfies ToWorker);
    const window = (performance.now() - tStart) / 1000;
    const reported: (WorkerStats | null)[] = await Promise.race([Promise.all(stats), sleep(20_000).then(() => [] as (WorkerStats | null)[])]);
    const all = reported.filter((s): s is WorkerStats => s !== null);
    await cleanup();

    const lat = all.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
    const rounds = all.reduce((s, x) => s + x.rounds, 0);
    const bytes = all.reduce((s, x) => s + x.bytes, 0);
    const byKind: Record<string, number> = {};
    for (const s of all) for (const [k, v] of Object.entries(s.byKind)) byKind[k] = (byKind[k] ?? 0) + v;
    const refused: Record<string, number> = {};
    for (const s of all) for (const [k, v] of Object.entries(s.refused)) refused[k] = (refused[k] ?? 0) + v;
    const joinErrors = all.reduce((s, x) => s + x.joinErrors, 0);
    const leaves = all.reduce((s, x) => s + x.unexpectedLeaves, 0);
    const perClientRound = rounds ? bytes / (2 * rounds) : NaN;
    const heapKB = during ? (during.memory.heapUsedBytes - idle.memory.heapUsedBytes) / 1024 / matches : NaN;
    const rssKB = during ? (during.memory.rssBytes - idle.memory.rssBytes) / 1024 / matches : NaN;
    const cpuPct = cpu0 !== null && cpu1 !== null ? ((cpu1 - cpu0) / window) * 100 : NaN;
    const loopP99 = Math.max(0, ...all.map((s) => s.loopP99));
    const figures = {
      matches,
      liveAtStart: live,
      liveOnServer: during?.liveMatches ?? NaN,
      botProcs,
      think: [tMin, tMax],
      seconds: +window.toFixed(1),
      rounds,
      roundsPerSecond: +(rounds / window).toFixed(1),
      latencyMs: { p50: +q(0.5).toFixed(1), p99: +q(0.99).toFixed(1), max: +(lat.at(-1) ?? NaN).toFixed(1), n: lat.length },
      bytesPerClientPerRound: Math.round(perClientRound),
      bytesPerClientPerRoundByKind: Object.fromEntries(
        Object.entries(byKind)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => [k, Math.round(v / (2 * Math.max(1, rounds)))]),
      ),
      heapPerLiveMatchKB: +heapKB.toFixed(1),
      rssPerLiveMatchKB: +rssKB.toFixed(1),
      serverRssMB: during ? +(during.memory.rssBytes / 1048576).toFixed(0) : NaN,
      serverCpuPercentOfOneCore: +cpuPct.toFixed(0),
      botLoopDelayP99Ms: +loopP99.toFixed(1),
      botCpuPercentOfOneCore: +((botCpu / window) * 100).toFixed(0),
      /** CPU used by every other process on the machine in the window (other engineers' tests, browsers…). */
      otherCpuPercentOfOneCore: +((Math.max(0, machine1 - machine0 - botCpu - ((cpu1 ?? 0) - (cpu0 ?? 0))) / window) * 100).toFixed(0),
      loadAverage1m: +loadavg()[0]!.toFixed(1),
      serverLoopDelayMs: during?.eventLoopDelayMs ?? null,
      joinErrors,
      unexpectedLeaves: leaves,
      refusedBotMessages: refused,
      workersReported: all.length,
    };
    const problems: string[] = [];
    if (!readies) problems.push(`not every match started within ${Math.round(joinBudget / 1000)} s`);
    if (all.length < botProcs) problems.push(`${botProcs - all.length} bot process(es) lost`);
    if (joinErrors) problems.push(`${joinErrors} join errors`);
    if (leaves) problems.push(`${leaves} dropped clients`);
    if (during && during.liveMatches < matches) problems.push(`only ${during.liveMatches} live on the server`);
    if (!(q(0.99) < 50)) problems.push(`p99 ${q(0.99).toFixed(0)} ms ≥ 50`);
    if (!(perClientRound < 2048)) problems.push(`${Math.round(perClientRound)} B/client/round ≥ 2048`);
    const line =
      `matches ${String(matches).padStart(5)} (live ${figures.liveOnServer}) | ${botProcs} bot procs, think ${tMin}-${tMax} ms, ${nCpu} cores${pin ? ' pinned' : ''} | ` +
      `${figures.roundsPerSecond} rounds/s | lock-in→both results p50 ${figures.latencyMs.p50} ms p99 ${figures.latencyMs.p99} ms (max ${figures.latencyMs.max}, n ${lat.length}) | ` +
      `${figures.bytesPerClientPerRound} B/client/round | server heap ${figures.heapPerLiveMatchKB} KB + rss ${figures.rssPerLiveMatchKB} KB per match (rss ${figures.serverRssMB} MB) | ` +
      `server cpu ${figures.serverCpuPercentOfOneCore}%, loop p99 ${during?.eventLoopDelayMs?.p99 ?? '?'} max ${during?.eventLoopDelayMs?.max ?? '?'} ms | bots cpu ${figures.botCpuPercentOfOneCore}%, loop p99 ${figures.botLoopDelayP99Ms} ms | others cpu ${figures.otherCpuPercentOfOneCore}%, load ${figures.loadAverage1m} | ${problems.length ? `BREAKS: ${problems.join('; ')}` : 'ok'}`;
    return { line, figures, breaks: problems.length ? problems.join('; ') : null };
  }
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** CPU seconds used by the whole machine (all cores, user + nice + system + irq + softirq; Linux /proc/stat). */
function machineCpu(): number {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / 100;
  } catch {
    return 0;
  }
}

/** The process's user + system CPU time in seconds (Linux /proc), or null. */
function serverCpu(pid: number): number | null {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}
