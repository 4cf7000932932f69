// Players who come back: a fresh browser is a guest player at once (its name in the top bar, a link to its profile),
// renames itself and adds a passkey (Chromium's virtual authenticator, over CDP); another fresh browser signs in with
// that passkey and is the same player. The pages are served from localhost (a passkey's relying party is a domain
// name, never an IP address): the server's default PASSKEY_RP_ID.
import { type Browser, type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
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

  // Ada adds a passkey on her profile.
  const onA = await authenticator(a);
  await a.click('#add-passkey');
  await expect(a.locator('#passkey-status')).toContainText('Passkey added');
  await a.setViewportSize({ width: 1280, height: 800 });
  await shot(a, 'players-01-profile-passkey-1280');
  await a.setViewportSize({ width: 390, height: 844 });
  await shot(a, 'players-02-profile-passkey-390');
  const { credentials } = await onA.cdp.send('WebAuthn.getCredentials', { authenticatorId: onA.id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // A fresh browser (another device holding the same passkey, as a synced one is) is a new guest until it signs in
  // with the passkey: then it is Ada, with her profile.
  const c = await fresh(browser, 'Someone', ctxs);
  const onC = await authenticator(c);
  await onC.cdp.send('WebAuthn.addCredential', { authenticatorId: onC.id, credential: credentials[0]! });
  await c.goto('/');
  await expect(c.locator('#my-profile')).toHaveText('Someone');
  expect(await playerId(c)).not.toBe(ada);
  await c.setViewportSize({ width: 1280, height: 800 });
  await shot(c, 'players-03-lobby-1280');
  await c.click('#passkey-sign-in');
  await expect(c.locator('#profile-name')).toHaveText('Ada Lovelace');
  await expect(c.locator('#my-profile')).toHaveText('Ada Lovelace');
  expect(await playerId(c)).toBe(ada);
  // Her profile is hers here too: it offers renaming and passkeys.
  await expect(c.locator('#rename-form')).toBeVisible();
  // The browser stays Ada: a reload keeps the session the passkey started, and the lobby shows her name.
  await c.goto('/');
  await c.reload();
  await expect(c.locator('#my-profile')).toHaveText('Ada Lovelace');
  await expect(c.locator('#name')).toHaveValue('Ada Lovelace');
  await c.setViewportSize({ width: 390, height: 844 });
  await shot(c, 'players-04-lobby-390');

  // Another player's profile has no renaming and no passkeys; the leaderboard is reachable from the lobby.
  const b = await fresh(browser, 'Bo', ctxs);
  await b.goto('/');
  await expect(b.locator('#my-profile')).toHaveText('Bo');
  await a.goto(`/#/player/${await playerId(b)}`);
  await expect(a.locator('#profile-name')).toHaveText('Bo');
  await expect(a.locator('#rename-form')).toHaveCount(0);
  await expect(a.locator('#passkeys')).toHaveCount(0);
  await a.goto('/');
  await a.click('#lobby-leaderboard');
  await expect(a.locator('#leaders-empty')).toBeVisible();
  await shot(a, 'players-05-leaderboard-390');
  for (const ctx of ctxs) await ctx.close();
});
