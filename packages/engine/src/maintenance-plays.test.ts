// RULES §4.3 Squadron Maintenance: which plays would do all they say on this position (the others do less or nothing:
// a squadron in space or full, no squadron torpedo left, a repair with nothing destroyed).
import { describe, expect, it } from 'vitest';
import { legalCommitments } from './commitment-options.js';
import { FPA_LOADOUT, testShip, testSquadron, testState } from './fixtures.js';
import { maintenanceShortfall } from './maintenance-plays.js';
import { resolveRound } from './round.js';
import type { CardPlay, Squadron } from './types.js';

const ship = (over: Partial<Squadron>[], torpedoes = 1) =>
  testState({
    ships: [
      testShip(0, {
        loadout: { ...FPA_LOADOUT, squadrons: ['fpa-interceptor', 'fpa-torpedo-bomber', 'fpa-pathfinder'] },
        supply: { main: 3, broadside: 3, squadronTorpedo: torpedoes },
        squadrons: [
          testSquadron(0, 0, 'fpa-interceptor', over[0]),
          testSquadron(0, 1, 'fpa-torpedo-bomber', over[1]),
          testSquadron(0, 2, 'fpa-pathfinder', over[2]),
        ],
      }),
      testShip(1),
    ],
  });
const space = { status: 'space', at: { q: 7, r: 5 }, facing: 'N' } as const;
const play = (p: Omit<Extract<CardPlay, { card: 'squadron-maintenance' }>, 'card'>): CardPlay => ({
  card: 'squadron-maintenance',
  ...p,
});

describe('RULES §4.3: Squadron Maintenance plays that do all they say', () => {
  it('RULES §4.3: munitions go only to squadrons aboard with room; a repair only to a destroyed squadron', () => {
    // Interceptor (capacity 2) aboard with 1; the bomber and the Pathfinder in space.
    const s = ship([{ munitions: 1 }, space, space]);
    expect(maintenanceShortfall(s, 0, play({ munitions: [0] }))).toBeNull();
    expect(maintenanceShortfall(s, 0, play({ munitions: [0, 0] }))).toBe('squadron 1 has no room for another munition');
    expect(maintenanceShortfall(s, 0, play({ munitions: [1, 2] }))).toBe('squadron 2 is not aboard');
    expect(maintenanceShortfall(s, 0, play({ repair: 0 }))).toBe('squadron 1 is not destroyed');
    expect(
      maintenanceShortfall(ship([{ status: 'destroyed', munitions: 0 }, space, space]), 0, play({ repair: 0 })),
    ).toBeNull();
    // A torpedo bomber's munition comes from the squadron torpedo supply: one left, so one, not two.
    const bomber = ship([{ munitions: 2 }, { munitions: 0 }, { munitions: 1 }], 1);
    expect(maintenanceShortfall(bomber, 0, play({ munitions: [1] }))).toBeNull();
    expect(maintenanceShortfall(ship([{}, { munitions: 0 }, {}], 0), 0, play({ munitions: [1] }))).toBe(
      'no squadron torpedo left',
    );
  });

  it('RULES §4.3: a play with no shortfall changes the board when it resolves; one with a shortfall does less', () => {
    const s = ship([{ munitions: 0 }, space, { status: 'destroyed', munitions: 0 }]);
    const plays = legalCommitments(s, 0)
      .filter((c) => c.engine === 'NONE' && c.cards.length === 1 && c.cards[0]!.card === 'squadron-maintenance')
      .map((c) => c.cards[0]!);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) {
      const r = resolveRound(
        s,
        [
          { engine: 'NONE', cards: [p] },
          { engine: 'NONE', cards: [] },
        ],
        [],
      );
      const events = r.status === 'error' ? [] : r.events;
      const did = events.filter((e) => e.type === 'munitions' || e.type === 'squadron-repaired').length;
      const asked = 'repair' in p && p.repair !== undefined ? 1 : 'munitions' in p ? p.munitions!.length : 0;
      expect(did === asked, JSON.stringify(p)).toBe(maintenanceShortfall(s, 0, p) === null);
    }
  });
});
