// The commit receipts above the log show whole, never cut: each hash in a short form (its first characters, no "…"),
// and in full, wrapped, on a click or a tap (a phone has no hover for a title). On a 1280×800 laptop, whose log card
// is at its smallest in the commitment window, and on a 390×844 phone.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { startMatch } from './match-setup.js';

let ctxs: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of ctxs) await c.close();
  ctxs = [];
});

/** What of the receipts runs past the log card's edges (which clip it), or is cut short with "…" (none: shown whole). */
function cut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.getElementById('receipts')!;
    const card = box.closest('.log-card')!.getBoundingClientRect();
    const out: string[] = [];
    if (box.textContent?.includes('…')) out.push(`cut short: "${box.textContent}"`);
    if (box.scrollWidth > box.clientWidth) out.push(`overflows: ${box.scrollWidth} > ${box.clientWidth}`);
    // The card clips what does not fit (it never scrolls: its log scrolls inside it).
    if (box.closest('.log-card')!.scrollTop) out.push('the log card is scrolled');
    for (const el of box.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > card.right + 0.5 || r.left < card.left - 0.5 || r.bottom > card.bottom + 0.5))
        out.push(`past the card: "${el.textContent}"`);
    }
    return out;
  });
}

/** Seat 0's receipt, shown whole on this page: the short form, then the full hash on a click, inside the screen. */
async function expectWhole(p: Page, name: string): Promise<void> {
  const hash = p.locator('#receipt-0 [data-hash]');
  await expect(hash).toHaveAttribute('data-hash', /^[0-9a-f]{64}$/);
  const full = (await hash.getAttribute('data-hash'))!;
  await p.evaluate(() => document.getElementById('receipts')!.closest('.log-card')!.scrollIntoView());
  expect(await cut(p)).toEqual([]);
  await shot(p, `receipts-short-${name}`);
  await hash.click();
  const shown = p.locator('#tip');
  await expect(shown).toContainText(full);
  await expect(shown).toBeInViewport({ ratio: 1 });
  expect(await shown.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
  await shot(p, `receipts-full-${name}`);
}

test('the receipts line shows whole, the full hash on a click, on a laptop and on a phone', async ({ browser }) => {
  const m = await startMatch(browser, ['Ula', 'Vic'], {
    aViewport: { width: 1280, height: 800 },
    bViewport: { width: 390, height: 844 },
  });
  ctxs = m.ctxs;
  const { a, b } = m;
  await a.locator('body').press('0');
  await a.click('#lock-in');
  await expectWhole(a, 'laptop');
  await expectWhole(b, 'phone');
  // Round 2's commitment window: the hashes wait for the lock-ins, the verdict on round 1 shows under them, whole.
  await b.locator('body').press('0');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  for (const [p, name] of [
    [a, 'laptop'],
    [b, 'phone'],
  ] as const) {
    await expect(p.locator('#receipts-verdict[data-round="1"]')).toBeVisible();
    // A phone's page scrolls to the log (its card, taller there, has no scroll of its own to move).
    await p.evaluate(() => document.getElementById('receipts')!.closest('.log-card')!.scrollIntoView());
    expect(await cut(p)).toEqual([]);
    await shot(p, `receipts-verdict-${name}`);
  }
});
