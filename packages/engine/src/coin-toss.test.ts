// RULES §5 coin toss and RULES §7 rematch initiative, from the match's seeded generator; recorded and replayed.
import { describe, expect, it } from 'vitest';
import { coinToss, matchInitiative } from './coin-toss.js';
import { parseRecord, type MatchRecord } from './record.js';
import { replayRecord } from './replay.js';
import { seedRng } from './rng.js';
import { simulateMatch } from './simulate.js';

describe('RULES §5, §7: the coin toss and the rematch initiative', () => {
  it('RULES §7 fair dice: the same seed gives the same toss; both seats win some', () => {
    const seeds = Array.from({ length: 64 }, (_, i) => `toss-${i}`);
    const first = seeds.map(coinToss);
    expect(seeds.map(coinToss)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([0, 1]));
    expect(first.filter((x) => x === 0).length).toBeGreaterThan(16); // a fair coin, roughly: 64 tosses
    expect(first.filter((x) => x === 1).length).toBeGreaterThan(16);
  });

  it('RULES §7: the toss has its own stream: the match dice of a seed are what they were before', () => {
    const seed = 'a1b2c3';
    const before = seedRng(seed);
    coinToss(seed);
    expect(seedRng(seed)).toEqual(before);
  });

  it('RULES §7 rematch: initiative to the previous loser; after a draw, the new seed tosses the coin', () => {
    expect(matchInitiative('ff00', 0)).toEqual({ initiative: 1, from: 'previous-loser' });
    expect(matchInitiative('ff00', 1)).toEqual({ initiative: 0, from: 'previous-loser' });
    expect(matchInitiative('ff00', 'draw')).toEqual({ initiative: coinToss('ff00'), from: 'coin-toss' });
    expect(matchInitiative('ff00')).toEqual({ initiative: coinToss('ff00'), from: 'coin-toss' });
  });

  it('RULES §10: the record keeps the toss; it replays, and a record whose toss the seed contradicts is refused', () => {
    const m = simulateMatch('coin-toss', 0);
    expect(m.record).toMatchObject({ initiative: coinToss(m.record.seed), initiativeFrom: 'coin-toss' });
    const parsed = parseRecord(JSON.parse(JSON.stringify(m.record)));
    expect(parsed.ok && replayRecord(parsed.value).ok).toBe(true);
    const flipped = { ...m.record, initiative: m.record.initiative === 0 ? 1 : 0 } as const;
    expect(replayRecord(flipped)).toMatchObject({ ok: false, error: { path: 'record.initiative' } });
    // a rematch's initiative is the previous loser's: not a toss of this seed, so not checked against it
    const rematch: MatchRecord = { ...flipped, initiativeFrom: 'previous-loser', draft: [] };
    expect(replayRecord(rematch).ok).toBe(true);
    expect(parseRecord({ ...m.record, initiativeFrom: 'dice' })).toMatchObject({
      ok: false,
      error: { path: 'record.initiativeFrom' },
    });
  });
});
