import { describe, expect, it } from 'vitest';
import {
  DIRS,
  directionTo,
  distance,
  fromOffset,
  fromPixel,
  line,
  neighbour,
  opposite,
  range,
  toOffset,
  toPixel,
  turn,
} from './hex.js';

describe('RULES §1: hexes', () => {
  it('RULES §1: directions are numbered clockwise from north with the given vectors', () => {
    const o = { q: 0, r: 0 };
    expect(DIRS.map((d) => neighbour(o, d))).toEqual([
      { q: 0, r: -1 },
      { q: 1, r: -1 },
      { q: 1, r: 0 },
      { q: 0, r: 1 },
      { q: -1, r: 1 },
      { q: -1, r: 0 },
    ]);
  });
  it('RULES §1: turning clockwise is +1 (mod 6) and the opposite direction is +3', () => {
    expect(turn('NW', 1)).toBe('N');
    expect(turn('N', -1)).toBe('NW');
    expect(opposite('NE')).toBe('SW');
    expect(opposite('SW')).toBe('NE');
  });
  it('RULES §1: pixel centre x = 1.5q, y = √3(r + q/2), y growing southward', () => {
    expect(toPixel({ q: 2, r: -1 })).toEqual({ x: 3, y: 0 });
    expect(toPixel({ q: 0, r: 1 }).y).toBeCloseTo(Math.sqrt(3));
    for (const h of range({ q: 3, r: -2 }, 3)) expect(fromPixel(toPixel(h, 20), 20)).toEqual(h);
  });
  it('RULES §1: odd-q offset layout: col = q, row = r + (q − (q&1))/2', () => {
    expect(fromOffset(7, 13)).toEqual({ q: 7, r: 10 });
    expect(fromOffset(7, 3)).toEqual({ q: 7, r: 0 });
    for (let col = 0; col < 15; col++)
      for (let row = 0; row < 17; row++) expect(toOffset(fromOffset(col, row))).toEqual({ col, row });
  });
  it('RULES §1: distance is hex distance', () => {
    expect(distance({ q: 0, r: 0 }, { q: 3, r: -3 })).toBe(3);
    expect(distance({ q: 0, r: 0 }, { q: 2, r: 1 })).toBe(3);
    expect(distance({ q: 1, r: 1 }, { q: 1, r: 1 })).toBe(0);
  });
  it('directionTo names the direction to an adjacent hex only', () => {
    expect(directionTo({ q: 0, r: 0 }, { q: -1, r: 1 })).toBe('SW');
    expect(directionTo({ q: 0, r: 0 }, { q: 2, r: 0 })).toBeNull();
  });
  it('a line has distance + 1 hexes, each adjacent to the next, with both ends', () => {
    const a = { q: 0, r: 0 };
    const b = { q: 4, r: -1 };
    for (const nudge of [1, -1] as const) {
      const l = line(a, b, nudge);
      expect(l.length).toBe(5);
      expect(l[0]).toEqual(a);
      expect(l[4]).toEqual(b);
      for (let i = 1; i < l.length; i++) expect(distance(l[i - 1]!, l[i]!)).toBe(1);
    }
    // a line exactly along hex edges splits differently with the two nudges
    expect(line({ q: 0, r: 0 }, { q: 2, r: -1 }, 1)).not.toEqual(line({ q: 0, r: 0 }, { q: 2, r: -1 }, -1));
  });
  it('range(centre, n) holds 3n(n+1)+1 hexes', () => {
    expect(range({ q: 0, r: 0 }, 0)).toHaveLength(1);
    expect(range({ q: 0, r: 0 }, 2)).toHaveLength(19);
  });
});
