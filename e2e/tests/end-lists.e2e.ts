// A match that ends leaves the lobby's Watch list at once and shows in Replays with the same count of rounds as its
// summary ("1 round", never "1 rounds"); back from its replay, the finished match shows its end screen again (result,
// summary, buttons), on a laptop and on a phone.
import { expect, test, type BrowserContext } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { concede, shot } from './helpers.js';
import { player } from './match-setup.js';

const PHONE = { width: 390, height: 844 };
const ctxs: BrowserContext[] = [];
test.afterAll(async () => {
  for (const c of ctxs) await c.close();
});

test('a conceded quick match leaves Watch, counts one round in Replays, and its end screen comes back from the replay', async ({
  browser,
}) => {
  const a = await player(browser, 'Rhea', ctxs, { viewport: { width: 1280, height: 800 } });
  const b = await player(browser, 'Sol', ctxs, { viewport: PHONE });
  const lobby = await player(browser, 'Tam', ctxs);
  await a.goto('/');
  await a.click('#quick-match');
  await b.goto('/');
  await b.click('#quick-match');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await driveUntil([a, b], inCommit(1));
  await lobby.goto('/');
  const listed = lobby.locator('#live-list li', { hasText: 'Rhea vs Sol' });
  await expect(listed).toBeVisible();
  // Round 1 played, then Rhea concedes in round 2's window.
  for (const p of [a, b]) {
    await p.locator('body').press('0');
    await p.click('#lock-in');
  }
  await driveUntil([a, b], inCommit(2));
  await concede(a);
  for (const p of [a, b]) await expect(p.locator('#end-screen')).toBeVisible();
  await lobby.reload();
  await expect(lobby.locator('#replay-list li', { hasText: 'Rhea (FPA) vs Sol (Lamais)' }).first()).toContainText(
    'Sol won, 1 round',
  );
  await expect(listed).toHaveCount(0);
  await expect(lobby.locator('#replay-list')).not.toContainText('1 rounds');
  await shot(lobby, 'end-lists-lobby');

  for (const p of [a, b]) {
    if (!(await p.locator('#summary-box').evaluate((d) => (d as HTMLDetailsElement).open)))
      await p.locator('#summary-box > summary').click();
    await expect(p.locator('#match-summary caption')).toContainText('1 round played');
    // To the replay and back: the end screen is there again, with its result, summary and buttons.
    await p.click('#watch-replay');
    await expect(p).toHaveURL(/#\/replay\//);
    await p.goBack();
    await expect(p.locator('#end-screen')).toBeVisible();
    await expect(p.locator('#end-title')).toHaveText(p === a ? 'Defeat' : 'Victory');
    await expect(p.locator('#summary-box')).toBeVisible();
    await expect(p.locator('#rematch')).toBeVisible();
    await expect(p.locator('#watch-replay')).toBeVisible();
  }
  await shot(a, 'end-lists-back-from-replay');
  await shot(b, 'end-lists-back-from-replay-phone');
});
