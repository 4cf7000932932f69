// The fixed positions the learn page's pictures and the tutorial's lessons start from: a real engine match (FPA as
// seat 0, "you"; Lamais as seat 1) with the warships put where the lesson wants them.
import { createMatch, fromOffset, type Dir, type Loadout, type MatchState } from '@star-eater/engine';

export const LOADOUTS: [Loadout, Loadout] = [
  {
    main: 'fpa-heavy-lance',
    broadside: 'fpa-torpedo-racks',
    fighterBay: 'fpa-catapult-bay',
    pointDefence: 'fpa-ciws',
    squadrons: ['fpa-interceptor', 'fpa-interceptor', 'fpa-strike-fighter'],
  },
  {
    main: 'lamais-spinal-railgun',
    broadside: 'lamais-pulse-lasers',
    fighterBay: 'lamais-deep-hangar',
    pointDefence: 'lamais-point-lasers',
    squadrons: ['lamais-dart', 'lamais-dart', 'lamais-lancer'],
  },
];

/** Seat 0 and seat 1 at offset (col, row) with their facings; names as the screen shows them; seat 0's loadout. */
export function position(
  you: [number, number, Dir],
  them: [number, number, Dir],
  names: [string, string] = ['You', 'Opponent'],
  yours: Loadout = LOADOUTS[0],
): MatchState {
  const s = createMatch({
    seed: 'learn',
    initiative: 0,
    players: [
      { name: names[0], faction: 'fpa', loadout: yours, munitions: [2, 1, 1] },
      { name: names[1], faction: 'lamais', loadout: LOADOUTS[1], munitions: [2, 1, 1] },
    ],
  });
  s.ships[0].core = fromOffset(you[0], you[1]);
  s.ships[0].facing = you[2];
  s.ships[1].core = fromOffset(them[0], them[1]);
  s.ships[1].facing = them[2];
  return s;
}
