// Issue 14 in the browser: the client works under the server's Content-Security-Policy (no violation while the
// lobby, the board and its animation run: PixiJS' workers and blob URLs included).
import { expect, type Page, test } from '@playwright/test';
import { boardProblems } from './board-view.js';
import { shot } from './helpers.js';

/** Collects every CSP violation the page reports (the event fires for blocked scripts, workers, styles, sockets). */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  return seen;
}

test('the client renders under the CSP: lobby, board, animation', async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: 'Quick match' })).toBeVisible();
  await page.goto('/#/demo');
  await expect(page.locator('canvas.board-canvas')).toBeVisible();
  await page.getByRole('button', { name: 'Next round' }).click();
  await page.locator('body').press('.');
  await expect.poll(() => boardProblems(page)).toEqual([]);
  await shot(page, '14-csp-demo');
  expect(violations).toEqual([]);
});
