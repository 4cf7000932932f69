// One bot process of `pnpm bench server` (started by server.ts with SE_BENCH_WORKER set to its WorkerConfig): plays
// its share of the matches through the SDK, joining at its share of the join rate, and reports what its clients saw.
// Both clients of a match live here, so one monotonic clock times a round: from the moment the SECOND lock-in is sent
// to the moment BOTH clients hold the round's result (the `events` message with done: true; decision prompts on the
// way are answered at once, so their round trips are included). A finished match asks for a rematch, so every match
// stays live for the whole window.
// The WebSocket for Node first (the SDK reads it), then the SDK.
import '../test/node-websocket.js';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { Client, type Room } from '@colyseus/sdk';
import type { PracticeLevel } from '@star-eater/protocol';
import { frameKind, sdkSocket } from '../src/colyseus-internals.js';
import { attachBot, type Bot } from '../test/bot.js';
import { computerMatch } from '../test/load-players.js';

export interface WorkerConfig {
  port: number;
  matches: number;
  firstIndex: number;
  joinRate: number;
  think: [number, number];
  /** Matches against the computer this process plays beside, not measured: one scripted player each. */
  computerMatches?: number;
  computerLevel?: PracticeLevel;
  /** Play the bare room of `--baseline` (bare-room.ts) instead of the game: same think times, same timing. */
  bare?: boolean;
  /** Memory mode: the bots stop locking in at this round (0: never), so every match stays live mid-match. */
  holdRound?: number;
  /** Each client says it has shown every `events` frame (`animated`), as the web client does after animating it. */
  animated?: boolean;
}

export interface WorkerStats {
  /** Matches that had reached their first commitment window (all of them, unless the joins were cut short). */
  live: number;
  latencies: number[];
  rounds: number;
  bytes: number;
  frames: number;
  clients: number;
  byKind: Record<string, number>;
  /** Frames received by kind (the bare room's profile: bench/bare-room.ts). */
  framesByKind: Record<string, number>;
  refused: Record<string, number>;
  joinErrors: number;
  joinRetries: number;
  /** Join failures by reason (the SDK's error message, ids stripped). */
  joinErrorReasons: Record<string, number>;
  unexpectedLeaves: number;
  loopP99: number;
  loopMax: number;
  /** This process's event-loop delay while its matches joined. */
  joinLoop: { p99: number; max: number };
}

export type ToWorker = { cmd: 'measure' } | { cmd: 'stop' };
export type FromWorker =
  | { kind: 'ready'; live: number; joinErrors: number }
  /** Every second while joining: matches started so far, and joins given up. */
  | { kind: 'progress'; live: number; joinErrors: number }
  | { kind: 'stats'; stats: WorkerStats }
  | { kind: 'error'; message: string };

/** What this process' clients saw; `measuring` while the window is open, `stopping` once it closed. */
class Tally {
  measuring = false;
  stopping = false;
  latencies: number[] = [];
  rounds = 0;
  bytes = 0;
  frames = 0;
  byKind: Record<string, number> = {};
  framesByKind: Record<string, number> = {};
  joinErrors = 0;
  /** Joins tried again after a failure (the match started in the end, or counts in joinErrors). */
  joinRetries = 0;
  joinErrorReasons: Record<string, number> = {};
  unexpectedLeaves = 0;
  /** Matches that reached their first commitment window. */
  live = 0;
  bots: Bot[] = [];
  clients: Room[] = [];
  /** Clients of a match whose second join failed (left on purpose, tried again). */
  abandoned = new WeakSet<Room>();
}

const FRAME = { 10: 'join', 14: 'state', 15: 'patch', 18: 'ping' } as Record<number, string>;
/** A frame's kind: a message by its type, else Colyseus' protocol code. */
function kindOf(b: Uint8Array): string {
  const k = frameKind(b);
  return typeof k === 'string' ? `msg:${k}` : (FRAME[k] ?? `code${k}`);
}

function countBytes(t: Tally, room: Room): void {
  sdkSocket(room).addEventListener('message', (ev: MessageEvent) => {
    if (!t.measuring) return;
    const data = ev.data as ArrayBuffer;
    t.bytes += data.byteLength;
    t.frames += 1;
    const k = kindOf(new Uint8Array(data));
    t.byKind[k] = (t.byKind[k] ?? 0) + data.byteLength;
    t.framesByKind[k] = (t.framesByKind[k] ?? 0) + 1;
  });
}

/** One match's two clients, timed on one clock: `${matchNo}:${round}` → when each seat locked in, who holds the result. */
class MatchClock {
  readonly lockAt = new Map<string, [number, number]>();
  readonly arrived = new Map<string, { n: number; at: number }>();
  started = false;

  constructor(
    private readonly t: Tally,
    private readonly i: number,
    readonly think: () => number,
    private readonly holdRound = 0,
    private readonly animated = false,
  ) {}

  /** Plays seat `k` of the match with a bot and times its rounds. */
  seat(room: Room, k: 0 | 1): void {
    const { t } = this;
    countBytes(t, room);
    t.clients.push(room);
    room.reconnection.enabled = false;
    const key = (round: number) => `${(room.state as { matchNo: number }).matchNo}:${round}`;
    const bot = attachBot(room, {
      seed: `bench-${this.i}-${k}`,
      aggressive: true,
      thinkMs: this.think,
      hold: (st) => this.holdRound > 0 && st.phase === 'commit' && st.round >= this.holdRound,
      onCommit: (round) => {
        const at = this.lockAt.get(key(round)) ?? [NaN, NaN];
        at[k] = performance.now();
        this.lockAt.set(key(round), at);
      },
    });
    t.bots.push(bot);
    room.onStateChange((st: { phase?: string }) => {
      if (!this.started && k === 0 && st.phase === 'commit') {
        this.started = true;
        t.live += 1;
      }
    });
    room.onMessage('events', (e: { round: number; from: number; events: unknown[]; done: boolean }) => {
      if (e.done) this.result(key(e.round));
      // At once: the page sends it once its animation ends; the bench measures the message, not the wait.
      if (this.animated) room.send('animated', { round: e.round, events: e.from + e.events.length });
    });
    room.onMessage('ended', () => {
      if (!t.stopping) room.send('rematch');
    });
    room.onLeave(() => {
      if (!t.stopping && !t.abandoned.has(room)) t.unexpectedLeaves += 1;
    });
  }

  /**
   * Plays seat `k` of the bare room (bare-room.ts): locks in after the think time with a message of a commitment's
   * size, answers its prompts at once, and times the rounds as `seat` does (the last `events` frame carries done).
   */
  seatBare(room: Room, k: 0 | 1): void {
    const { t } = this;
    countBytes(t, room);
    t.clients.push(room);
    room.reconnection.enabled = false;
    let opened = 0;
    room.onStateChange((st: { phase: string; round: number }) => {
      if (st.phase !== 'commit' || st.round <= opened) return;
      opened = st.round;
      if (!this.started && k === 0) {
        this.started = true;
        t.live += 1;
      }
      const round = st.round;
      setTimeout(() => {
        const at = this.lockAt.get(`b:${round}`) ?? [NaN, NaN];
        at[k] = performance.now();
        this.lockAt.set(`b:${round}`, at);
        room.send('commit', { round, commitment: BARE_COMMITMENT });
      }, this.think());
    });
    room.onMessage('*', (type: string | number, msg: unknown) => {
      const b = msg instanceof Uint8Array ? msg : null;
      if (type === 'events') {
        if (this.animated) room.send('animated', { round: opened, events: 1 });
        if (b?.[0] === 1) this.result(`b:${b[1]! | (b[2]! << 8)}`);
      } else if (type === 'prompt' && b) room.send('decide', { prompt: b[0], decision: BARE_DECISION });
    });
    room.onLeave(() => {
      if (!t.stopping && !t.abandoned.has(room)) t.unexpectedLeaves += 1;
    });
  }

  /** A client holds the round's result: once both do, the round's latency from the second lock-in. */
  private result(id: string): void {
    const a = this.arrived.get(id) ?? { n: 0, at: 0 };
    a.n += 1;
    a.at = performance.now();
    this.arrived.set(id, a);
    if (a.n < 2) return;
    this.arrived.delete(id);
    const locks = this.lockAt.get(id);
    this.lockAt.delete(id);
    if (!this.t.measuring || !locks) return;
    this.t.rounds += 1;
    const last = Math.max(locks[0], locks[1]);
    if (Number.isFinite(last)) this.t.latencies.push(a.at - last);
  }
}

/** A join failure's reason: the step, the SDK's code and message, ids stripped. */
function joinFailure(step: string, e: unknown): string {
  const err = e as { message?: string; code?: number | string; cause?: { code?: string; message?: string } };
  const why = [err?.code, err?.message, err?.cause?.code ?? err?.cause?.message]
    .filter((x) => x !== undefined && x !== '')
    .join(' ');
  return `${step}: ${(why || String(e)).replace(/[A-Za-z0-9_-]{9,}/g, '…').slice(0, 120)}`;
}

/** Tries a match's joins this many times (a seat reservation that expired on a loaded machine is tried again). */
const JOIN_TRIES = 3;

/** A commitment and a decision as the bots send them (the bare room's client messages are of their size). */
const BARE_COMMITMENT = { engine: 'NE', cards: [{ card: 'fire-main' }, { card: 'port-broadside', aim: 'fore' }] };
const BARE_DECISION = { kind: 'direct-fire', target: 'ship:1' };

async function playMatch(t: Tally, url: string, i: number, think: () => number, cfg: WorkerConfig): Promise<void> {
  const bare = cfg.bare === true;
  const room = bare ? 'bare' : 'match';
  for (let attempt = 1; ; attempt++) {
    let step = 'create';
    let a: Room | null = null;
    try {
      const match = new MatchClock(t, i, think, cfg.holdRound ?? 0, cfg.animated ?? false);
      const seat = (r: Room, k: 0 | 1) => (bare ? match.seatBare(r, k) : match.seat(r, k));
      a = (await new Client(url).create(room, { name: `bot${i}a` })) as Room;
      seat(a, 0);
      step = 'join';
      seat((await new Client(url).joinById(a.roomId, { name: `bot${i}b` })) as Room, 1);
      return;
    } catch (e) {
      // The half-made match is left (its room goes away) and the match is tried again from the start.
      if (a) {
        t.abandoned.add(a);
        void a.leave(true).catch(() => {});
      }
      const reason = joinFailure(step, e);
      if (attempt < JOIN_TRIES) {
        t.joinRetries += 1;
        continue;
      }
      t.joinErrors += 1;
      t.joinErrorReasons[reason] = (t.joinErrorReasons[reason] ?? 0) + 1;
      return;
    }
  }
}

/**
 * Joins at the configured rate, and never more than MAX_JOINING matches joining at once: when the server (or this
 * process) falls behind, new joins wait here instead of piling up seat reservations that expire (15 s).
 */
async function joinAll(cfg: WorkerConfig, play: (i: number) => Promise<void>): Promise<void> {
  const MAX_JOINING = 32;
  let joining = 0;
  const slotFree: Array<() => void> = [];
  const joins: Promise<void>[] = [];
  const gap = 1000 / Math.max(1, cfg.joinRate);
  const t0 = performance.now();
  for (let j = 0; j < cfg.matches; j++) {
    while (joining >= MAX_JOINING) await new Promise<void>((r) => slotFree.push(r));
    joining += 1;
    joins.push(
      play(cfg.firstIndex + j).finally(() => {
        joining -= 1;
        slotFree.shift()?.();
      }),
    );
    const wait = t0 + (j + 1) * gap - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(joins);
}

function statsOf(t: Tally, loop: IntervalHistogram, joinLoop: WorkerStats['joinLoop']): WorkerStats {
  const refused: Record<string, number> = {};
  for (const b of t.bots)
    for (const e of b.errors) refused[`${e.type}:${e.code}`] = (refused[`${e.type}:${e.code}`] ?? 0) + 1;
  return {
    live: t.live,
    latencies: t.latencies,
    rounds: t.rounds,
    bytes: t.bytes,
    frames: t.frames,
    clients: t.clients.length,
    byKind: t.byKind,
    framesByKind: t.framesByKind,
    refused,
    joinErrors: t.joinErrors,
    joinRetries: t.joinRetries,
    joinErrorReasons: t.joinErrorReasons,
    unexpectedLeaves: t.unexpectedLeaves,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    joinLoop,
  };
}

async function runWorker(cfg: WorkerConfig): Promise<void> {
  const send = (m: FromWorker) => process.send!(m);
  const url = `ws://127.0.0.1:${cfg.port}`;
  const [tMin, tMax] = cfg.think;
  const think = () => tMin + Math.random() * (tMax - tMin);
  const t = new Tally();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  // Listening from the start: on a loaded machine the joins may outlast the server's join budget, and a worker that
  // heard 'stop' before it listened would never report (the bench counted it "lost"). Stopped early, it reports
  // what it has (its live count says how many matches had started).
  let joinLoop: WorkerStats['joinLoop'] | null = null;
  process.on('message', (m: ToWorker) => {
    if (m.cmd === 'measure') {
      t.measuring = true;
      loop.reset();
    } else if (m.cmd === 'stop') {
      t.measuring = false;
      t.stopping = true;
      joinLoop ??= { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
      send({ kind: 'stats', stats: statsOf(t, loop, joinLoop) });
      setTimeout(() => process.exit(0), 200);
    }
  });

  const progress = setInterval(() => send({ kind: 'progress', live: t.live, joinErrors: t.joinErrors }), 1000);
  await joinAll(cfg, (i) => playMatch(t, url, i, think, cfg));
  // The matches against the computer (`--bot-matches`): their player thinks like the others, nothing is measured.
  for (let j = 0; j < (cfg.computerMatches ?? 0); j++) {
    await computerMatch(url, cfg.firstIndex + j, cfg.computerLevel ?? 'hard', think).catch(() => {
      t.joinErrors += 1;
    });
  }
  if (!t.measuring) joinLoop ??= { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  // Ready when every match that joined has reached its first commitment window.
  const readyTimer = setInterval(() => {
    if (t.live + t.joinErrors >= cfg.matches) {
      clearInterval(readyTimer);
      clearInterval(progress);
      send({ kind: 'ready', live: t.live, joinErrors: t.joinErrors });
    }
  }, 100);
}

// Last: the classes and constants above are initialised before the worker runs.
if (process.env.SE_BENCH_WORKER) await runWorker(JSON.parse(process.env.SE_BENCH_WORKER) as WorkerConfig);
