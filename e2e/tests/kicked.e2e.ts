// A client the server disconnects for flooding (close code 4029, "too many messages"): the page says why instead of
// a stuck board, offers to rejoin, and rejoining takes the held seat back (RULES §7: the seat is held, not lost).
import { expect, test } from '@playwright/test';
import { inCommit } from './drive.js';
import { shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('a client kicked for flooding is told why and can rejoin its held seat', async ({ browser }) => {
  m = await startMatch(browser, ['Kim', 'Lou']);
  const { a, b } = m;
  // Far past the server's rate limit (a burst of 40, then 200 refusals in a row disconnect): 600 messages at once.
  await b.evaluate(() => {
    const s = (window as unknown as { __session: { send(t: string, p: unknown): void } }).__session;
    for (let i = 0; i < 600; i++) s.send('revise', { round: 1 });
  });
  await expect(b.locator('#closed-message')).toContainText('too many messages');
  await expect(b.locator('#closed-message')).toContainText('Your seat is held');
  await expect(a.locator('#opponent-away')).toContainText('Lou disconnected — seat held');
  // The burst of refusals before the kick shows as a few counted toasts, not a column covering the notice.
  expect(await b.locator('#toasts .toast').count()).toBeLessThanOrEqual(3);
  await expect(b.locator('#closed-rejoin')).toBeVisible();
  await shot(b, '51-kicked-flooding');
  await b.click('#closed-rejoin');
  await expect.poll(() => inCommit(1)(b)).toBe(true);
  await expect(b.locator('#ship-cards section[data-seat="1"]')).toContainText('(you)');
  await expect(a.locator('#opponent-away')).toHaveCount(0);
});
