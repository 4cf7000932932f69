// axe-core's serious and critical violations on the page as it is now, one line each (none: an empty list).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function serious(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
