// Accessibility and screens: axe-core finds no serious or critical violation on the lobby, the learn page,
// a replay and a live match; the whole commitment is made from the keyboard alone, with a visible focus ring; the
// event log is text a screen reader reads; a 390×844 phone plays a whole round (screenshots looked at).
import { expect, test, type BrowserContext } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { serious } from './axe.js';
import { setName, shot } from './helpers.js';
import { startMatch } from './match-setup.js';

const ctxs: BrowserContext[] = [];
test.afterAll(async () => {
  for (const c of ctxs.splice(0)) await c.close();
});

test('axe: the lobby, the learn page and a replay have no serious violations', async ({ page }) => {
  await setName(page, 'Axe');
  await page.goto('/');
  await expect(page.locator('#quick-match')).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto('/#/learn');
  await expect(page.locator('#glossary')).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto('/#/demo');
  await expect(page.locator('#replay-pos')).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto('/#/tutorial');
  await expect(page.locator('#lesson')).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test('a match: axe clean, the commitment from the keyboard alone with a visible focus, the log as text, a phone plays a round', async ({
  browser,
}) => {
  const m = await startMatch(browser, ['Key', 'Pho'], { bViewport: { width: 390, height: 844 } });
  ctxs.push(...m.ctxs);
  const { a, b } = m;
  expect(await serious(a)).toEqual([]);
  expect(await serious(b)).toEqual([]);

  // Keyboard alone: Tab to the engine wheel's N, Enter; Tab to Fire Main, Space; Tab to Lock in, Enter.
  const focusOn = async (name: RegExp) => {
    for (let i = 0; i < 80; i++) {
      const label = await a.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );
      if (name.test(label)) return;
      await a.keyboard.press('Tab');
    }
    throw new Error(`no focusable control named ${name}`);
  };
  await focusOn(/^Engine N \(/);
  const ring = await a.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth) };
  });
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await a.keyboard.press('Enter');
  await expect(a.locator('button[data-engine="N"]')).toHaveAttribute('aria-pressed', 'true');
  await focusOn(/^Fire Main/);
  await a.keyboard.press('Space');
  await expect(a.locator('button.cc[data-card="fire-main"]')).toHaveAttribute('aria-pressed', 'true');
  // The focus stays on the card just chosen (the panel rebuilds itself), with its ring.
  await expect(a.locator('button.cc[data-card="fire-main"]')).toBeFocused();
  await shot(a, '70-keyboard-focus');
  await focusOn(/^Lock in/);
  await a.keyboard.press('Enter');
  await expect(a.locator('#revise')).toBeVisible();

  // The phone plays its side of the round.
  await shot(b, '71-phone-commit');
  await b.locator('body').press('4');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  await shot(b, '72-phone-round2');
  await shot(a, '73-desktop-round2');
  // The log is text in a live region a screen reader reads.
  const log = b.getByRole('log', { name: 'Match log' });
  await expect(log).toContainText('Round 1 begins');
  await expect(log).toContainText('Commitments revealed');
  expect(await serious(a)).toEqual([]);
});
