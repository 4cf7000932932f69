import { createMatch, fromOffset, neighbour } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { describeHex } from './inspect.js';
import { modelFromMatch } from './model.js';

const match = () =>
  createMatch({
    seed: 'inspect',
    initiative: 0,
    players: [
      {
        name: 'Ada',
        faction: 'fpa',
        loadout: {
          main: 'fpa-heavy-lance',
          broadside: 'fpa-torpedo-racks',
          fighterBay: 'fpa-catapult-bay',
          pointDefence: 'fpa-ciws',
          squadrons: ['fpa-interceptor', 'fpa-interceptor', 'fpa-strike-fighter'],
        },
        munitions: [2, 1, 1],
      },
      {
        name: 'Bo',
        faction: 'lamais',
        loadout: {
          main: 'lamais-spinal-railgun',
          broadside: 'lamais-pulse-lasers',
          fighterBay: 'lamais-deep-hangar',
          pointDefence: 'lamais-point-lasers',
          squadrons: ['lamais-dart', 'lamais-dart', 'lamais-lancer'],
        },
        munitions: [2, 1, 1],
      },
    ],
  });

describe('describeHex (inspect a board piece)', () => {
  it('names a warship section with its armour and the structure, a squadron with its munitions, empty space as null', () => {
    const s = match();
    const bow = neighbour(s.ships[0].core, s.ships[0].facing);
    const sq = s.ships[1].squadrons[2]!;
    sq.status = 'space';
    sq.at = fromOffset(3, 8);
    sq.facing = 'SE';
    const m = modelFromMatch(s);
    expect(describeHex(m, bow)).toBe("Ada's warship, bow: armour 4/4, structure 10/10");
    expect(describeHex(m, s.ships[1].core)).toBe("Bo's warship, core: armour 4/4, structure 9/9");
    expect(describeHex(m, fromOffset(3, 8))).toBe("Bo's Lancer squadron, facing SE: 1 munition");
    expect(describeHex(m, fromOffset(0, 0))).toBeNull();
  });
});
