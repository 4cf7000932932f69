// The board zooms for fingers: on a 390×844 touch phone the fitted hexes are too small to tap, so the player pinches,
// drags the zoomed board, or uses the zoom buttons; the round plays in the view the player zoomed to; a prompt that
// asks for a hex zooms to its hexes (at least 40 px across) and goes back to the player's view when it closes; a tap on
// a zoomed hex chooses it and a drag does not. At 1280×800 the wheel and the same buttons zoom, a drag pans, and Flip
// turns a zoomed board about the middle of the screen.
import { expect, test, type Page } from '@playwright/test';
import { boardProblems } from './board-view.js';
import { highlighted, shot } from './helpers.js';
import { startMatch, type Match } from './match-setup.js';
import { canvasBox, hexAcross, hexPoint, pinch, swipe } from './touch.js';

const PHONE = { width: 390, height: 844 };
/** The least width a hex asked for gets on a phone, CSS px (a fingertip). */
const TAP = 40;
let m: Match;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
});

const zoom = (p: Page) =>
  p.evaluate(() => (window as unknown as { __board: { view: { zoom: number } } }).__board.view.zoom);
/** The hex drawn at a page point (what a tap there would choose). */
const hexAtPoint = (p: Page, pt: { x: number; y: number }) =>
  p.evaluate(
    (at) =>
      (
        window as unknown as { __board: { view: { hexAt(e: { clientX: number; clientY: number }): unknown } } }
      ).__board.view.hexAt({ clientX: at.x, clientY: at.y }),
    pt,
  );
const panelText = (p: Page) => p.locator('#decision-panel').textContent();
/** Waits until the view has eased to where a button or a prompt sent it. */
const settledView = (p: Page) =>
  p.waitForFunction(() => !(window as unknown as { __board: { view: { easing: boolean } } }).__board.view.easing);

/**
 * The board's hex size once a new viewport is laid out: the board lays itself out again on the frame after its host
 * resizes, so the size is read when two reads, each after two animation frames, agree.
 */
async function settledHexAcross(p: Page): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const now = await hexAcross(p);
      const settled = Math.abs(now - last) < 0.01;
      last = now;
      return settled;
    }, 'the board laid out for the new viewport')
    .toBe(true);
  return last;
}

test('phone: pinch, drag and the zoom buttons; a prompt zooms its hexes to tap size; taps choose, drags do not', async ({
  browser,
}) => {
  m = await startMatch(browser, ['Una', 'Vic'], { bViewport: PHONE, bTouch: true });
  const { a, b } = m;
  await b.evaluate(() => scrollTo(0, 0));
  const fitted = await hexAcross(b);
  expect(fitted).toBeLessThan(TAP);
  // A tap on a piece says what it is; a finger dragged from it (moving a zoomed board) does not ask.
  const core = await b.evaluate(() => {
    const mv = (
      window as unknown as {
        __board: {
          view: { pagePoint(h: unknown): { x: number; y: number } };
          board: { model: { ships: { core: unknown }[] } };
        };
      }
    ).__board;
    return mv.view.pagePoint(mv.board.model.ships[1]!.core);
  });
  await swipe(b, core, { x: core.x + 60, y: core.y - 60 });
  await expect(b.locator('#tip')).not.toBeVisible();
  await b.touchscreen.tap(core.x, core.y);
  await expect(b.locator('#tip')).toContainText('warship');

  // The buttons: in steps, back to the whole board, where "zoom out" has nothing left to do.
  await expect(b.locator('#zoom-out')).toBeDisabled();
  await b.locator('#zoom-in').tap();
  await expect.poll(() => hexAcross(b)).toBeGreaterThan(fitted * 1.45);
  await b.locator('#zoom-out').tap();
  await expect.poll(() => hexAcross(b)).toBeCloseTo(fitted, 1);
  await expect(b.locator('#zoom-out')).toBeDisabled();

  // Two fingers spread over the board: the hexes grow, the one under the fingers stays under them.
  const box = await canvasBox(b);
  const under = await hexAtPoint(b, box.mid);
  await pinch(b, box.mid, 60, 180);
  await expect.poll(() => hexAcross(b)).toBeGreaterThan(fitted * 2.5);
  expect(await hexAtPoint(b, box.mid)).toEqual(under);
  await shot(b, 'phone-zoom-pinched');
  // One finger drags the zoomed board along with it.
  const before = await hexPoint(b, { q: 7, r: 4 });
  await swipe(b, box.mid, { x: box.mid.x - 80, y: box.mid.y - 60 });
  const after = await hexPoint(b, { q: 7, r: 4 });
  expect(after.x - before.x).toBeCloseTo(-80, 0);
  expect(after.y - before.y).toBeCloseTo(-60, 0);
  // Pinched closed: the whole board again (never smaller than fitted).
  await pinch(b, box.mid, 200, 30);
  await expect.poll(() => zoom(b)).toBe(1);
  expect(await boardProblems(b)).toEqual([]);

  // Zoomed in by hand, then the round plays: it plays in that view, the zoom kept on every frame until the prompt.
  await b.locator('#zoom-in').tap();
  await settledView(b);
  const mine = await zoom(b);
  expect(mine).toBeGreaterThan(1);
  await b.evaluate(() => {
    const w = window as unknown as { __least: number; __board: { view: { zoom: number } } };
    w.__least = Number.POSITIVE_INFINITY;
    const sample = () => {
      w.__least = Math.min(w.__least, w.__board.view.zoom);
      if (!document.querySelector('#decision-panel')) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await b.locator('body').press('0');
  await b.locator('button.cc[data-card="launch-squadron"]').tap();
  await b.locator('#lock-in').tap();
  await a.locator('body').press('0');
  await a.click('#lock-in');
  const panel = b.locator('#decision-panel');
  await expect(panel).toContainText('Fighter phase');
  expect(await b.evaluate(() => (window as unknown as { __least: number }).__least)).toBe(mine);
  await expect(b.locator('#zoom-out')).toBeEnabled();
  await shot(b, 'phone-zoom-kept-after-round');

  // The fighter prompt: launching asks for a hex, and the view zooms to the launch hexes, each a tap target.
  await panel.locator('button[data-mode="launch"]').first().tap();
  const launch = await highlighted(b, 'launch');
  expect(launch.length).toBeGreaterThan(0);
  await expect.poll(() => hexAcross(b)).toBeGreaterThanOrEqual(TAP);
  await settledView(b);
  const seen = await canvasBox(b);
  for (const h of launch) {
    const p = await hexPoint(b, h);
    expect(p.x > seen.left && p.x < seen.right && p.y > seen.top && p.y < seen.bottom, `launch hex ${h.q},${h.r}`).toBe(
      true,
    );
  }
  await shot(b, 'phone-zoom-launch-prompt');
  // The prompt says what a finger does.
  await expect(panel).toContainText('tap a highlighted hex to place it');
  // A tap on a highlighted hex places the squadron there.
  const place = await hexPoint(b, launch[0]!);
  await b.touchscreen.tap(place.x, place.y);
  await expect(panel).toContainText(/Squadron 1: 0\/\d+ moves/);
  // A drag that starts on a highlighted move hex moves the view and chooses nothing.
  const moves = await highlighted(b, 'move');
  expect(moves.length).toBeGreaterThan(0);
  const m0 = await hexPoint(b, moves[0]!);
  await swipe(b, m0, { x: m0.x + 50, y: m0.y + 40 });
  await expect.poll(async () => (await hexPoint(b, moves[0]!)).x).not.toBeCloseTo(m0.x, 0);
  expect(await panelText(b)).toMatch(/Squadron 1: 0\/\d+ moves/);
  // A tap on it, where it now is, takes the step.
  const m1 = await hexPoint(b, moves[0]!);
  await b.touchscreen.tap(m1.x, m1.y);
  await expect(panel).toContainText(/Squadron 1: 1\/\d+ moves/);
  expect(await highlighted(b, 'path')).toEqual([moves[0]]);
  await shot(b, 'phone-zoom-step-tapped');
  await b.locator('#fighter-confirm').tap();
  await expect(panel).toHaveCount(0);
  // The prompt closed: the player's own view again. The server applied the choice: both pages see the squadron there.
  await expect.poll(() => zoom(b)).toBe(mine);
  await expect(b.locator('#zoom-out')).toBeEnabled();
  await settledView(b);
  await shot(b, 'phone-zoom-prompt-closed');
  await expect(a.locator('#log')).toContainText("Vic's squadron 1 moves 1 hex.");
  const squadronAt = (p: Page) =>
    p.evaluate(
      () =>
        (
          window as unknown as {
            __board: { board: { model: { tokens: { kind: string; owner: number; at: unknown }[] } } };
          }
        ).__board.board.model.tokens.find((t) => t.kind === 'squadron' && t.owner === 1)?.at,
    );
  await expect.poll(() => squadronAt(a)).toEqual(moves[0]);
  await expect.poll(() => squadronAt(b)).toEqual(moves[0]);
});

test('desktop: the wheel and the buttons zoom, a drag pans, Flip turns a zoomed board in place', async () => {
  const { a } = m;
  await a.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => boardProblems(a)).toEqual([]);
  const fitted = await settledHexAcross(a);
  const box = await canvasBox(a);
  await a.mouse.move(box.mid.x, box.mid.y);
  await a.mouse.wheel(0, -350);
  await expect.poll(() => hexAcross(a)).toBeCloseTo(fitted * 2, 0);
  await shot(a, 'desktop-zoom-wheel');
  // A mouse drag pans; a click (no drag) still chooses nothing here, as no prompt is open.
  const before = await hexPoint(a, { q: 7, r: 8 });
  await a.mouse.down();
  await a.mouse.move(box.mid.x + 90, box.mid.y + 30, { steps: 6 });
  await a.mouse.up();
  const after = await hexPoint(a, { q: 7, r: 8 });
  expect(after.x - before.x).toBeCloseTo(90, 0);
  expect(after.y - before.y).toBeCloseTo(30, 0);
  // Flip: the board turns about the middle of the screen; the hex there stays there, the zoom stays.
  const middle = await hexAtPoint(a, box.mid);
  const z = await zoom(a);
  await a.click('#flip-board');
  await expect(a.locator('#flip-board')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => hexAtPoint(a, box.mid)).toEqual(middle);
  expect(await zoom(a)).toBeCloseTo(z);
  await shot(a, 'desktop-zoom-flipped');
  await a.click('#flip-board');
  await a.click('#zoom-out');
  await a.click('#zoom-out');
  await expect.poll(() => zoom(a)).toBe(1);
  await expect(a.locator('#zoom-out')).toBeDisabled();
  await expect.poll(() => boardProblems(a)).toEqual([]);
  await shot(a, 'desktop-zoom-fitted');
});

test("How to play: the wheel over a picture scrolls the page; pictures don't zoom", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto('/#/learn');
  const fig = page.locator('.learn-figure canvas.board-canvas').nth(1);
  await expect(fig).toBeVisible();
  await fig.scrollIntoViewIfNeeded();
  // The page's scrolling element: the nearest ancestor of the picture that scrolls.
  const scrolled = () =>
    fig.evaluate((el) => {
      for (let p = el.parentElement; p; p = p.parentElement) if (p.scrollTop > 0) return p.scrollTop;
      return document.scrollingElement?.scrollTop ?? 0;
    });
  const before = await scrolled();
  expect(before).toBeGreaterThan(100);
  const box = (await fig.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect.poll(scrolled).toBeLessThan(before);
  await page.close();
});

test('desktop: beside a narrow board the zoom buttons stack over Flip in its margin; the board keeps its height', async ({
  browser,
}) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto('/#/demo');
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await expect(page.locator('.board-wrap')).toHaveClass(/controls-stacked/);
  await expect(page.locator('.board-wrap')).not.toHaveClass(/controls-below/);
  await expect.poll(() => boardProblems(page)).toEqual([]);
  const [zoomIn, flip] = [
    await page.locator('#zoom-in').boundingBox(),
    await page.locator('#flip-board').boundingBox(),
  ];
  expect(zoomIn!.y + zoomIn!.height).toBeLessThanOrEqual(flip!.y);
  await shot(page, 'desktop-zoom-controls-1440');
  await page.close();
});
