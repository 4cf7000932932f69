// Builds the game server: express + Colyseus 0.18 core on one port (HTTP API, the built client, WebSockets).
// One process by default; with a Redis URL, one of several processes sharing matchmaking (see scale/cluster.ts).
// Stopping: drain() (optional, scale/drain.ts) lets the live matches finish, then close() shuts down.
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineRoom, defineServer, matchMaker, type Server } from '@colyseus/core';
import type { Logger } from 'pino';
import type { BotSettings } from './bots/bot-seat.js';
import { BotPool } from './bots/pool.js';
import { TIMER_PRESETS } from '@star-eater/protocol';
import { setRoomDeps, type RoomDeps } from './deps.js';
import { guardListings } from './colyseus-internals.js';
import { SpreadPingTransport } from './keepalive.js';
import { type HttpOptions, mountHttp } from './http/routes.js';
import { DEFAULT_HTTP_GUARD, type HttpGuardOptions, installGate } from './http/gate.js';
import { guardMatchmaking } from './http/matchmake.js';
import { silenceColyseusCors } from './http/origins.js';
import { roomDoor } from './http/room-door.js';
import { createLogger } from './logger.js';
import { DEFAULT_RATE_LIMIT } from './room/rate-limit.js';
import { MatchRoom } from './room/MatchRoom.js';
import { ReservationLedger } from './seats/reservations.js';
import { type Cluster, openCluster, redact, type PresenceKind } from './scale/cluster.js';
import { Drain, drainAwareSelector, type DrainResult } from './scale/drain.js';
import { SharedLedger } from './scale/shared-ledger.js';
import { type Limiter, openLimiters } from './scale/shared-limits.js';
import { Takeover } from './scale/lease-takeover.js';
import { restoreRoom } from './log/restore.js';
import { type PasskeyConfig, passkeyConfig } from './players/passkeys.js';
import { Sessions } from './players/session.js';
import { openStorage } from './storage/index.js';
import type { Storage } from './storage/types.js';

export interface GameServerOptions {
  port?: number;
  host?: string;
  storage?: Storage;
  log?: Logger;
  clientDir?: string | null;
  room?: Partial<Omit<RoomDeps, 'storage' | 'log'>>;
  /** redis://… : share presence and matchmaking with the other processes on the same Redis (main.ts: REDIS_URL). */
  redisUrl?: string | null;
  /** host[:port][/path] clients reach this process at (main.ts: PUBLIC_ADDRESS); default host:port, with Redis only. */
  publicAddress?: string | null;
  /** With Redis: how often to look for crashed processes and drop their rooms from the listing, ms (10000). */
  sweepMs?: number;
  /**
   * This process' name as the owner of its matches' logs (main.ts: INSTANCE_ID; default its public address, or
   * "solo" for one process): a process restarted under the same name takes its matches back at once.
   */
  instance?: string;
  /** How long an owner may miss its heartbeat before another process takes its matches over, ms (main.ts: LEASE_MS). */
  leaseMs?: number;
  /**
   * The computer opponents. `threads`: the bot pool's size (default: the cores); `pool`: a pool to use
   * instead (closed with the server). The rest are the room's settings: bots/bot-seat.ts BotSettings.
   */
  bots?: Partial<Omit<BotSettings, 'pool'>> & { threads?: number; pool?: BotPool };
  /** Called with every match room as it is created (tests freeze its clock: test/harness.ts frozenClocks). */
  onRoom?: (room: MatchRoom) => void;
  /** The HTTP gate (http/gate.ts): body limit, per-IP rate limits, Origin allowlist, security headers. */
  http?: Partial<HttpGuardOptions>;
  /** The session tokens' signing key (main.ts: SESSION_SECRET); default the store's own (Storage.sessionSecret). */
  sessionSecret?: string;
  /** The passkeys' relying party (main.ts: PASSKEY_RP_ID, PASSKEY_ORIGINS); default localhost. */
  passkeys?: PasskeyConfig;
}

/** The computer's natural pause before it acts (ms) and how long its thinking may take beyond it. */
export const BOT_PAUSE_MS: [number, number] = [400, 1000];
export const BOT_THINK_MS = 2000;

export interface GameServer {
  server: Server;
  port: number;
  storage: Storage;
  url: string;
  /** This process in the matchmaker (unique per process; the key of its rooms in a shared listing). */
  processId: string;
  presence: PresenceKind;
  publicAddress: string | null;
  /** The bot pool the computer opponents think on (shared by every room of this process). */
  bots: BotPool;
  /**
   * Drain-then-stop (main.ts: SIGTERM with SHUTDOWN_DRAIN_MS > 0; scale/drain.ts): from now on no new match starts on
   * this process (new rooms go to other processes, or are refused), rooms waiting for a player are closed with 4001,
   * a rematch is refused and /health answers 503 "draining"; the live matches (their reconnections and spectators)
   * play on. Resolves once no live match is left here or after maxMs; the caller then calls close(). Idempotent.
   */
  drain(maxMs: number): Promise<DrainResult>;
  /**
   * Graceful shutdown (SIGTERM): refuses new matches at once (/health 503, matchmaking 503, out of the shared
   * process list), locks every room and closes its clients with code 4001 (CloseCode.SERVER_SHUTDOWN; a live match
   * ends without a result: the process cannot keep it), removes its rooms from the shared listing, then waits for
   * the records being written. Idempotent: later calls return the same promise. Ends a drain still under way.
   */
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../client/dist', import.meta.url));

/** The bot pool the computer opponents think on, and the rooms' settings for them. */
function computerOpponents(opts: GameServerOptions, log: Logger): { pool: BotPool; settings: BotSettings } {
  const { threads, pool: given, ...settings } = opts.bots ?? {};
  const pool = given ?? new BotPool({ size: threads, log: log.child({ component: 'bots' }) });
  return { pool, settings: { pool, pauseMs: BOT_PAUSE_MS, thinkMs: BOT_THINK_MS, ...settings } };
}

/** What every match room of this process shares (deps.ts): storage, log, limits, timers, the computer opponents. */
function shareWithRooms(
  opts: GameServerOptions,
  cluster: Cluster,
  shared: Pick<RoomDeps, 'instance' | 'draining' | 'storage' | 'log' | 'bots' | 'sessions'>,
) {
  const now = opts.http?.now ?? Date.now;
  setRoomDeps({
    ...shared,
    reconnectSeconds: 180,
    timers: { ...TIMER_PRESETS.standard },
    animationCapSeconds: 20,
    maxSpectators: 64,
    // With several processes an address' unused reservations count on all of them (scale/shared-ledger.ts).
    reservations: cluster.redis
      ? new SharedLedger(cluster.redis, shared.log.child({ component: 'seats' }), now)
      : new ReservationLedger(now),
    rateLimit: DEFAULT_RATE_LIMIT,
    botOfferSeconds: 20,
    ...opts.room,
  });
}

interface Colyseus {
  server: Server;
  transport: SpreadPingTransport;
}

/** Colyseus with the match room, this process' HTTP (http/routes.ts) and its WebSockets, guarded (http/origins.ts). */
function defineColyseus(
  opts: GameServerOptions,
  p: {
    cluster: Cluster;
    guard: HttpGuardOptions;
    rooms: Set<MatchRoom>;
    draining: () => boolean;
    http: HttpOptions;
    log: Logger;
    /** The per-address limits (the gate's); the room door takes from the matchmaking one. */
    limiters: Record<'matchmake' | 'api', Limiter>;
  },
): Colyseus {
  silenceColyseusCors(matchMaker.controller);
  guardMatchmaking(p.http.storage, p.http.sessions);
  const transport = new SpreadPingTransport({
    pingInterval: 10_000,
    pingMaxRetries: 3,
    beforeUpgrade: roomDoor({ allowed: p.guard.allowedOrigins }, p.limiters.matchmake),
  });
  // The player who has waited longest is paired first (seats/reservations.ts).
  const matchRooms = defineRoom(MatchRoom).sortBy({ createdAt: 1 });
  matchRooms.on('create', (room) => {
    p.rooms.add(room);
    opts.onRoom?.(room);
  });
  matchRooms.on('dispose', (room) => p.rooms.delete(room));
  const { cluster } = p;
  const server = defineServer({
    rooms: { match: matchRooms },
    // Where a new room goes: the process with the fewest rooms among those not draining (scale/drain.ts).
    selectProcessIdToCreateRoom: drainAwareSelector(p.draining),
    transport,
    greet: false,
    // Colyseus' own lines (a handler that threw, a refused reconnection) as structured pino lines, not console text.
    logger: p.log.child({ component: 'colyseus' }),
    // Colyseus' own signal handlers would call process.exit themselves; main.ts owns the signals (and the tests the
    // lifecycle) and calls close(), which runs the same graceful shutdown.
    gracefullyShutdown: false,
    ...(cluster.presence ? { presence: cluster.presence } : {}),
    ...(cluster.driver ? { driver: cluster.driver } : {}),
    ...(cluster.publicAddress ? { publicAddress: cluster.publicAddress } : {}),
    express: (app) => mountHttp(app, p.http),
  });
  return { server, transport };
}

/**
 * A process that crashed (no graceful shutdown) leaves its rooms in the shared listing. Colyseus sweeps a dead
 * process when a call to it times out or another process starts; this sweep also runs on a timer, so GET
 * /api/matches stops listing a crashed process' matches within about sweepMs + 2 s.
 */
function sweepDeadProcesses(cluster: Cluster, everyMs: number, log: Logger): NodeJS.Timeout | null {
  if (cluster.kind !== 'redis') return null;
  const sweep = setInterval(
    () => void matchMaker.healthCheckAllProcesses().catch((err: unknown) => log.warn({ err }, 'process sweep failed')),
    everyMs,
  );
  sweep.unref();
  return sweep;
}

/**
 * Matches whose process is gone (this one, restarted; or another, dead), rebuilt here from their logs; and this
 * process' own rooms given up if it stalled past its lease and another process took them (log/lease.ts).
 */
function takeOverMatches(
  opts: GameServerOptions,
  storage: Storage,
  instance: string,
  rooms: Set<MatchRoom>,
  log: Logger,
): Takeover | null {
  if (opts.room?.wal === false) return null;
  return new Takeover({
    storage,
    instance,
    leaseMs: opts.leaseMs ?? 15_000,
    log: log.child({ component: 'takeover' }),
    restore: (claim) => restoreRoom(claim, log),
    held: () =>
      [...rooms]
        .filter((r) => r.journal && !r.journal.lost)
        .map((r) => ({ roomId: r.roomId, lose: () => r.journal.wal.lose() })),
  });
}

/** What close() stops, in order (GameServer.close). */
interface Running {
  server: Server;
  storage: Storage;
  botPool: BotPool;
  takeover: Takeover | null;
  sweep: NodeJS.Timeout | null;
  log: Logger;
}

async function shutDown(r: Running): Promise<void> {
  if (r.sweep) clearInterval(r.sweep);
  r.log.info(
    { rooms: matchMaker.stats.local.roomCount, clients: matchMaker.stats.local.ccu },
    'shutting down: no new matches; closing the rooms of this process',
  );
  await r.takeover?.stop(false);
  await r.server.gracefullyShutdown(false);
  await r.botPool.close();
  // The matches kept in their logs go to another process now, not once the lease runs out.
  await r.takeover?.stop(true);
  await r.storage.close();
  r.log.info('shut down');
}

export async function createGameServer(opts: GameServerOptions = {}): Promise<GameServer> {
  const log = opts.log ?? createLogger();
  const host = opts.host ?? '0.0.0.0';
  const requestedPort = opts.port ?? 2567;
  if (opts.redisUrl && requestedPort === 0 && !opts.publicAddress) {
    throw new Error('with Redis each process needs a public address: pass a fixed port or PUBLIC_ADDRESS');
  }
  const cluster = await openCluster({
    redisUrl: opts.redisUrl,
    publicAddress: opts.publicAddress,
    host,
    port: requestedPort,
  });
  const storage = opts.storage ?? (await openStorage());
  // This process' match rooms (the drain watches them).
  const rooms = new Set<MatchRoom>();
  const drain = new Drain(() => rooms, log.child({ component: 'drain' }));
  let closingStarted = false;
  const draining = () => closingStarted || drain.active;
  const { pool: botPool, settings: botSettings } = computerOpponents(opts, log);
  const instance = opts.instance ?? cluster.publicAddress ?? 'solo';
  let restoring = true;
  const sessions = new Sessions(opts.sessionSecret ?? (await storage.sessionSecret()), storage.players);
  shareWithRooms(opts, cluster, { instance, draining, storage, log, bots: botSettings, sessions });
  const guard: HttpGuardOptions = { ...DEFAULT_HTTP_GUARD, ...opts.http };
  const http: HttpOptions = {
    storage,
    sessions,
    passkeys: opts.passkeys ?? passkeyConfig(),
    ...(guard.now ? { now: guard.now } : {}),
    startedAt: Date.now(),
    clientDir: opts.clientDir === undefined ? DEFAULT_CLIENT_DIR : opts.clientDir,
    instance: { presence: cluster.kind, publicAddress: cluster.publicAddress ?? null },
    draining,
    drain: () => drain.info(),
    restoring: () => restoring,
    log: log.child({ component: 'http' }),
  };
  // With several processes the per-address limits are the deployment's (scale/shared-limits.ts).
  const limiters = openLimiters(guard, { redis: cluster.redis, log, now: guard.now });
  const { server, transport } = defineColyseus(opts, { cluster, guard, rooms, draining, http, log, limiters });
  await server.listen(requestedPort, host);
  installGate(transport.server!, guard, limiters);
  // A room given up to another process (log/lease.ts) leaves the shared listing entry of its id alone.
  guardListings();
  const port = (transport.server!.address() as AddressInfo).port;
  const processId = matchMaker.processId;
  const redis = opts.redisUrl ? redact(opts.redisUrl) : undefined;
  const { kind: presence, publicAddress } = cluster;
  log.info({ port, host, storage: storage.kind, presence, processId, publicAddress, redis }, 'game server listening');

  const sweep = sweepDeadProcesses(cluster, opts.sweepMs ?? 10_000, log);
  const takeover = takeOverMatches(opts, storage, instance, rooms, log);
  const restored = (await takeover?.start()) ?? 0;
  restoring = false;
  if (restored) log.info({ matches: restored }, 'matches restored from their logs');

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (() => {
      closingStarted = true;
      drain.cancel();
      return shutDown({ server, storage, botPool, takeover, sweep, log });
    })());

  return {
    server,
    port,
    storage,
    url: `http://127.0.0.1:${port}`,
    processId,
    presence,
    publicAddress: publicAddress ?? null,
    bots: botPool,
    drain: (maxMs) => drain.start(maxMs),
    close,
  };
}
