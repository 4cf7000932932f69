// Players who come back. A fresh browser is a guest player at once (its name in the top bar, a link to its profile)
// and renames itself. Two fresh browsers play a rated quick match (conceded after round 1): each sees its new rating
// on the end screen and on its profile. A player adds a passkey (Chromium's virtual authenticator, over CDP), and
// another fresh browser signs in with it and sees the same profile. The pages are served from localhost (a passkey's
// relying party is a domain name, never an IP address): the server's default PASSKEY_RP_ID.
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { serious } from './axe.js';
import { authenticator } from './authenticator.js';
import { driveUntil, inCommit } from './drive.js';
import { concede, concedeMatch, setName, shot, textLines } from './helpers.js';

const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3911)}`;

async function fresh(browser: Browser, name: string, ctxs: BrowserContext[]): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: ORIGIN });
  ctxs.push(ctx);
  const p = await ctx.newPage();
  p.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  p.on('console', (m) => m.type() === 'error' && console.log(name, 'console', m.text()));
  await setName(p, name);
  return p;
}

/** The player id this page plays as, from the top bar's link to its profile (there once the session is). */
async function playerId(p: Page): Promise<string> {
  const href = await p.locator('#my-profile').getAttribute('href');
  const id = /^#\/player\/(.+)$/.exec(href ?? '')?.[1];
  if (!id) throw new Error(`no profile link in the top bar (href ${href})`);
  return decodeURIComponent(id);
}

/**
 * `p` (on its own profile) adds a passkey; a fresh browser holding the same passkey (another device, as a synced one
 * is) signs in with it and lands on the profile of the same player, which is then its own. Returns that page.
 */
async function passkeyElsewhere(browser: Browser, p: Page, ctxs: BrowserContext[], shots: string): Promise<Page> {
  const id = await playerId(p);
  const name = (await p.locator('#my-profile').textContent())!;
  const onP = await authenticator(p);
  await p.click('#add-passkey');
  await expect(p.locator('#passkey-status')).toContainText('Passkey added');
  await p.setViewportSize({ width: 1280, height: 800 });
  await shot(p, `${shots}-profile-passkey-1280`);
  await p.setViewportSize({ width: 390, height: 844 });
  await shot(p, `${shots}-profile-passkey-390`);
  const { credentials } = await onP.cdp.send('WebAuthn.getCredentials', { authenticatorId: onP.id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  const c = await fresh(browser, 'Someone', ctxs);
  const onC = await authenticator(c);
  await onC.cdp.send('WebAuthn.addCredential', { authenticatorId: onC.id, credential: credentials[0]! });
  await c.goto('/');
  // A new guest until it signs in.
  await expect(c.locator('#my-profile')).toHaveText('Someone');
  expect(await playerId(c)).not.toBe(id);
  await c.click('#passkey-sign-in');
  await expect(c.locator('#profile-name')).toHaveText(name);
  await expect(c.locator('#my-profile')).toHaveText(name);
  expect(await playerId(c)).toBe(id);
  // Their profile is this browser's own now: it offers renaming.
  await expect(c.locator('#rename-form')).toBeVisible();
  return c;
}

test('a guest renames itself, adds a passkey, and a fresh browser signs in with it as the same player', async ({
  browser,
}) => {
  const ctxs: BrowserContext[] = [];
  const a = await fresh(browser, 'Ada', ctxs);
  await a.goto('/');
  // The name the lobby remembered is the new guest's name; the top bar links to its profile.
  await expect(a.locator('#my-profile')).toHaveText('Ada');
  const ada = await playerId(a);
  await a.click('#my-profile');
  await expect(a.locator('#profile-name')).toHaveText('Ada');
  await expect(a.locator('#profile-rating .value')).toHaveText('1500?');
  await expect(a.locator('#profile-rating')).toContainText('provisional');
  await expect(a.locator('#rating-chart-empty')).toBeVisible();
  await expect(a.locator('#profile-total b')).toHaveText('0');
  await expect(a.locator('#game-list li.game')).toHaveCount(0);

  // Renaming: the name rules apply (whitespace runs fold, the ends are trimmed); a name with nothing left is refused.
  await a.fill('#rename', '  Ada   Lovelace ');
  await a.click('#rename-go');
  await expect(a.locator('#profile-name')).toHaveText('Ada Lovelace');
  await expect(a.locator('#my-profile')).toHaveText('Ada Lovelace');
  await a.fill('#rename', '\u202e\u200f');
  await a.click('#rename-go');
  await expect(a.locator('.toast.error')).toContainText('Could not rename: name: nothing showable is left of it');
  await expect(a.locator('#my-profile')).toHaveText('Ada Lovelace');
  await expect(a.locator('#rename')).toHaveValue('Ada Lovelace');

  const c = await passkeyElsewhere(browser, a, ctxs, 'players-01');
  // The browser stays Ada: a reload keeps the session the passkey started, and the lobby shows her name.
  await c.goto('/');
  await c.reload();
  await expect(c.locator('#my-profile')).toHaveText('Ada Lovelace');
  await expect(c.locator('#name')).toHaveValue('Ada Lovelace');
  await c.setViewportSize({ width: 390, height: 844 });
  await shot(c, 'players-02-lobby-390');

  // Signing out everywhere: this browser and Ada's first one are new guests; the passkey brings Ada back.
  await c.click('#my-profile');
  await c.click('#sign-out-everywhere');
  await c.click('#sign-out-dialog-confirm');
  await expect(c.locator('#my-profile')).toHaveText('Captain');
  expect(await playerId(c)).not.toBe(ada);
  // (The test's init script has this page remember the name "Ada": the new guest takes it.)
  await a.reload();
  await expect(a.locator('#my-profile')).toHaveText('Ada');
  expect(await playerId(a)).not.toBe(ada);
  await c.click('#passkey-sign-in');
  await expect(c.locator('#profile-name')).toHaveText('Ada Lovelace');
  expect(await playerId(c)).toBe(ada);

  // Another player's profile has no renaming and no passkeys; the leaderboard is reachable from the lobby.
  const b = await fresh(browser, 'Bo', ctxs);
  await b.goto('/');
  await expect(b.locator('#my-profile')).toHaveText('Bo');
  await a.goto(`/#/player/${await playerId(b)}`);
  await expect(a.locator('#profile-name')).toHaveText('Bo');
  await expect(a.locator('#rename-form')).toHaveCount(0);
  await expect(a.locator('#passkeys')).toHaveCount(0);
  await a.goto('/');
  // The computer's levels show their calibrated ratings on the same scale (they are never rated themselves).
  for (const level of ['easy', 'medium', 'hard']) {
    await expect(a.locator(`#bot-${level} .level-rating`)).toHaveText(/^ · rated \d+$/);
  }
  await a.click('#lobby-leaderboard');
  await expect(a.locator('#leaders-empty')).toBeVisible();
  expect(await serious(a)).toEqual([]);
  await shot(a, 'players-03-leaderboard-390');
  for (const ctx of ctxs) await ctx.close();
});

/** A quick match between `a` and `b`, conceded by `a` in round 2; `watcher` sees it in the lobby's live list. */
async function playRatedMatch(a: Page, b: Page, watcher: Page): Promise<void> {
  await a.click('#quick-match');
  await b.click('#quick-match');
  await expect(a.locator('#factions-screen')).toBeVisible({ timeout: 30_000 });
  await expect(b.locator('#factions-screen')).toBeVisible({ timeout: 30_000 });
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await driveUntil([a, b], inCommit(1));
  // The live list names both players, each a link to their profile.
  await watcher.goto('/');
  // (Other specs' matches may still be live on the suite's server: this match's own entry.)
  const ours = watcher.locator('#live-list li', { hasText: 'Cy' });
  await expect(ours.locator('a.player-name')).toHaveText(['Cy', 'Dee']);
  // Round 1 resolves (both lock in): from then on a concession is a rated result.
  await a.click('#lock-in');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  await concedeMatch(a, b);
}

test('a rated quick match moves both ratings, shown at the end and on the profiles, and follows a passkey', async ({
  browser,
}) => {
  const ctxs: BrowserContext[] = [];
  const a = await fresh(browser, 'Cy', ctxs);
  const b = await fresh(browser, 'Dee', ctxs);
  for (const p of [a, b]) await p.goto('/');
  await expect(a.locator('#my-profile')).toHaveText('Cy');
  await expect(b.locator('#my-profile')).toHaveText('Dee');

  const watcher = await fresh(browser, 'Eve', ctxs);
  await playRatedMatch(a, b, watcher);
  // The end screen's names lead to the profiles.
  await expect(b.locator('#end-reason a.player-name')).toHaveText('Dee');
  // Glicko-2 from 1500/350 each, one period: the winner goes up, the loser down, both still provisional.
  await expect(b.locator('#end-rating-delta')).toHaveText(/^\(\+\d+\)$/);
  await expect(a.locator('#end-rating-delta')).toHaveText(/^\(−\d+\)$/);
  await expect(b.locator('#end-rating-after')).toHaveText(/^\d+\?$/);
  await expect(a.locator('#end-rating-after')).toHaveText(/^\d+\?$/);
  const deeAfter = (await b.locator('#end-rating-after').textContent())!;
  const cyAfter = (await a.locator('#end-rating-after').textContent())!;
  expect(Number.parseInt(deeAfter, 10)).toBeGreaterThan(1500);
  expect(Number.parseInt(cyAfter, 10)).toBeLessThan(1500);
  await b.setViewportSize({ width: 1280, height: 800 });
  await shot(b, 'players-04-end-victory-1280');
  await a.setViewportSize({ width: 390, height: 844 });
  await shot(a, 'players-05-end-defeat-390');

  // The top bar leads to your own profile: the new rating, the win, the chart and the match.
  await b.click('#my-profile');
  await expect(b.locator('#profile-name')).toHaveText('Dee');
  await expect(b.locator('#profile-rating .value')).toHaveText(deeAfter);
  await expect(b.locator('#profile-wins b')).toHaveText('1');
  await expect(b.locator('#profile-losses b')).toHaveText('0');
  await expect(b.locator('#rating-chart svg circle')).toHaveCount(2);
  const game = b.locator('#game-list li.game');
  await expect(game).toHaveCount(1);
  await expect(game).toHaveAttribute('data-rated', 'true');
  await expect(game).toHaveAttribute('data-result', 'win');
  await expect(game.locator('.rating-change')).toContainText(deeAfter.replace('?', ''));
  // Filters: the match is rated, so "casual" lists nothing.
  await b.click('#games-casual');
  await expect(b.locator('#game-list li.game')).toHaveCount(0);
  await b.click('#games-rated');
  await expect(b.locator('#game-list li.game')).toHaveCount(1);
  expect(await serious(b)).toEqual([]);
  await shot(b, 'players-06-profile-1280');
  await b.setViewportSize({ width: 390, height: 844 });
  // On a phone the match's rounds and date stay on one line under the opponent's name.
  expect(await textLines(game.locator('.game-when'))).toBe(1);
  await shot(b, 'players-07-profile-390');
  // The opponent's name leads to their profile, where the same match is a loss; its replay opens from there.
  await b.locator('#game-list li.game a.player-name').click();
  await expect(b.locator('#profile-name')).toHaveText('Cy');
  await expect(b.locator('#profile-rating .value')).toHaveText(cyAfter);
  await expect(b.locator('#game-list li.game')).toHaveAttribute('data-result', 'loss');
  await b.locator('#game-list li.game a.replay-link').click();
  await expect(b.locator('#replay-pos')).toBeVisible();
  await expect(b.locator('#replay-players a.player-name')).toHaveText(['Cy', 'Dee']);
  // The lobby's recent replays name the players with links too. The match's row is found by its replay's link: a
  // match an earlier test left ends by forfeit when its reconnection budget runs out, and may be listed above it.
  const replayHash = new URL(b.url()).hash;
  await watcher.goto('/');
  const row = watcher.locator('#replay-list li').filter({ has: watcher.locator(`a[href="${replayHash}"]`) });
  await expect(row.locator('a.player-name')).toHaveText(['Cy', 'Dee']);

  // Cy keeps this player on another device: the fresh browser sees the same profile, the match and the rating.
  await a.goto('/');
  await a.click('#my-profile');
  const c = await passkeyElsewhere(browser, a, ctxs, 'players-08');
  await expect(c.locator('#profile-rating .value')).toHaveText(cyAfter);
  await expect(c.locator('#game-list li.game')).toHaveAttribute('data-result', 'loss');
  for (const ctx of ctxs) await ctx.close();
});

test('a private match is rated when its creator says so', async ({ browser }) => {
  const ctxs: BrowserContext[] = [];
  const a = await fresh(browser, 'Fay', ctxs);
  const b = await fresh(browser, 'Gus', ctxs);
  await a.goto('/');
  await expect(a.locator('#my-profile')).toHaveText('Fay');
  await a.check('#private-rated');
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  await b.goto(await a.locator('#invite-link').inputValue());
  await expect(b.locator('#factions-screen')).toBeVisible({ timeout: 30_000 });
  const rated = (p: Page) =>
    p.evaluate(
      () =>
        (window as unknown as { __session: { state: { settings: { rated: boolean } } } }).__session.state.settings
          .rated,
    );
  expect(await rated(a)).toBe(true);
  expect(await rated(b)).toBe(true);
  for (const ctx of ctxs) await ctx.close();
});

test('a match against the computer is casual; one ended before round 1 resolved is aborted; both say so', async ({
  browser,
}) => {
  const ctxs: BrowserContext[] = [];
  const a = await fresh(browser, 'Hal', ctxs);
  await a.goto('/');
  await expect(a.locator('#my-profile')).toHaveText('Hal');
  // Conceded in round 1's commitment window: nothing resolved, the match is aborted.
  await a.click('#bot-easy');
  await a.click('#faction-fpa');
  await driveUntil([a], inCommit(1));
  await concede(a);
  await expect(a.locator('#end-rating-casual')).toHaveText(/^Aborted before round 1 resolved: unrated\./);
  // Past round 1 it is a whole match, casual because the computer played it.
  await a.click('#rematch');
  await a.click('#faction-fpa');
  await driveUntil([a], inCommit(1));
  await a.click('#lock-in');
  await driveUntil([a], inCommit(2));
  await concede(a);
  await expect(a.locator('#end-rating-casual')).toHaveText(/^A match against the computer never moves a rating\./);
  await a.click('#end-profile');
  await expect(a.locator('#profile-rating .value')).toHaveText('1500?');
  const games = a.locator('#game-list li.game');
  await expect(games).toHaveCount(2);
  await expect(games.nth(0)).toHaveAttribute('data-result', 'loss');
  await expect(games.nth(0)).toContainText('vs Computer (Easy)');
  await expect(games.nth(0)).toContainText('casual');
  await expect(games.nth(1)).toHaveAttribute('data-result', 'aborted');
  await expect(games.nth(1)).toContainText('unrated');
  await a.click('#games-casual');
  await expect(games).toHaveCount(2);
  await a.click('#games-rated');
  await expect(games).toHaveCount(0);
  for (const ctx of ctxs) await ctx.close();
});
