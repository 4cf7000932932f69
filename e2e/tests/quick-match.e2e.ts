import { expect, test } from '@playwright/test';
import { boardProblems } from './board-view.js';
import { driveUntil, inCommit } from './drive.js';
import { clickIfEnabled, pressKey, setName, shot, warshipsInView } from './helpers.js';

test('quick match → factions → draft → rounds → concede; both see the right end screen; rematch', async ({
  browser,
}) => {
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  for (const [p, n] of [
    [a, 'A'],
    [b, 'B'],
  ] as const) {
    p.on('pageerror', (e) => console.log(n, 'pageerror', e.message));
    p.on('console', (m) => m.type() === 'error' && console.log(n, 'console', m.text()));
  }
  await setName(a, 'Ada');
  await setName(b, 'Bo');
  await a.goto('/');
  await a.click('#quick-match');
  await expect(a.locator('body')).toContainText(/Waiting for an opponent|Looking for an opponent/);
  await shot(a, '03-quick-waiting');
  await b.goto('/');
  await b.click('#quick-match');

  await expect(a.locator('#factions-screen')).toBeVisible();
  await expect(b.locator('#factions-screen')).toBeVisible();
  await shot(a, '04-factions');
  await a.click('#faction-fpa');
  await b.click('#faction-lamais');
  await expect(a.locator('#draft-screen')).toBeVisible();
  await shot(a, '05-draft-a');
  await shot(b, '05-draft-b');
  // The whole first pick fits 1280×720: every slot and the squadrons are on screen (the waiting player sees them
  // greyed out, for planning) without scrolling.
  for (const p of [a, b]) await expect(p.locator('#draft-screen .squadrons .gcard').last()).toBeInViewport();

  await driveUntil([a, b], inCommit(1));
  await expect(a.locator('canvas.board-canvas')).toBeVisible();
  await shot(a, '06-match-round1-a');
  await shot(b, '06-match-round1-b');

  // A card that cannot act says why, on the card and in its accessible name; a playable card with a caveat notes it.
  const vent = a.locator('button.cc[data-card="vent-coolant"]');
  await expect(vent).toBeDisabled();
  await expect(vent.locator('.why')).toHaveText(/cooldown/);
  await expect(vent).toHaveAccessibleName(/^Vent Coolant .*cooldown/);
  const special = a.locator('button.cc[data-card="special-ability"]'); // FPA's Emergency Repairs, nothing damaged yet
  await expect(special).toBeEnabled();
  await expect(special.locator('.note')).toContainText('armour');

  for (const round of [1, 2, 3]) {
    // A thrusts N and fires main; B thrusts S (towards A) and fires main. Keys: wheel 1..0, cards Q..I.
    await a.locator('body').press(round === 1 ? '1' : '0');
    await clickIfEnabled(a, 'button.cc[data-card="fire-main"]');
    await b.locator('body').press(round === 1 ? '4' : '0');
    await clickIfEnabled(b, 'button.cc[data-card="launch-squadron"]');
    if (round === 1) await shot(a, '07-commit-chosen');
    if (round === 2) {
      // By keyboard: Bo locks in with Enter, revises with Escape (Ada sees the light go off), locks in again; then Ada.
      await pressKey(b, 'Enter');
      await expect(a.locator('#opponent-lock .light.on')).toBeVisible();
      await pressKey(b, 'Escape');
      await expect(b.locator('#lock-in')).toBeVisible();
      await expect(a.locator('#opponent-lock .light.on')).toHaveCount(0);
      await pressKey(b, 'Enter');
      await expect(b.locator('#revise')).toBeVisible();
      await pressKey(a, 'Enter');
      await driveUntil([a, b], inCommit(round + 1));
      continue;
    }
    await a.click('#lock-in');
    await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
    if (round === 1) await shot(b, '08-opponent-locked');
    await b.click('#lock-in');
    if (round === 1) {
      // Mid-animation: the caption names the event being played.
      await expect(a.locator('#caption')).not.toBeEmpty();
      await shot(a, '09-resolving-animation');
    }
    await driveUntil([a, b], inCommit(round + 1));
  }
  await a.getByRole('button', { name: 'Skip animations' }).click();
  await shot(a, '10-round4-a');
  await expect(a.locator('#log')).toContainText('Round 3 begins');

  await a.click('#concede');
  // Asked in the page, not with the browser's confirm().
  await expect(a.locator('#concede-dialog')).toBeVisible();
  await a.click('#concede-dialog-confirm');
  await expect(a.locator('#end-screen')).toBeVisible();
  await expect(b.locator('#end-screen')).toBeVisible();
  await expect(a.locator('#end-title')).toHaveText('Defeat');
  await expect(b.locator('#end-title')).toHaveText('Victory');
  await expect(b.locator('#seed-check')).toContainText('seed matches the hash');
  // Nobody locked in the round the concession cut short: the receipts say the match is over, with round 3's verdict.
  for (const p of [a, b]) {
    await expect(p.locator('#receipts .receipts-line')).toHaveText('Receipts · the match is over');
    await expect(p.locator('#receipts-verdict')).toHaveText('✓ Round 3: both commitments match their receipts.');
  }
  // The end screen sits above the board and must not hide the final position (the ships end up mid-board).
  await expect.poll(() => warshipsInView(b)).toEqual([true, true]);
  await expect.poll(() => warshipsInView(a)).toEqual([true, true]);
  // All of the board too, under the end bar, and the animation controls cover none of it (1280×720, then a phone).
  await expect.poll(() => boardProblems(a)).toEqual([]);
  // Both logs show their newest line (the log follows the game unless the reader scrolls it up).
  for (const p of [a, b])
    expect(await p.locator('#log').evaluate((l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 8)).toBe(true);
  await shot(a, '11-end-defeat');
  await shot(b, '11-end-victory');
  await b.setViewportSize({ width: 390, height: 844 });
  await shot(b, '11-end-phone');
  await expect.poll(() => boardProblems(b)).toEqual([]);
  // Someone who opens the match after its end (a watch link) sees how it ended too: the server's catch-up says so.
  const roomId = /#\/m\/([^?/]+)/.exec(b.url())?.[1];
  if (!roomId) throw new Error(`no room id in ${b.url()}`);
  const ctxC = await browser.newContext();
  const c = await ctxC.newPage();
  await c.goto(`/#/watch/${roomId}`);
  await expect(c.locator('#end-title')).toHaveText(/ wins$/);
  await expect(c.locator('#end-reason')).toContainText('concession');
  await ctxC.close();
  // Rematch: Bo asks, Ada sees the request and accepts; both are back at the faction choice of a new match.
  await b.click('#rematch');
  await expect(b.locator('#rematch')).toHaveText('Rematch asked…');
  await expect(a.locator('#rematch')).toHaveText('Accept rematch');
  await a.click('#rematch');
  await expect(a.locator('#factions-screen')).toBeVisible();
  await expect(b.locator('#factions-screen')).toBeVisible();
  await ctxA.close();
  await ctxB.close();
});
