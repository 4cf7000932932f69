// Pixi drawing of what lies over the grid: highlights, the momentum ghost, beams, floating damage numbers.
import { Container, Graphics, Text } from 'pixi.js';
import { SECTIONS, type Dir } from '@star-eater/engine';
import { dirAngle, hexCorners, hexToPixel, type Layout } from './layout.js';
import { shipHexes } from './model.js';
import { wingPoints } from './pieces.js';
import { underlayKey, type BoardState, type Highlight, type HighlightKind, type TokenGhost } from './state.js';
import { outline } from './outline.js';
import { THEME } from './theme.js';

const HL: Record<HighlightKind, { colour: number; fill: number; line: number }> = {
  target: { colour: THEME.target, fill: 0.28, line: 0.95 },
  move: { colour: THEME.move, fill: 0.18, line: 0.8 },
  launch: { colour: THEME.launch, fill: 0.22, line: 0.9 },
  path: { colour: THEME.path, fill: 0.3, line: 0.9 },
  arc: { colour: THEME.arc, fill: 0.1, line: 0.25 },
  selected: { colour: 0xffffff, fill: 0.12, line: 1 },
  ghost: { colour: THEME.ghost, fill: 0.06, line: 0.5 },
};

/** The colour a highlight is drawn in: its kind's own, or its seat's (`colourOf`) when it names one. */
export function highlightColour(h: Highlight, colourOf: (seat: number) => number): number {
  return h.seat === undefined ? HL[h.kind].colour : colourOf(h.seat);
}

export class Overlays {
  readonly under = new Graphics();
  readonly top = new Container();
  private beams = new Graphics();
  private floats: Text[] = [];
  /** What `under` was last drawn from: it is only redrawn when that changes (never during an animation). */
  private underKey = '';
  private hadBeams = false;

  constructor() {
    this.top.addChild(this.beams);
  }

  drawUnder(l: Layout, s: BoardState, colourOf: (seat: number) => number): void {
    const key = `${l.size}|${l.origin.x},${l.origin.y}|${l.flipped}|${colourOf(0)},${colourOf(1)}|${underlayKey(s)}`;
    if (key === this.underKey) return;
    this.underKey = key;
    const g = this.under;
    g.clear();
    const inner = l.size * 0.92;
    for (const h of s.highlights) {
      const st = HL[h.kind];
      const colour = highlightColour(h, colourOf);
      const pts = hexCorners(hexToPixel(l, h.at), inner);
      g.poly(pts).fill({ color: colour, alpha: st.fill });
      outline(g, pts, { width: h.kind === 'arc' ? 1 : 2, color: colour, alpha: st.line });
    }
    if (s.tokenGhost) this.drawTokenGhost(l, s.tokenGhost, colourOf(s.tokenGhost.seat));
    if (s.ghost) {
      const col = colourOf(s.ghost.seat);
      const pts = s.ghost.path.map((h) => hexToPixel(l, h));
      if (pts.length > 1) {
        g.moveTo(pts[0]!.x, pts[0]!.y);
        for (const p of pts.slice(1)) g.lineTo(p.x, p.y);
        g.stroke({ width: 2, color: col, alpha: 0.7 });
        for (const p of pts.slice(1)) g.circle(p.x, p.y, l.size * 0.12).fill({ color: col, alpha: 0.8 });
      }
      const hexes = shipHexes(s.ghost.core, s.ghost.facing as Dir);
      for (const sec of SECTIONS) {
        const c = hexCorners(hexToPixel(l, hexes[sec]), l.size * 0.86);
        g.poly(c).fill({ color: col, alpha: 0.12 });
        outline(g, c, { width: 2, color: col, alpha: 0.75 });
      }
    }
    if (s.hover) {
      outline(g, hexCorners(hexToPixel(l, s.hover), l.size * 0.96), { width: 1.5, color: 0xffffff, alpha: 0.45 });
    }
  }

  /** The squadron where the plan leaves it: a see-through wing turned to its heading (a ring when it has none). */
  private drawTokenGhost(l: Layout, t: TokenGhost, col: number): void {
    const g = this.under;
    const c = hexToPixel(l, t.at);
    if (t.facing === null) {
      g.circle(c.x, c.y, l.size * 0.55).stroke({ width: 2, color: col, alpha: 0.9 });
      return;
    }
    const a = dirAngle(l, t.facing) + Math.PI / 2;
    const [cos, sin] = [Math.cos(a), Math.sin(a)];
    const w = wingPoints(l.size);
    const pts = w.map((v, i) => (i % 2 === 0 ? c.x + v * cos - w[i + 1]! * sin : c.y + w[i - 1]! * sin + v * cos));
    g.poly(pts).fill({ color: col, alpha: 0.5 });
    outline(g, pts, { width: 2, color: 0xffffff, alpha: 0.85 });
  }

  drawTop(l: Layout, s: BoardState, colourOf: (seat: number) => number): void {
    const g = this.beams;
    if (s.beams.length > 0 || this.hadBeams) g.clear();
    this.hadBeams = s.beams.length > 0;
    for (const b of s.beams) {
      const a = hexToPixel(l, b.from);
      const z = hexToPixel(l, b.to);
      const fade = 1 - Math.max(0, b.t - 0.6) / 0.4;
      const col = b.seat === null ? THEME.laser : colourOf(b.seat);
      g.moveTo(a.x, a.y)
        .lineTo(z.x, z.y)
        .stroke({ width: l.size * 0.45, color: col, alpha: 0.25 * fade });
      g.moveTo(a.x, a.y)
        .lineTo(z.x, z.y)
        .stroke({ width: l.size * 0.14, color: 0xffffff, alpha: 0.95 * fade });
    }
    while (this.floats.length < s.floats.length) {
      const t = new Text({
        text: '',
        style: {
          fontFamily: 'Inter, system-ui, sans-serif',
          fontSize: 18,
          fontWeight: 'bold',
          fill: 0xffffff,
          stroke: { color: 0x000000, width: 4 },
        },
      });
      t.anchor.set(0.5);
      t.resolution = Math.max(2, globalThis.devicePixelRatio ?? 1);
      this.floats.push(t);
      this.top.addChild(t);
    }
    this.floats.forEach((t, i) => {
      const f = s.floats[i];
      t.visible = !!f;
      if (!f) return;
      const p = hexToPixel(l, f.at);
      t.text = f.text;
      t.style.fill = f.colour;
      t.style.fontSize = Math.max(12, Math.round(l.size * 0.9));
      t.position.set(p.x, p.y - l.size * (0.4 + f.t * 0.8));
      t.alpha = f.t < 0.75 ? 1 : 1 - (f.t - 0.75) / 0.25;
    });
  }
}
