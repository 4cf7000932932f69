import { describe, expect, it } from 'vitest';
import { closestFit, ratingWindow } from '../../src/players/pairing.js';

describe('quick match by strength', () => {
  it('the window: ±100 at once, wider with the wait, anyone from 30 s', () => {
    expect(ratingWindow(0)).toBe(100);
    expect(ratingWindow(15_000)).toBe(300);
    expect(ratingWindow(29_999)).toBeLessThan(500);
    expect(ratingWindow(30_000)).toBe(Number.POSITIVE_INFINITY);
  });

  it('the closest rating inside its window first, then the longest wait', () => {
    const waiting = [
      { roomId: 'far', rating: 1800, waitedMs: 1000 },
      { roomId: 'near', rating: 1540, waitedMs: 0 },
      { roomId: 'nearer-old', rating: 1530, waitedMs: 5000 },
      { roomId: 'nearer-new', rating: 1530, waitedMs: 10 },
    ];
    expect(closestFit(1500, waiting)).toBe('nearer-old');
    expect(closestFit(1500, waiting.slice(0, 2))).toBe('near');
  });

  it('nobody fits, a guest on either side: none chosen (the longest wait decides, as without ratings)', () => {
    expect(closestFit(1500, [{ roomId: 'far', rating: 1800, waitedMs: 1000 }])).toBeNull();
    expect(closestFit(1500, [{ roomId: 'far', rating: 1800, waitedMs: 30_000 }])).toBe('far');
    expect(closestFit(null, [{ roomId: 'a', rating: 1500, waitedMs: 0 }])).toBeNull();
    expect(closestFit(1500, [{ roomId: 'g', rating: null, waitedMs: 0 }])).toBeNull();
  });
});
