// RULES §4.5: the line a beam or token weapon takes and what it destroys on the way, from the position as it stands.
import { describe, expect, it } from 'vitest';
import { firingLine } from './firing-line.js';
import { FPA_LOADOUT, testShip, testState, testSquadron } from './fixtures.js';
import { fromOffset, neighbour } from './hex.js';
import type { Hex, MatchState, Warship } from './types.js';

/** Seat 0 at (7, 13) facing N with the given main weapon; seat 1 at (7, 3) facing S. */
function position(main: string): MatchState {
  const a: Warship = testShip(0, { loadout: { ...FPA_LOADOUT, main }, core: fromOffset(7, 13), facing: 'N' });
  const b: Warship = testShip(1, { core: fromOffset(7, 3), facing: 'S' });
  return testState({ ships: [a, b] });
}

/** The hex `n` steps ahead of seat 0's bow. */
const ahead = (s: MatchState, n: number) => {
  let at = neighbour(s.ships[0].core, 'N');
  for (let k = 0; k < n; k++) at = neighbour(at, 'N');
  return at;
};

function squadronAt(s: MatchState, seat: 0 | 1, i: number, at: Hex): void {
  s.ships[seat].squadrons[i] = testSquadron(seat, i, 'fpa-interceptor', { status: 'space', at, facing: 'N' });
}

describe('firingLine (RULES §4.5)', () => {
  it('a laser: its range from the mount, every small token on the way, whoever owns it', () => {
    const s = position('fpa-heavy-lance');
    squadronAt(s, 0, 1, ahead(s, 2));
    squadronAt(s, 1, 0, ahead(s, 4));
    const line = firingLine(s, 0, { card: 'fire-main' })!;
    expect(line.path).toHaveLength(6);
    expect(line.path[0]).toEqual(ahead(s, 1));
    expect(line.destroys.map((t) => t.id)).toEqual(['0:1', '1:0']);
  });

  it('a projectile: straight on to the first enemy warship hex, destroying the squadrons it passes', () => {
    const s = position('fpa-mass-driver');
    squadronAt(s, 0, 0, ahead(s, 1));
    const line = firingLine(s, 0, { card: 'fire-main' })!;
    expect(line.destroys).toEqual([{ kind: 'squadron', id: '0:0', owner: 0 }]);
    // Seat 1's bow at (7, 4) is the first warship hex on the line: the shot stops there.
    expect(line.path.at(-1)).toEqual(fromOffset(7, 4));
  });

  it('a torpedo destroys nothing on its launch line; direct fire and other cards have no line', () => {
    const s = position('fpa-mass-driver');
    const launch = firingLine(s, 0, { card: 'port-broadside', aim: 'fore' })!;
    expect(launch.weapon.class).toBe('torpedo');
    squadronAt(s, 0, 0, launch.path[1]!);
    const torpedo = firingLine(s, 0, { card: 'port-broadside', aim: 'fore' })!;
    expect(torpedo.path).toEqual(launch.path);
    expect(torpedo.destroys).toEqual([]);
    expect(firingLine(s, 0, { card: 'defence-stations' })).toBeNull();
    s.ships[0].loadout = { ...s.ships[0].loadout, broadside: 'fpa-flak-batteries' };
    expect(firingLine(s, 0, { card: 'starboard-broadside', aim: 'fore' })).toBeNull();
  });
});
