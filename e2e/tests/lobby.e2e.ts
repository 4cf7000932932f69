import { expect, test } from '@playwright/test';
import { boardProblems } from './board-view.js';
import { setName, shot } from './helpers.js';

test('the lobby renders on desktop and phone', async ({ page }) => {
  await setName(page, 'Ada');
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Quick match' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create private match' })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Ada');
  await expect(page.locator('#live-list')).toContainText(/No matches|vs/);
  await shot(page, '01-lobby-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '01-lobby-phone');
});

test('quick match shows a waiting indicator and can be cancelled back to the lobby', async ({ page }) => {
  await setName(page, 'Cy');
  await page.goto('/');
  await page.getByRole('button', { name: 'Quick match' }).click();
  await expect(page.getByRole('heading', { name: /Waiting for an opponent/ })).toBeVisible();
  await expect(page.locator('.spinner').first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '03-quick-waiting-phone');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Quick match' })).toBeEnabled();
  await expect(page).toHaveURL(/#\/$/);
});

test('the demo round animates and the replay viewer steps by event and round', async ({ page }) => {
  await page.goto('/#/demo');
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await expect(page.locator('#replay-pos')).toContainText('event 0/');
  await shot(page, '02-replay-demo-start');
  await page.getByRole('button', { name: 'Next event' }).click();
  await expect(page.locator('#replay-pos')).toContainText('event 1/');
  await page.getByRole('button', { name: 'Next round' }).click();
  await expect(page.locator('#replay-pos')).toContainText(/event (\d+)\/\1/);
  // Mid-animation: the caption names the event being played.
  await expect(page.locator('#caption')).not.toBeEmpty();
  await shot(page, '02-replay-demo-animating');
  await page.locator('body').press('.'); // the skip key (the Skip button is clicked in the other replay test)
  await expect(page.locator('#log')).toContainText('The initiative token passes to Orion');
  await shot(page, '02-replay-demo-end');
  await expect.poll(() => boardProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Previous event' }).click();
  await expect(page.locator('#replay-pos')).not.toContainText(/event (\d+)\/\1/);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '02-replay-demo-phone');
  await expect.poll(() => boardProblems(page)).toEqual([]);
});
