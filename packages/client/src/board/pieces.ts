// Pixi drawing of the pieces: warships (four sections with their armour) and small tokens with their headings.
// Each function only draws what it is given; positions and headings come from the layout.
import { Container, Graphics, Text } from 'pixi.js';
import { SECTIONS, toPixel, type Dir, type SectionName } from '@star-eater/engine';
import { dirAngle, hexCorners, hexToPixel, type Layout } from './layout.js';
import { sectionOffset, type ShipView, type TokenView } from './model.js';
import { outline } from './outline.js';
import { THEME } from './theme.js';

const SQRT3 = Math.sqrt(3);

function shade(c: number, k: number): number {
  const r = Math.min(255, Math.round(((c >> 16) & 255) * k));
  const g = Math.min(255, Math.round(((c >> 8) & 255) * k));
  const b = Math.min(255, Math.round((c & 255) * k));
  return (r << 16) | (g << 8) | b;
}

function label(size: number, weight: 'bold' | 'normal' = 'bold'): Text {
  const t = new Text({
    text: '',
    style: {
      fontFamily: 'Inter, system-ui, sans-serif',
      fontSize: size,
      fontWeight: weight,
      fill: THEME.text,
      stroke: { color: 0x000000, width: Math.max(2, size / 5) },
    },
  });
  t.anchor.set(0.5);
  t.resolution = Math.max(2, globalThis.devicePixelRatio ?? 1);
  return t;
}

/** A warship: the hull drawn in local space (facing N, unit = hex size) and rotated; armour labels kept upright. */
export class ShipSprite {
  readonly root = new Container();
  private hull = new Graphics();
  private labels = new Map<SectionName, Text>();
  private bar = new Graphics();
  private key = '';
  private barKey = '';

  constructor(
    readonly seat: number,
    private colour: number,
  ) {
    this.root.addChild(this.hull, this.bar);
    for (const s of SECTIONS) {
      const t = label(12);
      this.labels.set(s, t);
      this.root.addChild(t);
    }
  }

  update(l: Layout, ship: ShipView, active: boolean): void {
    const size = l.size;
    const key = `${size}|${JSON.stringify(ship.armour)}|${ship.destroyed}|${active}`;
    if (key !== this.key) {
      this.key = key;
      this.drawHull(size, ship, active);
    }
    const c = hexToPixel(l, ship.core);
    this.hull.position.set(c.x, c.y);
    this.hull.rotation = dirAngle(l, ship.facing) + Math.PI / 2;
    for (const s of SECTIONS) {
      const t = this.labels.get(s)!;
      const a = ship.armour[s];
      t.text = String(a);
      t.style.fontSize = Math.max(9, Math.round(size * 0.62));
      t.style.fill = a === 0 ? THEME.damage : a < ship.startArmour[s] ? 0xffe08a : THEME.text;
      if (s === 'core') {
        t.position.set(c.x, c.y);
      } else {
        const rel = sectionOffset(s, 'N' as Dir);
        const local = toPixel(rel, size);
        const rot = this.hull.rotation;
        t.position.set(
          c.x + local.x * Math.cos(rot) - local.y * Math.sin(rot),
          c.y + local.x * Math.sin(rot) + local.y * Math.cos(rot),
        );
      }
    }
    // Structure bar under the core: drawn about the core when it changes, only moved when the ship moves.
    const frac = Math.max(0, ship.structure / ship.maxStructure);
    const barKey = `${size}|${frac}`;
    if (barKey !== this.barKey) {
      this.barKey = barKey;
      const w = size * 1.6;
      this.bar.clear();
      this.bar.roundRect(-w / 2, size * 0.42, w, size * 0.16, size * 0.08).fill({ color: 0x000000, alpha: 0.7 });
      this.bar
        .roundRect(-w / 2, size * 0.42, w * frac, size * 0.16, size * 0.08)
        .fill({ color: frac > 0.5 ? THEME.heal : frac > 0.25 ? 0xffd166 : THEME.damage });
    }
    this.bar.position.set(c.x, c.y);
    this.root.alpha = ship.destroyed ? 0.45 : 1;
  }

  private drawHull(size: number, ship: ShipView, active: boolean): void {
    const g = this.hull;
    g.clear();
    const col = this.colour;
    for (const s of SECTIONS) {
      const rel = sectionOffset(s, 'N' as Dir);
      const { x: cx, y: cy } = toPixel(rel, size);
      const ratio = ship.startArmour[s] > 0 ? ship.armour[s] / ship.startArmour[s] : 0;
      const fill = ship.armour[s] === 0 ? 0x2a0d12 : shade(col, 0.22 + 0.28 * ratio);
      g.poly(hexCorners({ x: cx, y: cy }, size * 0.94)).fill({ color: fill });
      outline(g, hexCorners({ x: cx, y: cy }, size * 0.94), {
        width: Math.max(1, size * 0.07),
        color: ship.armour[s] === 0 ? THEME.damage : col,
        alpha: 0.95,
      });
    }
    // A hull silhouette across the four hexes: a chevron from the bow tip back to the two rear sections.
    const tip = { x: 0, y: -SQRT3 * size * 1.25 };
    const left = { x: -1.5 * size * 1.05, y: SQRT3 * size * 0.75 };
    const right = { x: 1.5 * size * 1.05, y: SQRT3 * size * 0.75 };
    outline(g, [tip.x, tip.y, right.x, right.y, 0, SQRT3 * size * 0.35, left.x, left.y], {
      width: Math.max(1.5, size * 0.1),
      color: shade(col, 1.35),
      alpha: 0.9,
    });
    // Engine glow at the stern.
    g.circle(0, SQRT3 * size * 0.42, size * 0.16).fill({ color: shade(col, 1.5), alpha: 0.9 });
    if (active) {
      outline(g, hexCorners({ x: 0, y: 0 }, size * 1.02), { width: 2, color: 0xffffff, alpha: 0.6 });
    }
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}

/** The squadron's delta wing around (0, 0), pointing up (north), as a flat [x0,y0,…] array (also the plan's ghost). */
export function wingPoints(size: number): number[] {
  const s = size * 0.62;
  return [0, -s, s * 0.85, s * 0.7, 0, s * 0.35, -s * 0.85, s * 0.7];
}

/** A small token: squadron (a delta wing with its initial), projectile (a slug), torpedo (a finned body). */
export class TokenSprite {
  readonly root = new Container();
  private body = new Graphics();
  private text = label(10);
  private pips = new Graphics();
  private key = '';

  constructor(private colour: number) {
    this.root.addChild(this.body, this.pips, this.text);
  }

  update(l: Layout, t: TokenView): void {
    const size = l.size;
    const key = `${size}|${t.kind}|${t.label}|${t.munitions ?? ''}`;
    if (key !== this.key) {
      this.key = key;
      this.draw(size, t);
    }
    const p = hexToPixel(l, t.at);
    this.root.position.set(p.x, p.y);
    this.body.rotation = dirAngle(l, t.facing) + Math.PI / 2;
    this.root.alpha = t.alpha ?? 1;
  }

  private draw(size: number, t: TokenView): void {
    const g = this.body;
    const col = this.colour;
    g.clear();
    this.pips.clear();
    if (t.kind === 'squadron') {
      const wing = wingPoints(size);
      g.circle(0, 0, size * 0.7).fill({ color: 0x000000, alpha: 0.35 });
      g.poly(wing).fill({ color: shade(col, 0.55) });
      outline(g, wing, { width: 1.5, color: col });
      this.text.text = t.label;
      this.text.style.fontSize = Math.max(8, Math.round(size * 0.48));
      this.text.position.set(0, size * 0.05);
      this.text.visible = true;
      const n = t.munitions ?? 0;
      for (let i = 0; i < n; i++) {
        this.pips.circle(-size * 0.5 + i * size * 0.28, size * 0.72, size * 0.1).fill({ color: 0xffd166 });
      }
    } else if (t.kind === 'projectile') {
      const s = size * 0.34;
      g.poly([0, -s * 1.5, s * 0.6, 0, 0, s * 1.1, -s * 0.6, 0]).fill({ color: 0xffe7a0 });
      outline(g, [0, -s * 1.5, s * 0.6, 0, 0, s * 1.1, -s * 0.6, 0], { width: 1.5, color: col });
      g.rect(-s * 0.15, s * 1.1, s * 0.3, s * 1.2).fill({ color: col, alpha: 0.5 });
      this.text.visible = false;
    } else {
      const s = size * 0.36;
      g.roundRect(-s * 0.45, -s * 1.5, s * 0.9, s * 2.8, s * 0.45).fill({ color: shade(col, 0.6) });
      g.roundRect(-s * 0.45, -s * 1.5, s * 0.9, s * 2.8, s * 0.45).stroke({ width: 1.5, color: 0xffffff, alpha: 0.9 });
      g.poly([-s * 0.45, s * 0.8, -s, s * 1.5, -s * 0.45, s * 1.2]).fill({ color: col });
      g.poly([s * 0.45, s * 0.8, s, s * 1.5, s * 0.45, s * 1.2]).fill({ color: col });
      g.circle(0, -s * 1.1, s * 0.22).fill({ color: THEME.damage });
      this.text.visible = false;
    }
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}
