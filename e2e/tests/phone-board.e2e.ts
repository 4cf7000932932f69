// On a 390×844 phone the board and the panels stack and the page scrolls: whatever happens on the board brings it
// into view — the round playing after Lock in (the player was down at the orders panel), and a fighter prompt that
// asks for a hex on it.
import { expect, test } from '@playwright/test';
import { shot, textLines } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

const PHONE = { width: 390, height: 844 };
let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

test('phone: the board comes into view when the round plays and when a prompt asks for a hex', async ({ browser }) => {
  m = await startMatch(browser, ['Wes', 'Xia'], { bViewport: PHONE });
  const { a, b } = m;
  const board = b.locator('canvas.board-canvas');
  // Xia orders at the panel, under the board: the board is scrolled away.
  await b.locator('button.cc[data-card="launch-squadron"]').scrollIntoViewIfNeeded();
  await b.locator('body').press('0');
  await b.click('button.cc[data-card="launch-squadron"]');
  await expect(board).not.toBeInViewport({ ratio: 0.5 });
  await b.click('#lock-in');
  await a.locator('body').press('0');
  await a.click('#lock-in');
  // The round plays on the board, in view; then the fighter prompt asks Xia for a hex on it.
  await expect(board).toBeInViewport({ ratio: 0.8 });
  const panel = b.locator('#decision-panel');
  await expect(panel).toContainText('Fighter phase');
  await expect(board).toBeInViewport({ ratio: 0.8 });
  await expect(panel).toBeInViewport();
  await shot(b, 'phone-board-fighter-prompt');
  // Nothing of the top bar runs off the screen (the player's name at its end once did).
  const off = await b
    .locator('.topbar > *, .topbar > * > *')
    .evaluateAll((els) =>
      els.filter((el) => el.getBoundingClientRect().right > innerWidth + 1).map((el) => el.textContent),
    );
  expect(off).toEqual([]);
  // It keeps to two rows, so the board keeps the screen: the logo, the guide and the name, then the room's tags on a
  // line of their own, each on one line of text (the seed hash and the sound button once wrapped, the name once took
  // a third row).
  const bar = await b.locator('.topbar').evaluate((el) => {
    const middle = (sel: string) => {
      const r = el.querySelector(sel)!.getBoundingClientRect();
      return Math.round(r.top + r.height / 2);
    };
    return {
      first: [middle('.logo'), middle('#how-to-play'), middle('#my-profile')],
      second: [middle('#preset-tag'), middle('#mute-sound'), middle('.seed-hash')],
    };
  });
  const sameRow = (ys: number[]) => Math.max(...ys) - Math.min(...ys) <= 4;
  expect(sameRow(bar.first), `first row ${bar.first}`).toBe(true);
  expect(sameRow(bar.second), `second row ${bar.second}`).toBe(true);
  expect(bar.second[0]!).toBeGreaterThan(bar.first[0]!);
  for (const sel of ['#preset-tag', '#mute-sound', '.topbar .seed-hash', '#my-profile'])
    expect(await textLines(b.locator(sel)), sel).toBe(1);
});
