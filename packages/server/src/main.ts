// `pnpm start`: the game server and the built client on one port. Configuration (environment, see README "Configuration"):
//   PORT (2567)  HOST (0.0.0.0)  DATABASE_URL | SQLITE_PATH  LOG_LEVEL (info)
//   REDIS_URL       share matchmaking and presence with the other game-server processes on that Redis
//   PUBLIC_ADDRESS  host[:port][/path] players' browsers reach THIS process at (with REDIS_URL; default host:port)
//   SHUTDOWN_DRAIN_MS (0)        on SIGTERM, first let the live matches play to their end for up to this long,
//                                taking no new match (0: close them at once, without a result)
//   SHUTDOWN_TIMEOUT_MS (10000)  how long a graceful shutdown may take before the process gives up (exit 1)
//   CLUSTER_SWEEP_MS (10000)     with REDIS_URL: how often to drop the rooms of crashed processes from the listing
//   CLIENT_DIR      the built client to serve at / (default packages/client/dist beside the server)
//   INSTANCE_ID     this process' name as the owner of its matches' logs (default PUBLIC_ADDRESS with Redis, else
//                   "solo"): restarted under the same name, it takes its matches back at once
//   LEASE_MS (15000)  how long a process may miss its heartbeat before another one takes its matches over
//   INPUT_LOG (on)  "off": no write-ahead log, a live match dies with its process (the bench's baseline)
//   BENCH_INPUT_LOG_ALTERNATE_MS (0) benchmarks only: pause and resume the input log in turns of this many ms
//                     (storage/log-turns.ts: its cost measured in one process; a match then cannot be restored)
//   ALLOWED_ORIGINS   comma-separated origins (besides the server's own) whose pages may call the API and open rooms
//   TRUST_PROXY (0)   1 behind a reverse proxy: rate limits key on the last X-Forwarded-For address
//   MATCHMAKE_LIMIT (20/30)  per client address: matchmaking requests at once / per minute (joins, reconnections)
//   API_LIMIT (120/600)      per client address: /api/* and /health requests at once / per minute
//   CSP_CONNECT_SRC   extra space-separated CSP connect-src sources (WebSocket hosts other than this origin)
//   SESSION_SECRET    the players' session tokens' signing key (32+ characters; default: one made on the first start
//                     and kept beside the SQLite file, or in PostgreSQL for every process)
//   PASSKEY_RP_ID (localhost)  the passkeys' relying party: the site's domain name (never an IP address)
//   PASSKEY_ORIGINS   comma-separated origins of the pages that use passkeys (needed with PASSKEY_RP_ID; default
//                     http://localhost on the port a request came to)
//   NODE_ENV          production unless set (no stack traces, Colyseus' production messages)
//   BOT_THREADS (the cores but one)  worker threads the computer opponents think on
//   BOT_OFFER_SECONDS (20)           quick match: seconds alone before the computer is offered (0: never)
//   BOT_THINK_MS (2000)              the longest the computer may think past its pause before taking the default
//   QUICK_MATCH_PRESET (standard)    the timers of quick matches: relaxed | standard | blitz (a private room's
//                                    creator picks its own); a match restored elsewhere keeps the timers it began with
import { TIMER_PRESETS, type TimerPreset } from '@star-eater/protocol';
import { BOT_THINK_MS, createGameServer } from './app.js';
import { envWholeNumber } from './env-number.js';
import { parseBucketLimit } from './http/limits.js';
import { parseAllowedOrigins } from './http/origins.js';
import { createLogger } from './logger.js';
import { roundsResolved } from './match/rounds.js';
import { openStorage } from './storage/index.js';
import { AlternatingLog } from './storage/log-turns.js';
import { passkeyConfig } from './players/passkeys.js';

// node:sqlite is marked experimental on Node 22 (the oldest the server runs on); the one-line warning is noise in the
// logs.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'ExperimentalWarning' || !/SQLite/.test(w.message)) console.warn(w);
});

const env = process.env;
env.NODE_ENV ??= 'production';
const log = createLogger();
const port = Number.parseInt(env.PORT ?? '2567', 10);
const host = env.HOST || '0.0.0.0';
const shutdownTimeoutMs = Number.parseInt(env.SHUTDOWN_TIMEOUT_MS ?? '10000', 10) || 10_000;
const shutdownDrainMs = Math.max(0, Number.parseInt(env.SHUTDOWN_DRAIN_MS ?? '0', 10) || 0);
/** A whole number ≥ 0 from the environment, or the default when unset; anything else stops the start. */
function envCount(name: string, fallback: number): number {
  try {
    return envWholeNumber(env, name, fallback);
  } catch (err) {
    log.fatal({ [name]: env[name] }, (err as Error).message);
    process.exit(1);
  }
}
const botOfferSeconds = envCount('BOT_OFFER_SECONDS', 20);
// Benchmarks only (storage/log-turns.ts): the input log paused and resumed in turns, its cost measured in-process.
const alternateLogMs = envCount('BENCH_INPUT_LOG_ALTERNATE_MS', 0);
const quickPreset = (env.QUICK_MATCH_PRESET || 'standard') as TimerPreset;
if (!Object.hasOwn(TIMER_PRESETS, quickPreset)) {
  log.fatal(
    { QUICK_MATCH_PRESET: quickPreset },
    `QUICK_MATCH_PRESET must be one of ${Object.keys(TIMER_PRESETS).join(', ')}`,
  );
  process.exit(1);
}

let game: Awaited<ReturnType<typeof createGameServer>>;
try {
  const opened = await openStorage();
  game = await createGameServer({
    storage: alternateLogMs > 0 ? new AlternatingLog(opened, alternateLogMs, () => roundsResolved.count) : opened,
    http: {
      allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      connectSrc: (env.CSP_CONNECT_SRC ?? '').split(/\s+/).filter(Boolean),
      ...(env.MATCHMAKE_LIMIT ? { matchmake: parseBucketLimit(env.MATCHMAKE_LIMIT, 'MATCHMAKE_LIMIT') } : {}),
      ...(env.API_LIMIT ? { api: parseBucketLimit(env.API_LIMIT, 'API_LIMIT') } : {}),
    },
    port,
    host,
    log,
    redisUrl: env.REDIS_URL || null,
    ...(env.SESSION_SECRET ? { sessionSecret: env.SESSION_SECRET } : {}),
    passkeys: passkeyConfig(env),
    publicAddress: env.PUBLIC_ADDRESS || null,
    sweepMs: Number.parseInt(env.CLUSTER_SWEEP_MS ?? '', 10) || 10_000,
    ...(env.INSTANCE_ID ? { instance: env.INSTANCE_ID } : {}),
    ...(env.CLIENT_DIR ? { clientDir: env.CLIENT_DIR } : {}),
    leaseMs: Number.parseInt(env.LEASE_MS ?? '', 10) || 15_000,
    bots: {
      ...(env.BOT_THREADS ? { threads: Math.max(1, envCount('BOT_THREADS', 1)) } : {}),
      thinkMs: envCount('BOT_THINK_MS', BOT_THINK_MS),
    },
    room: {
      botOfferSeconds,
      timers: { ...TIMER_PRESETS[quickPreset] },
      ...(env.INPUT_LOG === 'off' ? { wal: false } : {}),
    },
  });
} catch (err) {
  log.fatal({ err }, 'the game server could not start');
  process.exit(1);
}
// The computer's threads start now: the first practice match does not wait for them to load.
game.bots.warm();
log.info(
  { url: `http://localhost:${game.port}/`, processId: game.processId, presence: game.presence },
  'Star Eater Online is up',
);

// SIGTERM (docker stop, Kubernetes, systemd) or Ctrl-C: stop taking matches; with SHUTDOWN_DRAIN_MS, let the live
// matches play to their end (at most that long: scale/drain.ts); then close the clients (code 4001), store what is
// being stored, leave the shared listing, exit 0. A second signal exits at once (1).
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) {
      log.warn({ sig }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ sig, drainMs: shutdownDrainMs }, shutdownDrainMs > 0 ? 'stopping: draining first' : 'shutting down');
    const drained = shutdownDrainMs > 0 ? game.drain(shutdownDrainMs) : Promise.resolve();
    drained
      .then(() => {
        const timer = setTimeout(() => {
          log.error({ timeoutMs: shutdownTimeoutMs }, 'graceful shutdown timed out');
          process.exit(1);
        }, shutdownTimeoutMs);
        timer.unref();
        return game.close();
      })
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'graceful shutdown failed');
          process.exit(1);
        },
      );
  });
}
