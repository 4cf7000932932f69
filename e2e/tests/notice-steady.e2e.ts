// A notice in the draft (the ten-second warning, what a time-out did) moves nothing: the first card and the Confirm pick
// button stay where they were while it shows and after it goes, on a 390×844 phone and a 1366×768 laptop, so that no
// card moves under a finger as it taps. The notice shows whole, inside the viewport, over neither of them. The room's
// clock is driven; the page's clock is stopped ten seconds before its timer runs out.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { shot } from './helpers.js';
import { seatBoth } from './match-setup.js';
import { advanceRoomClock, pageSecondsLeft, roomIdOf } from './room-clock.js';

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
let ctxs: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of ctxs) await c.close();
  ctxs = [];
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The first card's and Confirm pick's boxes, the notice's (null: none shows), and the viewport's size. */
interface Layout {
  card: Box;
  confirm: Box;
  notice: Box | null;
  viewport: { width: number; height: number };
}

/**
 * The layout at the first moment that the player may pick and the notice saying `notice` shows (null: no notice shows),
 * all measured in that one moment: a notice showing for seconds is not measured after it went.
 */
async function layout(page: Page, notice: string | null): Promise<Layout> {
  const handle = await page.waitForFunction((text) => {
    const box = (el: Element | null | undefined): Box | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const toasts = [...document.querySelectorAll('#toasts .toast')];
    const shown = toasts.find((t) => text !== null && t.textContent?.includes(text));
    const card = box(document.querySelector('#draft-screen .draft-main .gcard'));
    const confirm = box(document.querySelector('#confirm-pick'));
    if (!card || !confirm || (text === null ? toasts.length : !shown)) return null;
    return { card, confirm, notice: box(shown), viewport: { width: innerWidth, height: innerHeight } };
  }, notice);
  return (await handle.jsonValue()) as Layout;
}

const meets = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The card and the button where they were without the notice; the notice whole in the viewport, over neither. */
function expectSteady(without: Layout, shown: Layout): void {
  expect(shown.card).toEqual(without.card);
  expect(shown.confirm).toEqual(without.confirm);
  const n = shown.notice;
  if (!n) throw new Error('expectSteady: no notice showed');
  expect(n.width * n.height).toBeGreaterThan(0);
  expect(n.x).toBeGreaterThanOrEqual(0);
  expect(n.y).toBeGreaterThanOrEqual(0);
  expect(n.x + n.width).toBeLessThanOrEqual(shown.viewport.width);
  expect(n.y + n.height).toBeLessThanOrEqual(shown.viewport.height);
  expect(meets(n, shown.card)).toBe(false);
  expect(meets(n, shown.confirm)).toBe(false);
}

/**
 * `p`'s pick: its warning, then its time-out; `other` picks at once, so that `p` picks again while the time-out's
 * notice shows. `p` then picks, and the turn is `other`'s.
 */
async function noticesMoveNothing(p: Page, other: Page, name: string): Promise<void> {
  await expect(p.locator('#turn')).toHaveText('Your pick');
  const before = await layout(p, null);
  await shot(p, `notice-steady-none-${name}`);
  const deadline = await pageSecondsLeft(p, 10);
  const warned = await layout(p, '10 seconds left');
  await shot(p, `notice-steady-warning-${name}`);
  expectSteady(before, warned);

  await advanceRoomClock(await roomIdOf(p), deadline - Date.now() + 1000);
  await expect(other.locator('#turn')).toHaveText('Your pick');
  await other.click('#confirm-pick');
  await expect(p.locator('#turn')).toHaveText('Your pick');
  const timedOut = await layout(p, 'Time ran out');
  await shot(p, `notice-steady-time-out-${name}`);
  await expect(p.locator('#toasts .toast')).toHaveCount(0);
  expectSteady(await layout(p, null), timedOut);
  await p.click('#confirm-pick');
}

test('in the draft, the warning and the time-out notice move no card and no button, on a phone and a laptop', async ({
  browser,
}) => {
  const m = await seatBoth(browser, ['Wes', 'Xan'], { aViewport: LAPTOP, bViewport: PHONE });
  ctxs = m.ctxs;
  const { a, b } = m;
  await expect(a.locator('#draft-screen')).toBeVisible();
  await expect(b.locator('#draft-screen')).toBeVisible();
  // Whoever picks first, then the other one.
  const first = (await a.locator('#turn.you').isVisible()) ? a : b;
  const second = first === a ? b : a;
  const name = (p: Page) => (p === a ? 'laptop' : 'phone');
  await noticesMoveNothing(first, second, name(first));
  await noticesMoveNothing(second, first, name(second));
});
