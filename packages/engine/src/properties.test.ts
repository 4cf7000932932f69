// Property tests over thousands of random legal matches: every one ends, replays to the same state, and keeps the
// rules' invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getFaction, squadronCard, weaponCard } from './content/index.js';
import { replayRecord } from './replay.js';
import { simulateMatch } from './simulate.js';
import { SECTIONS, type MatchState } from './types.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);

function checkInvariants(s: MatchState): void {
  for (const ship of s.ships) {
    for (const sec of SECTIONS) {
      expect(ship.armour[sec]).toBeGreaterThanOrEqual(0);
      expect(ship.armour[sec]).toBeLessThanOrEqual(ship.startArmour[sec]);
    }
    expect(ship.structure).toBeGreaterThanOrEqual(0);
    expect(ship.momentum.linear.length).toBeLessThanOrEqual(4);
    expect(ship.momentum.rotational.length).toBeLessThanOrEqual(2);
    // Weapon tokens are conserved: supply + on the board (+ carried by torpedo bombers) = the starting count.
    const onBoard = (source: string) => s.tokens.filter((t) => t.owner === ship.seat && t.source === source).length;
    expect(ship.supply.main + onBoard('main')).toBe(weaponCard(ship.loadout.main).tokens ?? 0);
    expect(ship.supply.broadside + onBoard('broadside')).toBe(weaponCard(ship.loadout.broadside).tokens ?? 0);
    const carried = ship.squadrons
      .filter((q) => squadronCard(q.card).munition === 'torpedo')
      .reduce((n, q) => n + q.munitions, 0);
    expect(ship.supply.squadronTorpedo + onBoard('squadronTorpedo') + carried).toBe(
      getFaction(ship.faction).squadronTorpedoTokens,
    );
    for (const q of ship.squadrons) {
      expect(q.munitions).toBeGreaterThanOrEqual(0);
      expect(q.munitions).toBeLessThanOrEqual(squadronCard(q.card).capacity);
      expect(q.status === 'space').toBe(q.at !== undefined);
    }
  }
}

describe('random legal matches', () => {
  it(`${RUNS} random matches (random Arclight variants): no exception, armour within [0, start], structure ≥ 0, tokens conserved, every match ends`, () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(1000), (seed, index) => {
        const m = simulateMatch(seed, index, { variants: 'random', onRound: checkInvariants });
        expect(m.winner).not.toBeNull();
      }),
      { numRuns: RUNS, seed: 20261122 },
    );
  }, 600_000); // a hang guard, not a speed bound: 1,000 matches take about a minute on a loaded 2-core machine

  it('replaying a record reproduces every event and the final state byte for byte', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(1000), (seed, index) => {
        let final: MatchState | null = null;
        const m = simulateMatch(seed, index, {
          variants: 'random',
          onRound: (s) => {
            final = s;
          },
        });
        const r = replayRecord(JSON.parse(JSON.stringify(m.record)));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(JSON.stringify(r.value.events)).toBe(JSON.stringify(m.events));
        expect(JSON.stringify(r.value.state)).toBe(JSON.stringify(final));
      }),
      { numRuns: Math.max(50, RUNS / 5), seed: 7 },
    );
  });

  it('same seed, same events', () => {
    for (let i = 0; i < 20; i++) {
      const a = simulateMatch('same-seed', i);
      const b = simulateMatch('same-seed', i);
      expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
      expect(JSON.stringify(b.record)).toBe(JSON.stringify(a.record));
    }
    expect(JSON.stringify(simulateMatch('other-seed', 0).events)).not.toBe(
      JSON.stringify(simulateMatch('same-seed', 0).events),
    );
  });
});
