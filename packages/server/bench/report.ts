// What `pnpm bench server` prints: the header (what is measured, on what load), one line per step, and each step's
// full figures (--json). The goal (issue 4): p99 < 50 ms and < 2 KB per client per round, no errors.
import { loadavg } from 'node:os';
import type { WorkerStats } from './bot-worker.js';

export const GOAL = { p99Ms: 50, bytesPerClientRound: 2048 };

export interface Health {
  memory: { rssBytes: number; heapUsedBytes: number };
  liveMatches: number;
  rooms: number;
  eventLoopDelayMs?: { p50: number; p99: number; max: number };
}

export interface BenchSettings {
  botProcs: number;
  think: [number, number];
  joinRate: number;
  seconds: number;
  pin: boolean;
  cores: number;
  cpuModel: string;
  /** Bot-load mode (issue 10): matches against the computer beside the measured ones, and its level. */
  computerMatches: number;
  computerLevel: 'random' | 'easy' | 'medium' | 'hard';
}

export function header(s: BenchSettings): string {
  return (
    `Star Eater server bench — ${s.cores} cores (${s.cpuModel}), node ${process.version}, loopback only.\n` +
    `Load: N bot matches (2 SDK clients each) over ${s.botProcs} bot process(es), think ${s.think[0]}-${s.think[1]} ms before each lock-in, ` +
    `draft and decision prompts answered at once, rematch at the end of a match (every match stays live).\n` +
    `Server ${s.pin ? 'pinned to CPU 0, bots to the other CPUs' : 'and bots share all CPUs (no pinning)'}; LOG_LEVEL=warn. ` +
    `Each step: fresh server, matches joined at ${s.joinRate}/s (at most 32 joining at once per bot process), then a ${s.seconds} s measuring window.\n` +
    `latency = second lock-in sent → round result (events done:true) held by BOTH clients, one clock per match (same process).\n` +
    `bytes, frames = all frames received by a client in the window / its rounds (patches, messages, rematch drafts).\n` +
    `server cpu = the server process's CPU time in the window (all threads, user + sys from /proc) / rounds played: the cost of a ` +
    `round including the idle rooms' share; % = of one core.\n` +
    `server loop = the server's event-loop delay in the window (perf_hooks.monitorEventLoopDelay, /health): how long a message may wait; ` +
    `(joins: the same from the server's start until every match has started).\n` +
    `mem = server heap (and RSS) growth over the idle server / matches. bots loop = the bots' own event-loop delay p99 (if high, the bots limit the figure).\n` +
    `others cpu = CPU used in the window by every other process on the machine (100% = one core): if high, the machine is shared and the figures are pessimistic.` +
    (s.computerMatches
      ? `\nBot-load mode: ${s.computerMatches} matches against the computer (${s.computerLevel}, its worker threads in the server process) ` +
        `play beside the measured ones, one scripted player each; the figures are the human matches' alone (server cpu includes the computer's threads).`
      : '')
  );
}

export interface StepResult {
  matches: number;
  settings: BenchSettings;
  window: number;
  started: boolean;
  joinBudgetSeconds: number;
  liveAtStart: number;
  stats: WorkerStats[];
  idle: Health;
  /** /health once every match has started: its event-loop delay covers the joins and drafts. */
  joined: Health | null;
  during: Health | null;
  /** The server's log lines (LOG_LEVEL=warn: warnings and errors) until the end of the window, by message. */
  serverLog: { lines: number; messages: Record<string, number> };
  serverCpu: { user: number; sys: number; total: number } | null;
  botCpuSeconds: number;
  machineCpuSeconds: number;
}

const round1 = (x: number) => +x.toFixed(1);

export function report(r: StepResult) {
  const { matches, settings: s, stats: all, during, window } = r;
  const lat = all.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
  const sum = (f: (x: WorkerStats) => number) => all.reduce((acc, x) => acc + f(x), 0);
  const merge = (f: (x: WorkerStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const x of all) for (const [k, v] of Object.entries(f(x))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const rounds = sum((x) => x.rounds);
  const bytes = sum((x) => x.bytes);
  const byKind = merge((x) => x.byKind);
  const joinErrors = sum((x) => x.joinErrors);
  const joinErrorReasons = merge((x) => x.joinErrorReasons);
  const leaves = sum((x) => x.unexpectedLeaves);
  const perClientRound = rounds ? bytes / (2 * rounds) : NaN;
  const cpu = r.serverCpu;
  const cpuMsPerRound = cpu && rounds ? (cpu.total * 1000) / rounds : NaN;
  const figures = {
    matches,
    liveAtStart: r.liveAtStart,
    liveOnServer: during?.liveMatches ?? NaN,
    botProcs: s.botProcs,
    think: s.think,
    seconds: round1(window),
    rounds,
    roundsPerSecond: round1(rounds / window),
    latencyMs: { p50: round1(q(0.5)), p99: round1(q(0.99)), max: round1(lat.at(-1) ?? NaN), n: lat.length },
    bytesPerClientPerRound: Math.round(perClientRound),
    framesPerClientPerRound: rounds ? round1(sum((x) => x.frames) / (2 * rounds)) : NaN,
    bytesPerClientPerRoundByKind: Object.fromEntries(
      Object.entries(byKind)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round(v / (2 * Math.max(1, rounds)))]),
    ),
    serverCpuMsPerRound: +cpuMsPerRound.toFixed(3),
    serverCpuUserSysMsPerRound:
      cpu && rounds ? [+((cpu.user * 1000) / rounds).toFixed(3), +((cpu.sys * 1000) / rounds).toFixed(3)] : null,
    serverCpuPercentOfOneCore: cpu ? Math.round((cpu.total / window) * 100) : NaN,
    serverLoopDelayMs: during?.eventLoopDelayMs ?? null,
    serverLoopDelayDuringJoinsMs: r.joined?.eventLoopDelayMs ?? null,
    serverLogLines: r.serverLog.messages,
    heapPerLiveMatchKB: during
      ? round1((during.memory.heapUsedBytes - r.idle.memory.heapUsedBytes) / 1024 / matches)
      : NaN,
    rssPerLiveMatchKB: during ? round1((during.memory.rssBytes - r.idle.memory.rssBytes) / 1024 / matches) : NaN,
    serverRssMB: during ? Math.round(during.memory.rssBytes / 1048576) : NaN,
    botLoopDelayP99Ms: round1(Math.max(0, ...all.map((x) => x.loopP99))),
    botLoopDelayDuringJoinsMs: {
      p99: round1(Math.max(0, ...all.map((x) => x.joinLoop.p99))),
      max: round1(Math.max(0, ...all.map((x) => x.joinLoop.max))),
    },
    botCpuPercentOfOneCore: Math.round((r.botCpuSeconds / window) * 100),
    /** CPU used by every other process on the machine in the window (other engineers' tests, browsers…). */
    otherCpuPercentOfOneCore: Math.round(
      (Math.max(0, r.machineCpuSeconds - r.botCpuSeconds - (cpu?.total ?? 0)) / window) * 100,
    ),
    loadAverage1m: round1(loadavg()[0]!),
    joinErrors,
    joinErrorReasons,
    unexpectedLeaves: leaves,
    refusedBotMessages: merge((x) => x.refused),
    workersReported: all.length,
  };
  const problems: string[] = [];
  if (!r.started) problems.push(`not every match started within ${r.joinBudgetSeconds} s`);
  if (all.length < s.botProcs) problems.push(`${s.botProcs - all.length} bot process(es) lost`);
  if (joinErrors) {
    const reasons = Object.entries(joinErrorReasons)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    problems.push(`${joinErrors} join errors (${reasons})`);
  }
  if (leaves) problems.push(`${leaves} dropped clients`);
  if (r.serverLog.lines) {
    const top = Object.entries(r.serverLog.messages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    problems.push(`${r.serverLog.lines} server log lines (${top.map(([k, v]) => `${v}× ${k}`).join(', ')})`);
  }
  // A match between its end and its rematch is not live: count the rooms (each holds its two bots).
  if (during && during.rooms < matches) problems.push(`only ${during.rooms} rooms on the server`);
  if (!(q(0.99) < GOAL.p99Ms)) problems.push(`p99 ${q(0.99).toFixed(0)} ms ≥ ${GOAL.p99Ms}`);
  if (!(perClientRound < GOAL.bytesPerClientRound))
    problems.push(`${Math.round(perClientRound)} B/client/round ≥ ${GOAL.bytesPerClientRound}`);
  const loop = during?.eventLoopDelayMs;
  const [user, sys] = figures.serverCpuUserSysMsPerRound ?? [NaN, NaN];
  const line =
    `matches ${String(matches).padStart(5)} (live ${figures.liveOnServer})${r.settings.computerMatches ? ` + ${r.settings.computerMatches} vs computer (${r.settings.computerLevel})` : ''} | ${figures.roundsPerSecond} rounds/s | ` +
    `lock-in→both results p50 ${figures.latencyMs.p50} ms p99 ${figures.latencyMs.p99} ms (max ${figures.latencyMs.max}, n ${lat.length}) | ` +
    `${figures.bytesPerClientPerRound} B, ${figures.framesPerClientPerRound} frames /client/round | ` +
    `server cpu ${cpuMsPerRound.toFixed(2)} ms/round (user ${user} + sys ${sys}), ${figures.serverCpuPercentOfOneCore}% | ` +
    `server loop p99 ${loop?.p99 ?? '?'} max ${loop?.max ?? '?'} ms (joins: p99 ${r.joined?.eventLoopDelayMs?.p99 ?? '?'} max ${r.joined?.eventLoopDelayMs?.max ?? '?'}) | ` +
    `heap ${figures.heapPerLiveMatchKB} KB + rss ${figures.rssPerLiveMatchKB} KB /match (rss ${figures.serverRssMB} MB) | ` +
    `bots cpu ${figures.botCpuPercentOfOneCore}%, loop p99 ${figures.botLoopDelayP99Ms} ms (joins: p99 ${figures.botLoopDelayDuringJoinsMs.p99} max ${figures.botLoopDelayDuringJoinsMs.max}) | others cpu ${figures.otherCpuPercentOfOneCore}%, load ${figures.loadAverage1m} | ` +
    `${problems.length ? `BREAKS: ${problems.join('; ')}` : 'ok'}`;
  return { line, figures, breaks: problems.length ? problems.join('; ') : null };
}
