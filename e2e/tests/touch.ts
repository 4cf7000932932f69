// Touch gestures the way a phone's screen reports them: touch points sent through Chromium's input pipeline (the
// DevTools protocol's Input.dispatchTouchEvent, as Playwright's own tap does), so the page sees real pointer events
// with touch-action applied. Playwright offers a one-finger tap only; these add a drag and a two-finger pinch.
// Also the board's geometry as the page draws it (window.__board's view.pagePoint).
import type { CDPSession, Page } from '@playwright/test';

type P = { x: number; y: number };

const sessions = new WeakMap<Page, CDPSession>();
async function cdp(page: Page): Promise<CDPSession> {
  let s = sessions.get(page);
  if (!s) {
    s = await page.context().newCDPSession(page);
    sessions.set(page, s);
  }
  return s;
}

async function touch(page: Page, type: 'touchStart' | 'touchMove' | 'touchEnd', points: P[]): Promise<void> {
  const s = await cdp(page);
  await s.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

const lerp = (a: P, b: P, t: number): P => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** One finger pressed at `from`, slid to `to` in `steps` moves, lifted. */
export async function swipe(page: Page, from: P, to: P, steps = 8): Promise<void> {
  await touch(page, 'touchStart', [from]);
  for (let i = 1; i <= steps; i++) await touch(page, 'touchMove', [lerp(from, to, i / steps)]);
  await touch(page, 'touchEnd', []);
}

/** Two fingers about `centre`, `from` px apart (side by side), spread (or closed) to `to` px apart, lifted. */
export async function pinch(page: Page, centre: P, from: number, to: number, steps = 8): Promise<void> {
  const at = (d: number): P[] => [
    { x: centre.x - d / 2, y: centre.y },
    { x: centre.x + d / 2, y: centre.y },
  ];
  await touch(page, 'touchStart', at(from));
  for (let i = 1; i <= steps; i++) await touch(page, 'touchMove', at(from + ((to - from) * i) / steps));
  await touch(page, 'touchEnd', []);
}

interface BoardProbe {
  view: { pagePoint(h: unknown): P | null; zoom: number };
}

/** A hex's width on screen (flat side to flat side: the distance between two neighbours' centres), CSS px. */
export function hexAcross(page: Page): Promise<number> {
  return page.evaluate(() => {
    const mv = (window as unknown as { __board: BoardProbe }).__board;
    const a = mv.view.pagePoint({ q: 0, r: 0 })!;
    const b = mv.view.pagePoint({ q: 0, r: 1 })!;
    return Math.hypot(b.x - a.x, b.y - a.y);
  });
}

/** Where a hex's centre is drawn on the page now. */
export function hexPoint(page: Page, h: { q: number; r: number }): Promise<P> {
  return page.evaluate((hx) => {
    const mv = (window as unknown as { __board: BoardProbe }).__board;
    return mv.view.pagePoint(hx)!;
  }, h);
}

/** The board canvas' visible part (cut by its host and the window): the middle of it and its box. */
export function canvasBox(page: Page): Promise<{ left: number; top: number; right: number; bottom: number; mid: P }> {
  return page.evaluate(() => {
    const c = document.querySelector('.board-canvas')!.getBoundingClientRect();
    const host = document.querySelector('.board-canvas')!.parentElement!.getBoundingClientRect();
    const left = Math.max(c.left, host.left, 0);
    const top = Math.max(c.top, host.top, 0);
    const right = Math.min(c.right, host.right, innerWidth);
    const bottom = Math.min(c.bottom, host.bottom, innerHeight);
    return { left, top, right, bottom, mid: { x: (left + right) / 2, y: (top + bottom) / 2 } };
  });
}
