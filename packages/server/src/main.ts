// `pnpm start`: the game server and the built client on one port. Configuration (environment, see README "Deploy"):
//   PORT (2567)  HOST (0.0.0.0)  DATABASE_URL | SQLITE_PATH  LOG_LEVEL (info)
//   REDIS_URL       share matchmaking and presence with the other game-server processes on that Redis
//   PUBLIC_ADDRESS  host[:port][/path] players' browsers reach THIS process at (with REDIS_URL; default host:port)
//   SHUTDOWN_TIMEOUT_MS (10000)  how long a graceful shutdown may take before the process gives up (exit 1)
//   CLUSTER_SWEEP_MS (10000)     with REDIS_URL: how often to drop the rooms of crashed processes from the listing
import { createGameServer } from './app.js';
import { createLogger } from './log.js';

// node:sqlite is marked experimental on Node 22; the one-line warning is noise in the logs.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'ExperimentalWarning' || !/SQLite/.test(w.message)) console.warn(w);
});

const env = process.env;
const log = createLogger();
const port = Number.parseInt(env.PORT ?? '2567', 10);
const host = env.HOST || '0.0.0.0';
const shutdownTimeoutMs = Number.parseInt(env.SHUTDOWN_TIMEOUT_MS ?? '10000', 10) || 10_000;

let game;
try {
  game = await createGameServer({
    port,
    host,
    log,
    redisUrl: env.REDIS_URL || null,
    publicAddress: env.PUBLIC_ADDRESS || null,
    sweepMs: Number.parseInt(env.CLUSTER_SWEEP_MS ?? '', 10) || 10_000,
  });
} catch (err) {
  log.fatal({ err }, 'the game server could not start');
  process.exit(1);
}
log.info({ url: `http://localhost:${game.port}/`, processId: game.processId, presence: game.presence }, 'Star Eater Online is up');

// SIGTERM (docker stop, Kubernetes, systemd) or Ctrl-C: stop taking matches, close the clients (code 4001), store
// what is being stored, leave the shared listing, exit 0. A second signal exits at once.
let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) {
      log.warn({ sig }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ sig }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs: shutdownTimeoutMs }, 'graceful shutdown timed out');
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    game.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'graceful shutdown failed');
        process.exit(1);
      },
    );
  });
}
