// Leaving a screen while its board is still being made (Pixi loads its renderer on first use): the next screen shows,
// nothing throws, and the board, once ready, is let go instead of being drawn into a screen that is gone. A replay
// opened from the end screen and left at once used to strand the page on a blank screen (Pixi cannot destroy an
// application whose init has not finished, and the router stopped at that error).
import { expect, type Page, type Route, test } from '@playwright/test';

// Pixi's browser environment, which its Application.init loads on demand (the renderers themselves are preloaded).
const RENDERER = /\/assets\/browserAll-[\w-]+\.js$/;

/** Holds the module Pixi's init waits for until `release`; `held` settles when the page has asked for it. */
async function holdRenderer(page: Page): Promise<{ held: Promise<void>; release: () => void }> {
  let seen!: () => void;
  const held = new Promise<void>((r) => (seen = r));
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(RENDERER, async (route: Route) => {
    seen();
    await released;
    await route.continue();
  });
  return { held, release };
}

test('a replay left while its board is being made: the lobby shows, nothing throws, the replay opens again', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const { held, release } = await holdRenderer(page);
  await page.goto('/#/demo');
  await held;
  await expect(page.locator('.board-wrap')).toHaveCount(1);
  // Back to the lobby while the board waits for its renderer.
  await page.click('a.logo');
  await expect(page.locator('#quick-match')).toBeVisible();
  expect(errors).toEqual([]);
  const served = page.waitForResponse(RENDERER);
  release();
  await served;
  // The replay comes back whole: one board, drawn, stepping; the board left behind never reached the page.
  await page.goBack();
  await expect(page.locator('canvas.board-canvas')).toHaveCount(1);
  await expect(page.locator('#replay-pos')).toContainText('event 0/');
  await page.click('#replay-next');
  await expect(page.locator('#replay-pos')).toContainText('event 1/');
  await page.click('a.logo');
  await expect(page.locator('#quick-match')).toBeVisible();
  await expect(page.locator('canvas.board-canvas')).toHaveCount(0);
  await expect(page.locator('.toast')).toHaveCount(0);
  expect(errors).toEqual([]);
});
