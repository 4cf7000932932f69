// Players who come back: two fresh browsers play a rated quick match (conceded after round 1), each sees its new
// rating on the end screen and on its profile; one adds a passkey (Chromium's virtual authenticator, over CDP), and a
// third, fresh browser signs in with that passkey and is the same player. The pages are served from localhost (a
// passkey's relying party is a domain name, never an IP address): the server's default PASSKEY_RP_ID.
import { type Browser, type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { setName, shot } from './helpers.js';

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

/** A virtual authenticator that holds discoverable credentials and says yes at once (a platform passkey). */
async function authenticator(p: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await p.context().newCDPSession(p);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function playRatedMatch(a: Page, b: Page): Promise<void> {
  await a.click('#quick-match');
  await b.click('#quick-match');
  await expect(a.locator('#factions-screen')).toBeVisible({ timeout: 30_000 });
  await expect(b.locator('#factions-screen')).toBeVisible({ timeout: 30_000 });
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await driveUntil([a, b], inCommit(1));
  // Round 1 resolves (both lock in): from then on a concession is a rated result.
  await a.click('#lock-in');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  await a.click('#concede');
  await a.click('#concede-dialog-confirm');
  await expect(a.locator('#end-title')).toHaveText('Defeat');
  await expect(b.locator('#end-title')).toHaveText('Victory');
}

test('a rated quick match moves both ratings; a passkey signs the same player in on a fresh browser', async ({
  browser,
}) => {
  const ctxs: BrowserContext[] = [];
  const a = await fresh(browser, 'Ada', ctxs);
  const b = await fresh(browser, 'Bo', ctxs);
  for (const p of [a, b]) await p.goto('/');
  await expect(a.locator('#my-profile')).toHaveText('Ada');
  await expect(b.locator('#my-profile')).toHaveText('Bo');
  const ada = await playerId(a);
  const bo = await playerId(b);
  expect(ada).not.toBe(bo);

  await playRatedMatch(a, b);
  // Glicko-2 from 1500/350 each, one period: the winner goes up, the loser down, both still provisional.
  await expect(b.locator('#end-rating-delta')).toHaveText(/^\(\+\d+\)$/);
  await expect(a.locator('#end-rating-delta')).toHaveText(/^\(−\d+\)$/);
  const boAfter = (await b.locator('#end-rating-after').textContent())!;
  const adaAfter = (await a.locator('#end-rating-after').textContent())!;
  expect(Number.parseInt(boAfter, 10)).toBeGreaterThan(1500);
  expect(Number.parseInt(adaAfter, 10)).toBeLessThan(1500);
  expect(boAfter).toMatch(/\?$/);
  await shot(b, 'players-01-end-victory');

  // The end screen's names lead to the profiles; the top bar leads to your own.
  await b.click('#my-profile');
  await expect(b.locator('#profile-name')).toHaveText('Bo');
  await expect(b.locator('#profile-rating .value')).toHaveText(boAfter);
  await expect(b.locator('#profile-wins b')).toHaveText('1');
  await expect(b.locator('#profile-losses b')).toHaveText('0');
  await expect(b.locator('#rating-chart svg')).toBeVisible();
  const game = b.locator('#game-list li.game');
  await expect(game).toHaveCount(1);
  await expect(game).toHaveAttribute('data-rated', 'true');
  await expect(game).toHaveAttribute('data-result', 'win');
  await expect(game.locator('a.player-name')).toHaveText('Ada');
  // Filters: the match is rated, so "casual" lists nothing.
  await b.click('#games-casual');
  await expect(b.locator('#game-list li.game')).toHaveCount(0);
  await b.click('#games-all');
  await expect(b.locator('#game-list li.game')).toHaveCount(1);
  await b.setViewportSize({ width: 1280, height: 800 });
  await shot(b, 'players-02-profile-1280');
  await b.setViewportSize({ width: 390, height: 844 });
  await shot(b, 'players-03-profile-390');
  // The opponent's name leads to their profile, where the same match is a loss.
  await game.locator('a.player-name').click();
  await expect(b.locator('#profile-name')).toHaveText('Ada');
  await expect(b.locator('#profile-rating .value')).toHaveText(adaAfter);
  await expect(b.locator('#game-list li.game')).toHaveAttribute('data-result', 'loss');
  // And the replay link opens the match.
  await b.locator('#game-list li.game a.replay-link').click();
  await expect(b.locator('#replay-pos')).toBeVisible();

  // The leaderboard: one rated match is not enough to be listed (provisional).
  await b.goto('/#/leaderboard');
  await expect(b.locator('#leaders-empty')).toBeVisible();
  await shot(b, 'players-04-leaderboard-390');

  // Ada adds a passkey on her profile.
  const onA = await authenticator(a);
  await a.goto('/');
  await a.click('#my-profile');
  await expect(a.locator('#profile-name')).toHaveText('Ada');
  await a.click('#add-passkey');
  await expect(a.locator('#passkey-status')).toContainText('Passkey added');
  await a.setViewportSize({ width: 1280, height: 800 });
  await shot(a, 'players-05-passkey-added');
  const { credentials } = await onA.cdp.send('WebAuthn.getCredentials', { authenticatorId: onA.id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // A fresh browser (another device holding the same passkey, as a synced one is) signs in with it: it is Ada.
  const c = await fresh(browser, 'Someone', ctxs);
  const onC = await authenticator(c);
  await onC.cdp.send('WebAuthn.addCredential', { authenticatorId: onC.id, credential: credentials[0]! });
  await c.goto('/');
  await expect(c.locator('#my-profile')).toHaveText('Someone');
  expect(await playerId(c)).not.toBe(ada);
  await shot(c, 'players-06-lobby-fresh');
  await c.click('#passkey-sign-in');
  await expect(c.locator('#profile-name')).toHaveText('Ada');
  await expect(c.locator('#my-profile')).toHaveText('Ada');
  expect(await playerId(c)).toBe(ada);
  await expect(c.locator('#profile-rating .value')).toHaveText(adaAfter);
  await expect(c.locator('#game-list li.game')).toHaveCount(1);
  // The browser keeps being Ada: a reload keeps the session the passkey started.
  await c.reload();
  await expect(c.locator('#my-profile')).toHaveText('Ada');
  await c.setViewportSize({ width: 390, height: 844 });
  await shot(c, 'players-07-signed-in-390');
  for (const ctx of ctxs) await ctx.close();
});
