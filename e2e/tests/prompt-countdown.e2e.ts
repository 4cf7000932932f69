// A prompt's two countdowns, the decision panel's ("Your decision … 30s") and the whose-turn line's, read the one timer
// (RULES §7 timers): they show the same seconds at every moment, on a phone where both are on screen together. So do
// the lock-in bar's countdown and the whose-turn line in a commitment window. Every
// change of either is recorded in the page as it happens (a MutationObserver sees the page between two tasks, as a
// paint may), while the page's clock is moved across the timer; the room's clock is driven as the test needs.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { shot } from './helpers.js';
import { startMatch, toFighterPrompt } from './match-setup.js';
import { pageSecondsLeft } from './room-clock.js';

const PHONE = { width: 390, height: 844 };
let ctxs: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of ctxs) await c.close();
  ctxs = [];
});

const PANEL = '#prompt-countdown';
const LINE = '#whose-turn-clock';
const BAR = '#countdown';

/** From now on, the page keeps every pair of two countdowns' texts that showed after a change of either. */
function recordClocks(page: Page, first: string, second: string): Promise<void> {
  return page.evaluate(
    ([panel, line]) => {
      const w = window as unknown as { __clocks: string[][] };
      w.__clocks = [];
      const read = () => [panel, line].map((s) => document.querySelector(s)?.textContent ?? '');
      const seen = new MutationObserver(() => w.__clocks.push(read()));
      for (const s of [panel, line]) {
        seen.observe(document.querySelector(s)!, { childList: true, characterData: true, subtree: true });
      }
    },
    [first, second] as const,
  );
}

/** The page's clock is moved to each count in `lefts`: it shows in `clock` and in the whose-turn line. */
async function bothShow(page: Page, clock: string, lefts: number[]): Promise<void> {
  for (const left of lefts) {
    await pageSecondsLeft(page, left);
    await expect(page.locator(clock)).toHaveText(`${left}s`);
    await expect(page.locator(LINE)).toHaveText(`${left}s`);
  }
}

/** Every pair recordClocks kept (at least one) showed the same text in both places. */
async function expectNeverApart(page: Page): Promise<void> {
  const seen = await page.evaluate(() => (window as unknown as { __clocks: string[][] }).__clocks);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter(([first, second]) => first !== second)).toEqual([]);
}

test('a fighter prompt on a phone: the decision panel and the whose-turn line count down the same seconds', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Ora', 'Pim'], { bViewport: PHONE });
  ctxs = m.ctxs;
  const { b } = m;
  // Pim launches a squadron: the fighter phase asks Pim.
  await toFighterPrompt(m);
  await expect(b.locator(PANEL)).toHaveText(/^\d+s$/);
  await recordClocks(b, PANEL, LINE);
  // The page's clock moved across the timer: each count shows, in both places at once.
  await bothShow(b, PANEL, [20, 10, 4]);
  await expect(b.locator(PANEL)).toBeInViewport();
  await expect(b.locator(LINE)).toBeInViewport();
  await shot(b, 'prompt-countdown-phone');
  await expectNeverApart(b);
});

test("the commitment window: the lock-in bar's countdown and the whose-turn line show the same seconds", async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Quin', 'Rho']);
  ctxs = m.ctxs;
  const { a } = m;
  await expect(a.locator(BAR)).toHaveText(/^\d+s$/);
  await recordClocks(a, BAR, LINE);
  await bothShow(a, BAR, [25, 10, 3]);
  // Locked in, the line waits for the opponent: the bar still counts the same seconds.
  await a.click('#lock-in');
  await bothShow(a, BAR, [2]);
  await shot(a, 'prompt-countdown-lock-in-bar');
  await expectNeverApart(a);
});
