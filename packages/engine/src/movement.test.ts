import { describe, expect, it } from 'vitest';
import { onBoard } from './board.js';
import { createCtx } from './context.js';
import type { MatchEvent } from './events.js';
import { testState, testToken } from './fixtures.js';
import { equals, hex, parseDir } from './hex.js';
import { previewDrift, resolveMomentumPhase, stepPose, type Pose } from './movement.js';
import {
  ENGINE_SETTINGS,
  type Dir,
  type EngineSetting,
  type Hex,
  type MatchState,
  type Momentum,
  type Rotation,
  type Seat,
} from './types.js';
import { shipHexes } from './warship.js';

const [N, NE, SE, S, SW, NW] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

function mat(linear = '', rotational = ''): Momentum {
  const words = (x: string) => x.split(' ').filter(Boolean);
  return { linear: words(linear).map((w) => parseDir(w)!), rotational: words(rotational) as Rotation[] };
}
/** Put a warship at an axial core with a facing and a mat. */
function place(s: MatchState, seat: Seat, core: Hex, facing: Dir, m: Momentum = mat()): void {
  const ship = s.ships[seat];
  ship.core = core;
  ship.facing = facing;
  ship.momentum = m;
}
function run(s: MatchState, engines: [EngineSetting, EngineSetting] = ['NONE', 'NONE']) {
  const ctx = createCtx(
    s,
    [
      { engine: engines[0], cards: [] },
      { engine: engines[1], cards: [] },
    ],
    () => undefined,
  );
  resolveMomentumPhase(ctx);
  return ctx.events;
}
const pose = (core: Hex, facing: Dir): Pose => ({ core, facing });
const steps = (events: MatchEvent[]) =>
  events.flatMap((e) => (e.type === 'step' ? [[e.seat, e.step, e.token, e.to.core, e.to.facing]] : []));
/** The pose of a seat after each of its steps, read back from the events (step, then any undo). */
function pathFromEvents(events: MatchEvent[], seat: Seat): Pose[] {
  const out: Pose[] = [];
  for (const e of events) {
    if (e.type === 'step' && e.seat === seat) out.push(e.to);
    if (e.type === 'collision' && e.seat === seat) out[e.step] = e.undoneTo;
  }
  return out;
}
const damage = (
  seat: Seat,
  section: string,
  armourBefore: number,
  armourAfter: number,
  structure: number,
  source: object,
  lost = 0,
) => ({
  type: 'damage',
  seat,
  section,
  amount: armourBefore - armourAfter + lost,
  armourBefore,
  armourAfter,
  structureBefore: structure,
  structureAfter: structure,
  lost,
  source,
});

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

describe('resolveMomentumPhase: warship collisions (RULES §4.2, draft §6.2.3)', () => {
  it('RULES §4.2: both moving — each removes its token, deals 1 damage per overlapping section of the other, both undone', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('N NE'));
    place(s, 1, hex(7, 7), S, mat('S'));
    const events = run(s);
    expect(events).toEqual([
      { type: 'step', seat: 0, step: 0, token: N, from: pose(hex(7, 10), N), to: pose(hex(7, 9), N) },
      { type: 'step', seat: 1, step: 0, token: S, from: pose(hex(7, 7), S), to: pose(hex(7, 8), S) },
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 0,
        removed: N,
        momentum: mat('NE'),
        sections: ['bow', 'core'],
        undoneTo: pose(hex(7, 10), N),
      },
      {
        type: 'collision',
        kind: 'warship',
        seat: 1,
        step: 0,
        removed: S,
        momentum: mat(),
        sections: ['bow', 'core'],
        undoneTo: pose(hex(7, 7), S),
      },
      damage(1, 'bow', 3, 2, 9, { seat: 0, by: 'collision' }),
      damage(1, 'core', 4, 3, 9, { seat: 0, by: 'collision' }),
      damage(0, 'bow', 4, 3, 10, { seat: 1, by: 'collision' }),
      damage(0, 'core', 5, 4, 10, { seat: 1, by: 'collision' }),
      { type: 'step', seat: 0, step: 1, token: NE, from: pose(hex(7, 10), N), to: pose(hex(8, 9), N) },
    ]);
    expect(s.ships[0]).toMatchObject({ core: hex(8, 9), momentum: mat('NE') });
    expect(s.ships[1]).toMatchObject({ core: hex(7, 7), momentum: mat() });
  });

  it('draft §6.2.3: only one ship still moving — it alone removes a token and deals damage; the other neither moves nor deals damage; repeated collisions play out', () => {
    const s = testState();
    place(s, 0, hex(7, 12), N, mat('N N N'));
    place(s, 1, hex(7, 7), S, mat('S')); // finishes after step 0
    const events = run(s);
    expect(events.filter((e) => e.type !== 'step')).toEqual([
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 1,
        removed: N,
        momentum: mat('N N'),
        sections: ['bow'],
        undoneTo: pose(hex(7, 11), N),
      },
      damage(1, 'bow', 3, 2, 9, { seat: 0, by: 'collision' }),
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 2,
        removed: N,
        momentum: mat('N'),
        sections: ['bow'],
        undoneTo: pose(hex(7, 11), N),
      },
      damage(1, 'bow', 2, 1, 9, { seat: 0, by: 'collision' }),
    ]);
    expect(s.ships[0]).toMatchObject({ core: hex(7, 11), momentum: mat('N'), armour: { bow: 4, core: 5 } });
    expect(s.ships[1]).toMatchObject({ core: hex(7, 8), momentum: mat('S') });
  });

  it('RULES §4.2: a rotation into the other ship is a collision; the rotation token is removed', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('', 'CW'));
    place(s, 1, hex(8, 8), S);
    const events = run(s);
    expect(events).toEqual([
      { type: 'step', seat: 0, step: 0, token: 'CW', from: pose(hex(7, 10), N), to: pose(hex(7, 10), NE) },
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 0,
        removed: 'CW',
        momentum: mat(),
        sections: ['bow'],
        undoneTo: pose(hex(7, 10), N),
      },
      damage(1, 'bow', 3, 2, 9, { seat: 0, by: 'collision' }),
    ]);
    expect(s.ships[0]).toMatchObject({ facing: N, momentum: mat() });
  });

  it('RULES §4.2: a rotation and a linear step into the same hex — both moved, both remove and deal damage', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('', 'CW'));
    place(s, 1, hex(8, 7), S, mat('S'));
    const events = run(s);
    expect(events.filter((e) => e.type === 'collision' || e.type === 'damage')).toEqual([
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 0,
        removed: 'CW',
        momentum: mat(),
        sections: ['bow'],
        undoneTo: pose(hex(7, 10), N),
      },
      {
        type: 'collision',
        kind: 'warship',
        seat: 1,
        step: 0,
        removed: S,
        momentum: mat(),
        sections: ['bow'],
        undoneTo: pose(hex(8, 7), S),
      },
      damage(1, 'bow', 3, 2, 9, { seat: 0, by: 'collision' }),
      damage(0, 'bow', 4, 3, 10, { seat: 1, by: 'collision' }),
    ]);
    expect(s.ships[0]).toMatchObject({ core: hex(7, 10), facing: N, momentum: mat() });
    expect(s.ships[1]).toMatchObject({ core: hex(8, 7), facing: S, momentum: mat() });
  });

  it('RULES §4.2: a ship undone by the edge check neither removes a second token nor deals damage; the ship that ran into it does', () => {
    const s = testState();
    place(s, 0, hex(7, 0), N, mat('N'));
    place(s, 1, hex(7, -3), S, mat('N')); // on the top row: its step is off the board
    const events = run(s);
    expect(events.filter((e) => e.type !== 'step')).toEqual([
      {
        type: 'collision',
        kind: 'edge',
        seat: 1,
        step: 0,
        removed: N,
        momentum: mat(),
        sections: ['core', 'port', 'starboard'],
        undoneTo: pose(hex(7, -3), S),
      },
      damage(1, 'core', 4, 3, 9, { seat: null, by: 'edge' }),
      damage(1, 'port', 4, 3, 9, { seat: null, by: 'edge' }),
      damage(1, 'starboard', 4, 3, 9, { seat: null, by: 'edge' }),
      {
        type: 'collision',
        kind: 'warship',
        seat: 0,
        step: 0,
        removed: N,
        momentum: mat(),
        sections: ['bow'],
        undoneTo: pose(hex(7, 0), N),
      },
      damage(1, 'bow', 3, 2, 9, { seat: 0, by: 'collision' }),
    ]);
    expect(s.ships[0]).toMatchObject({
      core: hex(7, 0),
      momentum: mat(),
      armour: { bow: 4, core: 5, port: 3, starboard: 3 },
    });
    expect(s.ships[1]).toMatchObject({ core: hex(7, -3), momentum: mat() });
  });

  it('RULES §4.2: after every step the ships never overlap and stay on the board (sweep of close encounters near the top edge)', () => {
    const mats = ['', 'N', 'S', 'N N', 'SE NW', 'NE N S', 'S S S S', 'N N N N', 'NW SW'];
    const rots = ['', 'CW', 'CCW CCW'];
    let checked = 0;
    const kinds = { edge: 0, warship: 0 };
    for (let dq = -3; dq <= 3; dq++) {
      for (let dr = -3; dr <= 3; dr++) {
        for (const f of [N, SE, SW]) {
          for (const [i, l0] of mats.entries()) {
            const s = testState();
            place(s, 0, hex(7, -1), N, mat(l0, rots[i % 3]));
            place(s, 1, hex(7 + dq, -1 + dr), f, mat(mats[(i + dq + 10) % mats.length], rots[(i + dr + 9) % 3]));
            const start = [shipHexes(s.ships[0]), shipHexes(s.ships[1])];
            if (start[0]!.some((h) => start[1]!.some((g) => equals(g, h)))) continue;
            if (start.flat().some((h) => !onBoard(s.scenario, h))) continue;
            const events = run(s, [ENGINE_SETTINGS[(i + dq + 20) % 10]!, ENGINE_SETTINGS[(i + dr + 20) % 10]!]);
            for (const e of events) if (e.type === 'collision') kinds[e.kind]++;
            const paths = [pathFromEvents(events, 0), pathFromEvents(events, 1)];
            const n = Math.max(paths[0]!.length, paths[1]!.length);
            const at: Pose[] = [pose(hex(7, -1), N), pose(hex(7 + dq, -1 + dr), f)];
            for (let k = 0; k < n; k++) {
              for (const seat of [0, 1] as const) if (paths[seat]![k]) at[seat] = paths[seat]![k]!;
              const a = shipHexes(at[0]!);
              const b = shipHexes(at[1]!);
              expect(a.some((h) => b.some((g) => equals(g, h)))).toBe(false);
              expect([...a, ...b].every((h) => onBoard(s.scenario, h))).toBe(true);
              checked++;
            }
            expect(at[0]).toEqual({ core: s.ships[0].core, facing: s.ships[0].facing });
            expect(at[1]).toEqual({ core: s.ships[1].core, facing: s.ships[1].facing });
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(kinds.edge).toBeGreaterThan(100);
    expect(kinds.warship).toBeGreaterThan(100);
  });
});

describe('resolveMomentumPhase: small tokens (RULES §4.2, draft §6.2.3)', () => {
  it('RULES §4.2: squadrons, projectiles and torpedoes under a warship are destroyed, any owner; weapon tokens first deal full damage and return to supply', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('N N'));
    s.ships[1].squadrons[0] = { ...s.ships[1].squadrons[0], status: 'space', at: hex(7, 8), facing: S, munitions: 1 };
    s.ships[0].supply.broadside = 2;
    s.ships[1].supply.main = 2;
    const torpedo = testToken({
      id: 't5',
      kind: 'torpedo',
      owner: 0,
      source: 'broadside',
      at: hex(6, 10),
      facing: N,
      damage: 3,
      evasion: 2,
    });
    const projectile = testToken({ id: 'p6', owner: 1, source: 'main', at: hex(8, 9), facing: SW, damage: 4 });
    const elsewhere = testToken({ id: 'p7', owner: 1, at: hex(0, 0), facing: S });
    s.tokens = [torpedo, projectile, elsewhere];
    const events = run(s);
    expect(events.slice(1, -1)).toEqual([
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '1:0', owner: 1 },
        at: hex(7, 8),
        cause: 'warship',
        source: { seat: 0, by: 'collision' },
      },
      { type: 'munitions', seat: 1, squadron: '1:0', before: 1, after: 0, reason: 'destroyed' },
      damage(0, 'port', 3, 0, 10, { seat: 0, by: 'token:t5', weapon: 'fpa-torpedo-racks' }),
      {
        type: 'token-destroyed',
        token: { kind: 'torpedo', id: 't5', owner: 0 },
        at: hex(6, 10),
        cause: 'warship',
        source: { seat: 0, by: 'collision' },
      },
      { type: 'token-returned', token: { kind: 'torpedo', id: 't5', owner: 0 }, at: hex(6, 10), reason: 'destroyed' },
      damage(0, 'starboard', 3, 0, 10, { seat: 1, by: 'token:p6', weapon: 'lamais-spinal-railgun' }, 1),
      {
        type: 'token-destroyed',
        token: { kind: 'projectile', id: 'p6', owner: 1 },
        at: hex(8, 9),
        cause: 'warship',
        source: { seat: 0, by: 'collision' },
      },
      { type: 'token-returned', token: { kind: 'projectile', id: 'p6', owner: 1 }, at: hex(8, 9), reason: 'destroyed' },
    ]);
    expect(events.map((e) => e.type).filter((t) => t === 'step')).toHaveLength(2);
    expect(events[events.length - 1]).toMatchObject({ type: 'step', step: 1 });
    expect(s.tokens).toEqual([elsewhere]);
    expect(s.ships[0].supply.broadside).toBe(3);
    expect(s.ships[1].supply.main).toBe(3);
    expect(s.ships[1].squadrons[0]).toMatchObject({ status: 'destroyed', munitions: 0 });
    expect(s.ships[0].armour).toEqual({ bow: 4, core: 5, port: 0, starboard: 0 });
  });

  it('RULES §4.2: a token hit by a section with no armour deals structure damage', () => {
    const s = testState();
    place(s, 0, hex(7, 10), N, mat('N'));
    s.ships[0].armour.bow = 0;
    s.tokens = [testToken({ id: 'p2', owner: 1, at: hex(7, 8), facing: S, damage: 3 })];
    const events = run(s);
    expect(events.find((e) => e.type === 'damage')).toMatchObject({
      seat: 0,
      section: 'bow',
      structureBefore: 10,
      structureAfter: 7,
    });
  });
});

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
    expect(previewDrift(s, 0, 'N')).toEqual({ momentum: mat(), path: [] });
    expect(s.ships[0].effects.thrusterLocked).toBe(true);
    s.ships[0].effects.thrusterLocked = false;
    s.ships[0].effects.fuelLeak = true;
    expect(previewDrift(s, 0, 'DOUBLE')).toEqual({ momentum: mat(), path: [] });
    expect(previewDrift(s, 0, 'SE').path).toEqual([pose(hex(8, 10), N)]);
  });
});
