// Checks that the whole board is on screen and playable: every hex of the cols×rows board (its bottom row and the
// pieces there included) lies inside the canvas and the window, is the top element at its centre, and the animation
// controls (speed, Skip) cover no hex. Read from the page's own board (window.__board, the MatchView).
import type { Page } from '@playwright/test';

/** What is wrong with the board on this page (empty when every hex is visible and uncovered). */
export async function boardProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type P = { x: number; y: number };
    const mv = (
      window as unknown as {
        __board?: { view: { pagePoint(h: unknown): P | null }; board: { model: { cols: number; rows: number } } };
      }
    ).__board;
    if (!mv) return ['no board'];
    const { cols, rows } = mv.board.model;
    const a = mv.view.pagePoint({ q: 0, r: 0 });
    const b = mv.view.pagePoint({ q: 0, r: 1 });
    if (!a || !b) return ['no layout'];
    const size = Math.hypot(b.x - a.x, b.y - a.y) / Math.sqrt(3); // centre to corner
    const canvasEl = document.querySelector('.board-canvas')!;
    // The canvas' own box, cut by its host (overflow hidden): what of it can be seen.
    const c = canvasEl.getBoundingClientRect();
    const host = canvasEl.parentElement!.getBoundingClientRect();
    const canvas = {
      left: Math.max(c.left, host.left),
      right: Math.min(c.right, host.right),
      top: Math.max(c.top, host.top),
      bottom: Math.min(c.bottom, host.bottom),
    };
    const controls = document.querySelector('.anim-controls')?.getBoundingClientRect();
    const out: string[] = [];
    for (let col = 0; col < cols; col++) {
      for (let row = 0; row < rows; row++) {
        const h = { q: col, r: row - (col - (col & 1)) / 2 };
        const p = mv.view.pagePoint(h)!;
        // The hex's box, a hair inside its outline (neighbours share edges).
        const box = { l: p.x - size * 0.95, r: p.x + size * 0.95, t: p.y - size * 0.82, b: p.y + size * 0.82 };
        const name = `hex col ${col} row ${row}`;
        if (box.l < canvas.left - 1 || box.r > canvas.right + 1 || box.t < canvas.top - 1 || box.b > canvas.bottom + 1)
          out.push(`${name} outside the visible canvas`);
        if (box.l < 0 || box.t < 0 || box.r > window.innerWidth || box.b > window.innerHeight)
          out.push(`${name} outside the window`);
        const top = document.elementFromPoint(p.x, p.y);
        if (!top?.classList.contains('board-canvas'))
          out.push(`${name} covered by ${top?.id || top?.className || top?.tagName}`);
        if (
          controls &&
          controls.width > 0 &&
          box.l < controls.right &&
          box.r > controls.left &&
          box.t < controls.bottom &&
          box.b > controls.top
        )
          out.push(`${name} under the animation controls`);
      }
    }
    return out;
  });
}
