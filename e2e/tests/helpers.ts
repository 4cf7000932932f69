import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Save a full-page screenshot of the current screen into e2e/artifacts/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  // Two frames drawn since the last change: the board's canvas shows what the DOM says.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** The name the page finds remembered, on every page of the game's origin (about:blank has no storage to set). */
export async function setName(page: Page, name: string): Promise<void> {
  await page.addInitScript((n) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('star-eater.name', n);
  }, name);
}

/** How many lines of text an element's content takes on screen (1: it did not wrap). */
export function textLines(l: Locator): Promise<number> {
  return l.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
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
    const mv = (
      window as unknown as {
        __board?: {
          view: { pagePoint(h: unknown): { x: number; y: number } | null };
          board: { model: { ships: { core: unknown }[] } };
        };
      }
    ).__board;
    if (!mv) return [];
    return mv.board.model.ships.map((s) => {
      const p = mv.view.pagePoint(s.core);
      if (!p) return false;
      const el = document.elementFromPoint(p.x, p.y);
      return !!el && el.classList.contains('board-canvas');
    });
  });
}

interface Probe {
  view: { pagePoint(h: unknown): { x: number; y: number } | null };
  board: { highlights: { at: { q: number; r: number }; kind: string }[] };
}

/** The hexes highlighted on this page's board with the given kind (read from the board state the canvas draws). */
export async function highlighted(page: Page, kind: string): Promise<{ q: number; r: number }[]> {
  return page.evaluate((k) => {
    const mv = (window as unknown as { __board?: Probe }).__board;
    return mv ? mv.board.highlights.filter((x) => x.kind === k).map((x) => x.at) : [];
  }, kind);
}

/**
 * Click a hex on the canvas like a player: its pixel centre comes from the board's own layout (view.pagePoint), and
 * the click goes to the page there, after checking that the canvas is the element on top at that point.
 */
export async function clickHex(page: Page, at: { q: number; r: number }): Promise<void> {
  const locate = (hex: { q: number; r: number }) => {
    const mv = (window as unknown as { __board?: Probe }).__board;
    const pt = mv?.view.pagePoint(hex);
    if (!pt) return null;
    const el = document.elementFromPoint(pt.x, pt.y);
    return el?.classList.contains('board-canvas') ? pt : null;
  };
  // Like a player, wait for the screen to settle: after a resize the board lays itself out on the next frames, and a
  // toast may be fading out over the hex. Checked on every animation frame until it is clickable; the limit is a hang
  // guard (the config's expect timeout), as frames come slowly on a loaded machine.
  const handle = await page.waitForFunction(locate, at, { polling: 'raf', timeout: 15_000 }).catch((e: Error) => {
    throw new Error(`hex ${at.q},${at.r} is not on the visible canvas (${e.message.split('\n')[0]})`);
  });
  const p = (await handle.jsonValue()) as { x: number; y: number };
  await page.mouse.click(p.x, p.y);
}

/** Press a shortcut key with nothing focused (a focused button would take Enter as its own click). */
export async function pressKey(page: Page, key: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

/** Concede the match from its Concede button, confirmed in the dialog. */
export async function concede(p: Page): Promise<void> {
  await p.click('#concede');
  await p.click('#concede-dialog-confirm');
}

/** `loser` concedes; each side sees its own end title. */
export async function concedeMatch(loser: Page, winner: Page): Promise<void> {
  await concede(loser);
  await expect(loser.locator('#end-title')).toHaveText('Defeat');
  await expect(winner.locator('#end-title')).toHaveText('Victory');
}
