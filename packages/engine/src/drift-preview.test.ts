// RULES §4.2, §9: the drift preview (the ghost ship the client draws): the momentum phase's path for one ship, the
// other taken as stationary.
import { describe, expect, it } from 'vitest';
import { testState } from './fixtures.js';
import { hex } from './hex.js';
import { mat, N, pathFromEvents, place, pose, run, S } from './movement.scene.js';
import { previewDrift } from './movement.js';
import { ENGINE_SETTINGS, type EngineSetting, type MatchState } from './types.js';

describe('previewDrift', () => {
  const scenarios: [string, (s: MatchState) => void][] = [
    ['open space', (s) => place(s, 0, hex(7, 10), N, mat('N NW', 'CW'))],
    ['at the west edge', (s) => place(s, 0, hex(1, 8), N, mat('NW N SW'))],
    ['at the top edge', (s) => place(s, 0, hex(7, -2), N, mat('N SE N', 'CCW'))],
    [
      'facing the stationary enemy',
      (s) => {
        place(s, 0, hex(7, 12), N, mat('N N N'));
        place(s, 1, hex(7, 8), S);
      },
    ],
    [
      'beside the stationary enemy',
      (s) => {
        place(s, 0, hex(7, 10), N, mat('NE', 'CW'));
        place(s, 1, hex(8, 8), S);
      },
    ],
    ['no momentum', () => undefined],
  ];
  const cases = scenarios.flatMap(([name, setup]) =>
    ENGINE_SETTINGS.map((engine): [string, EngineSetting, (s: MatchState) => void] => [name, engine, setup]),
  );

  it.each(cases)(
    'RULES §4.2: the ghost matches the momentum phase when the other ship does not move (%s, engine %s)',
    (_name, engine, setup) => {
      const s = testState();
      setup(s);
      const before = structuredClone(s);
      const preview = previewDrift(s, 0, engine);
      expect(s).toEqual(before); // pure
      const events = run(s, [engine, 'NONE']);
      expect(preview.path).toEqual(pathFromEvents(events, 0));
      expect(preview.momentum).toEqual(s.ships[0].momentum);
      const last = preview.path[preview.path.length - 1] ?? pose(before.ships[0].core, before.ships[0].facing);
      expect(last).toEqual({ core: s.ships[0].core, facing: s.ships[0].facing });
    },
  );

  it('RULES §4.2: the ghost treats the other ship as stationary, whatever its own momentum', () => {
    const s = testState();
    place(s, 0, hex(7, 12), N, mat('N N N'));
    place(s, 1, hex(7, 8), S, mat('N N N N')); // would move away; the ghost cannot know
    const preview = previewDrift(s, 1, 'NONE');
    expect(preview.path.map((p) => p.core)).toEqual([hex(7, 7), hex(7, 6), hex(7, 5), hex(7, 4)]);
    const p0 = previewDrift(s, 0, 'NONE');
    expect(p0.path.map((p) => p.core)).toEqual([hex(7, 11), hex(7, 11), hex(7, 11)]);
    expect(p0.momentum).toEqual(mat('N'));
  });

  it('RULES §9: the ghost honours a locked thruster and a fuel leak without using up the lock', () => {
    const s = testState();
    s.ships[0].effects.thrusterLocked = true;
    expect(previewDrift(s, 0, 'N')).toEqual({ momentum: mat(), path: [], blocked: 'thruster-locked' });
    expect(s.ships[0].effects.thrusterLocked).toBe(true);
    s.ships[0].effects.thrusterLocked = false;
    s.ships[0].effects.fuelLeak = true;
    expect(previewDrift(s, 0, 'DOUBLE')).toEqual({ momentum: mat(), path: [], blocked: 'fuel-leak' });
    expect(previewDrift(s, 0, 'SE').path).toEqual([pose(hex(8, 10), N)]);
  });
});
