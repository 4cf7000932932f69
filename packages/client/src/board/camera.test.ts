import { describe, expect, it } from 'vitest';
import { fromOffset } from '@star-eater/engine';
import {
  clampCamera,
  FIT,
  frameHexes,
  hexAcross,
  maxZoom,
  panBy,
  refit,
  shows,
  TAP_ACROSS,
  viewLayout,
  zoomAt,
} from './camera.js';
import { boardHexList, fitLayout, hexToPixel, pixelToHex } from './layout.js';

// The 15×17 board in a 390-wide phone's board area, and at a desktop size.
const PHONE = { width: 390, height: 523 };
const fit = fitLayout(15, 17, PHONE, { pad: 6 });

describe('board camera', () => {
  it('the fitted view is the fitted layout itself', () => {
    expect(viewLayout(fit, FIT)).toBe(fit);
    expect(clampCamera(fit, { zoom: 0.5, x: 40, y: -3 }, PHONE)).toEqual(FIT);
  });

  it('a phone fits the board with hexes too small to tap, and may zoom them well past tap size', () => {
    expect(hexAcross(fit)).toBeLessThan(TAP_ACROSS);
    expect(hexAcross(viewLayout(fit, { zoom: maxZoom(fit), x: 0, y: 0 }))).toBeGreaterThanOrEqual(2 * TAP_ACROSS);
    expect(clampCamera(fit, { zoom: 50, x: 0, y: 0 }, PHONE).zoom).toBe(maxZoom(fit));
  });

  it('zooming keeps the hex under the pinch where it was, and hit tests agree with drawing at any zoom', () => {
    const at = hexToPixel(fit, fromOffset(9, 12));
    const c = zoomAt(fit, FIT, at, 2, PHONE);
    const l = viewLayout(fit, c);
    expect(c.zoom).toBe(2);
    expect(hexToPixel(l, fromOffset(9, 12)).x).toBeCloseTo(at.x);
    expect(hexToPixel(l, fromOffset(9, 12)).y).toBeCloseTo(at.y);
    for (const flipped of [false, true]) {
      const lf = viewLayout({ ...fit, flipped }, c);
      for (const h of boardHexList(15, 17)) expect(pixelToHex(lf, hexToPixel(lf, h))).toEqual(h);
    }
  });

  it('a pan never moves the zoomed board off the screen', () => {
    const c = zoomAt(fit, FIT, { x: 195, y: 260 }, 2, PHONE);
    for (const [dx, dy] of [
      [5000, 0],
      [-5000, 0],
      [0, 5000],
      [0, -5000],
    ] as const) {
      const l = viewLayout(fit, panBy(fit, c, dx!, dy!, PHONE));
      const xs = boardHexList(15, 17).map((h) => hexToPixel(l, h));
      // The board still covers the screen: its outermost hexes reach past (or to the margin of) both edges.
      expect(Math.min(...xs.map((p) => p.x)) - l.size).toBeLessThanOrEqual(6.01);
      expect(Math.max(...xs.map((p) => p.x)) + l.size).toBeGreaterThanOrEqual(PHONE.width - 6.01);
      expect(Math.min(...xs.map((p) => p.y)) - l.size).toBeLessThanOrEqual(6.01);
      expect(Math.max(...xs.map((p) => p.y)) + l.size).toBeGreaterThanOrEqual(PHONE.height - 6.01);
    }
  });

  it("frames a prompt's hexes at tap size and in view, even in a corner; none asked for is the whole board", () => {
    for (const hexes of [
      [fromOffset(7, 8), fromOffset(8, 8), fromOffset(7, 9)],
      [fromOffset(0, 0), fromOffset(1, 0)],
      [fromOffset(14, 16)],
    ]) {
      const c = frameHexes(fit, hexes, PHONE, TAP_ACROSS);
      expect(hexAcross(viewLayout(fit, c))).toBeCloseTo(TAP_ACROSS);
      expect(shows(fit, c, hexes, PHONE, TAP_ACROSS)).toBe(true);
      expect(shows(fit, FIT, hexes, PHONE, TAP_ACROSS)).toBe(false);
    }
    expect(frameHexes(fit, [], PHONE, TAP_ACROSS)).toEqual(FIT);
    // Hexes already big enough (a desktop): the whole board.
    const desk = fitLayout(15, 17, { width: 900, height: 760 }, { pad: 6 });
    expect(frameHexes(desk, [fromOffset(3, 3)], { width: 900, height: 760 }, 0)).toEqual(FIT);
  });

  it('hexes too far apart to see together at tap size: the view takes the largest group of them', () => {
    const group = [fromOffset(1, 1), fromOffset(2, 1), fromOffset(1, 2)];
    const far = fromOffset(13, 15);
    const c = frameHexes(fit, [far, ...group], PHONE, TAP_ACROSS);
    expect(shows(fit, c, group, PHONE, TAP_ACROSS)).toBe(true);
    expect(shows(fit, c, [far], PHONE, 0)).toBe(false);
  });

  it('a resize or a flip keeps the same board point in the middle of the screen', () => {
    // A view centred on one hex; another, off the middle, is followed.
    const c = frameHexes(fit, [fromOffset(7, 8)], PHONE, TAP_ACROSS);
    const h = fromOffset(5, 10);
    const before = hexToPixel(viewLayout(fit, c), h);
    const bigger = { width: 390, height: 600 };
    const fit2 = fitLayout(15, 17, bigger, { pad: 6 });
    const after = hexToPixel(viewLayout(fit2, refit(fit, fit2, c, PHONE, bigger)), h);
    expect(after.x - bigger.width / 2).toBeCloseTo(before.x - PHONE.width / 2, 0);
    expect(after.y - bigger.height / 2).toBeCloseTo(before.y - PHONE.height / 2, 0);
    const turned = { ...fit, flipped: true };
    const c2 = refit(fit, turned, c, PHONE, PHONE);
    const p = hexToPixel(viewLayout(turned, c2), h);
    // Turned about the middle of the screen: the hex is as far from it, on the other side.
    expect(p.x - PHONE.width / 2).toBeCloseTo(PHONE.width / 2 - before.x, 0);
    expect(p.y - PHONE.height / 2).toBeCloseTo(PHONE.height / 2 - before.y, 0);
  });
});
