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
