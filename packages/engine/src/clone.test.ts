// RULES §4, §8: a round resolves on a copy of the state (clone.ts). The copy shares with the state it was made from
// what no rule changes in place (hexes, loadouts, starting armour, the scenario): a rule that changed one would change
// the round before it too. Frozen states make such a change throw.
import { describe, expect, it } from 'vitest';
import { cloneState } from './clone.js';
import { simulateMatch } from './simulate.js';
import type { MatchState } from './types.js';

function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}

describe('RULES §4: a round resolves on a copy', () => {
  it('never changes the state it was given, nor anything the copy shares with it (random matches, frozen states)', () => {
    for (let i = 0; i < 12; i++) {
      let frozenRounds = 0;
      const frozen = simulateMatch('clone', i, {
        variants: 'random',
        onRound: (s) => {
          frozenRounds++;
          deepFreeze(s); // the next round resolves from this state
        },
      });
      const free = simulateMatch('clone', i, { variants: 'random' });
      expect(frozen.events).toEqual(free.events);
      expect(frozen.rounds).toBeGreaterThan(1);
      expect(frozenRounds).toBe(frozen.rounds);
    }
  });

  it('copies what a round changes and shares what it does not', () => {
    let s: MatchState | null = null;
    simulateMatch('clone', 0, { onRound: (x) => (s ??= x) });
    const a = s!;
    const b = cloneState(a);
    expect(b).toEqual(a);
    for (const seat of [0, 1] as const) {
      const [x, y] = [a.ships[seat], b.ships[seat]];
      for (const k of ['armour', 'momentum', 'cooldown', 'supply', 'effects', 'squadrons'] as const)
        expect(y[k]).not.toBe(x[k]);
      for (let j = 0; j < 3; j++) expect(y.squadrons[j]).not.toBe(x.squadrons[j]);
      expect(y.loadout).toBe(x.loadout);
      expect(y.startArmour).toBe(x.startArmour);
      expect(y.core).toBe(x.core);
    }
    expect(b.tokens).not.toBe(a.tokens);
    expect(b.rng).not.toBe(a.rng);
    expect(b.scenario).toBe(a.scenario);
  });
});
