// Trials (trial.ts): resolved by the engine with local dice, blind to the page's copy of the match generator, and
// the spread of twenty of them.
import { parseRecord, simulateMatch, stateBeforeRound, type Commitment, type MatchState } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { reachable, runTrial, trialSpread } from './trial.js';

function midGame(index: number): { s: MatchState; real: [Commitment, Commitment] } {
  const rec = parseRecord(JSON.parse(JSON.stringify(simulateMatch('trial', index, { variants: 'random' }).record)));
  if (!rec.ok) throw new Error(rec.error.message);
  const n = Math.floor(rec.value.rounds.length / 2);
  const s = stateBeforeRound(rec.value, n);
  if (!s.ok) throw new Error(s.error.message);
  return { s: s.value, real: rec.value.rounds[n]!.commitments as [Commitment, Commitment] };
}

describe('a trial of your orders against a guess', () => {
  it.each([0, 1, 2, 3, 4, 5])(
    'match %i: blind to the page’s copy of the match generator, the same for the same seed',
    (i) => {
      const { s, real } = midGame(i);
      const poisoned = { ...s, rng: [0xdeadbeef, 1, 2, 3] as MatchState['rng'] };
      const a = runTrial(s, 0, real[0], real[1], 'seed');
      expect(runTrial(poisoned, 0, real[0], real[1], 'seed')).toEqual(a);
      expect(runTrial(s, 0, real[0], real[1], 'seed')).toEqual(a);
      expect(trialSpread(poisoned, 1, real[1], real[0], 'x', 5)).toEqual(trialSpread(s, 1, real[1], real[0], 'x', 5));
      expect(a.events[0]).toEqual({ type: 'round-started', round: s.round, initiative: s.initiative });
    },
  );

  it('different local dice give different rounds somewhere over twenty runs, and the spread adds up', () => {
    const { s, real } = midGame(7);
    const spread = trialSpread(s, 0, real[0], real[1], 'spread', 20);
    expect(spread.runs).toBe(20);
    for (const seat of [0, 1] as const) {
      const [lo, mid, hi] = spread.taken[seat];
      expect(lo).toBeLessThanOrEqual(mid);
      expect(mid).toBeLessThanOrEqual(hi);
      expect([...spread.ends[seat].values()].reduce((n, e) => n + e.runs, 0)).toBe(20);
    }
  });

  it('where the other warship can end: one entry per engine setting', () => {
    const { s } = midGame(3);
    const r = reachable(s, 1);
    expect(r.map((x) => x.engine)).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW', 'DOUBLE', 'CW', 'CCW', 'NONE']);
  });
});
