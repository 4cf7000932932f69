import { describe, expect, it } from 'vitest';
import { DIRS, fromOffset, neighbour } from '@star-eater/engine';
import { boardHexList, dirAngle, fitLayout, hexToPixel, pixelToHex, unitBounds } from './layout.js';

const VIEW = { width: 1280, height: 720 };

describe('board layout (RULES §1: flat-top, x = 1.5q, y = √3(r + q/2))', () => {
  it('places hex centres by the rulebook formula, scaled and offset', () => {
    const l = fitLayout(15, 17, VIEW);
    const a = hexToPixel(l, { q: 0, r: 0 });
    const b = hexToPixel(l, { q: 2, r: -1 });
    expect(b.x - a.x).toBeCloseTo(3 * l.size);
    expect(b.y - a.y).toBeCloseTo(0);
    const c = hexToPixel(l, { q: 0, r: 1 });
    expect(c.y - a.y).toBeCloseTo(Math.sqrt(3) * l.size);
  });

  it('fits the 15×17 board inside the viewport, centred, for desktop and phone', () => {
    for (const vp of [VIEW, { width: 390, height: 500 }, { width: 300, height: 900 }]) {
      const l = fitLayout(15, 17, vp, { pad: 10 });
      for (const h of boardHexList(15, 17)) {
        const p = hexToPixel(l, h);
        expect(p.x - l.size).toBeGreaterThanOrEqual(9.99);
        expect(p.x + l.size).toBeLessThanOrEqual(vp.width - 9.99);
        expect(p.y - l.size * 0.866).toBeGreaterThanOrEqual(9.99);
        expect(p.y + l.size * 0.866).toBeLessThanOrEqual(vp.height - 9.99);
      }
    }
  });

  it('bounding box of the odd-q rectangle', () => {
    const b = unitBounds(15, 17);
    expect(b.maxX - b.minX).toBeCloseTo(23);
    expect(b.maxY - b.minY).toBeCloseTo(17.5 * Math.sqrt(3));
  });

  it('pixel → hex inverts hex → pixel on every board hex, flipped or not', () => {
    for (const flipped of [false, true]) {
      const l = fitLayout(15, 17, VIEW, { flipped });
      for (const h of boardHexList(15, 17)) expect(pixelToHex(l, hexToPixel(l, h))).toEqual(h);
    }
  });

  it('pixel → hex picks the hex containing points near but inside its edge', () => {
    const l = fitLayout(15, 17, VIEW);
    const h = fromOffset(7, 8);
    const c = hexToPixel(l, h);
    for (let i = 0; i < 12; i++) {
      const a = (i * Math.PI) / 6;
      const p = { x: c.x + Math.cos(a) * l.size * 0.8, y: c.y + Math.sin(a) * l.size * 0.8 };
      expect(pixelToHex(l, p)).toEqual(h);
    }
  });

  it('flipping turns the board 180°: start hexes swap ends, the board stays in its box', () => {
    const l = fitLayout(15, 17, VIEW);
    const f = fitLayout(15, 17, VIEW, { flipped: true });
    const p1 = fromOffset(7, 13);
    expect(hexToPixel(l, p1).y).toBeGreaterThan(VIEW.height / 2);
    expect(hexToPixel(f, p1).y).toBeLessThan(VIEW.height / 2);
    const cornerA = hexToPixel(l, fromOffset(0, 0));
    const cornerB = hexToPixel(f, fromOffset(14, 16));
    expect(cornerB.x).toBeCloseTo(cornerA.x);
    expect(Math.abs(cornerB.y - cornerA.y)).toBeLessThan(f.size);
  });

  it('direction angles point at the neighbour in that direction', () => {
    for (const flipped of [false, true]) {
      const l = fitLayout(15, 17, VIEW, { flipped });
      const o = fromOffset(7, 8);
      const po = hexToPixel(l, o);
      for (const d of DIRS) {
        const pn = hexToPixel(l, neighbour(o, d));
        const a = dirAngle(l, d);
        expect(Math.atan2(pn.y - po.y, pn.x - po.x)).toBeCloseTo(Math.atan2(Math.sin(a), Math.cos(a)));
      }
    }
  });
});
