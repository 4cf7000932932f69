import { describe, expect, it } from 'vitest';
import { arcsOf, bearing, inArc, relativePosition, turretArcs } from './arcs.js';
import { DIRS, neighbour, range, turn } from './hex.js';
import { shipHexes } from './warship.js';
import type { Dir } from './types.js';

const O = { q: 0, r: 0 };

describe('RULES §2: arcs on hexes', () => {
  it('RULES §2: the bearing of each neighbour is 60° apart, clockwise from the facing', () => {
    for (const f of DIRS) {
      expect(bearing(O, f, neighbour(O, f))).toBe(0);
      expect(bearing(O, f, neighbour(O, turn(f, 1)))).toBeCloseTo(60);
      expect(bearing(O, f, neighbour(O, turn(f, 5)))).toBeCloseTo(-60);
      expect(bearing(O, f, neighbour(O, turn(f, 3)))).toBeCloseTo(180);
    }
  });
  it('RULES §2: a hex exactly on a boundary line is in both arcs (front/right at 60°)', () => {
    const h = neighbour(O, 'NE'); // θ = 60° facing N
    expect(inArc('front', O, 'N', h)).toBe(true);
    expect(inArc('right', O, 'N', h)).toBe(true);
    expect(inArc('left', O, 'N', h)).toBe(false);
  });
  it('RULES §2: the table — front, right, left, rear, full front, full rear — partitions by bearing', () => {
    for (const h of range(O, 4)) {
      if (h.q === 0 && h.r === 0) continue;
      const t = bearing(O, 'N', h);
      expect(inArc('front', O, 'N', h)).toBe(t >= -60 - 1e-6 && t <= 60 + 1e-6);
      expect(inArc('right', O, 'N', h)).toBe(t >= 60 - 1e-6 && t <= 120 + 1e-6);
      expect(inArc('left', O, 'N', h)).toBe(t >= -120 - 1e-6 && t <= -60 + 1e-6);
      expect(inArc('rear', O, 'N', h)).toBe(Math.abs(t) >= 120 - 1e-6);
      expect(inArc('fullFront', O, 'N', h)).toBe(Math.abs(t) <= 90 + 1e-6);
      expect(inArc('fullRear', O, 'N', h)).toBe(Math.abs(t) >= 90 - 1e-6);
      // every hex is in at least one of the four standard arcs
      expect(['front', 'left', 'right', 'rear'].some((a) => inArc(a as never, O, 'N', h))).toBe(true);
    }
  });
  it('RULES §2: every facing, every hex across a board: each arc is exactly its bearing band', () => {
    const near = (t: number, a: number) => Math.abs(t - a) <= 1e-6;
    for (const f of DIRS) {
      for (const h of range(O, 24)) {
        if (h.q === 0 && h.r === 0) continue;
        const t = bearing(O, f, h);
        const between = (lo: number, hi: number) => (t >= lo && t <= hi) || near(t, lo) || near(t, hi);
        expect(inArc('front', O, f, h)).toBe(between(-60, 60));
        expect(inArc('right', O, f, h)).toBe(between(60, 120));
        expect(inArc('left', O, f, h)).toBe(between(-120, -60));
        expect(inArc('rear', O, f, h)).toBe(Math.abs(t) >= 120 || near(Math.abs(t), 120));
        expect(inArc('fullFront', O, f, h)).toBe(between(-90, 90));
        expect(inArc('fullRear', O, f, h)).toBe(Math.abs(t) >= 90 || near(Math.abs(t), 90));
      }
    }
  });
  it('RULES §2: the bullseye is the straight line ahead, one hex wide, and is also in the front arc', () => {
    expect(inArc('bullseye', O, 'SE', { q: 3, r: 0 })).toBe(true);
    expect(inArc('bullseye', O, 'SE', { q: 3, r: -1 })).toBe(false);
    expect(inArc('bullseye', O, 'SE', { q: -2, r: 0 })).toBe(false);
    for (const h of range(O, 5)) if (inArc('bullseye', O, 'SE', h)) expect(inArc('front', O, 'SE', h)).toBe(true);
  });
  it('RULES §2: the origin is never in its own arcs', () => {
    for (const a of ['front', 'left', 'right', 'rear', 'bullseye', 'fullFront', 'fullRear'] as const)
      expect(inArc(a, O, 'N', O)).toBe(false);
  });
  it('RULES §2: turret arcs point at one standard arc, or two opposite ones for a double turret', () => {
    expect(turretArcs('left')).toEqual(['left']);
    expect(turretArcs('rear', true)).toEqual(['front', 'rear']);
    expect(turretArcs('right', true)).toEqual(['left', 'right']);
  });
  it('RULES §2: in front of / behind / flanking by the midway line', () => {
    const b = { core: O, facing: 'N' as Dir };
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 0, r: -4 }, facing: 'S' }))).toBe('front');
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 0, r: 4 }, facing: 'N' }))).toBe('behind');
    // a ship straddling the midway line (|θ| = 90° passes through it) is flanking
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 3, r: -1 }, facing: 'N' }))).toBe('flanking');
  });
  it('RULES §2: arcsOf lists every arc a hex is in (the target location)', () => {
    expect(arcsOf(O, 'N', { q: 0, r: -2 })).toEqual(['front', 'bullseye', 'fullFront']);
  });
});
