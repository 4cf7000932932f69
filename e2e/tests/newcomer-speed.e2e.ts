// From the lobby to the first board for two newcomers who follow the defaults — Quick match, the first
// faction, then each step's suggested choice confirmed. The test counts the clicks each needs (a bound that can fail);
// the time it took is printed as a figure (timing belongs to measurements, not to a test's verdict).
import { expect, test, type Page } from '@playwright/test';
import { nextChange } from './drive.js';
import { shot } from './helpers.js';
import { player } from './match-setup.js';

/** One default action if there is one for this page now (the primary or suggested button); true when it clicked. */
async function followDefault(p: Page): Promise<boolean> {
  for (const sel of [
    '#faction-fpa:not([aria-pressed="true"])',
    '#skip-swap',
    '#confirm-pick',
    '#confirm-squadrons',
    '#confirm-munitions',
  ]) {
    const l = p.locator(sel).first();
    if ((await l.isVisible()) && (await l.isEnabled())) {
      if (sel.startsWith('#faction') && (await p.locator('#factions-screen .faction.selected').count())) continue;
      await l.click();
      if (process.env.E2E_DEBUG) console.log('[newcomer-speed] click', sel);
      return true;
    }
  }
  return false;
}

test('two newcomers reach the board from the lobby with the defaults in a handful of clicks', async ({ browser }) => {
  const ctxs: Awaited<ReturnType<Page['context']>>[] = [];
  const a = await player(browser, 'New1', ctxs as never);
  const b = await player(browser, 'New2', ctxs as never);
  await Promise.all([a.goto('/'), b.goto('/')]);
  const t0 = Date.now();
  await a.click('#quick-match');
  await b.click('#quick-match');
  const clicks = [1, 1];
  const board = (p: Page) => p.locator('#commit-panel').isVisible();
  // The test's own timeout bounds the loop; with nothing to click, wait for the next change on either page.
  while (!((await board(a)) && (await board(b)))) {
    let acted = false;
    for (const [k, p] of [a, b].entries())
      if (await followDefault(p)) {
        clicks[k]! += 1;
        acted = true;
      }
    if (!acted) await nextChange([a, b]);
  }
  await expect(a.locator('#commit-panel')).toBeVisible();
  await expect(b.locator('#commit-panel')).toBeVisible();
  const seconds = (Date.now() - t0) / 1000;
  console.log(`[newcomer-speed] lobby → first board: ${seconds.toFixed(1)} s; clicks ${clicks.join(' and ')}`);
  await shot(a, '80-newcomer-first-board');
  // Quick match, a faction, four picks and the squadrons (alternating), the swap, the munitions: ≤ 10 each.
  for (const n of clicks) expect(n).toBeLessThanOrEqual(10);
  for (const c of ctxs) await c.close();
});
