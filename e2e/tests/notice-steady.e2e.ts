// A notice in the draft or the faction choice (the ten-second warning, what a time-out did) moves nothing: the cards
// and the Confirm pick button stay where they were while it shows and after it goes, on a 390×844 phone and a 1366×768
// laptop, so that no card moves under a finger as it taps. The notice shows whole, inside the viewport, over none of
// them. On the phone, while no notice shows, the heading's strip kept for them says what the step's clock does; a
// notice takes its place. A faction chosen keeps its whole box. The room's clock is driven; the page's clock is
// stopped ten seconds before its timer runs out.
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

/**
 * The boxes of the controls that must stay still (in the draft the first card and Confirm pick), the notice's (null:
 * none shows), the heading strip's hint about the clock (null: not visible) and its text, and the viewport's size.
 */
interface Layout {
  controls: Box[];
  notice: Box | null;
  hint: Box | null;
  hintText: string;
  viewport: { width: number; height: number };
}

const DRAFT = ['#draft-screen .draft-main .gcard', '#confirm-pick'];
const FACTIONS = ['#factions-screen .faction', '#factions-screen .faction:last-child'];

/**
 * The layout at the first moment that `controls` are all laid out and the notice saying `notice` shows (null: no
 * notice shows), all measured in that one moment: a notice showing for seconds is not measured after it went.
 */
async function layout(page: Page, notice: string | null, controls = DRAFT): Promise<Layout> {
  const handle = await page.waitForFunction(
    ({ text, controls }) => {
      const box = (el: Element | null | undefined): Box | null => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const toasts = [...document.querySelectorAll('#toasts .toast')];
      const shown = toasts.find((t) => text !== null && t.textContent?.includes(text));
      const boxes = controls.map((c) => box(document.querySelector(c)));
      if (boxes.some((b) => !b) || (text === null ? toasts.length : !shown)) return null;
      const hint = document.querySelector('.draft-head .notice-slot .clock-hint');
      return {
        controls: boxes,
        notice: box(shown),
        hint: hint?.checkVisibility({ visibilityProperty: true }) ? box(hint) : null,
        hintText: hint?.textContent ?? '',
        viewport: { width: innerWidth, height: innerHeight },
      };
    },
    { text: notice, controls },
  );
  return (await handle.jsonValue()) as Layout;
}

const meets = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** `b` shows, whole, inside the viewport. */
function expectInView(b: Box, viewport: Layout['viewport']): void {
  expect(b.width * b.height).toBeGreaterThan(0);
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(viewport.width);
  expect(b.y + b.height).toBeLessThanOrEqual(viewport.height);
}

/**
 * The controls where they were without the notice; the notice whole in the viewport, over none of them; the hint about
 * the clock out of sight while the notice shows.
 */
function expectSteady(without: Layout, shown: Layout): void {
  expect(shown.controls).toEqual(without.controls);
  const n = shown.notice;
  if (!n) throw new Error('expectSteady: no notice showed');
  expectInView(n, shown.viewport);
  for (const c of shown.controls) expect(meets(n, c)).toBe(false);
  expect(shown.hint).toBeNull();
}

/** The draft's timer setting, as the page received it with the room's settings. */
const draftSeconds = (p: Page) =>
  p.evaluate(
    () =>
      (window as unknown as { __session: { state: { settings: { draftSeconds: number } } } }).__session.state.settings
        .draftSeconds,
  );

/**
 * With no notice, the hint `text` about the step's clock, where the heading keeps a strip for notices (`kept`), shown
 * whole in it, in the viewport; none where the notices show in the heading's row (the draft on a laptop).
 */
function expectHint(none: Layout, kept: boolean, text: string): void {
  if (!kept) {
    expect(none.hint).toBeNull();
    return;
  }
  if (!none.hint) throw new Error(`expectHint: no hint shows (its text: "${none.hintText}")`);
  expectInView(none.hint, none.viewport);
  expect(none.hintText).toBe(text);
}

/**
 * `p`'s pick: its warning, then its time-out; `other` picks at once, so that `p` picks again while the time-out's
 * notice shows. `p` then picks, and the turn is `other`'s.
 */
async function noticesMoveNothing(p: Page, other: Page, name: string): Promise<void> {
  await expect(p.locator('#turn')).toHaveText('Your pick');
  const before = await layout(p, null);
  await shot(p, `notice-steady-none-${name}`);
  const hint = `Each pick has ${await draftSeconds(p)} s. When time runs out, the first card on offer is picked for you.`;
  expectHint(before, name === 'phone', hint);
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
  const after = await layout(p, null);
  expectSteady(after, timedOut);
  expectHint(after, name === 'phone', hint);
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

test('in the faction choice, neither the warning nor the choice moves a faction; the strip says what the clock does', async ({
  browser,
}) => {
  const m = await seatBoth(browser, ['Yul', 'Zed'], { aViewport: LAPTOP, bViewport: PHONE, chooseFactions: false });
  ctxs = m.ctxs;
  const hint = 'Choose before the clock runs out: when it does, a faction is chosen for you.';
  for (const [p, name] of [
    [m.b, 'phone'],
    [m.a, 'laptop'],
  ] as const) {
    const before = await layout(p, null, FACTIONS);
    await shot(p, `notice-steady-factions-none-${name}`);
    // The faction choice's narrow column leaves no room for a notice in its heading's row, on a laptop either.
    expectHint(before, true, hint);
    await pageSecondsLeft(p, 10);
    const warned = await layout(p, '10 seconds left', FACTIONS);
    await shot(p, `notice-steady-factions-warning-${name}`);
    expectSteady(before, warned);
    // The phone chooses (the laptop's choice would end the faction choice): the warning goes and the line says the
    // choice is sealed, in the same strip.
    if (name === 'laptop') continue;
    const chosen = await choose(p, before, name);
    expectHint(chosen, true, 'Your choice is sealed: your opponent sees it when both have chosen.');
  }
});

/**
 * `p` chooses Lamais: both factions keep their whole boxes (the chosen one is marked without taking room), so nothing
 * moves under the finger that chose. The layout once the choice shows.
 */
async function choose(p: Page, before: Layout, name: string): Promise<Layout> {
  await p.click('#faction-lamais');
  await expect(p.locator('#faction-lamais')).toHaveAttribute('aria-pressed', 'true');
  const chosen = await layout(p, null, FACTIONS);
  await shot(p, `notice-steady-factions-chosen-${name}`);
  expect(chosen.controls).toEqual(before.controls);
  return chosen;
}

test('on a laptop, the chosen faction keeps its box and moves no other', async ({ browser }) => {
  const m = await seatBoth(browser, ['Abe', 'Bea'], { aViewport: LAPTOP, bViewport: PHONE, chooseFactions: false });
  ctxs = m.ctxs;
  await choose(m.a, await layout(m.a, null, FACTIONS), 'laptop');
});
