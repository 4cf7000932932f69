// RULES §4.2: the momentum phase — engines, lock-step movement over the mats, the board edge.
import { describe, expect, it } from 'vitest';
import { testState } from './fixtures.js';
import { hex } from './hex.js';
import { damage, mat, N, NE, NW, place, pose, run, S, SE, steps, SW } from './movement.scene.js';
import { stepPose } from './movement.js';
import type { Dir, Hex } from './types.js';

describe('resolveMomentumPhase: lock-step movement', () => {
  it('RULES §4.2: both ships move in lock-step, linear tokens in mat order then rotations; momentum stays', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('N NW', 'CW'));
    place(s, 1, hex(7, 0), S, mat('S'));
    const events = run(s);
    expect(steps(events)).toEqual([
      [0, 0, N, hex(7, 9), N],
      [1, 0, S, hex(7, 1), S],
      [0, 1, NW, hex(6, 9), N],
      [0, 2, 'CW', hex(6, 9), NE],
    ]);
    expect(events.filter((e) => e.type !== 'step')).toEqual([]);
    expect(s.ships[0]).toMatchObject({ core: hex(6, 9), facing: NE, momentum: mat('N NW', 'CW') });
    expect(s.ships[1]).toMatchObject({ core: hex(7, 1), facing: S, momentum: mat('S') });
  });

  it('RULES §4.2: engines first (initiative holder first), then movement over the new mats', () => {
    const s = testState({ initiative: 1 });
    place(s, 0, hex(7, 10), N, mat('N'));
    place(s, 1, hex(7, 0), S);
    const events = run(s, ['NE', 'CW']);
    expect(events.map((e) => e.type + ('seat' in e ? e.seat : ''))).toEqual([
      'thrust1',
      'thrust0',
      'step1',
      'step0',
      'step0',
    ]);
    expect(steps(events)).toEqual([
      [1, 0, 'CW', hex(7, 0), SW],
      [0, 0, N, hex(7, 9), N],
      [0, 1, NE, hex(8, 8), N],
    ]);
    const first = events.find((e) => e.type === 'step')!;
    expect(first).toEqual({
      type: 'step',
      seat: 1,
      step: 0,
      token: 'CW',
      from: pose(hex(7, 0), S),
      to: pose(hex(7, 0), SW),
    });
  });

  it('RULES §4.2: a ship with an empty mat does not move and nothing is emitted', () => {
    const s = testState();
    const before = structuredClone(s);
    expect(run(s)).toEqual([]);
    expect(s).toEqual(before);
  });

  it.each([
    ['N', N, hex(3, 1)],
    ['NE', NE, hex(4, 1)],
    ['SE', SE, hex(4, 2)],
    ['S', S, hex(3, 3)],
    ['SW', SW, hex(2, 3)],
    ['NW', NW, hex(2, 2)],
  ] as [string, Dir, Hex][])(
    'RULES §1/§4.2: a linear token %s moves the core one hex that way, facing unchanged',
    (_n, d, to) => {
      expect(stepPose(pose(hex(3, 2), N), d)).toEqual(pose(to, N));
      expect(stepPose(pose(hex(3, 2), S), 'CW')).toEqual(pose(hex(3, 2), SW));
      expect(stepPose(pose(hex(3, 2), N), 'CCW')).toEqual(pose(hex(3, 2), NW));
    },
  );
});

describe('resolveMomentumPhase: board edge (RULES §4.2, draft §6.2.3)', () => {
  it('RULES §4.2: a ship leaving the board removes the token, takes 1 damage per section off, undoes the step; the rest plays out', () => {
    const s = testState();
    place(s, 0, hex(1, 8), N, mat('NW N'));
    // an enemy squadron where the bow would have gone: the step is undone before small tokens are checked
    s.ships[1].squadrons[0] = { ...s.ships[1].squadrons[0], status: 'space', at: hex(0, 7), facing: S };
    const events = run(s);
    expect(events).toEqual([
      { type: 'step', seat: 0, step: 0, token: NW, from: pose(hex(1, 8), N), to: pose(hex(0, 8), N) },
      {
        type: 'collision',
        kind: 'edge',
        seat: 0,
        step: 0,
        removed: NW,
        momentum: mat('N'),
        sections: ['port'],
        undoneTo: pose(hex(1, 8), N),
      },
      damage(0, 'port', 3, 2, 10, { seat: null, by: 'edge' }),
      { type: 'step', seat: 0, step: 1, token: N, from: pose(hex(1, 8), N), to: pose(hex(1, 7), N) },
    ]);
    expect(s.ships[0]).toMatchObject({ core: hex(1, 7), facing: N, momentum: mat('N') });
    expect(s.ships[1].squadrons[0].status).toBe('space');
  });

  it('RULES §4.2: the removed token is the one of the step (by position, not by value); later tokens keep their steps', () => {
    const s = testState();
    place(s, 0, hex(7, -2), N, mat('N SE N')); // core on the top row but one: the first N takes the bow off
    place(s, 1, hex(7, 5), S);
    const events = run(s);
    expect(events.filter((e) => e.type === 'collision')).toEqual([
      {
        type: 'collision',
        kind: 'edge',
        seat: 0,
        step: 0,
        removed: N,
        momentum: mat('SE N'),
        sections: ['bow'],
        undoneTo: pose(hex(7, -2), N),
      },
    ]);
    expect(steps(events)).toEqual([
      [0, 0, N, hex(7, -3), N],
      [0, 1, SE, hex(8, -2), N],
      [0, 2, N, hex(8, -3), N],
    ]);
    expect(s.ships[0].momentum).toEqual(mat('SE N'));
    expect(s.ships[0].armour.bow).toBe(3);
  });

  it('RULES §4.2: a rotation that takes a section off the board is an edge collision', () => {
    const s = testState();
    place(s, 1, hex(7, -3), S, mat('', 'CW')); // core on the top row facing S
    const events = run(s);
    expect(events).toEqual([
      { type: 'step', seat: 1, step: 0, token: 'CW', from: pose(hex(7, -3), S), to: pose(hex(7, -3), SW) },
      {
        type: 'collision',
        kind: 'edge',
        seat: 1,
        step: 0,
        removed: 'CW',
        momentum: mat(),
        sections: ['starboard'],
        undoneTo: pose(hex(7, -3), S),
      },
      damage(1, 'starboard', 4, 3, 9, { seat: null, by: 'edge' }),
    ]);
    expect(s.ships[1]).toMatchObject({ facing: S, momentum: mat() });
  });

  it('RULES §4.2: every section that left the board takes 1 damage; a section with no armour loses structure', () => {
    const s = testState();
    place(s, 1, hex(7, -3), S, mat('N N'));
    s.ships[1].armour.core = 0;
    const events = run(s);
    expect(
      events.filter((e) => e.type === 'damage').map((e) => e.type === 'damage' && [e.section, e.structureAfter]),
    ).toEqual([
      ['core', 8],
      ['port', 8],
      ['starboard', 8],
      ['core', 7],
      ['port', 7],
      ['starboard', 7],
    ]);
    expect(s.ships[1]).toMatchObject({
      core: hex(7, -3),
      momentum: mat(),
      armour: { bow: 3, core: 0, port: 2, starboard: 2 },
    });
  });

  it('ruling RULES §4.6: a ship brought to 0 structure by a collision keeps playing out its momentum (loss is at the end of the phase)', () => {
    const s = testState();
    place(s, 1, hex(7, -3), S, mat('N S'));
    s.ships[1].armour.core = 0;
    s.ships[1].structure = 1;
    const events = run(s);
    expect(events.map((e) => e.type)).toEqual([
      'step',
      'collision',
      'damage',
      'ship-destroyed',
      'damage',
      'damage',
      'step',
    ]);
    expect(s.ships[1]).toMatchObject({ structure: 0, core: hex(7, -2), momentum: mat('S') });
  });
});
