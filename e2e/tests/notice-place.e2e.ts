// A notice (a timer's warning, what a time-out did) never covers a control: not the board's Flip and speed buttons,
// not Lock in, not the orders, not the draft's cards and Confirm; nor the text the draft's heading says (the step, who
// the player faces, whose pick, the countdown) or the lock-in bar's (the countdown, whether the opponent locked in). Checked from the boxes the page lays out, on a
// 1280×800 laptop and a 390×844 phone, while the ten-second warning shows and while the time-out's notice shows. The
// room's clock is driven. On the phone a notice spans the width of where it shows, a line or two, not a narrow column.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { shot } from './helpers.js';
import { seatBoth, startMatch, toFighterPrompt } from './match-setup.js';
import { advanceRoomClock, pageSecondsLeft, roomIdOf } from './room-clock.js';

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let ctxs: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of ctxs) await c.close();
  ctxs = [];
});

/**
 * Each shown notice's text with every visible control or needed text its box overlaps (none, when the notices are
 * placed right).
 */
function covered(page: Page): Promise<{ notice: string; controls: string[] }[]> {
  return page.evaluate(() => {
    const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"]';
    const TEXT = '.draft-head h2, #opponent-name, .turn-pill, .countdown, #opponent-lock';
    const shown = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const controls = [...document.querySelectorAll<HTMLElement>(`${CONTROLS}, ${TEXT}`)]
      .filter((c) => !c.closest('#toasts') && getComputedStyle(c).visibility !== 'hidden')
      .map((c) => ({ c, r: c.getBoundingClientRect() }))
      .filter(({ r }) => shown(r));
    return [...document.querySelectorAll<HTMLElement>('#toasts .toast')].map((t) => {
      const r = t.getBoundingClientRect();
      return {
        notice: t.textContent ?? '',
        controls: controls
          .filter((x) => meets(r, x.r))
          .map(({ c }) => `${c.tagName.toLowerCase()}#${c.id} "${(c.textContent ?? '').trim().slice(0, 30)}"`),
      };
    });
  });
}

/** The notice shown, the controls `near` (the ones it used to cover) on screen, and that no notice covers a control. */
async function expectNothingCovered(page: Page, notice: string, near: string): Promise<void> {
  await expect(page.locator('#toasts .toast', { hasText: notice })).toBeInViewport();
  await expect(page.locator(near)).toBeVisible();
  const seen = await covered(page);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => s.controls.length)).toEqual([]);
}

/**
 * On a phone, the notice `notice` spans most of the width of the area it shows in (`area`: the board's host, or the
 * notices' strip), so that it reads in a line or two instead of a narrow column.
 */
async function expectWide(page: Page, notice: string, area: string): Promise<void> {
  const box = await page.locator('#toasts .toast', { hasText: notice }).boundingBox();
  const room = await page.locator(area).boundingBox();
  if (!box || !room) throw new Error(`expectWide: "${notice}" or ${area} is not laid out`);
  expect(box.width).toBeGreaterThanOrEqual(0.9 * room.width);
}

test('the warning and the time-out notice cover no control or status, on a laptop and on a phone', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Oda', 'Pia'], { aViewport: LAPTOP, bViewport: PHONE });
  ctxs = m.ctxs;
  const { a, b } = m;
  const deadline = await pageSecondsLeft(a, 10);
  await pageSecondsLeft(b, 10);
  for (const [p, name] of [
    [a, 'laptop'],
    [b, 'phone'],
  ] as const) {
    await expect(p.locator('#toasts .toast', { hasText: '10 seconds left' })).toBeVisible();
    await shot(p, `notice-warning-${name}`);
  }
  for (const p of [a, b]) await expectNothingCovered(p, '10 seconds left', '#flip-board');
  await expectWide(b, '10 seconds left', '.board-host');
  // A phone scrolled down to its orders, the board out of view: the notice sits above the lock-in bar, over none of it.
  await b.locator('#lock-in').focus();
  await b.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expectNothingCovered(b, '10 seconds left', '#lock-in');
  await expectWide(b, '10 seconds left', '.side-bar');
  await shot(b, 'notice-warning-phone-orders');

  await advanceRoomClock(await roomIdOf(a), deadline - Date.now() + 1000);
  for (const [p, name] of [
    [a, 'laptop'],
    [b, 'phone'],
  ] as const) {
    await expect(p.locator('#toasts .toast', { hasText: 'Time ran out' })).toBeVisible();
    await shot(p, `notice-time-out-${name}`);
  }
  for (const p of [a, b]) await expectNothingCovered(p, 'Time ran out', '#flip-board');
  await expectWide(b, 'Time ran out', '.board-host');
});

test('in the draft, the warning and the time-out notice cover no card, button or heading, on a laptop and on a phone', async ({
  browser,
}) => {
  const m = await seatBoth(browser, ['Sol', 'Tam'], { aViewport: LAPTOP, bViewport: PHONE });
  ctxs = m.ctxs;
  const { a, b } = m;
  await expect(a.locator('#draft-screen')).toBeVisible();
  // Whoever picks first is warned, then told the first card was picked for them; then the other one's pick.
  const first = (await a.locator('#turn.you').isVisible()) ? a : b;
  for (const p of [first, first === a ? b : a]) {
    await expect(p.locator('#turn')).toHaveText('Your pick');
    const deadline = await pageSecondsLeft(p, 10);
    await expectNothingCovered(p, '10 seconds left', '#pick-bar');
    if (p === b) await expectWide(b, '10 seconds left', '.draft-head .notice-slot');
    await shot(p, `notice-draft-warning-${p === a ? 'laptop' : 'phone'}`);
    await advanceRoomClock(await roomIdOf(p), deadline - Date.now() + 1000);
    await expectNothingCovered(p, 'Time ran out', '#draft-screen');
    if (p === b) await expectWide(b, 'Time ran out', '.draft-head .notice-slot');
    await shot(p, `notice-draft-time-out-${p === a ? 'laptop' : 'phone'}`);
  }
});

test('with no lock-in bar (a prompt window), a notice on a phone scrolled to its panel covers no button', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Uma', 'Vik'], { bViewport: PHONE });
  ctxs = m.ctxs;
  const { b } = m;
  // Vik launches a squadron: the fighter phase asks Vik where it goes, and the lock-in bar is gone.
  await toFighterPrompt(m);
  await expect(b.locator('#lock-in')).toHaveCount(0);
  // Scrolled down the side panel, its last button at the foot of the screen, the board out of view.
  const last = b.locator('.side button:visible').last();
  await last.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await pageSecondsLeft(b, 10);
  await expect(b.locator('#toasts .toast', { hasText: '10 seconds left' })).toBeVisible();
  await shot(b, 'notice-warning-phone-prompt');
  await expectNothingCovered(b, '10 seconds left', '.side button:visible >> nth=-1');
  await expectWide(b, '10 seconds left', '.notice-strip');
  await expect(last).toBeInViewport();
  // The notice gone, so is the strip it showed in.
  await expect(b.locator('#toasts .toast')).toHaveCount(0);
  await expect(b.locator('.notice-strip')).toBeHidden();
});
