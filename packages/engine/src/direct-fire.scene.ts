// The direct-fire tests' scene (direct-fire.test.ts, aoe.test.ts): two warships facing each other down the middle
// column, a test gun on ship 0's bow, squadrons placed by hand, dice fixed by seed search.
import type { MatchEvent } from './events.js';
import { FPA_LOADOUT, LAMAIS_LOADOUT, testShip, testState } from './fixtures.js';
import { hex } from './hex.js';
import { roll, seedRng, type RngState } from './rng.js';
import type { DirectAttacker } from './targeting.js';
import type { Dir, Hex, Loadout, MatchState, Seat } from './types.js';
import type { Target } from './decision.js';
import { shipHexes } from './warship.js';

/** An RNG state whose next d12 rolls are exactly `rolls` (found by seed search, deterministic). */
export function rngFor(...rolls: number[]): RngState {
  for (let i = 0; ; i++) {
    const st = seedRng(`df-${i}`);
    const probe: RngState = [...st];
    if (rolls.every((r) => roll(probe, 12) === r)) return st;
  }
}

export function place(s: MatchState, seat: Seat, index: number, at: Hex, facing: Dir = 'N'): void {
  s.ships[seat].squadrons[index] = { ...s.ships[seat].squadrons[index]!, status: 'space', at, facing };
}

/** Lamais with the Siege Battery (AOE) and a Wisp for the third squadron. */
export const SIEGE: Loadout = {
  ...LAMAIS_LOADOUT,
  main: 'lamais-siege-battery',
  squadrons: ['lamais-dart', 'lamais-dart', 'lamais-wisp'],
};
/** FPA with the Flak Batteries (direct-fire broadsides). */
export const FLAK: Loadout = { ...FPA_LOADOUT, broadside: 'fpa-flak-batteries' };

/** Ship 0 (FPA, evasion 0) core (7,10) facing N; ship 1 (Lamais, evasion 1) core (7,4) facing S, bow (7,5). */
export function scene(): MatchState {
  return testState({
    ships: [testShip(0, { loadout: FLAK }), testShip(1, { core: hex(7, 4), facing: 'S', loadout: SIEGE })],
  });
}

export function gun(s: MatchState, over: Partial<DirectAttacker> = {}): DirectAttacker {
  return {
    seat: 0,
    from: hex(7, 9),
    facing: 'N',
    arcs: ['front'],
    range: 6,
    accuracy: 1,
    damage: 2,
    ownHexes: shipHexes(s.ships[0]),
    source: { seat: 0, by: 'main', weapon: 'test-gun' },
    ...over,
  };
}

export const sq = (id: string): Target => ({ kind: 'squadron', id });
export const sec = (seat: Seat, section: 'bow' | 'core' | 'port' | 'starboard'): Target => ({
  kind: 'section',
  seat,
  section,
});
export const attacks = (ev: MatchEvent[]) =>
  ev.filter((e): e is Extract<MatchEvent, { type: 'attack' }> => e.type === 'attack');

/** The test gun's source on an attack against ship 1 straight ahead (attack arc and target arcs, RULES §2). */
export const GUN_AHEAD = {
  seat: 0,
  by: 'main',
  weapon: 'test-gun',
  attackArc: 'front',
  targetArcs: ['front', 'bullseye', 'fullFront'],
} as const;
