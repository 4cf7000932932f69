import { describe, expect, it } from 'vitest';
import { AwaitDecision, RejectedDecision } from './context.js';
import { bestTargetOption, checkTarget, fireWarshipDirect, resolveAttack, warshipAttacker } from './direct-fire.js';
import { testCtx, testToken, recordingCtx } from './fixtures.js';
import { hex } from './hex.js';
import { attacks, gun, place, rngFor, scene, sec, sq, GUN_AHEAD } from './direct-fire.scene.js';
import type { Decision, Prompt, Target } from './decision.js';

describe('RULES §4.5 the hit formula at its edges, with seeded rolls (Dart: evasion 3)', () => {
  // [accuracy, d12, needAbove, hit]
  const table: [number, number, number, boolean][] = [
    [-3, 12, 12, false], // needs 12 or more: cannot hit, even on a 12
    [-2, 12, 11, true],
    [-2, 11, 11, false],
    [3, 6, 6, false], // exactly on the threshold misses
    [3, 7, 6, true],
    [8, 1, 1, false], // need 1: a 1 is exactly on it and misses
    [8, 2, 1, true],
    [9, 1, 0, true], // need below 1: always hits
    [12, 1, -3, true],
  ];
  for (const [accuracy, d12, needAbove, hit] of table) {
    it(`RULES §4.5: accuracy ${accuracy} vs evasion 3, roll ${d12} > ${needAbove} is ${hit ? 'a hit' : 'a miss'}`, () => {
      const s = scene();
      place(s, 1, 0, hex(9, 6), 'S');
      s.rng = rngFor(d12);
      const ctx = testCtx(s);
      resolveAttack(ctx, gun(s, { accuracy }), sq('1:0'));
      expect(attacks(ctx.events)[0]!.detail).toEqual({
        roll: d12,
        evasion: 3,
        accuracy,
        baseAccuracy: accuracy,
        modifiers: [],
        needAbove,
        hit,
      });
      expect(s.ships[1].squadrons[0].status).toBe(hit ? 'destroyed' : 'space');
    });
  }
});

describe('RULES §4.5 resolveAttack: events and effects', () => {
  it('RULES §4.5 / §3: a hit on a section deals the weapon damage through armour, with the full roll on the event', () => {
    const s = scene();
    s.rng = rngFor(9);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s), sec(1, 'bow'));
    expect(ctx.events).toEqual([
      {
        type: 'attack',
        source: GUN_AHEAD,
        from: hex(7, 9),
        target: sec(1, 'bow'),
        detail: { roll: 9, evasion: 1, accuracy: 1, baseAccuracy: 1, modifiers: [], needAbove: 6, hit: true },
      },
      {
        type: 'damage',
        seat: 1,
        section: 'bow',
        amount: 2,
        armourBefore: 3,
        armourAfter: 1,
        structureBefore: 9,
        structureAfter: 9,
        lost: 0,
        source: GUN_AHEAD,
      },
    ]);
    expect(s.ships[1].armour.bow).toBe(1);
  });

  it('RULES §4.5: a miss changes nothing but the roll', () => {
    const s = scene();
    s.rng = rngFor(6);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s), sec(1, 'bow'));
    expect(ctx.events.map((e) => e.type)).toEqual(['attack']);
    expect(s.ships[1].armour.bow).toBe(3);
  });

  it('RULES §4.4: a hit destroys a squadron (graveyard, munitions lost)', () => {
    const s = scene();
    place(s, 1, 0, hex(9, 6), 'S');
    s.ships[1].squadrons[0].munitions = 2;
    s.rng = rngFor(12);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s), sq('1:0'));
    const src = { seat: 0, by: 'main', weapon: 'test-gun', attackArc: 'front', targetArcs: ['front', 'fullFront'] };
    expect(ctx.events.slice(1)).toEqual([
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '1:0', owner: 1 },
        at: hex(9, 6),
        cause: 'direct-fire',
        source: src,
      },
      { type: 'munitions', seat: 1, squadron: '1:0', before: 2, after: 0, reason: 'destroyed' },
    ]);
    expect(s.ships[1].squadrons[0]).toMatchObject({ status: 'destroyed', munitions: 0 });
  });

  it("RULES §4.5: a hit destroys a torpedo and returns it to its owner's supply", () => {
    const s = scene();
    s.tokens = [
      testToken({ id: 't5', kind: 'torpedo', owner: 1, source: 'broadside', at: hex(5, 7), facing: 'SE', evasion: 2 }),
    ];
    const before = s.ships[1].supply.broadside;
    s.rng = rngFor(12);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s), { kind: 'torpedo', id: 't5' });
    expect(ctx.events.map((e) => e.type)).toEqual(['attack', 'token-destroyed', 'token-returned']);
    expect(attacks(ctx.events)[0]!.detail).toMatchObject({ evasion: 2, needAbove: 7, hit: true });
    expect(s.tokens).toEqual([]);
    expect(s.ships[1].supply.broadside).toBe(before + 1);
  });

  it("RULES §2 attack arc vs target location: the weapon's arc and every arc the target occupies are both on the event", () => {
    // A double turret (left+right) shoots the Dart at 120°: attack arc 'right'; the target sits in right, rear, full rear.
    const s = scene();
    place(s, 1, 1, hex(9, 9), 'S');
    s.rng = rngFor(1);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s, { arcs: ['left', 'right'] }), sq('1:1'));
    expect(attacks(ctx.events)[0]!.source).toMatchObject({
      attackArc: 'right',
      targetArcs: ['right', 'rear', 'fullRear'],
    });
  });

  it('RULES §4.5: a target gone before the roll is not rolled against', () => {
    const s = scene();
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s), sq('1:0')); // aboard
    resolveAttack(ctx, gun(s), { kind: 'torpedo', id: 't99' });
    expect(ctx.events).toEqual([]);
  });
});

describe('RULES §4.5 fireWarshipDirect (weapons phase)', () => {
  it('RULES §4.5: Siege Battery (main, bow, front arc) asks its owner for a hex, with every option', () => {
    const s = scene();
    const ctx = testCtx(s);
    let prompt: Prompt | null = null;
    try {
      fireWarshipDirect(ctx, 1, 'main');
    } catch (e) {
      expect(e).toBeInstanceOf(AwaitDecision);
      prompt = (e as AwaitDecision).prompt;
    }
    expect(prompt).toMatchObject({ kind: 'direct-fire', seat: 1, mount: 'main', weapon: 'lamais-siege-battery' });
    const opts = prompt!.kind === 'direct-fire' ? prompt!.options : [];
    expect(opts.length).toBe(34);
    expect(opts.find((o) => o.target.kind === 'hex' && o.target.at.q === 7 && o.target.at.r === 9)).toEqual({
      target: { kind: 'hex', at: hex(7, 9) },
      hitTwelfths: 14,
      distance: 4,
      affected: [sec(0, 'bow'), sec(0, 'core')],
    });
    expect(ctx.activated[1].size).toBe(0);
  });

  it('RULES §4.5: with a legal target it fires, rolls once per section in the area, and the main weapon is activated', () => {
    const s = scene();
    s.rng = rngFor(5, 6);
    const ctx = testCtx(s, [{ kind: 'direct-fire', target: { kind: 'hex', at: hex(7, 9) } }]);
    expect(fireWarshipDirect(ctx, 1, 'main')).toBe(true);
    const a = attacks(ctx.events);
    expect(a.map((e) => [e.target, e.detail.roll, e.detail.needAbove, e.detail.hit])).toEqual([
      [sec(0, 'bow'), 5, 5, false],
      [sec(0, 'core'), 6, 5, true],
    ]);
    expect(a[0]!.source).toEqual({
      seat: 1,
      by: 'main',
      weapon: 'lamais-siege-battery',
      attackArc: 'front',
      targetArcs: ['front', 'bullseye', 'fullFront'],
    });
    expect(s.ships[0].armour).toMatchObject({ bow: 4, core: 3 });
    expect([...ctx.activated[1]]).toEqual(['main']);
  });

  it('RULES §4.5: a weapon whose component has cooldown does not fire (card-ignored: cooldown), and asks nothing', () => {
    const s = scene();
    s.ships[1].cooldown.main = 1;
    const ctx = testCtx(s);
    expect(fireWarshipDirect(ctx, 1, 'main')).toBe(false);
    expect(ctx.events).toEqual([{ type: 'card-ignored', seat: 1, card: 'fire-main', reason: 'cooldown' }]);
    expect(ctx.activated[1].size).toBe(0);
  });

  it('RULES §3: port broadside fires from the port hex through the left arc, starboard from the starboard hex through the right', () => {
    const s = scene();
    expect(warshipAttacker(s, 0, 'port-broadside')).toMatchObject({
      from: hex(6, 11),
      arcs: ['left'],
      range: 3,
      accuracy: 2,
      damage: 1,
      aoe: 1,
    });
    expect(warshipAttacker(s, 0, 'starboard-broadside')).toMatchObject({ from: hex(8, 10), arcs: ['right'] });
    // An enemy Dart at (3,11), west of the port hex: the port broadside can reach it, the starboard one cannot.
    s.ships[1].core = hex(12, 2);
    place(s, 1, 0, hex(3, 11), 'S');
    const port = testCtx(s, [{ kind: 'direct-fire', target: { kind: 'hex', at: hex(3, 11) } }]);
    s.rng = rngFor(12);
    expect(fireWarshipDirect(port, 0, 'port-broadside')).toBe(true);
    expect(attacks(port.events)[0]).toMatchObject({
      from: hex(6, 11),
      target: sq('1:0'),
      aimedAt: hex(3, 11),
      source: { by: 'port-broadside', attackArc: 'left' },
    });
    expect([...port.activated[0]]).toEqual(['broadside']);
    place(s, 1, 0, hex(3, 11), 'S');
    // the starboard battery cannot reach the Dart: aimed at an empty hex in its right arc, the area holds nothing
    const starboard = testCtx(s, [{ kind: 'direct-fire', target: { kind: 'hex', at: hex(10, 10) } }]);
    expect(fireWarshipDirect(starboard, 0, 'starboard-broadside')).toBe(true);
    expect(starboard.events).toMatchObject([
      { type: 'aoe-fired', from: hex(8, 10), at: hex(10, 10), targets: 0, source: { attackArc: 'right' } },
    ]);
    expect(() =>
      fireWarshipDirect(
        testCtx(s, [{ kind: 'direct-fire', target: { kind: 'hex', at: hex(3, 11) } }]),
        0,
        'starboard-broadside',
      ),
    ).toThrow(); // the Dart's hex is not in the starboard battery's arc: refused
  });

  it('RULES §8: an illegal target is refused with a typed error and the state is untouched', () => {
    const s = scene();
    const before = structuredClone(s);
    const bad: [Decision, string][] = [
      [{ kind: 'direct-fire', target: { kind: 'hex', at: hex(7, 12) } }, 'not-a-legal-target'], // behind the ship
      [{ kind: 'direct-fire', target: sec(0, 'bow') }, 'not-a-legal-target'], // an AOE weapon aims at hexes
      [{ kind: 'direct-fire', target: null as unknown as Target }, 'not-a-legal-target'],
      [{ kind: 'point-defence', target: { kind: 'hex', at: hex(7, 9) } }, 'wrong-kind'],
      [{ kind: 'fighter', answer: { kind: 'pass' } }, 'wrong-kind'],
    ];
    for (const [decision, code] of bad) {
      const ctx = testCtx(s, [decision]);
      let thrown: unknown = null;
      try {
        fireWarshipDirect(ctx, 1, 'main');
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RejectedDecision);
      expect((thrown as RejectedDecision).error.code).toBe(code);
      expect((thrown as RejectedDecision).index).toBe(0);
      expect(ctx.events).toEqual([]);
      expect(ctx.activated[1].size).toBe(0);
      expect(s).toEqual(before);
    }
  });

  it('RULES §8: the accepted target is the listed option itself (extra fields in the answer are dropped)', () => {
    const options = [{ target: sec(1, 'bow'), hitTwelfths: 6, distance: 4 }];
    const r = checkTarget(
      'direct-fire',
      options,
    )({ kind: 'direct-fire', target: { kind: 'section', seat: 1, section: 'bow', extra: 1 } as Target });
    expect(r).toEqual({ ok: true, value: sec(1, 'bow') });
  });

  it('RULES §7: the time-out default on the Siege Battery prompt is the hex with the most expected hits, then nearest, then q', () => {
    // (6,10) and (8,9) both reach bow, core and a broadside section (3 × 7/12) at distance 5: (6,10) has the lower q.
    const s = scene();
    const { ctx, prompts } = recordingCtx(s, []);
    expect(() => fireWarshipDirect(ctx, 1, 'main')).toThrow(AwaitDecision);
    expect(prompts).toHaveLength(1);
    const p = prompts[0]!;
    const best = bestTargetOption(p.kind === 'direct-fire' ? p.options : []);
    expect(best).toEqual({
      target: { kind: 'hex', at: hex(6, 10) },
      hitTwelfths: 21,
      distance: 5,
      affected: [sec(0, 'bow'), sec(0, 'core'), sec(0, 'port')],
    });
    s.rng = rngFor(1, 1, 1);
    const again = testCtx(s, [{ kind: 'direct-fire', target: best.target }]);
    expect(fireWarshipDirect(again, 1, 'main')).toBe(true);
    expect(attacks(again.events).map((e) => e.target)).toEqual([sec(0, 'bow'), sec(0, 'core'), sec(0, 'port')]);
  });
});
