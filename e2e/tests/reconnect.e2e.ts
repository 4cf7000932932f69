// A dropped connection (RULES §7): the dropped player's page says it is reconnecting; the opponent's page says the
// seat is held and shows the remaining reconnection budget, counting down; when the network returns, both banners
// go, the seat is the same, and the match goes on from where it was; a round resolved meanwhile shows in the log.
import { expect, test } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('a dropped connection shows "reconnecting" to the player and the held seat with its budget to the opponent', async ({
  browser,
}) => {
  m = await startMatch(browser, ['Fay', 'Gus'], { bViewport: { width: 390, height: 844 } });
  const { a, b, ctxs } = m;
  await a.locator('body').press('1');
  await a.click('#lock-in');
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();

  await ctxs[1]!.setOffline(true);
  await expect(b.locator('#reconnecting')).toContainText('reconnecting');
  const away = a.locator('#opponent-away');
  await expect(away).toContainText(/Gus disconnected — seat held, \d+s of reconnection time left/);
  const left = async () => Number((await away.textContent())!.match(/(\d+)s of reconnection/)![1]);
  const first = await left();
  expect(first).toBeGreaterThan(100);
  expect(first).toBeLessThanOrEqual(180);
  await expect.poll(left).toBeLessThan(first); // a live countdown, not a stale number
  await expect(a.locator('#ship-cards section[data-seat="1"]')).toContainText('offline');
  await shot(a, '40-opponent-away');
  await shot(b, '40-reconnecting-phone');

  await ctxs[1]!.setOffline(false);
  await expect(b.locator('#reconnecting')).toHaveCount(0, { timeout: 30_000 });
  await expect(away).toHaveCount(0);
  // Same seat, same round, still sealed: Fay's lock-in is remembered and Gus can lock in.
  await expect(b.locator('#ship-cards section[data-seat="1"]')).toContainText('(you)');
  await expect(b.locator('#commit-panel h3').first()).toContainText('Round 1 ');
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));

  // A second drop uses what is left of the same budget: less than at the first drop. Gus has locked in round 2, and
  // the round resolves while he is away: back online, his log shows that round's lines, the same as Fay's.
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await expect(a.locator('#opponent-lock .light.on')).toBeVisible();
  await ctxs[1]!.setOffline(true);
  await expect(away).toContainText(/\d+s of reconnection time left/);
  expect(await left()).toBeLessThan(first);
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await driveUntil([a], inCommit(3));
  await expect(a.locator('#log')).toContainText('Round 2 begins');
  await expect(b.locator('#log')).not.toContainText('Round 2 begins');
  await ctxs[1]!.setOffline(false);
  await expect(away).toHaveCount(0, { timeout: 30_000 });
  await expect(b.locator('#log')).toContainText('Round 2 begins');
  await expect(b.locator('#commit-panel h3').first()).toContainText('Round 3 ');
  const lines = (p: typeof a) => p.locator('#log > div').allTextContents();
  // Fay's page may still be animating round 2 (Gus's catch-up is shown at once): compare until both are done.
  const same = async () => {
    const [x, y] = [await lines(a), await lines(b)];
    return JSON.stringify(x) === JSON.stringify(y) ? 'same' : { fay: x, gus: y };
  };
  await expect.poll(same, { timeout: 30_000 }).toBe('same');
});
