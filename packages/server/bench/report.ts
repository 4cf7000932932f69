// What `pnpm bench server` prints: the header (what is measured, on what load), one line per step, and each step's
// full figures (--json). The goal: p99 < 50 ms and < 2 KB per client per round, no errors.
import { loadavg } from 'node:os';
import type { PracticeLevel } from '@star-eater/protocol';
import type { WorkerStats } from './bot-worker.js';

export const GOAL = { p99Ms: 50, bytesPerClientRound: 2048 };

export interface Health {
  memory: { rssBytes: number; heapUsedBytes: number; arrayBuffersBytes?: number; codeBytes?: number };
  liveMatches: number;
  rooms: number;
  eventLoopDelayMs?: { p50: number; p99: number; max: number };
  /** The write-ahead log's writes so far as the store measures them (storage/append-cost.ts); p99/max since the last /health. */
  inputLog?: {
    appends: number;
    commits?: number;
    busyRetries?: number;
    commitMs: number;
    appendP99Us: number;
    appendMaxUs: number;
    /** Group-committed writes (rooms opened and closed, the journal's fills, records): their wait to the turn's end. */
    queuedP99Us?: number;
    queuedMaxUs?: number;
  };
  /** With BENCH_INPUT_LOG_ALTERNATE_MS (storage/log-turns.ts): the turns with the log on and paused, summed. */
  inputLogTurns?: Record<'on' | 'off', LogTurns>;
}
interface LogTurns {
  turns: number;
  ms: number;
  cpuMs: number;
  rounds: number;
}

export interface BenchSettings {
  botProcs: number;
  think: [number, number];
  joinRate: number;
  seconds: number;
  /** Seconds played after the joins and before the window (--warmup): V8 still compiles the hot code for minutes. */
  warmup: number;
  pin: boolean;
  cores: number;
  cpuModel: string;
  /** The server ran its sources through tsx rather than the production build (dist/main.js). */
  sources: boolean;
  /** Bot-load mode: matches against the computer beside the measured ones, and its level. */
  computerMatches: number;
  computerLevel: PracticeLevel;
  /** The clients send `animated` after each `events` frame, as the web client does (--animated). */
  animated: boolean;
}

export function header(s: BenchSettings): string {
  return (
    `Star Eater server bench — ${s.cores} cores (${s.cpuModel}), node ${process.version}, loopback only.\n` +
    `Load: N bot matches (2 SDK clients each) over ${s.botProcs} bot process(es), think ${s.think[0]}-${s.think[1]} ms before each lock-in, ` +
    `draft and decision prompts answered at once, ${s.animated ? '`animated` sent after each `events` frame' : 'no `animated` sent'}, ` +
    `rematch at the end of a match (every match stays live).\n` +
    `Server: ${s.sources ? 'the sources through tsx (--sources)' : 'the production build, node dist/main.js (built first)'}. ` +
    `Server ${s.pin ? 'pinned to CPU 0, bots to the other CPUs' : 'and bots share all CPUs (no pinning)'}; LOG_LEVEL=warn. ` +
    `Each step: fresh server, matches joined at ${s.joinRate}/s (at most 32 joining at once per bot process, a failed join tried ` +
    `again up to 3 times; the joins go on while matches keep starting, 30 s without one ends them), ${s.warmup ? `then ${s.warmup} s of play unmeasured (--warmup), ` : ''}then a ${s.seconds} s measuring window.\n` +
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

/** Every bot process' figures added up; latencies sorted. */
function totals(all: WorkerStats[]) {
  const sum = (f: (x: WorkerStats) => number) => all.reduce((acc, x) => acc + f(x), 0);
  const merge = (f: (x: WorkerStats) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const x of all) for (const [k, v] of Object.entries(f(x))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const lat = all.flatMap((x) => x.latencies).sort((a, b) => a - b);
  return {
    lat,
    /** The latency at quantile p (NaN without one). */
    q: (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN,
    rounds: sum((x) => x.rounds),
    bytes: sum((x) => x.bytes),
    frames: sum((x) => x.frames),
    byKind: merge((x) => x.byKind),
    framesByKind: merge((x) => x.framesByKind),
    joinErrors: sum((x) => x.joinErrors),
    joinRetries: sum((x) => x.joinRetries ?? 0),
    joinErrorReasons: merge((x) => x.joinErrorReasons),
    leaves: sum((x) => x.unexpectedLeaves),
    refused: merge((x) => x.refused),
  };
}
type Totals = ReturnType<typeof totals>;

/** The server's CPU time per round, ms: total and [user, sys] (NaN / null without a figure). */
function serverCpu(r: StepResult, rounds: number) {
  const cpu = r.serverCpu;
  return {
    msPerRound: cpu && rounds ? (cpu.total * 1000) / rounds : NaN,
    userSys: cpu && rounds ? [+((cpu.user * 1000) / rounds).toFixed(3), +((cpu.sys * 1000) / rounds).toFixed(3)] : null,
    percentOfOneCore: cpu ? Math.round((cpu.total / r.window) * 100) : NaN,
  };
}

/** Memory growth per live match over the idle server, and the bots' own load. */
function memoryAndBots(r: StepResult) {
  const { during, matches, stats: all, window } = r;
  return {
    heapPerLiveMatchKB: during
      ? round1((during.memory.heapUsedBytes - r.idle.memory.heapUsedBytes) / 1024 / matches)
      : NaN,
    /**
     * Of the heap per match, compiled code (V8's code and trusted spaces): it grows with how hot the server has run
     * (more functions optimized in a longer or bigger run), not with what a match holds.
     */
    codePerLiveMatchKB: during
      ? round1(((during.memory.codeBytes ?? NaN) - (r.idle.memory.codeBytes ?? NaN)) / 1024 / matches)
      : NaN,
    /** ArrayBuffers' bytes (outside the V8 heap: sockets' and encoders' buffers) per match. */
    buffersPerLiveMatchKB: during
      ? round1(((during.memory.arrayBuffersBytes ?? NaN) - (r.idle.memory.arrayBuffersBytes ?? NaN)) / 1024 / matches)
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
      (Math.max(0, r.machineCpuSeconds - r.botCpuSeconds - (r.serverCpu?.total ?? 0)) / window) * 100,
    ),
  };
}

/**
 * The input log's own cost in the window, measured inside the server (GET /health before and after): appends per
 * round, writes per commit, the commits' wall time on the rooms' thread per round (SQLite's group commits: the loop
 * does nothing else meanwhile, so this is their CPU time or a little more) and its share of the server's CPU time,
 * and each append's wait from being asked for to its commit (p99, max): what it delays the input it logs.
 */
function inputLogOf(r: StepResult, rounds: number) {
  const a = r.joined?.inputLog;
  const b = r.during?.inputLog;
  if (!a || !b || !rounds) return null;
  const ms = b.commitMs - a.commitMs;
  return {
    appendsPerRound: round1((b.appends - a.appends) / rounds),
    /** Writes per commit (SQLite's group commits: how many inputs shared a transaction). */
    writesPerCommit: round1((b.appends - a.appends) / Math.max(1, (b.commits ?? 0) - (a.commits ?? 0))),
    busyRetries: (b.busyRetries ?? 0) - (a.busyRetries ?? 0),
    commitUsPerRound: round1((ms * 1000) / rounds),
    percentOfServerCpu: r.serverCpu ? +((ms / 1000 / r.serverCpu.total) * 100).toFixed(2) : NaN,
    appendP99Us: b.appendP99Us,
    appendMaxUs: b.appendMaxUs,
    queuedP99Us: b.queuedP99Us ?? 0,
    queuedMaxUs: b.queuedMaxUs ?? 0,
  };
}

/**
 * The input log's cost measured inside one server (--log-cost --alternate; storage/log-turns.ts): the turns ended in
 * the window with the log on and paused, their CPU per round, and what the log adds (% of the paused turns').
 */
function logTurnsOf(r: StepResult) {
  const [a, b] = [r.joined?.inputLogTurns, r.during?.inputLogTurns];
  if (!a || !b) return null;
  const kind = (k: 'on' | 'off') => {
    const [turns, cpuMs, rounds] = [b[k].turns - a[k].turns, b[k].cpuMs - a[k].cpuMs, b[k].rounds - a[k].rounds];
    const ms = b[k].ms - a[k].ms;
    return {
      turns,
      rounds,
      cpuMsPerRound: rounds ? +(cpuMs / rounds).toFixed(4) : NaN,
      /** % of one core over the turns: the same load either way, so this does not hang on the rounds counted. */
      cpuPercent: ms ? +((cpuMs / ms) * 100).toFixed(2) : NaN,
    };
  };
  const [on, off] = [kind('on'), kind('off')];
  return {
    on,
    off,
    percentAdded: +((on.cpuMsPerRound / off.cpuMsPerRound - 1) * 100).toFixed(2),
    percentAddedPerSecond: +((on.cpuPercent / off.cpuPercent - 1) * 100).toFixed(2),
  };
}

/** A step's full figures (--json). */
function figuresOf(r: StepResult, t: Totals) {
  const { matches, settings: s, during, window } = r;
  const cpu = serverCpu(r, t.rounds);
  return {
    matches,
    liveAtStart: r.liveAtStart,
    liveOnServer: during?.liveMatches ?? NaN,
    botProcs: s.botProcs,
    think: s.think,
    seconds: round1(window),
    rounds: t.rounds,
    roundsPerSecond: round1(t.rounds / window),
    latencyMs: { p50: round1(t.q(0.5)), p99: round1(t.q(0.99)), max: round1(t.lat.at(-1) ?? NaN), n: t.lat.length },
    bytesPerClientPerRound: Math.round(t.rounds ? t.bytes / (2 * t.rounds) : NaN),
    framesPerClientPerRound: t.rounds ? round1(t.frames / (2 * t.rounds)) : NaN,
    bytesPerClientPerRoundByKind: Object.fromEntries(
      Object.entries(t.byKind)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Math.round(v / (2 * Math.max(1, t.rounds)))]),
    ),
    framesPerClientPerRoundByKind: Object.fromEntries(
      Object.entries(t.framesByKind).map(([k, v]) => [k, +(v / (2 * Math.max(1, t.rounds))).toFixed(3)]),
    ),
    serverCpuMsPerRound: +cpu.msPerRound.toFixed(3),
    serverCpuUserSysMsPerRound: cpu.userSys,
    serverCpuPercentOfOneCore: cpu.percentOfOneCore,
    serverLoopDelayMs: during?.eventLoopDelayMs ?? null,
    serverLoopDelayDuringJoinsMs: r.joined?.eventLoopDelayMs ?? null,
    serverLogLines: r.serverLog.messages,
    ...memoryAndBots(r),
    loadAverage1m: round1(loadavg()[0]!),
    joinSeconds: r.joinBudgetSeconds,
    joinErrors: t.joinErrors,
    joinRetries: t.joinRetries,
    joinErrorReasons: t.joinErrorReasons,
    inputLog: inputLogOf(r, t.rounds),
    inputLogTurns: logTurnsOf(r),
    unexpectedLeaves: t.leaves,
    refusedBotMessages: t.refused,
    workersReported: r.stats.length,
  };
}
type Figures = ReturnType<typeof figuresOf>;

const byCount = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1]);

/** What breaks the step: lost processes, errors, dropped clients, log lines, and the goal missed. */
function problemsOf(r: StepResult, t: Totals): string[] {
  const { matches, settings: s, stats: all, during } = r;
  const problems: string[] = [];
  if (!r.started) {
    const live = all.reduce((acc, x) => acc + (x.live ?? 0), 0);
    problems.push(
      `the joins stalled (no match started for 30 s) after ${r.joinBudgetSeconds} s: ${live} of ${matches} live`,
    );
  }
  if (all.length < s.botProcs) problems.push(`${s.botProcs - all.length} bot process(es) lost`);
  if (t.joinErrors) {
    const reasons = byCount(t.joinErrorReasons)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    problems.push(`${t.joinErrors} join errors (${reasons})`);
  }
  if (t.leaves) problems.push(`${t.leaves} dropped clients`);
  if (r.serverLog.lines) {
    const top = byCount(r.serverLog.messages).slice(0, 3);
    problems.push(`${r.serverLog.lines} server log lines (${top.map(([k, v]) => `${v}× ${k}`).join(', ')})`);
  }
  // A match between its end and its rematch is not live: count the rooms (each holds its two bots).
  if (during && during.rooms < matches) problems.push(`only ${during.rooms} rooms on the server`);
  const p99 = t.q(0.99);
  if (!(p99 < GOAL.p99Ms)) problems.push(`p99 ${p99.toFixed(0)} ms ≥ ${GOAL.p99Ms}`);
  const perClientRound = t.rounds ? t.bytes / (2 * t.rounds) : NaN;
  if (!(perClientRound < GOAL.bytesPerClientRound))
    problems.push(`${Math.round(perClientRound)} B/client/round ≥ ${GOAL.bytesPerClientRound}`);
  return problems;
}

/** The step's one line. */
function lineOf(r: StepResult, f: Figures, problems: string[]): string {
  const loop = f.serverLoopDelayMs;
  const joins = f.serverLoopDelayDuringJoinsMs;
  const [user, sys] = f.serverCpuUserSysMsPerRound ?? [NaN, NaN];
  const s = r.settings;
  return (
    `matches ${String(f.matches).padStart(5)} (live ${f.liveOnServer})${s.computerMatches ? ` + ${s.computerMatches} vs computer (${s.computerLevel})` : ''} | ${f.roundsPerSecond} rounds/s | ` +
    `lock-in→both results p50 ${f.latencyMs.p50} ms p99 ${f.latencyMs.p99} ms (max ${f.latencyMs.max}, n ${f.latencyMs.n}) | ` +
    `${f.bytesPerClientPerRound} B, ${f.framesPerClientPerRound} frames /client/round | ` +
    `server cpu ${serverCpu(r, f.rounds).msPerRound.toFixed(2)} ms/round (user ${user} + sys ${sys}), ${f.serverCpuPercentOfOneCore}% | ` +
    `server loop p99 ${loop?.p99 ?? '?'} max ${loop?.max ?? '?'} ms (joins: p99 ${joins?.p99 ?? '?'} max ${joins?.max ?? '?'}) | ` +
    `heap ${f.heapPerLiveMatchKB} KB (code ${f.codePerLiveMatchKB}), buffers ${f.buffersPerLiveMatchKB} KB, rss ${f.rssPerLiveMatchKB} KB /match (rss ${f.serverRssMB} MB) | ` +
    `bots cpu ${f.botCpuPercentOfOneCore}%, loop p99 ${f.botLoopDelayP99Ms} ms (joins: p99 ${f.botLoopDelayDuringJoinsMs.p99} max ${f.botLoopDelayDuringJoinsMs.max}) | others cpu ${f.otherCpuPercentOfOneCore}%, load ${f.loadAverage1m} | ` +
    `${f.inputLog ? `input log ${f.inputLog.appendsPerRound} appends /round, ${f.inputLog.writesPerCommit} writes /commit: commits ${f.inputLog.commitUsPerRound} µs /round on the rooms' thread (${f.inputLog.percentOfServerCpu}% of server cpu), ${f.inputLog.busyRetries} lock retries, an input's wait for its commit p99 ${f.inputLog.appendP99Us} max ${f.inputLog.appendMaxUs} µs, a group-committed write's p99 ${f.inputLog.queuedP99Us} max ${f.inputLog.queuedMaxUs} µs | ` : ''}` +
    `joined in ${f.joinSeconds} s${f.joinRetries ? ` (${f.joinRetries} joins retried)` : ''} | ` +
    `${problems.length ? `BREAKS: ${problems.join('; ')}` : 'ok'}`
  );
}

export function report(r: StepResult) {
  const t = totals(r.stats);
  const figures = figuresOf(r, t);
  const problems = problemsOf(r, t);
  return { line: lineOf(r, figures, problems), figures, breaks: problems.length ? problems.join('; ') : null };
}
