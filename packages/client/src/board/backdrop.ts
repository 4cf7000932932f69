// The still part of the board (space background, stars, the hex grid) drawn once per layout on a 2D canvas that sits
// under Pixi's transparent canvas. Pixi then draws only what moves, so an animated frame costs the pieces, not the
// whole board: re-rasterising ~500 hex polygons (or even one board-sized textured quad from a cached texture) every
// frame is what made animation slow on software WebGL (SwiftShader), where that fill costs 50–100 ms a frame.
import { boardHexList, hexCorners, hexToPixel, type Layout } from './layout.js';
import { css, THEME } from './theme.js';

export class Backdrop {
  readonly canvas = document.createElement('canvas');
  private key = '';

  constructor() {
    const s = this.canvas.style;
    s.position = 'absolute';
    s.left = '0';
    s.top = '0';
    s.pointerEvents = 'none';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.canvas.classList.add('board-backdrop');
  }

  /** Redraws when the layout, the size or the pixel ratio changed (cheap no-op otherwise). */
  draw(l: Layout, width: number, height: number, resolution: number): void {
    const key = `${width}x${height}@${resolution}|${l.size}|${l.origin.x},${l.origin.y}|${l.flipped}|${l.cols}x${l.rows}`;
    if (key === this.key) return;
    this.key = key;
    const c = this.canvas;
    c.width = Math.round(width * resolution);
    c.height = Math.round(height * resolution);
    c.style.width = `${width}px`;
    c.style.height = `${height}px`;
    const g = c.getContext('2d');
    if (!g) return;
    g.setTransform(resolution, 0, 0, resolution, 0, 0);
    g.fillStyle = css(THEME.background);
    g.fillRect(0, 0, width, height);
    // Stars: the same seeded field as ever (same generator, same count for the same size).
    let seed = 1234567;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    g.fillStyle = '#ffffff';
    for (let i = 0; i < Math.round((width * height) / 2500); i++) {
      const x = rnd() * width;
      const y = rnd() * height;
      const r = rnd() * 1.1 + 0.2;
      g.globalAlpha = 0.15 + rnd() * 0.5;
      g.beginPath();
      g.arc(x, y, r, 0, Math.PI * 2);
      g.fill();
    }
    // A zoomed board draws only the hexes on the canvas (it is redrawn on every frame of a pinch or a pan).
    const on = (p: { x: number; y: number }) =>
      p.x > -l.size && p.y > -l.size && p.x < width + l.size && p.y < height + l.size;
    const hexes = boardHexList(l.cols, l.rows).filter((h) => on(hexToPixel(l, h)));
    const path = (pts: number[]) => {
      g.beginPath();
      g.moveTo(pts[0]!, pts[1]!);
      for (let i = 2; i < pts.length; i += 2) g.lineTo(pts[i]!, pts[i + 1]!);
      g.closePath();
    };
    // Fills first, then every outline over them (as before: shared edges are stroked once on top of both fills).
    g.globalAlpha = 0.92;
    for (const h of hexes) {
      path(hexCorners(hexToPixel(l, h), l.size * 0.97));
      g.fillStyle = css((h.q & 1) === 0 ? THEME.hexFill : THEME.hexFillAlt);
      g.fill();
    }
    g.globalAlpha = 0.9;
    g.strokeStyle = css(THEME.hexLine);
    g.lineWidth = 1;
    g.lineJoin = 'round';
    for (const h of hexes) {
      path(hexCorners(hexToPixel(l, h), l.size * 0.97));
      g.stroke();
    }
    g.globalAlpha = 1;
  }
}
