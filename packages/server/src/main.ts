// `pnpm start`: the game server and the built client on one port (PORT, default 2567).
import { createGameServer } from './app.js';
import { createLogger } from './log.js';

// node:sqlite is marked experimental on Node 22; the one-line warning is noise in the logs.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'ExperimentalWarning' || !/SQLite/.test(w.message)) console.warn(w);
});

const log = createLogger();
const port = Number.parseInt(process.env.PORT ?? '2567', 10);
const game = await createGameServer({ port, log });
log.info({ url: `http://localhost:${game.port}/` }, 'Star Eater Online is up');

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log.info({ sig }, 'shutting down');
    void game.close().then(() => process.exit(0));
  });
}
