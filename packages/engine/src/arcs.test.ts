import { describe, expect, it } from 'vitest';
import { arcsOf, bearing, inArc, relativePosition, turretArcs } from './arcs.js';
import { neighbour, range } from './hex.js';
import { shipHexes } from './warship.js';
import type { Dir } from './types.js';

const O = { q: 0, r: 0 };

describe('RULES §2: arcs on hexes', () => {
  it('RULES §2: the bearing of each neighbour is 60° apart, clockwise from the facing', () => {
    for (const f of [0, 1, 2, 3, 4, 5] as Dir[]) {
      expect(bearing(O, f, neighbour(O, f))).toBe(0);
      expect(bearing(O, f, neighbour(O, ((f + 1) % 6) as Dir))).toBeCloseTo(60);
      expect(bearing(O, f, neighbour(O, ((f + 5) % 6) as Dir))).toBeCloseTo(-60);
      expect(bearing(O, f, neighbour(O, ((f + 3) % 6) as Dir))).toBeCloseTo(180);
    }
  });
  it('RULES §2: a hex exactly on a boundary line is in both arcs (front/right at 60°)', () => {
    const h = neighbour(O, 1); // θ = 60° facing N
    expect(inArc('front', O, 0, h)).toBe(true);
    expect(inArc('right', O, 0, h)).toBe(true);
    expect(inArc('left', O, 0, h)).toBe(false);
  });
  it('RULES §2: the table — front, right, left, rear, full front, full rear — partitions by bearing', () => {
    for (const h of range(O, 4)) {
      if (h.q === 0 && h.r === 0) continue;
      const t = bearing(O, 0, h);
      expect(inArc('front', O, 0, h)).toBe(t >= -60 - 1e-6 && t <= 60 + 1e-6);
      expect(inArc('right', O, 0, h)).toBe(t >= 60 - 1e-6 && t <= 120 + 1e-6);
      expect(inArc('left', O, 0, h)).toBe(t >= -120 - 1e-6 && t <= -60 + 1e-6);
      expect(inArc('rear', O, 0, h)).toBe(Math.abs(t) >= 120 - 1e-6);
      expect(inArc('fullFront', O, 0, h)).toBe(Math.abs(t) <= 90 + 1e-6);
      expect(inArc('fullRear', O, 0, h)).toBe(Math.abs(t) >= 90 - 1e-6);
      // every hex is in at least one of the four standard arcs
      expect(['front', 'left', 'right', 'rear'].some((a) => inArc(a as never, O, 0, h))).toBe(true);
    }
  });
  it('RULES §2: the bullseye is the straight line ahead, one hex wide, and is also in the front arc', () => {
    expect(inArc('bullseye', O, 2, { q: 3, r: 0 })).toBe(true);
    expect(inArc('bullseye', O, 2, { q: 3, r: -1 })).toBe(false);
    expect(inArc('bullseye', O, 2, { q: -2, r: 0 })).toBe(false);
    for (const h of range(O, 5)) if (inArc('bullseye', O, 2, h)) expect(inArc('front', O, 2, h)).toBe(true);
  });
  it('RULES §2: the origin is never in its own arcs', () => {
    for (const a of ['front', 'left', 'right', 'rear', 'bullseye', 'fullFront', 'fullRear'] as const)
      expect(inArc(a, O, 0, O)).toBe(false);
  });
  it('RULES §2: turret arcs point at one standard arc, or two opposite ones for a double turret', () => {
    expect(turretArcs('left')).toEqual(['left']);
    expect(turretArcs('rear', true)).toEqual(['front', 'rear']);
    expect(turretArcs('right', true)).toEqual(['left', 'right']);
  });
  it('RULES §2: in front of / behind / flanking by the midway line', () => {
    const b = { core: O, facing: 0 as Dir };
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 0, r: -4 }, facing: 3 }))).toBe('front');
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 0, r: 4 }, facing: 0 }))).toBe('behind');
    // a ship straddling the midway line (|θ| = 90° passes through it) is flanking
    expect(relativePosition(b.core, b.facing, shipHexes({ core: { q: 3, r: -1 }, facing: 0 }))).toBe('flanking');
  });
  it('RULES §2: arcsOf lists every arc a hex is in (the target location)', () => {
    expect(arcsOf(O, 0, { q: 0, r: -2 })).toEqual(['front', 'bullseye', 'fullFront']);
  });
});
