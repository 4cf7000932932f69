import { describe, expect, it } from 'vitest';
import { isProvisional, NEW_PLAYER, rateMatch, ratePeriod } from '../../src/players/glicko.js';

describe('Glicko-2 (glicko2-lite)', () => {
  it("Glickman's worked example: 1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0", () => {
    const r = ratePeriod({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(r.rating).toBeCloseTo(1464.05, 1);
    expect(r.rd).toBeCloseTo(151.52, 1);
    expect(r.volatility).toBeCloseTo(0.05999, 4);
  });

  it('one period per match, from both pre-match ratings: the loser is rated against the winner before it moved', () => {
    const a = { rating: 1600, rd: 120, volatility: 0.06 };
    const b = { rating: 1450, rd: 200, volatility: 0.06 };
    const [a2, b2] = rateMatch(a, b, 1);
    expect(a2).toEqual(ratePeriod(a, [{ opponent: b, score: 1 }]));
    expect(b2).toEqual(ratePeriod(b, [{ opponent: a, score: 0 }]));
    expect(a2.rating).toBeGreaterThan(a.rating);
    expect(b2.rating).toBeLessThan(b.rating);
  });

  it('two new players: the winner gains what the loser loses, and both stay provisional after one match', () => {
    const [w, l] = rateMatch(NEW_PLAYER, NEW_PLAYER, 1);
    expect(w.rating - 1500).toBeCloseTo(1500 - l.rating, 6);
    expect(w.rating).toBeGreaterThan(1600);
    expect(isProvisional(w)).toBe(true);
    const [d1, d2] = rateMatch(NEW_PLAYER, NEW_PLAYER, 0.5);
    expect(d1.rating).toBeCloseTo(1500, 6);
    expect(d2.rating).toBeCloseTo(1500, 6);
  });

  it('RD 110 and above is provisional, below it is not', () => {
    expect(isProvisional({ rd: 110 })).toBe(true);
    expect(isProvisional({ rd: 109.9 })).toBe(false);
  });
});
