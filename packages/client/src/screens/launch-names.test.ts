// Launch hexes are named from the nearer fighter bay (port or starboard section, RULES §1/§4.4) by distance and clock
// position relative to the warship's heading; every hex within launch range 2 gets a name of its own.
import { describe, expect, it } from 'vitest';
import { DIRS, neighbour, range } from '@star-eater/engine';
import { clockOf } from '../animation/names.js';
import { shipHexes } from '../board/model.js';
import { launchHexNames } from './launch-names.js';

describe('launchHexNames', () => {
  it('names a hex by its bay, distance and clock position (12 o’clock = the heading)', () => {
    const core = { q: 7, r: 4 };
    const bays = shipHexes(core, 'N'); // facing N: port is SW of the core, starboard SE
    const [left, aheadRight] = launchHexNames({ core, facing: 'N' }, [
      neighbour(bays.port, 'SW'),
      neighbour(bays.starboard, 'NE', 2),
    ]);
    expect(left).toBe("Port bay, 1 hex at 8 o'clock");
    expect(aheadRight).toBe("Starboard bay, 2 hexes at 2 o'clock");
  });

  it('turns with the warship: seat 1 facing S sees its own port bay on its left', () => {
    const core = { q: 7, r: 12 };
    const bays = shipHexes(core, 'S');
    expect(launchHexNames({ core, facing: 'S' }, [neighbour(bays.port, 'S')])).toEqual([
      "Port bay, 1 hex at 12 o'clock",
    ]);
    expect(clockOf(core, neighbour(core, 'N'), 'S')).toBe(6);
  });

  it('gives every hex within two of a bay a distinct name, whatever the heading', () => {
    for (const facing of DIRS) {
      const core = { q: 7, r: 5 };
      const ship = shipHexes(core, facing);
      const taken = new Set(Object.values(ship).map((x) => `${x.q},${x.r}`));
      const seen = new Map<string, true>();
      const hexes = [...range(ship.port, 2), ...range(ship.starboard, 2)].filter(
        (x) => !taken.has(`${x.q},${x.r}`) && !seen.has(`${x.q},${x.r}`) && seen.set(`${x.q},${x.r}`, true),
      );
      const names = launchHexNames({ core, facing }, hexes);
      expect(new Set(names).size).toBe(hexes.length);
    }
  });
});
