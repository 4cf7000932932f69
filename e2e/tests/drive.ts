// Generic drivers: make whatever move the screen asks for (draft picks, decisions), so tests read as the flow.
import type { Page } from '@playwright/test';

async function visible(page: Page, sel: string): Promise<boolean> {
  return page
    .locator(sel)
    .first()
    .isVisible()
    .catch(() => false);
}

/** One draft action if this page is to move; returns true when it did something. */
export async function draftStep(page: Page): Promise<boolean> {
  if (!(await visible(page, '#draft-screen'))) return false;
  if (await visible(page, '#draft-wait')) return false;
  if (await visible(page, '#skip-swap')) {
    await page.click('#skip-swap');
    return true;
  }
  if (await visible(page, '#confirm-munitions')) {
    for (let i = 0; i < 12 && (await page.locator('#confirm-munitions').isDisabled()); i++) {
      await page.getByRole('button', { name: `More munitions on squadron ${(i % 3) + 1}` }).click();
    }
    await page.click('#confirm-munitions');
    return true;
  }
  const sections = page.locator('#draft-screen .cards');
  const n = await sections.count();
  if (n === 0) return false;
  if (n === 1 && (await visible(page, '#confirm-squadrons'))) {
    // The suggested trio (issue 12) is taken as it is.
    if (await page.locator('#confirm-squadrons').isEnabled()) {
      await page.click('#confirm-squadrons');
      return true;
    }
    const first = sections.first().locator('.gcard').first();
    for (let i = 0; i < 3; i++) await first.click();
    await page.click('#confirm-squadrons');
    return true;
  }
  // A pick is selected (or suggested), then confirmed (issue 12).
  if (!(await page.locator('#confirm-pick').isEnabled()))
    await sections.first().locator('.gcard:enabled').first().click();
  await page.click('#confirm-pick');
  return true;
}

/** Answer an open decision with the first legal choice (or pass in the fighter phase). */
export async function decide(page: Page): Promise<boolean> {
  if (!(await visible(page, '#decision-panel'))) return false;
  if (await visible(page, '#fighter-pass')) {
    await page.click('#fighter-pass');
    return true;
  }
  const opt = page.locator('#decision-panel .options button').first();
  if (await opt.isVisible().catch(() => false)) {
    await opt.click();
    return true;
  }
  return false;
}

/** Keep both players moving until `done` holds for every page. */
export async function driveUntil(
  pages: Page[],
  done: (p: Page) => Promise<boolean>,
  timeoutMs = 150_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  let nextLog = Date.now() + 10_000;
  while (Date.now() < end) {
    if (process.env.E2E_DEBUG && Date.now() > nextLog) {
      nextLog = Date.now() + 10_000;
      for (const p of pages) {
        const t = await Promise.race([
          p.evaluate(() => document.querySelector('main')?.textContent?.slice(0, 160)),
          p.waitForTimeout(3000).then(() => 'HUNG'),
        ]);
        console.log('[drive]', t);
      }
    }
    let all = true;
    for (const p of pages) {
      if (await done(p)) continue;
      all = false;
      const t0 = Date.now();
      const did = await draftStep(p).catch(
        (e: Error) => (console.log('[drive] draftStep failed', e.message.split('\n')[0]), false),
      );
      await decide(p).catch((e: Error) => console.log('[drive] decide failed', e.message.split('\n')[0]));
      if (process.env.E2E_DEBUG && Date.now() - t0 > 1500) console.log('[drive] slow step', Date.now() - t0, did);
    }
    if (all) return;
    await pages[0]!.waitForTimeout(200);
  }
  throw new Error('driveUntil: timed out');
}

/**
 * In the commitment window of `round`. Checks visibility first and reads the heading with a short timeout: a bare
 * textContent() on a missing element waits the whole actionTimeout (8 s), which made every drive-loop pass slow.
 */
export const inCommit = (round: number) => async (p: Page) => {
  if (
    !(await p
      .locator('#commit-panel')
      .isVisible()
      .catch(() => false))
  )
    return false;
  const h = await p
    .locator('#commit-panel h3')
    .first()
    .textContent({ timeout: 500 })
    .catch(() => '');
  return h?.includes(`Round ${round} `) === true;
};
