// Directions as they look on your screen, and a flip control (How to play: "N points up on your screen unless you
// flip the board"): seat 1's board is turned so its warship is at the bottom, and its engine wheel draws N pointing
// down the screen, as N moves there; "Flip" turns the board and every arrow with it, remembered after a reload.
// Seat 1 on a 390×844 phone, seat 0 at 1280×800. A replay starts in the colours its board draws.
import { expect, test, type Page } from '@playwright/test';
import { shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';

let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

const orientation = (p: Page) =>
  p.evaluate(() => (window as unknown as { __board: { board: { orientation: number } } }).__board.board.orientation);
/** The turn of the engine wheel's N arrow on screen. */
const northArrow = (p: Page) =>
  p.locator('#commit-panel button[aria-label^="Engine N "] span').first().getAttribute('style');

test('seat 1 sees N drawn down its turned board; Flip turns the board and the arrows, and is remembered', async ({
  browser,
}) => {
  m = await startMatch(browser, ['Yan', 'Zoe'], { bViewport: { width: 390, height: 844 } });
  const { a, b } = m;
  await a.setViewportSize({ width: 1280, height: 800 });
  expect(await orientation(a)).toBe(0);
  expect(await northArrow(a)).toContain('rotate(0deg)');
  expect(await orientation(b)).toBe(1);
  expect(await northArrow(b)).toContain('rotate(180deg)');

  const flip = b.locator('#flip-board');
  await flip.scrollIntoViewIfNeeded();
  await expect(flip).toBeInViewport();
  await flip.click();
  await expect(flip).toHaveAttribute('aria-pressed', 'true');
  expect(await orientation(b)).toBe(0);
  await expect.poll(() => northArrow(b)).toContain('rotate(0deg)');
  await shot(b, 'flip-board-phone');
  // Remembered: after a reload the board is still flipped.
  await b.reload();
  await expect(b.locator('#commit-panel')).toBeVisible();
  expect(await orientation(b)).toBe(0);
  expect(await northArrow(b)).toContain('rotate(0deg)');
  // The other player's board is its own.
  expect(await orientation(a)).toBe(0);
  await a.click('#flip-board');
  expect(await orientation(a)).toBe(1);
  await expect.poll(() => northArrow(a)).toContain('rotate(180deg)');
  await shot(a, 'flip-board-desktop');
});

test('a replay starts with the seats in the colours its board draws, before Play', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  // The stored review match (serve.ts): both seats Lamais, so seat 1 takes the faction's second colour.
  await page.goto('/#/replay/review-sim');
  await expect(page.locator('#ship-cards section[data-seat="1"]')).toBeVisible();
  // The cards show before the board's renderer is up: its colours are read once the board view exists.
  await page.waitForFunction(() => !!(window as unknown as { __board?: { view?: unknown } }).__board?.view);
  const drawn = await page.evaluate(() => {
    const mv = (window as unknown as { __board: { view: { colourOf(s: number): number } } }).__board;
    return [0, 1].map((s) => `#${mv.view.colourOf(s).toString(16).padStart(6, '0')}`);
  });
  const dots = await page
    .locator('#ship-cards section .dot')
    .evaluateAll((els) => els.map((el) => (el as HTMLElement).style.background));
  const hex = (rgb: string) =>
    `#${(rgb.match(/\d+/g) ?? []).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
  expect(dots.map(hex)).toEqual(drawn);
  await shot(page, 'replay-first-frame-colours');
  await ctx.close();
});
