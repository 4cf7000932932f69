import { DIR_NAMES, neighbour } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { facingTowards, turnCw } from './facing.js';

describe('facing pointed on the board', () => {
  it('towards a neighbour is that direction, and further along the same line too (RULES §1)', () => {
    const o = { q: 5, r: 5 };
    for (const d of DIR_NAMES) {
      expect(facingTowards(o, neighbour(o, d))).toBe(d);
      expect(facingTowards(o, neighbour(neighbour(o, d), d))).toBe(d);
    }
  });
  it('turns a sixth clockwise, NW back to N', () => {
    expect(turnCw('N')).toBe('NE');
    expect(turnCw('NW')).toBe('N');
  });
});
