// The leaderboard and a player's match list with real rows: a server of the test's own, seeded with a league of rated
// matches through the server's own result path (e2e/league.ts). The leaderboard ranks the established, active players
// by rating (each stronger one beat each weaker one, so the order is known), leaves out the newcomer and the players
// who stopped two months ago, and links each name to its profile; there, the match list shows a page, "More" brings
// the rest in order, and the filters keep to rated or casual matches. On a laptop and on a phone.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { CASUAL, LAPSED, LEAGUE, NEWCOMER, ROUND_ROBINS } from '../league.js';
import { serious } from './axe.js';
import { setName, shot } from './helpers.js';
import { ownServer } from './own-server.js';
import type { ChildProcess } from 'node:child_process';

const own = ownServer('league', 31, { E2E_LEAGUE: '1' });
let server: ChildProcess | undefined;
const ctxs: BrowserContext[] = [];
test.beforeAll(async () => {
  server = await own.start();
});
test.afterAll(async () => {
  for (const c of ctxs) await c.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  own.clean();
});

async function visitor(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: own.url, viewport });
  ctxs.push(ctx);
  const p = await ctx.newPage();
  await setName(p, 'Visitor');
  return p;
}

/** The strongest player's matches: every round robin against the other five, the casual ones, one with the newcomer. */
const VEGA_GAMES = ROUND_ROBINS * (LEAGUE.length - 1) + CASUAL + 1;
const PAGE = 20;

for (const [label, viewport] of [
  ['laptop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the leaderboard ranks the league and a profile pages through its matches (${label})`, async ({ browser }) => {
    const p = await visitor(browser, viewport);
    await p.goto('/');
    await p.click('#lobby-leaderboard');
    const rows = p.locator('#leaders tbody tr');
    await expect(rows).toHaveCount(LEAGUE.length);
    await expect(rows.locator('td:nth-child(2)')).toHaveText([...LEAGUE]);
    await expect(rows.locator('td.rank')).toHaveText(LEAGUE.map((_, i) => String(i + 1)));
    const ratings = (await rows.locator('td:nth-child(3)').allTextContents()).map(Number);
    for (const [i, r] of ratings.entries()) {
      expect(r, `${LEAGUE[i]}'s rating is settled (no "?")`).not.toBeNaN();
      if (i > 0) expect(r).toBeLessThan(ratings[i - 1]!);
    }
    for (const name of [NEWCOMER, ...LAPSED]) await expect(p.locator('#leaders')).not.toContainText(name);
    expect(await serious(p)).toEqual([]);
    await shot(p, `leaderboard-rows-${label}`);

    // The leader's profile: a page of matches, then the rest, newest first.
    await rows.first().locator('a.player-name').click();
    await expect(p.locator('#profile-name')).toHaveText(LEAGUE[0]);
    const games = p.locator('#game-list li.game');
    await expect(games).toHaveCount(PAGE);
    await expect(p.locator('#games-more')).toBeVisible();
    // The newest is the match with the newcomer (seeded last), which the leader won.
    await expect(games.first()).toContainText(NEWCOMER);
    await expect(games.first()).toHaveAttribute('data-result', 'win');
    await p.click('#games-more');
    await expect(games).toHaveCount(VEGA_GAMES);
    await expect(p.locator('#games-more')).toBeHidden();
    await shot(p, `leaderboard-profile-games-${label}`);

    // The filters: only the casual matches (all lost to the weakest player), then only the rated ones, paged again.
    await p.click('#games-casual');
    await expect(games).toHaveCount(CASUAL);
    for (const g of await games.all()) {
      await expect(g).toHaveAttribute('data-rated', 'false');
      await expect(g).toContainText(LEAGUE.at(-1)!);
    }
    await expect(p.locator('#games-more')).toBeHidden();
    await p.click('#games-rated');
    await expect(games).toHaveCount(PAGE);
    await p.click('#games-more');
    await expect(games).toHaveCount(VEGA_GAMES - CASUAL);
    for (const g of await games.all()) await expect(g).toHaveAttribute('data-rated', 'true');
  });
}
