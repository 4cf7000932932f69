import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Save a full-page screenshot of the current screen into e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

export async function setName(page: Page, name: string): Promise<void> {
  await page.addInitScript((n) => localStorage.setItem('star-eater.name', n), name);
}

/** Click a button only if it is there and enabled right now (a bare click on a disabled one waits the action timeout). */
export async function clickIfEnabled(page: Page, sel: string): Promise<boolean> {
  const l = page.locator(sel).first();
  if (!(await l.isVisible().catch(() => false)) || !(await l.isEnabled().catch(() => false))) return false;
  await l.click();
  return true;
}

/**
 * Whether both warships' cores are on the canvas and not covered by anything (checked with elementFromPoint at the
 * core's pixel centre): the board is the top element there.
 */
export async function warshipsInView(page: Page): Promise<boolean[]> {
  return page.evaluate(() => {
    const mv = (window as unknown as { __board?: { view: { pagePoint(h: unknown): { x: number; y: number } | null }; board: { model: { ships: { core: unknown }[] } } } }).__board;
    if (!mv) return [];
    return mv.board.model.ships.map((s) => {
      const p = mv.view.pagePoint(s.core);
      if (!p) return false;
      const el = document.elementFromPoint(p.x, p.y);
      return !!el && el.classList.contains('board-canvas');
    });
  });
}
