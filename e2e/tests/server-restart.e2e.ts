// A server restart in the middle of a match (SIGTERM keeps the live match in its input log and closes its
// clients with 4010, "server restarting"). The test starts its own server process (serve.ts, as the suite's, on its
// own port), brings two players and a spectator into the commitment window with one seat locked, sends it SIGTERM,
// checks that the pages say the server is restarting, starts the server again on the same port and storage, and
// checks that both players are back in the same match without a click, the lock-in still there.
import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { shot } from './helpers.js';
import { player, startMatch, type Match } from './match-setup.js';
import { ownServer } from './own-server.js';

const own = ownServer('restart', 17);
const SERVER = own.url;
const startServer = own.start;

let m: Match | undefined;
let server: ChildProcess | undefined;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  own.clean();
});

test('a server restart keeps the match: the players see "server restarting" and are back without a click', async ({
  browser,
}) => {
  try {
    server = await startServer();
    m = await startMatch(browser, ['Hal', 'Ivy'], {
      baseURL: SERVER,
      bViewport: { width: 390, height: 844 },
      seatTimeoutMs: 90_000,
    });
    const { a, b, ctxs, link } = m;
    // The third opener of the private invite link finds both seats taken and watches.
    const watcher = await player(browser, 'Jon', ctxs, { baseURL: SERVER });
    await watcher.goto(link);
    await expect(watcher.locator('#spectating')).toBeVisible();
    await a.locator('body').press('1');
    await a.click('#lock-in');
    await expect(b.locator('#opponent-lock .light.on')).toBeVisible();

    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    for (const p of [a, b, watcher])
      await expect(p.locator('#reconnecting')).toContainText('The server is restarting — reconnecting…');
    expect(await exited).toBe(0);
    // Still "restarting" while the retries find nobody listening.
    await expect(a.locator('#reconnecting')).toContainText('The server is restarting');
    await shot(a, '50-server-restart');
    await shot(b, '50-server-restart-phone');

    // Back up on the same address and storage: the match is restored and both players are in it again by themselves.
    server = await startServer();
    for (const p of [a, b]) await expect(p.locator('#reconnecting')).toHaveCount(0, { timeout: 30_000 });
    await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
    await expect(a.locator('#revise')).toBeVisible();
    await shot(a, '51-server-restarted');
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  }
});
