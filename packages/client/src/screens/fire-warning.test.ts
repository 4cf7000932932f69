// A laser whose path crosses your own squadron warns before you lock in (RULES §4.5: a laser destroys every small
// token on its path, whoever owns it).
import { createMatch, neighbour, type Loadout, type MatchState } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { friendlyFireWarnings } from './fire-warning.js';

const fpa = (main: string): Loadout => ({
  main,
  broadside: 'fpa-torpedo-racks',
  fighterBay: 'fpa-catapult-bay',
  pointDefence: 'fpa-ciws',
  squadrons: ['fpa-interceptor', 'fpa-interceptor', 'fpa-interceptor'],
});

function match(main: string): MatchState {
  return createMatch({
    seed: 'fire-warning',
    initiative: 0,
    players: [
      { name: 'A', faction: 'fpa', loadout: fpa(main), munitions: [2, 1, 1] },
      { name: 'B', faction: 'fpa', loadout: fpa('fpa-mass-driver'), munitions: [2, 1, 1] },
    ],
  });
}

/** Puts seat 0's squadron `i` in space `ahead` hexes in front of its bow (the line Fire Main shoots along). */
function squadronAhead(s: MatchState, i: number, ahead: number): MatchState {
  const ship = s.ships[0];
  let at = neighbour(ship.core, ship.facing);
  for (let k = 0; k < ahead; k++) at = neighbour(at, ship.facing);
  const sq = ship.squadrons[i]!;
  sq.status = 'space';
  sq.at = at;
  sq.facing = ship.facing;
  return s;
}

describe('friendlyFireWarnings', () => {
  it('warns when the main laser’s line crosses your own squadron, naming it', () => {
    const s = squadronAhead(match('fpa-heavy-lance'), 1, 2);
    expect(friendlyFireWarnings(s, 0, [{ card: 'fire-main' }])).toEqual([
      'Heavy Lance fires through your squadron S2: it would be destroyed.',
    ]);
  });

  it('a projectile too; nothing for other cards, nothing past the laser’s range, nothing with no squadron out', () => {
    expect(
      friendlyFireWarnings(squadronAhead(match('fpa-mass-driver'), 0, 1), 0, [{ card: 'fire-main' }]),
    ).toHaveLength(1);
    expect(
      friendlyFireWarnings(squadronAhead(match('fpa-heavy-lance'), 0, 1), 0, [{ card: 'defence-stations' }]),
    ).toEqual([]);
    expect(friendlyFireWarnings(squadronAhead(match('fpa-heavy-lance'), 0, 7), 0, [{ card: 'fire-main' }])).toEqual([]);
    expect(friendlyFireWarnings(match('fpa-heavy-lance'), 0, [{ card: 'fire-main' }])).toEqual([]);
  });
});
