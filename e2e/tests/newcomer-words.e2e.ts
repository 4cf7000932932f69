// What a newcomer reads, at 1280×800 and on a 390×844 phone: the tutorial's player "You" is spoken to in the second
// person ("You hold the initiative", never "You holds" or "You's"); the lobby's timer choice says it sets practice and
// private matches; a spectator at the faction choice is addressed as one, not told to choose.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { setName, shot } from './helpers.js';
import { player, startMatch } from './match-setup.js';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Whether an element's text fits its box (nothing cut off or run past the edge). */
const fits = (p: Page, sel: string) =>
  p
    .locator(sel)
    .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= innerWidth);

for (const { name, viewport } of SIZES) {
  test(`${name}: the tutorial speaks to "You" in the second person`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await setName(page, 'Rookie');
    await page.goto('/#/tutorial');
    await expect(page.locator('#lesson-title')).toHaveText('1 · Orders');
    await page.locator('body').press('1');
    await page.click('#lock-in');
    const log = page.locator('#log');
    await expect(log).toContainText('You hold the initiative.');
    await expect(log).not.toContainText('You holds');
    await expect(log).not.toContainText("You's");
    await shot(page, `words-tutorial-${name}`);
    await ctx.close();
  });

  test(`${name}: the lobby's timer choice names practice and private matches`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await setName(page, 'Rookie');
    await page.goto('/');
    const legend = page.locator('#preset-picker legend');
    await expect(legend).toHaveText('Timers for practice and private matches (quick matches play Standard)');
    expect(await fits(page, '#preset-picker legend')).toBe(true);
    await legend.scrollIntoViewIfNeeded();
    await shot(page, `words-lobby-timers-${name}`);
    await ctx.close();
  });
}

test('a spectator at the faction choice is told the players are choosing, with no "Choose your faction"', async ({
  browser,
}) => {
  const ctxs: BrowserContext[] = [];
  const a = await player(browser, 'Ode', ctxs);
  const b = await player(browser, 'Pia', ctxs);
  const c = await player(browser, 'Quin', ctxs, { viewport: { width: 390, height: 844 } });
  await a.goto('/');
  await a.click('#create-private');
  await expect(a.locator('#invite-link')).toHaveValue(/\?invite=/);
  const link = await a.locator('#invite-link').inputValue();
  await b.goto(link);
  await expect(a.locator('#factions-screen')).toBeVisible();
  await c.goto(link);
  await expect(c.locator('#spectating')).toContainText('Spectating');
  await expect(c.locator('#factions-screen')).toBeVisible();
  await expect(c.locator('#factions-screen')).not.toContainText('Choose your faction');
  await expect(c.locator('.turn-pill')).toHaveText('Both players choose a faction');
  await expect(c.locator('#factions-lead')).toContainText('You are watching');
  // No clock decides anything for a spectator: no line about it, and no empty strip kept for its notices.
  await expect(c.locator('.clock-hint')).toHaveCount(0);
  await expect(c.locator('.notice-slot.reserved')).toHaveCount(0);
  await shot(c, 'words-spectator-factions-phone');
  // The players are still asked.
  await expect(a.locator('.turn-pill')).toHaveText('Choose your faction');
  for (const x of ctxs) await x.close();
});

/** Elements among `sel` whose text is cut off (clipped, or run past their box). */
const cutOff = (p: Page, sel: string) =>
  p
    .locator(sel)
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent),
    );

test('1280×800: whose turn and every card reason are read whole, and the panel still fits', async ({ browser }) => {
  const m = await startMatch(browser, ['Uma', 'Vik'], { bViewport: { width: 1280, height: 800 } });
  const { a, b } = m;
  await a.setViewportSize({ width: 1280, height: 800 });
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await expect(b.locator('#whose-turn .wt-text')).toHaveText('Your orders: the opponent is locked in');
  for (const p of [a, b]) {
    expect(await cutOff(p, '#whose-turn .wt-text, .cc .why, .cc .note')).toEqual([]);
    // The side panel fits the screen: Lock in (or Revise) in view without scrolling.
    await expect(p.locator('#lock-in, #revise').first()).toBeInViewport();
  }
  await shot(b, 'words-1280x800-orders');
  for (const c of m.ctxs) await c.close();
});
