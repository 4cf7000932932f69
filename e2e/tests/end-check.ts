// The end screen checked against the match's record (read through the API the page's "Download record" uses, re-run
// by the engine): the ship cards show the final position (a destroyed warship reads structure 0 and "destroyed"), the
// summary's damage, hits and structure are the record's, and nothing shows over or through the end bar.
import { expect, type Page } from '@playwright/test';
import { replayJson, type MatchState } from '../../packages/engine/src/index.js';

interface Counted {
  dealt: [number, number];
  taken: [number, number];
  hits: [number, number];
  final: MatchState;
}

/** The record of the match this page shows the end of, counted from the engine's replay of it. */
async function counted(page: Page): Promise<Counted> {
  const id = await page.locator('#download-record').getAttribute('data-record');
  if (!id) throw new Error('the end screen names no record');
  const res = await page.request.get(`/api/records/${encodeURIComponent(id)}`);
  expect(res.ok(), `GET /api/records/${id}`).toBe(true);
  const r = replayJson(await res.json());
  if (!r.ok) throw new Error(`the record does not replay: ${r.error.path}: ${r.error.message}`);
  const c: Counted = { dealt: [0, 0], taken: [0, 0], hits: [0, 0], final: r.value.state };
  // A hit: an attack roll that hit, a beam stopped by the other warship, a projectile or torpedo that damaged it.
  const tokens = new Set<string>();
  for (const e of r.value.rounds.flat()) {
    if (e.type === 'damage') {
      c.taken[e.seat] += e.amount;
      const by = e.source.seat;
      if (by === null || by === e.seat) continue;
      c.dealt[by] += e.amount;
      if (e.source.by.startsWith('token:')) tokens.add(`${by} ${e.source.by}`);
    } else if (e.type === 'attack' && e.source.seat !== null && e.detail.hit) c.hits[e.source.seat] += 1;
    else if (e.type === 'beam' && e.source.seat !== null && e.stoppedAt && e.stoppedAt.seat !== e.source.seat)
      c.hits[e.source.seat] += 1;
  }
  for (const t of tokens) c.hits[Number(t[0]) as 0 | 1] += 1;
  return c;
}

/** A summary row's two numbers (seat 0's column, then seat 1's). */
async function summaryRow(page: Page, label: string): Promise<string[]> {
  const row = page
    .locator('#match-summary tr')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.locator('td').allInnerTexts();
}

/** Visible elements (not the bar's own, nor its containers) whose box overlaps the end bar's: none expected. */
async function overEndBar(page: Page): Promise<string[]> {
  // Two frames drawn since the last change (a resize): the layout's observers (placeControls) have run.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const bar = document.getElementById('end-overlay');
    if (!bar) return ['no end bar'];
    const b = bar.getBoundingClientRect();
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      if (bar.contains(el) || el.contains(bar)) continue;
      const st = getComputedStyle(el);
      if (st.display === 'none' || st.visibility === 'hidden' || Number(st.opacity) === 0) continue;
      // The part of it that shows: clipped by every scrolling or clipping box it sits in (a log line scrolled away).
      const r = el.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflow === 'visible') continue;
        const q = p.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, q.left),
          Math.max(top, q.top),
          Math.min(right, q.right),
          Math.min(bottom, q.bottom),
        ];
      }
      const w = Math.min(right, b.right) - Math.max(left, b.left);
      const hgt = Math.min(bottom, b.bottom) - Math.max(top, b.top);
      if (w > 1 && hgt > 1)
        out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
    }
    return out;
  });
}

/** The element's text is on one line (one row of line boxes) and not cut short by an ellipsis. */
function wholeOnOneLine(el: Element): boolean {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return tops.size === 1 && el.scrollWidth <= el.clientWidth;
}

/** The end screen of a match whose end is shown on `page` (seat 0's column first in the summary). */
export async function checkEndScreen(page: Page): Promise<void> {
  await expect(page.locator('#end-screen')).toBeVisible();
  // On a phone the summary starts closed (the board stays in view): a player opens it.
  if (!(await page.locator('#summary-box').evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.locator('#summary-box > summary').click();
  await expect(page.locator('#match-summary')).toBeVisible();
  const c = await counted(page);
  expect(await summaryRow(page, 'Damage dealt')).toEqual(c.dealt.map(String));
  expect(await summaryRow(page, 'Damage taken')).toEqual(c.taken.map(String));
  expect(await summaryRow(page, 'Hits')).toEqual(c.hits.map(String));
  const left = await summaryRow(page, 'Structure left');
  for (const seat of [0, 1] as const) {
    const ship = c.final.ships[seat];
    const card = page.locator(`#ship-cards .shipcard[data-seat="${seat}"]`);
    await expect(card.locator('.structure')).toHaveText(new RegExp(`^${ship.structure}/\\d+$`));
    expect(left[seat]).toMatch(new RegExp(`^${ship.structure}/\\d+$`));
    // RULES §3: structure 0 destroys the ship; its card says so.
    await expect(card.locator('.destroyed')).toHaveCount(ship.structure <= 0 ? 1 : 0);
  }
  // Each name shows whole on one line: the tags after it (initiative, destroyed) wrap under it, never the name.
  const names = page.locator('#ship-cards .shipcard .who .name');
  await expect(names).toHaveCount(2);
  for (const name of await names.all())
    expect(await name.evaluate(wholeOnOneLine), `the name "${await name.textContent()}"`).toBe(true);
  // A match decided by destruction: the destroyed warship took at least its structure in damage (never all zeros).
  if (c.final.endReason === 'destroyed')
    expect(c.final.ships.some((w, s) => w.structure <= 0 && c.taken[s]! > 0)).toBe(true);
  expect(await overEndBar(page)).toEqual([]);
}
