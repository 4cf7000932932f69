import { describe, expect, it } from 'vitest';
import { testShip, testState, testToken } from './fixtures.js';
import { gun } from './direct-fire.scene.js';
import { hex } from './hex.js';
import {
  attackOdds,
  bestTargetOption,
  enemyTargets,
  hasTarget,
  hitTwelfths,
  targetOptions,
  targetOrder,
  type DirectAttacker,
} from './targeting.js';
import type { Dir, Hex, MatchState, Seat } from './types.js';
import type { Target, TargetOption } from './decision.js';

function place(s: MatchState, seat: Seat, index: number, at: Hex, facing: Dir = 'N'): void {
  s.ships[seat].squadrons[index] = { ...s.ships[seat].squadrons[index]!, status: 'space', at, facing };
}

/**
 * Ship 0 (FPA) core (7,10) facing N, bow (7,9). Ship 1 (Lamais, evasion 1) core (7,4) facing S: bow (7,5),
 * port (8,3), starboard (6,4). Enemy Dart 1:0 (evasion 3) at (9,6), enemy Dart 1:1 at (9,9) (right/rear of the bow),
 * enemy torpedo t5 at (5,7), a projectile p6 at (11,5) (never a target).
 */
function scene(): MatchState {
  const s = testState({ ships: [testShip(0), testShip(1, { core: hex(7, 4), facing: 'S' })] });
  place(s, 1, 0, hex(9, 6), 'S');
  place(s, 1, 1, hex(9, 9), 'S');
  s.tokens = [
    testToken({ id: 't5', kind: 'torpedo', owner: 1, at: hex(5, 7), facing: 'SE', evasion: 2 }),
    testToken({ id: 'p6', kind: 'projectile', owner: 1, at: hex(11, 5), facing: 'S' }),
  ];
  return s;
}

const sec = (section: 'bow' | 'core' | 'port' | 'starboard'): Target => ({ kind: 'section', seat: 1, section });
const sq = (id: string): Target => ({ kind: 'squadron', id });
const torp = (id: string): Target => ({ kind: 'torpedo', id });
const targets = (o: TargetOption[]) => o.map((x) => x.target);

describe('RULES §4.5 direct fire: target listing', () => {
  it('RULES §4.5: enemy sections, squadrons and torpedoes in arc, range and line of sight, with hit chance and distance', () => {
    const s = scene();
    expect(targetOptions(s, gun(s))).toEqual([
      { target: sec('bow'), hitTwelfths: 6, distance: 4 },
      // the core is behind the bow: a section behind another section of its own ship is blocked
      { target: sec('port'), hitTwelfths: 6, distance: 6 },
      { target: sec('starboard'), hitTwelfths: 6, distance: 6 },
      { target: sq('1:0'), hitTwelfths: 4, distance: 3 },
      { target: torp('t5'), hitTwelfths: 5, distance: 4 },
    ]);
  });

  it('RULES §4.5: a target beyond the weapon range is not listed', () => {
    const s = scene();
    expect(targets(targetOptions(s, gun(s, { range: 5 })))).toEqual([sec('bow'), sq('1:0'), torp('t5')]);
    expect(targets(targetOptions(s, gun(s, { range: 3 })))).toEqual([sq('1:0')]);
  });

  it("RULES §2: only targets in the weapon's arc (the right arc sees the Dart at 120°, a boundary in both arcs)", () => {
    const s = scene();
    expect(targets(targetOptions(s, gun(s, { arcs: ['right'] })))).toEqual([sq('1:1')]);
    expect(targets(targetOptions(s, gun(s, { arcs: ['rear'] })))).toEqual([sq('1:1')]);
    expect(targets(targetOptions(s, gun(s, { arcs: ['left'] })))).toEqual([]);
    expect(targets(targetOptions(s, gun(s, { arcs: ['bullseye'] })))).toEqual([sec('bow')]);
    expect(targets(targetOptions(s, gun(s, { arcs: ['left', 'right'] })))).toEqual([sq('1:1')]);
    expect(targets(targetOptions(s, gun(s, { arcs: 'any' })))).toEqual([
      sec('bow'),
      sec('port'),
      sec('starboard'),
      sq('1:0'),
      sq('1:1'),
      torp('t5'),
    ]);
  });

  it('RULES §4.5: friendly and enemy tokens both obstruct (a friendly squadron at (7,7) hides the whole enemy ship)', () => {
    const s = scene();
    place(s, 0, 0, hex(7, 7));
    expect(targets(targetOptions(s, gun(s)))).toEqual([sq('1:0'), torp('t5')]);
    // the friendly squadron itself is never a target
    expect(targets(targetOptions(s, gun(s, { arcs: 'any' })))).not.toContainEqual(sq('0:0'));
  });

  it('RULES §4.5: a projectile obstructs but is never a target; own squadrons and torpedoes are never targets', () => {
    const s = scene();
    s.tokens.push(testToken({ id: 't7', kind: 'torpedo', owner: 0, at: hex(8, 7), facing: 'N', evasion: 2 }));
    place(s, 0, 1, hex(6, 8));
    const all = targets(targetOptions(s, gun(s, { arcs: 'any', range: 10 })));
    expect(all).not.toContainEqual(torp('p6'));
    expect(all).not.toContainEqual(torp('t7'));
    expect(all).not.toContainEqual(sq('0:1'));
    // the friendly squadron at (6,8) now blocks the enemy torpedo at (5,7) both ways
    expect(all).not.toContainEqual(torp('t5'));
  });

  it('RULES §4.5 (Warden): a squadrons-and-torpedoes-only weapon lists no warship sections', () => {
    const s = scene();
    expect(targets(targetOptions(s, gun(s, { noWarships: true })))).toEqual([sq('1:0'), torp('t5')]);
  });

  it('RULES §4.4: squadrons aboard or destroyed are not on the board and are never targets', () => {
    const s = scene();
    s.ships[1].squadrons[0] = { ...s.ships[1].squadrons[0], status: 'destroyed' };
    delete s.ships[1].squadrons[0].at;
    expect(targets(targetOptions(s, gun(s)))).toEqual([sec('bow'), sec('port'), sec('starboard'), torp('t5')]);
  });

  it('RULES §4.5: enemy targets come in the fixed order — sections bow, core, port, starboard, then tokens by id', () => {
    const s = scene();
    s.tokens.push(testToken({ id: 't10', kind: 'torpedo', owner: 1, at: hex(0, 9), facing: 'SE', evasion: 2 }));
    expect(enemyTargets(s, gun(s)).map((c) => c.target)).toEqual([
      sec('bow'),
      sec('core'),
      sec('port'),
      sec('starboard'),
      sq('1:0'),
      sq('1:1'),
      torp('t5'),
      torp('t10'),
    ]);
  });
});

describe('RULES §4.5 direct fire: AOE options are hexes', () => {
  /** Front arc, range 2, no enemy nearby: the eight hexes of the front arc within 2 of the bow. */
  function aoeScene(): MatchState {
    return testState({ ships: [testShip(0), testShip(1, { core: hex(12, 2), facing: 'S' })] });
  }
  const eight = [hex(5, 9), hex(6, 8), hex(6, 9), hex(7, 7), hex(7, 8), hex(8, 7), hex(8, 8), hex(9, 7)];

  it('RULES §4.5: an AOE weapon may aim at any hex in arc and range with line of sight, even empty, ordered by q then r', () => {
    const s = aoeScene();
    const o = targetOptions(s, gun(s, { range: 2, aoe: 1 }));
    expect(o.map((x) => (x.target.kind === 'hex' ? x.target.at : null))).toEqual(eight);
    expect(o.every((x) => x.affected!.length === 0 && x.hitTwelfths === 0)).toBe(true);
    // RULES §4.5, draft §7.4.2: "AOE weapons can target any hex, whether or not it contains a valid target"
    expect(hasTarget(o)).toBe(true);
  });

  it('RULES §4.5: AOE aim hexes need line of sight; a blocker hides what is behind it, but may itself be aimed at', () => {
    const s = aoeScene();
    place(s, 0, 0, hex(7, 8));
    const o = targetOptions(s, gun(s, { range: 2, aoe: 1 }));
    // (7,7) is hidden; (8,7) and (6,8) lie on edges next to (7,8) and stay visible the other way (lenient ruling)
    expect(o.map((x) => (x.target.kind === 'hex' ? x.target.at : null))).toEqual(
      eight.filter((h) => !(h.q === 7 && h.r === 7)),
    );
  });

  it('RULES §4.5: affected = every enemy target within aoe of the hex, even beyond range, friends excluded', () => {
    const s = aoeScene();
    place(s, 1, 0, hex(7, 6), 'S'); // distance 3 from the bow: beyond range 2, next to (7,7)
    place(s, 0, 0, hex(6, 7)); // a friendly squadron next to (7,7): never affected
    s.tokens = [testToken({ id: 't5', kind: 'torpedo', owner: 1, at: hex(8, 6), facing: 'SE', evasion: 2 })];
    const o = targetOptions(s, gun(s, { range: 2, aoe: 1, accuracy: 1 }));
    const at77 = o.find((x) => x.target.kind === 'hex' && x.target.at.q === 7 && x.target.at.r === 7)!;
    expect(at77).toEqual({
      target: { kind: 'hex', at: hex(7, 7) },
      hitTwelfths: 4 + 5,
      distance: 2,
      affected: [sq('1:0'), torp('t5')],
    });
    expect(hasTarget(o)).toBe(true);
    // the squadron itself is out of range: no hex option at (7,6)
    expect(o.some((x) => x.target.kind === 'hex' && x.target.at.q === 7 && x.target.at.r === 6)).toBe(false);
  });

  it('Ruling AOE-LOS: targets in the area need no line of sight from the aimed hex (draft §7.4.2, aoe 2)', () => {
    const s = aoeScene();
    place(s, 1, 0, hex(7, 5), 'S'); // two hexes beyond (7,7), with a friendly squadron between at (7,6)
    place(s, 0, 0, hex(7, 6));
    const o = targetOptions(s, gun(s, { range: 2, aoe: 2 }));
    const at77 = o.find((x) => x.target.kind === 'hex' && x.target.at.q === 7 && x.target.at.r === 7)!;
    expect(at77.affected).toEqual([sq('1:0')]);
  });

  it('RULES §4.5: an AOE area takes in warship sections too (in the fixed order), not for point defence', () => {
    const s = testState({ ships: [testShip(0), testShip(1, { core: hex(7, 5), facing: 'S' })] }); // bow (7,6)
    const o = targetOptions(s, gun(s, { range: 2, aoe: 1 }));
    const at77 = o.find((x) => x.target.kind === 'hex' && x.target.at.q === 7 && x.target.at.r === 7)!;
    expect(at77.affected).toEqual([sec('bow')]);
    const pd = targetOptions(s, gun(s, { range: 2, aoe: 1, pointDefence: true, noWarships: true, arcs: 'any' }));
    expect(pd.every((x) => x.affected!.length === 0)).toBe(true);
  });

  it('RULES §1: AOE aim hexes are on the board only', () => {
    const s = testState({ ships: [testShip(0, { core: hex(0, 2), facing: 'N' }), testShip(1)] }); // bow (0,1) on the top edge
    const o = targetOptions(s, gun(s, { from: hex(0, 1), range: 2, aoe: 1 }));
    expect(o.map((x) => (x.target.kind === 'hex' ? x.target.at : null))).toEqual([hex(0, 0), hex(1, 0), hex(2, -1)]);
  });
});

describe('RULES §4.5 the hit formula: d12 > 6 + evasion − accuracy', () => {
  it('RULES §4.5: hitTwelfths counts the d12 faces strictly above the need, clamped to 0..12', () => {
    const table: [number, number][] = [
      [13, 0],
      [12, 0],
      [11, 1],
      [6, 6],
      [1, 11],
      [0, 12],
      [-4, 12],
    ];
    for (const [need, faces] of table) expect(hitTwelfths(need)).toBe(faces);
  });

  it("RULES §6: evasion of a squadron is its card's, of a torpedo 2, of a section the faction's", () => {
    const s = scene();
    const a = gun(s, { accuracy: 0 });
    expect(attackOdds(s, a, sq('1:0'), 3)).toMatchObject({ evasion: 3, needAbove: 9, hitTwelfths: 3 }); // Dart
    expect(attackOdds(s, a, torp('t5'), 4)).toMatchObject({ evasion: 2, needAbove: 8, hitTwelfths: 4 });
    expect(attackOdds(s, a, sec('core'), 5)).toMatchObject({ evasion: 1, needAbove: 7, hitTwelfths: 5 }); // Lamais
    const fpa = gun(s, { seat: 1 });
    expect(attackOdds(s, fpa, { kind: 'section', seat: 0, section: 'bow' }, 5)).toMatchObject({
      evasion: 0,
      needAbove: 5,
    });
  });

  it('RULES §9 screens fail: section evasion −1 through the round it lasts, never below 0', () => {
    const s = scene();
    const a = gun(s);
    s.ships[1].effects.screensFailUntil = s.round;
    expect(attackOdds(s, a, sec('bow'), 4)).toMatchObject({ evasion: 0, needAbove: 5, hitTwelfths: 7 });
    expect(attackOdds(s, a, sq('1:0'), 3).evasion).toBe(3); // squadrons keep theirs
    s.ships[1].effects.screensFailUntil = s.round - 1;
    expect(attackOdds(s, a, sec('bow'), 4).evasion).toBe(1);
    s.ships[0].effects.screensFailUntil = s.round; // FPA evasion 0 stays 0
    expect(attackOdds(s, gun(s, { seat: 1 }), { kind: 'section', seat: 0, section: 'bow' }, 4).evasion).toBe(0);
  });

  it("RULES §6 Pathfinder mark: +accuracy on attacks against the marked ship's sections only", () => {
    const s = scene();
    s.ships[1].effects.markedBonus = 1;
    expect(attackOdds(s, gun(s), sec('port'), 6)).toEqual({
      evasion: 1,
      baseAccuracy: 1,
      modifiers: [{ reason: 'mark', value: 1 }],
      accuracy: 2,
      needAbove: 5,
      hitTwelfths: 7,
    });
    expect(attackOdds(s, gun(s), sq('1:0'), 3).modifiers).toEqual([]);
    expect(targetOptions(s, gun(s))[0]).toEqual({ target: sec('bow'), hitTwelfths: 7, distance: 4 });
  });

  describe('RULES §6 Wisp: +2 accuracy when the squadron is behind the target warship (RULES §2 midway line)', () => {
    // Ship 1 core (7,4) facing S; its rear is to the north.
    const wisp = (s: MatchState, from: Hex, facing: Dir): DirectAttacker =>
      gun(s, {
        from,
        facing,
        range: 2,
        accuracy: 1,
        behindBonus: 2,
        ownHexes: [from],
        source: { seat: 0, by: 'squadron:0:0', weapon: 'lamais-wisp' },
      });
    it('RULES §2: behind (all of it beyond the midway line) → +2 against sections', () => {
      const s = scene();
      const o = attackOdds(s, wisp(s, hex(7, 2), 'S'), sec('core'), 2);
      expect(o.modifiers).toEqual([{ reason: 'behind', value: 2 }]);
      expect(o).toMatchObject({ accuracy: 3, needAbove: 4, hitTwelfths: 8 });
      // listed with the bonus: core, port and starboard in its front arc within 2
      expect(targetOptions(s, wisp(s, hex(7, 2), 'S'))).toEqual([
        { target: sec('core'), hitTwelfths: 8, distance: 2 },
        { target: sec('port'), hitTwelfths: 8, distance: 2 },
        { target: sec('starboard'), hitTwelfths: 8, distance: 2 },
      ]);
    });
    it('RULES §2: on the midway line (flanking) or in front → no bonus', () => {
      const s = scene();
      expect(attackOdds(s, wisp(s, hex(9, 3), 'SW'), sec('core'), 2).modifiers).toEqual([]); // θ = −90°: flanking
      expect(attackOdds(s, wisp(s, hex(7, 7), 'N'), sec('bow'), 2).modifiers).toEqual([]); // in front
    });
    it('RULES §6: the Wisp bonus is against warships only, not squadrons', () => {
      const s = scene();
      expect(attackOdds(s, wisp(s, hex(7, 2), 'S'), sq('1:0'), 2).modifiers).toEqual([]);
    });
  });

  describe('RULES §9 range bands (variant)', () => {
    it('RULES §9: off by default — no modifier at any distance', () => {
      const s = scene();
      expect(attackOdds(s, gun(s, { range: 3 }), sq('1:0'), 1).modifiers).toEqual([]);
      expect(attackOdds(s, gun(s, { range: 3 }), sq('1:0'), 3).modifiers).toEqual([]);
    });
    const table: [number, number, { reason: string; value: number }[]][] = [
      [3, 1, [{ reason: 'range-band-close', value: 1 }]],
      [3, 2, []],
      [3, 3, [{ reason: 'range-band-long', value: -1 }]],
      [5, 5, [{ reason: 'range-band-long', value: -1 }]],
      [5, 4, []],
      [2, 2, []], // full range of a range-2 weapon: no penalty (range ≥ 3 only)
      [1, 1, [{ reason: 'range-band-close', value: 1 }]], // distance 1 wins over "full range" for a range-1 weapon
    ];
    for (const [range, dist, mods] of table) {
      it(`RULES §9: range ${range}, distance ${dist} → ${mods.map((m) => m.reason).join(', ') || 'no modifier'}`, () => {
        const s = scene();
        s.variants.rangeBands = true;
        const o = attackOdds(s, gun(s, { range }), sq('1:0'), dist);
        expect(o.modifiers).toEqual(mods);
        expect(o.accuracy).toBe(1 + mods.reduce((n, m) => n + m.value, 0));
      });
    }
    it('RULES §9: modifiers add up (mark and close range)', () => {
      const s = scene();
      s.variants.rangeBands = true;
      s.ships[1].effects.markedBonus = 1;
      expect(attackOdds(s, gun(s), sec('bow'), 1)).toMatchObject({
        modifiers: [
          { reason: 'mark', value: 1 },
          { reason: 'range-band-close', value: 1 },
        ],
        accuracy: 3,
        needAbove: 4,
      });
    });
  });
});

describe('RULES §7 time-out default: bestTargetOption', () => {
  const opt = (target: Target, hitTwelfths: number, distance: number): TargetOption => ({
    target,
    hitTwelfths,
    distance,
  });

  it('RULES §7: the best hit chance first, even when farther', () => {
    expect(bestTargetOption([opt(sq('1:0'), 4, 1), opt(sec('bow'), 6, 5)]).target).toEqual(sec('bow'));
  });
  it('RULES §7: then the nearest', () => {
    expect(bestTargetOption([opt(sec('bow'), 6, 5), opt(sec('port'), 6, 3)]).target).toEqual(sec('port'));
  });
  it('RULES §7: then the fixed order — sections bow, core, port, starboard, then tokens by id', () => {
    const same = [opt(torp('t10'), 5, 2), opt(torp('t9'), 5, 2), opt(sq('1:2'), 5, 2), opt(sec('starboard'), 5, 2)];
    expect(bestTargetOption(same).target).toEqual(sec('starboard'));
    expect(bestTargetOption(same.slice(0, 3)).target).toEqual(sq('1:2'));
    expect(bestTargetOption(same.slice(0, 2)).target).toEqual(torp('t9')); // natural id order: t9 before t10
    expect(
      bestTargetOption([opt(sec('starboard'), 5, 2), opt(sec('core'), 5, 2), opt(sec('port'), 5, 2)]).target,
    ).toEqual(sec('core'));
  });
  it('RULES §7: AOE hexes rank by expected hits, then nearest, then q, then r', () => {
    const h = (q: number, r: number, t: number, d: number): TargetOption => ({
      target: { kind: 'hex', at: hex(q, r) },
      hitTwelfths: t,
      distance: d,
      affected: [],
    });
    expect(bestTargetOption([h(1, 1, 5, 1), h(2, 2, 9, 3)]).target).toEqual({ kind: 'hex', at: hex(2, 2) });
    expect(bestTargetOption([h(1, 1, 5, 3), h(2, 2, 5, 2)]).target).toEqual({ kind: 'hex', at: hex(2, 2) });
    expect(bestTargetOption([h(2, 0, 5, 2), h(1, 3, 5, 2), h(1, 2, 5, 2)]).target).toEqual({
      kind: 'hex',
      at: hex(1, 2),
    });
  });
  it('RULES §7: on the real scene the default is the enemy bow (6/12 at distance 4)', () => {
    const s = scene();
    expect(bestTargetOption(targetOptions(s, gun(s))).target).toEqual(sec('bow'));
  });
  it('targetOrder is a total order on kinds: sections, squadrons, torpedoes, hexes', () => {
    const xs: Target[] = [{ kind: 'hex', at: hex(0, 0) }, torp('t1'), sq('0:1'), sec('core')];
    expect([...xs].sort(targetOrder)).toEqual([sec('core'), sq('0:1'), torp('t1'), { kind: 'hex', at: hex(0, 0) }]);
  });
  it('bestTargetOption refuses an empty list (prompts always have an option)', () => {
    expect(() => bestTargetOption([])).toThrow();
  });
});
