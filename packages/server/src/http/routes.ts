// HTTP: health, live public matches, stored records (RULES §10), and the built client when present.
import { existsSync } from 'node:fs';
import { type IntervalHistogram, monitorEventLoopDelay, type RecordableHistogram } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { matchMaker } from '@colyseus/core';
import express, { type Application, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { mountPasskeys, type PasskeyConfig } from '../players/passkeys.js';
import type { Sessions } from '../players/session.js';
import { mountPlayers } from './players.js';
import { roundsResolved } from '../match/rounds.js';
import { appendCost } from '../storage/append-cost.js';
import { logTurns } from '../storage/log-turns.js';
import type { MatchMetadata } from '../room/MatchRoom.js';
import { isLivePhase, type DrainStatus } from '../scale/drain.js';
import type { RecordSummary, Storage } from '../storage/types.js';

export interface HttpOptions {
  storage: Storage;
  /** The players' sessions (http/players.ts). */
  sessions: Sessions;
  /** The passkeys' relying party (players/passkeys.ts passkeyConfig). */
  passkeys: PasskeyConfig;
  /** The clock of the passkeys' challenges (tests drive it). */
  now?: () => number;
  startedAt: number;
  /** Folder of the built client (packages/client/dist); served at / when it exists. */
  clientDir: string | null;
  /** Which process answers (several share one listing with Redis). */
  instance?: { presence: 'local' | 'redis'; publicAddress: string | null };
  /** True once a drain or a graceful shutdown began: /health answers 503 so a load balancer stops sending players here. */
  draining?: () => boolean;
  /** The drain under way (SHUTDOWN_DRAIN_MS), if any: shown in /health. */
  drain?: () => DrainStatus | null;
  /** True while the process rebuilds its matches from their logs at start: /health answers 503 "restoring". */
  restoring?: () => boolean;
  log?: Logger;
}

export function mountHttp(app: Application, opts: HttpOptions): void {
  app.disable('x-powered-by');
  // Event-loop delay of the server process since the previous /health answer (how long a message may wait).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  app.get('/health', async (_req, res) => {
    // This process' own rooms (with Redis, matchMaker.query sees every process' rooms). When the listing cannot be
    // read (Redis gone), this process cannot matchmake: unhealthy.
    let rooms: Awaited<ReturnType<typeof matchMaker.query>>;
    try {
      rooms = await matchMaker.query({ name: 'match', processId: matchMaker.processId });
    } catch (err) {
      return void res
        .status(503)
        .json({ status: 'error', error: `the room listing cannot be read: ${(err as Error).message}` });
    }
    const answer = health(opts, rooms, loop);
    res.status(answer.status === 'ok' ? 200 : 503).json(answer);
    loop.reset();
  });

  // Every process' live public matches: with Redis the listing is shared.
  app.get('/api/matches', async (_req, res) => {
    const rooms = await matchMaker.query({ name: 'match' });
    const matches = rooms
      .filter((r) => {
        const m = r.metadata as MatchMetadata | undefined;
        // Waiting: nothing to watch yet; finished: gone to the replays (the room lives on for a rematch).
        return m?.public && m.phase !== 'waiting' && m.phase !== 'finished';
      })
      .map(listed);
    res.json({ matches } satisfies MatchList);
  });

  app.get('/api/records', async (req, res) => {
    const limit = Math.min(100, Math.max(1, Number.parseInt(String(req.query.limit ?? '20'), 10) || 20));
    res.json({ records: await opts.storage.listRecords(limit) } satisfies RecordList);
  });

  app.get('/api/records/:id', async (req, res) => {
    const id = req.params.id;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return void res.status(400).json({ error: 'bad record id' });
    const record = await opts.storage.getRecord(id);
    if (!record) return void res.status(404).json({ error: `no record "${id}"` });
    res.setHeader('Content-Disposition', `inline; filename="star-eater-${id}.json"`);
    res.json(record);
  });

  mountPlayers(app, opts.sessions);
  mountPasskeys(app, {
    sessions: opts.sessions,
    config: opts.passkeys,
    ...(opts.now ? { now: opts.now } : {}),
  });

  if (opts.clientDir && existsSync(opts.clientDir)) {
    app.use(express.static(opts.clientDir, { index: 'index.html', maxAge: '1h' }));
  }
  app.use((req, res) => void res.status(404).json({ error: `nothing at ${req.method} ${req.path.slice(0, 80)}` }));
  app.use(errorHandler(opts.log));
}

type Listing = Awaited<ReturnType<typeof matchMaker.query>>;

/** V8's heap spaces of compiled code: machine code, and the bytecode and deoptimization data beside it. */
const CODE_SPACES = new Set(['code_space', 'code_large_object_space', 'trusted_space', 'trusted_large_object_space']);

/**
 * The process' memory. Started with --expose-gc (only the bench's memory mode does), it collects first, so the heap
 * figure is what is live rather than what the collector has not reached yet. `codeBytes`: the part of the heap that
 * is compiled code, which grows with how hot the process has run (functions optimized), not with what it holds.
 */
function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  let codeBytes = 0;
  for (const s of getHeapSpaceStatistics()) if (CODE_SPACES.has(s.space_name)) codeBytes += s.space_used_size;
  return { rssBytes: m.rss, heapUsedBytes: m.heapUsed, arrayBuffersBytes: m.arrayBuffers, codeBytes };
}

/** GET /health: this process' state; 503 while it drains or restores (a 503 `{ status: 'error', error }` when the room listing cannot be read). */
function health(opts: HttpOptions, rooms: Listing, loop: IntervalHistogram) {
  const live = rooms.filter((r) => isLivePhase((r.metadata as MatchMetadata | undefined)?.phase));
  const draining = opts.draining?.() ?? false;
  const restoring = opts.restoring?.() ?? false;
  const drain = opts.drain?.() ?? null;
  const turns = logTurns();
  return {
    status: draining ? ('draining' as const) : restoring ? ('restoring' as const) : ('ok' as const),
    process: {
      id: matchMaker.processId,
      pid: process.pid,
      presence: opts.instance?.presence ?? 'local',
      publicAddress: opts.instance?.publicAddress ?? null,
    },
    rooms: rooms.length,
    liveMatches: live.length,
    // While draining: since when, and how long the live matches may still take before they are closed.
    ...(drain
      ? { drain: { since: new Date(drain.startedAt).toISOString(), leftMs: Math.max(0, drain.deadline - Date.now()) } }
      : {}),
    uptimeSeconds: Math.round((Date.now() - opts.startedAt) / 1000),
    roundsResolved: roundsResolved.count,
    storage: opts.storage.kind,
    memory: memory(),
    eventLoopDelayMs: {
      p50: +(loop.percentile(50) / 1e6).toFixed(1),
      p99: +(loop.percentile(99) / 1e6).toFixed(1),
      max: +(loop.max / 1e6).toFixed(1),
    },
    inputLog: inputLogCost(),
    // Only with BENCH_INPUT_LOG_ALTERNATE_MS (storage/log-turns.ts): CPU and rounds with the log on and paused.
    ...(turns ? { inputLogTurns: turns } : {}),
  };
}

/**
 * The write-ahead log's writes so far as the store measures them (storage/append-cost.ts): how many, in how many
 * commits, the commits' wall time, lock retries, and each input's wait for its commit (p99, max) since the last read,
 * a group-committed write's wait (to its turn's end) apart.
 */
function inputLogCost() {
  const [appendP99Us, appendMaxUs] = takeWaitsUs(appendCost.inputs);
  const [queuedP99Us, queuedMaxUs] = takeWaitsUs(appendCost.queued);
  return {
    appends: appendCost.count,
    commits: appendCost.commits,
    busyRetries: appendCost.busyRetries,
    commitMs: +appendCost.commitMs.toFixed(3),
    appendP99Us,
    appendMaxUs,
    queuedP99Us,
    queuedMaxUs,
  };
}

/** A histogram of waits (ns) since the last read: its p99 and max in µs (0 when it is empty), then emptied. */
function takeWaitsUs(h: RecordableHistogram): [number, number] {
  const us = (ns: number) => +(ns / 1e3).toFixed(1);
  const out: [number, number] = h.count ? [us(h.percentile(99)), us(h.max)] : [0, 0];
  h.reset();
  return out;
}
export type HealthAnswer = ReturnType<typeof health>;

/** One live public match in GET /api/matches. */
function listed(r: Listing[number]) {
  const m = r.metadata as MatchMetadata;
  return {
    roomId: r.roomId,
    phase: m.phase,
    players: m.players,
    playerIds: m.playerIds,
    factions: m.factions,
    round: m.round,
    spectators: m.spectators,
    preset: m.preset,
    ...(m.bot ? { bot: m.bot } : {}),
  };
}
/** GET /api/records. */
export interface RecordList {
  records: RecordSummary[];
}

/** GET /api/matches. */
export interface MatchList {
  matches: ReturnType<typeof listed>[];
}

/**
 * Every error page: a status and one sentence, never a stack trace or a file path (express' own handler prints the
 * stack outside NODE_ENV=production). A client error (4xx: a malformed URL, say) says what; anything else is logged.
 */
const errorHandler = (log?: Logger) => (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string };
  const status = e.status ?? e.statusCode ?? 500;
  const client = status >= 400 && status < 500;
  if (!client) log?.error({ err }, 'request failed');
  if (res.headersSent) return void res.end();
  res.status(client ? status : 500).json({
    error: client && e.expose !== false ? (e.message ?? 'bad request').slice(0, 200) : 'internal error',
  });
};
