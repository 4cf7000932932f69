// The server the e2e tests run against: the real game server (createGameServer, as `pnpm start` runs it) serving a
// client build of the tests' own (e2e/.client-dist, built by playwright.config.ts). Not packages/client/dist: another
// build there (the client bench rebuilds it) would pull the files from under a running test ("Cannot GET /").
import { createGameServer } from '../packages/server/src/app.js';
import { createLogger } from '../packages/server/src/logger.js';
import { startClockControl, trackRoom } from './clock-control.js';

const game = await createGameServer({
  port: Number(process.env.PORT ?? 3911),
  host: '127.0.0.1',
  log: createLogger(),
  clientDir: process.env.CLIENT_DIR ?? null,
  // Quick match's offer to play the computer comes after BOT_OFFER_SECONDS (the config sets a short wait).
  room: {
    botOfferSeconds: Number(process.env.BOT_OFFER_SECONDS ?? 20),
    // A test that needs a known position starts its own server with every match's seed fixed (previews.e2e.ts).
    ...(process.env.E2E_MATCH_SEED ? { matchSeed: () => process.env.E2E_MATCH_SEED! } : {}),
  },
  // The computer's natural pause, ms (min-max): shorter here, so a whole match fits a test.
  ...(process.env.BOT_PAUSE_MS
    ? { bots: { pauseMs: process.env.BOT_PAUSE_MS.split('-').map(Number) as [number, number] } }
    : {}),
  // The tests drive a room's clock (its timers run out on demand) through clock-control.ts on CLOCK_PORT.
  ...(process.env.CLOCK_PORT ? { onRoom: trackRoom } : {}),
});
const control = process.env.CLOCK_PORT ? startClockControl(Number(process.env.CLOCK_PORT)) : null;
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    control?.close();
    void game.close().finally(() => process.exit(0));
  });

// A finished match to review (the what-if and timeline tests): a simulated one of at least six rounds, stored as a
// real match's record is. Dated long ago, so it sorts after every match the tests play.
if (process.env.E2E_REVIEW_RECORD) {
  const { simulateMatch } = await import('../packages/engine/src/index.js');
  let m = simulateMatch('e2e-review', 0);
  for (let k = 1; m.rounds < 6 && k < 50; k++) m = simulateMatch('e2e-review', k);
  const p = m.record.players;
  await game.storage.saveRecord(
    {
      id: process.env.E2E_REVIEW_RECORD,
      endedAt: '2000-01-01T00:00:00.000Z',
      players: [p[0].name, p[1].name],
      factions: [p[0].faction, p[1].faction],
      winner: m.winner,
      reason: m.reason,
      rounds: m.rounds,
    },
    m.record,
  );
}

// Players with rating histories (the leaderboard and game-list tests): e2e/league.ts.
if (process.env.E2E_LEAGUE) {
  const { seedLeague } = await import('./league.js');
  await seedLeague(game.storage, Date.now());
}
