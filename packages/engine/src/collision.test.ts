// RULES §4.2, draft §6.2.3: collisions in the momentum phase — warship against warship, and small tokens under a
// warship.
import { describe, expect, it } from 'vitest';
import { onBoard } from './board.js';
import { testState, testToken } from './fixtures.js';
import { equals, hex } from './hex.js';
import { damage, mat, N, NE, pathFromEvents, place, pose, run, S, SE, SW } from './movement.scene.js';
import type { Pose } from './movement.js';
import { ENGINE_SETTINGS } from './types.js';
import { shipHexes } from './warship.js';

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
