import { describe, expect, it } from 'vitest';
import type { MatchEvent } from './events.js';
import { testCtx, testShip, testState } from './fixtures.js';
import { DIRS, parseDir, turn } from './hex.js';
import { applyEngine, applyThrust, engineThrusts, MAX_LINEAR, type Thrust, type ThrustEffect } from './momentum.js';
import type { Dir, EngineSetting, Momentum, Rotation } from './types.js';

/** 'N NE' + 'CW' → a mat. */
function mat(linear = '', rotational = ''): Momentum {
  const words = (x: string) => x.split(' ').filter(Boolean);
  return { linear: words(linear).map((w) => parseDir(w)!), rotational: words(rotational) as Rotation[] };
}
const thrust = (t: string): Thrust => (t === 'CW' || t === 'CCW' ? t : parseDir(t)!);
const names = (m: Momentum) => ({
  linear: m.linear.join(' '),
  rotational: m.rotational.join(' '),
});

const ctxWith = (engines: [EngineSetting, EngineSetting], s = testState()) => testCtx(s, [], engines);

describe('applyThrust', () => {
  // [mat linear, mat rotational, thrust, effect, index, result linear, result rotational]
  const table: [string, string, string, ThrustEffect, number | null, string, string][] = [
    // RULES §4.2 step 2: adding while fewer than 4 linear tokens
    ['', '', 'N', 'added', 0, 'N', ''],
    ['N', '', 'N', 'added', 1, 'N N', ''],
    ['N NE', '', 'NE', 'added', 2, 'N NE NE', ''],
    ['N N N', '', 'N', 'added', 3, 'N N N N', ''],
    ['N', '', 'NE', 'added', 1, 'N NE', ''], // one edge away: neither cancels nor modifies
    ['N', '', 'NW', 'added', 1, 'N NW', ''],
    // cancel: the opposite token is removed
    ['N', '', 'S', 'cancelled', 0, '', ''],
    ['SE', 'CW', 'NW', 'cancelled', 0, '', 'CW'],
    // draft §6.2: of several that could be cancelled, only the last is; later tokens close the gap
    ['N NE N', '', 'S', 'cancelled', 2, 'N NE', ''],
    ['N SE N SE', '', 'S', 'cancelled', 2, 'N SE SE', ''],
    ['NE N NE N', '', 'SW', 'cancelled', 2, 'NE N N', ''],
    // cancelling comes before modifying, even when the modifiable token is later on the mat
    ['N NE', '', 'S', 'cancelled', 0, 'NE', ''],
    // modify: a token two edges away turns to the direction between it and the thrust (worked example [N] + SE → [NE])
    ['N', '', 'SE', 'modified', 0, 'NE', ''],
    ['N', '', 'SW', 'modified', 0, 'NW', ''],
    ['NE', '', 'S', 'modified', 0, 'SE', ''],
    ['SW', '', 'N', 'modified', 0, 'NW', ''],
    ['NW', '', 'NE', 'modified', 0, 'N', ''],
    // draft §6.2: of several that could be modified, only the last is
    ['N SE N', '', 'SE', 'modified', 2, 'N SE NE', ''],
    ['N N', '', 'SE', 'modified', 1, 'N NE', ''],
    // ruling: tokens two edges away on both sides — the last on the mat of either kind turns
    ['NE NW', '', 'S', 'modified', 1, 'NE SW', ''],
    ['NW NE', '', 'S', 'modified', 1, 'NW SE', ''],
    ['NW NE N', '', 'S', 'cancelled', 2, 'NW NE', ''],
    // the 4-token limit: only thrusts that cancel or modify still act, the rest are ignored
    ['N N N N', '', 'N', 'ignored', null, 'N N N N', ''],
    ['N N N N', '', 'NE', 'ignored', null, 'N N N N', ''],
    ['N N N N', '', 'S', 'cancelled', 3, 'N N N', ''],
    ['N N N N', '', 'SE', 'modified', 3, 'N N N NE', ''],
    ['N N N N', 'CW CW', 'SW', 'modified', 3, 'N N N NW', 'CW CW'],
    // RULES §4.2 step 1: rotations
    ['', '', 'CW', 'added', 0, '', 'CW'],
    ['', 'CCW', 'CCW', 'added', 1, '', 'CCW CCW'],
    ['', 'CW', 'CCW', 'cancelled', 0, '', ''],
    ['', 'CW CW', 'CCW', 'cancelled', 1, '', 'CW'],
    ['', 'CCW CW', 'CCW', 'cancelled', 1, '', 'CCW'],
    ['', 'CW CW', 'CW', 'ignored', null, '', 'CW CW'],
    ['', 'CCW CCW', 'CCW', 'ignored', null, '', 'CCW CCW'],
    // the two kinds never touch each other
    ['N N N N', '', 'CW', 'added', 0, 'N N N N', 'CW'],
    ['S', 'CW CW', 'N', 'cancelled', 0, '', 'CW CW'],
  ];
  it.each(table)('RULES §4.2: [%s | %s] + %s → %s at %s → [%s | %s]', (l, r, t, effect, index, l2, r2) => {
    const before = mat(l, r);
    const frozen = JSON.stringify(before);
    const out = applyThrust(before, thrust(t));
    expect({ effect: out.effect, index: out.index }).toEqual({ effect, index });
    expect(names(out.momentum)).toEqual({ linear: l2, rotational: r2 });
    expect(JSON.stringify(before)).toBe(frozen); // pure: never mutates the mat
    expect(out.momentum.linear).not.toBe(before.linear);
  });

  it('RULES §4.2 step 2: exhaustively over every linear mat of up to 4 tokens and every thrust', () => {
    const mats: Dir[][] = [[]];
    for (let len = 1; len <= 4; len++) {
      for (const m of mats.filter((x) => x.length === len - 1)) for (const d of DIRS) mats.push([...m, d]);
    }
    expect(mats.length).toBe(1 + 6 + 36 + 216 + 1296);
    for (const linear of mats) {
      for (const d of DIRS) {
        const out = applyThrust({ linear, rotational: [] }, d);
        const opp = linear.lastIndexOf(turn(d, 3));
        const side = Math.max(linear.lastIndexOf(turn(d, 2)), linear.lastIndexOf(turn(d, 4)));
        if (opp >= 0) {
          expect(out).toEqual({
            momentum: { linear: linear.filter((_, i) => i !== opp), rotational: [] },
            effect: 'cancelled',
            index: opp,
          });
        } else if (side >= 0) {
          expect(out.effect).toBe('modified');
          expect(out.index).toBe(side);
          const turned = out.momentum.linear[side]!;
          // the new direction is adjacent to both the old token and the thrust
          expect([turn(d, 1), turn(d, 5)]).toContain(turned);
          expect([turn(linear[side]!, 1), turn(linear[side]!, 5)]).toContain(turned);
          expect(out.momentum.linear.filter((_, i) => i !== side)).toEqual(linear.filter((_, i) => i !== side));
        } else if (linear.length < MAX_LINEAR) {
          expect(out).toEqual({
            momentum: { linear: [...linear, d], rotational: [] },
            effect: 'added',
            index: linear.length,
          });
        } else {
          expect(out).toEqual({ momentum: { linear, rotational: [] }, effect: 'ignored', index: null });
        }
        expect(out.momentum.linear.length).toBeLessThanOrEqual(MAX_LINEAR);
      }
    }
  });
});

describe('engineThrusts', () => {
  const table: [EngineSetting, Dir, Thrust[]][] = [
    ['NONE', 'N', []],
    ['N', 'S', ['N']],
    ['NE', 'N', ['NE']],
    ['SE', 'N', ['SE']],
    ['S', 'N', ['S']],
    ['SW', 'N', ['SW']],
    ['NW', 'N', ['NW']],
    ['CW', 'SE', ['CW']],
    ['CCW', 'SE', ['CCW']],
    ['DOUBLE', 'N', ['N', 'N']],
    ['DOUBLE', 'SW', ['SW', 'SW']],
  ];
  it.each(table)('RULES §4.1/§4.2: engine %s with facing %s gives %j', (engine, facing, thrusts) => {
    expect(engineThrusts(engine, facing)).toEqual(thrusts);
  });
});

describe('applyEngine', () => {
  const thrustEvents = (events: MatchEvent[]) =>
    events.filter((e) => e.type === 'thrust' || e.type === 'engine-blocked');

  it('RULES §4.2: a board-direction engine card applies one thrust with a thrust event', () => {
    const s = testState();
    s.ships[0].momentum = mat('N');
    const ctx = ctxWith(['SE', 'NONE'], s);
    applyEngine(ctx, 0);
    applyEngine(ctx, 1);
    expect(ctx.events).toEqual([
      { type: 'thrust', seat: 0, thrust: 'SE', effect: 'modified', index: 0, before: mat('N'), after: mat('NE') },
    ]);
    expect(s.ships[0].momentum).toEqual(mat('NE'));
    expect(s.ships[1].momentum).toEqual(mat());
  });

  it('RULES §4.2 step 1: a rotation engine card', () => {
    const s = testState();
    s.ships[1].momentum = mat('S', 'CW');
    const ctx = ctxWith(['NONE', 'CCW'], s);
    applyEngine(ctx, 1);
    expect(ctx.events).toEqual([
      {
        type: 'thrust',
        seat: 1,
        thrust: 'CCW',
        effect: 'cancelled',
        index: 0,
        before: mat('S', 'CW'),
        after: mat('S'),
      },
    ]);
  });

  it('RULES §4.2 step 3: DOUBLE applies the facing twice, in turn, as two events', () => {
    const s = testState(); // seat 1 faces S
    s.ships[1].momentum = mat('N');
    const ctx = ctxWith(['NONE', 'DOUBLE'], s);
    applyEngine(ctx, 1);
    expect(ctx.events).toEqual([
      { type: 'thrust', seat: 1, thrust: 'S', effect: 'cancelled', index: 0, before: mat('N'), after: mat() },
      { type: 'thrust', seat: 1, thrust: 'S', effect: 'added', index: 0, before: mat(), after: mat('S') },
    ]);
    expect(s.ships[1].momentum).toEqual(mat('S'));
  });

  it('RULES §4.2 step 3: DOUBLE at 3 linear tokens adds one and the second is ignored', () => {
    const s = testState(); // seat 0 faces N
    s.ships[0].momentum = mat('N N NE');
    const ctx = ctxWith(['DOUBLE', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(thrustEvents(ctx.events).map((e) => e.type === 'thrust' && [e.effect, e.index])).toEqual([
      ['added', 3],
      ['ignored', null],
    ]);
    expect(s.ships[0].momentum).toEqual(mat('N N NE N'));
  });

  it('RULES §4.2: NONE applies nothing and emits nothing', () => {
    const s = testState();
    s.ships[0].momentum = mat('N', 'CW');
    const ctx = ctxWith(['NONE', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(ctx.events).toEqual([]);
    expect(s.ships[0].momentum).toEqual(mat('N', 'CW'));
  });

  it('RULES §9 thruster locked: the next engine card counts as NONE, once', () => {
    const s = testState();
    s.ships[0].effects.thrusterLocked = true;
    const ctx = ctxWith(['N', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(ctx.events).toEqual([{ type: 'engine-blocked', seat: 0, engine: 'N', reason: 'thruster-locked' }]);
    expect(s.ships[0].momentum).toEqual(mat());
    expect(s.ships[0].effects.thrusterLocked).toBe(false);
    const next = ctxWith(['N', 'NONE'], s);
    applyEngine(next, 0);
    expect(next.events.map((e) => e.type)).toEqual(['thrust']);
    expect(s.ships[0].momentum).toEqual(mat('N'));
  });

  it('ruling RULES §9: a thruster lock is used up by a NONE engine card too, with no engine-blocked event', () => {
    const s = testState();
    s.ships[0].effects.thrusterLocked = true;
    const ctx = ctxWith(['NONE', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(ctx.events).toEqual([]);
    expect(s.ships[0].effects.thrusterLocked).toBe(false);
  });

  it('RULES §9 fuel leak: DOUBLE counts as NONE for the rest of the match; other cards still act', () => {
    const s = testState();
    s.ships[0].effects.fuelLeak = true;
    const ctx = ctxWith(['DOUBLE', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(ctx.events).toEqual([{ type: 'engine-blocked', seat: 0, engine: 'DOUBLE', reason: 'fuel-leak' }]);
    expect(s.ships[0].effects.fuelLeak).toBe(true);
    const again = ctxWith(['DOUBLE', 'NONE'], s);
    applyEngine(again, 0);
    expect(again.events).toEqual([{ type: 'engine-blocked', seat: 0, engine: 'DOUBLE', reason: 'fuel-leak' }]);
    const other = ctxWith(['CW', 'NONE'], s);
    applyEngine(other, 0);
    expect(other.events.map((e) => e.type)).toEqual(['thrust']);
    expect(s.ships[0].momentum).toEqual(mat('', 'CW'));
  });

  it('RULES §9: with both a locked thruster and a fuel leak, DOUBLE is blocked by the lock (which is used up)', () => {
    const s = testState({
      ships: [
        testShip(0, {
          effects: { thrusterLocked: true, fuelLeak: true, commsDown: false, screensFailUntil: 0, markedBonus: 0 },
        }),
        testShip(1),
      ],
    });
    const ctx = ctxWith(['DOUBLE', 'NONE'], s);
    applyEngine(ctx, 0);
    expect(ctx.events).toEqual([{ type: 'engine-blocked', seat: 0, engine: 'DOUBLE', reason: 'thruster-locked' }]);
    expect(s.ships[0].effects).toMatchObject({ thrusterLocked: false, fuelLeak: true });
  });

  it('RULES §8: thrust events keep their own copies of the mat', () => {
    const s = testState();
    const ctx = ctxWith(['N', 'NONE'], s);
    applyEngine(ctx, 0);
    s.ships[0].momentum.linear.push('S' as Dir);
    const e = ctx.events[0]!;
    expect(e.type === 'thrust' && e.after).toEqual(mat('N'));
  });

  it.each(DIRS.map((n): [Dir] => [n]))('RULES §4.1: engine %s on an empty mat adds that board direction', (n) => {
    const s = testState();
    const ctx = ctxWith([n, 'NONE'], s);
    applyEngine(ctx, 0);
    expect(s.ships[0].momentum).toEqual(mat(n));
  });
});
