import { describe, expect, it } from 'vitest';
import { bearing } from './arcs.js';
import { DIRS, equals, hex, neighbour } from './hex.js';
import { cardMount, firingDirection, mountArcs, mountCard, mountComponent, mountHex, MOUNTS } from './mounts.js';
import type { Aim, Dir, WeaponArc } from './types.js';
import { sectionHex, shipHexes } from './warship.js';

const C = hex(7, 5);

describe('RULES §3 weapon mounts', () => {
  it.each(DIRS)(
    'RULES §3: main on the bow, port broadside on the port hex, starboard on the starboard hex (facing %i)',
    (f) => {
      const ship = { core: C, facing: f };
      expect(mountHex(ship, 'main')).toEqual(sectionHex(ship, 'bow'));
      expect(mountHex(ship, 'port-broadside')).toEqual(sectionHex(ship, 'port'));
      expect(mountHex(ship, 'starboard-broadside')).toEqual(sectionHex(ship, 'starboard'));
    },
  );

  it('RULES §3: the mounts of a ship facing N at (7,5) are bow (7,4), port (6,6), starboard (8,5)', () => {
    const ship = { core: C, facing: 'N' as Dir };
    expect(MOUNTS.map((m) => mountHex(ship, m))).toEqual([hex(7, 4), hex(6, 6), hex(8, 5)]);
  });

  const table: [Dir, Dir, Dir, Dir, Dir, Dir][] = [
    // facing, main, port fore, port aft, starboard fore, starboard aft
    ['N', 'N', 'NW', 'SW', 'NE', 'SE'],
    ['NE', 'NE', 'N', 'NW', 'SE', 'S'],
    ['SE', 'SE', 'NE', 'N', 'S', 'SW'],
    ['S', 'S', 'SE', 'NE', 'SW', 'NW'],
    ['SW', 'SW', 'S', 'SE', 'NW', 'N'],
    ['NW', 'NW', 'SW', 'S', 'N', 'NE'],
  ];
  it.each(table)(
    'RULES §3: facing %i fires main %i, port fore %i / aft %i, starboard fore %i / aft %i',
    (f, main, pf, pa, sf, sa) => {
      const ship = { facing: f };
      expect(firingDirection(ship, 'main')).toBe(main);
      expect(firingDirection(ship, 'main', 'aft')).toBe(main);
      expect(firingDirection(ship, 'port-broadside', 'fore')).toBe(pf);
      expect(firingDirection(ship, 'port-broadside', 'aft')).toBe(pa);
      expect(firingDirection(ship, 'starboard-broadside', 'fore')).toBe(sf);
      expect(firingDirection(ship, 'starboard-broadside', 'aft')).toBe(sa);
    },
  );

  it('ruling: a broadside played without an aim fires fore', () => {
    expect(firingDirection({ facing: 'N' }, 'port-broadside')).toBe('NW');
    expect(firingDirection({ facing: 'N' }, 'starboard-broadside')).toBe('NE');
  });

  it.each(DIRS)(
    'RULES §3: a broadside fires along a line bounding its side arc, never through its own ship (facing %i)',
    (f) => {
      const ship = { core: C, facing: f };
      const expected: Record<string, Record<Aim, number>> = {
        'port-broadside': { fore: -60, aft: -120 },
        'starboard-broadside': { fore: 60, aft: 120 },
      };
      for (const mount of ['port-broadside', 'starboard-broadside'] as const) {
        for (const aim of ['fore', 'aft'] as const) {
          const from = mountHex(ship, mount);
          const d = firingDirection(ship, mount, aim);
          for (let k = 1; k <= 4; k++) {
            const h = neighbour(from, d, k);
            expect(bearing(from, f, h)).toBeCloseTo(expected[mount]![aim]);
            expect(shipHexes(ship).some((x) => equals(x, h))).toBe(false);
          }
        }
      }
    },
  );

  it('RULES §3: the main weapon fires along the facing, clear of its own ship', () => {
    for (const f of DIRS) {
      const ship = { core: C, facing: f };
      const h = neighbour(mountHex(ship, 'main'), firingDirection(ship, 'main'));
      expect(shipHexes(ship).some((x) => equals(x, h))).toBe(false);
    }
  });

  const arcs: [WeaponArc, string, string[]][] = [
    ['bullseye', 'main', ['bullseye']],
    ['front', 'main', ['front']],
    ['side', 'port-broadside', ['left']],
    ['side', 'starboard-broadside', ['right']],
    ['any', 'main', ['front', 'left', 'right', 'rear']],
    ['turret', 'main', ['front']],
  ];
  it.each(arcs)('RULES §2–3: a %s weapon on the %s mount attacks through %j', (arc, mount, expected) => {
    expect(mountArcs({ facing: 'N' }, mount as 'main', { arc })).toEqual(expected);
  });

  it('RULES §2: a turret mount covers the arc its commitment sets', () => {
    expect(mountArcs({ facing: 'SE' }, 'main', { arc: 'turret' }, 'rear')).toEqual(['rear']);
    expect(mountArcs({ facing: 'SE' }, 'main', { arc: 'turret' }, 'left')).toEqual(['left']);
  });

  it('draft §3.2.2: both broadside cards share the broadside component; the cards map to mounts', () => {
    expect(MOUNTS.map(mountComponent)).toEqual(['main', 'broadside', 'broadside']);
    expect(MOUNTS.map(mountCard)).toEqual(['fire-main', 'port-broadside', 'starboard-broadside']);
    expect(cardMount('fire-main')).toBe('main');
    expect(cardMount('starboard-broadside')).toBe('starboard-broadside');
    expect(cardMount('launch-squadron')).toBeNull();
  });
});
