import { describe, expect, it } from 'vitest';
import { RejectedDecision } from './context.js';
import type { MatchEvent } from './events.js';
import { pointDefenceCard } from './content/index.js';
import { FPA_LOADOUT, LAMAIS_LOADOUT, testCtx, testShip, testState, testToken, recordingCtx } from './fixtures.js';
import { hex, hexId } from './hex.js';
import { fireDefenceStations, pointDefenceAttacker } from './point-defence.js';
import { roll, seedRng, type RngState } from './rng.js';
import { attackerObstructions, targetOptions } from './targeting.js';
import type { Dir, Hex, MatchState, Seat } from './types.js';
import type { Decision, Target } from './decision.js';

function rngFor(...rolls: number[]): RngState {
  for (let i = 0; ; i++) {
    const st = seedRng(`pd-${i}`);
    const probe: RngState = [...st];
    if (rolls.every((r) => roll(probe, 12) === r)) return st;
  }
}

function place(s: MatchState, seat: Seat, index: number, at: Hex, facing: Dir = 'N'): void {
  s.ships[seat].squadrons[index] = { ...s.ships[seat].squadrons[index]!, status: 'space', at, facing };
}

/**
 * Ship 0 (FPA) core (7,10) facing N: bow (7,9), port (6,11), starboard (8,10); point defence per `pd`.
 * Ship 1 (Lamais, Darts of evasion 3) parked at (12,2).
 */
function scene(pd = 'fpa-ciws'): MatchState {
  return testState({
    ships: [
      testShip(0, { loadout: { ...FPA_LOADOUT, pointDefence: pd } }),
      testShip(1, { core: hex(12, 2), facing: 'S' }),
    ],
  });
}

const sq = (id: string): Target => ({ kind: 'squadron', id });
const pdShot = (id: string): Decision => ({ kind: 'point-defence', target: sq(id) });
const attacks = (ev: MatchEvent[]) =>
  ev.filter((e): e is Extract<MatchEvent, { type: 'attack' }> => e.type === 'attack');

describe('RULES §4.3 / draft §7.4.3 Defence Stations', () => {
  it('RULES §4.5: CIWS makes two separate attacks, each its own prompt, the targets listed again after each shot', () => {
    // Dart 1:0 at (4,12): 2 from the port hex, 3 from the core. Dart 1:1 at (9,8): 2 from the bow.
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    place(s, 1, 1, hex(9, 8), 'S');
    s.rng = rngFor(12, 12);
    const { ctx, prompts } = recordingCtx(s, [pdShot('1:0'), pdShot('1:1')]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(prompts).toEqual([
      {
        kind: 'point-defence',
        seat: 0,
        weapon: 'fpa-ciws',
        shot: 1,
        shots: 2,
        options: [
          { target: sq('1:0'), hitTwelfths: 5, distance: 2 },
          { target: sq('1:1'), hitTwelfths: 5, distance: 2 },
        ],
      },
      {
        kind: 'point-defence',
        seat: 0,
        weapon: 'fpa-ciws',
        shot: 2,
        shots: 2,
        options: [{ target: sq('1:1'), hitTwelfths: 5, distance: 2 }],
      },
    ]);
    const a = attacks(ctx.events);
    // measured from the nearest own hex with line of sight; arcs on the event are the ship's, from the core
    expect(a.map((e) => [e.from, e.target, e.detail.needAbove, e.detail.hit])).toEqual([
      [hex(6, 11), sq('1:0'), 7, true],
      [hex(7, 9), sq('1:1'), 7, true],
    ]);
    expect(a[0]!.source).toEqual({
      seat: 0,
      by: 'point-defence',
      weapon: 'fpa-ciws',
      attackArc: 'any',
      targetArcs: ['left', 'fullRear'],
    });
    expect(s.ships[1].squadrons.map((x) => x.status)).toEqual(['destroyed', 'destroyed', 'aboard']);
    expect([...ctx.activated[0]]).toEqual(['pointDefence']);
  });

  it('RULES §6 Scatter Guns (range 1, accuracy 3, 3 shots, cooldown 0): three attacks at range 1 only', () => {
    // A Lamais ship with Scatter Guns where ship 0 stands. Enemy Darts (evasion 3) at (7,8) next to the bow and
    // (5,11) next to the port hex; the Lancer (evasion 2) at (7,7), 2 from the bow: out of range 1.
    const s = testState({
      ships: [
        testShip(0, { faction: 'lamais', loadout: { ...LAMAIS_LOADOUT, pointDefence: 'lamais-scatter-guns' } }),
        testShip(1, { core: hex(12, 2), facing: 'S' }),
      ],
    });
    place(s, 1, 0, hex(7, 8), 'S');
    place(s, 1, 1, hex(5, 11), 'S');
    place(s, 1, 2, hex(7, 7), 'S');
    s.rng = rngFor(6, 7, 7); // need d12 > 6 + 3 − 3 = 6: a miss, then two hits
    const { ctx, prompts } = recordingCtx(s, [pdShot('1:0'), pdShot('1:0'), pdShot('1:1')]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(prompts.map((p) => (p.kind === 'point-defence' ? [p.weapon, p.shot, p.shots] : null))).toEqual([
      ['lamais-scatter-guns', 1, 3],
      ['lamais-scatter-guns', 2, 3],
      ['lamais-scatter-guns', 3, 3],
    ]);
    const first = prompts[0]!;
    expect(first.kind === 'point-defence' && first.options).toEqual([
      { target: sq('1:0'), hitTwelfths: 6, distance: 1 },
      { target: sq('1:1'), hitTwelfths: 6, distance: 1 },
    ]);
    expect(attacks(ctx.events).map((e) => [e.target, e.detail.accuracy, e.detail.needAbove, e.detail.hit])).toEqual([
      [sq('1:0'), 3, 6, false],
      [sq('1:0'), 3, 6, true],
      [sq('1:1'), 3, 6, true],
    ]);
    expect(s.ships[1].squadrons.map((x) => x.status)).toEqual(['destroyed', 'destroyed', 'space']);
    expect(pointDefenceCard('lamais-scatter-guns').cooldown).toBe(0); // fires again next round (RULES §4.6)
  });

  it('RULES §4.5: after a miss the same target may be shot at again', () => {
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    s.rng = rngFor(7, 8);
    const { ctx, prompts } = recordingCtx(s, [pdShot('1:0'), pdShot('1:0')]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(prompts.map((p) => (p.kind === 'point-defence' ? [p.shot, p.options.length] : null))).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(attacks(ctx.events).map((e) => [e.detail.roll, e.detail.hit])).toEqual([
      [7, false],
      [8, true],
    ]);
  });

  it('Ruling PD-SHOTS: shots left with nothing to shoot at are lost; the card still fired', () => {
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    s.rng = rngFor(12);
    const { ctx, prompts } = recordingCtx(s, [pdShot('1:0')]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(prompts).toHaveLength(1);
    expect(ctx.events.map((e) => e.type)).toEqual(['attack', 'token-destroyed', 'munitions']);
    expect([...ctx.activated[0]]).toEqual(['pointDefence']);
  });

  it("RULES §4.5: point defence shoots torpedoes (evasion 2); a hit returns the torpedo to its owner's supply", () => {
    const s = scene();
    s.tokens = [
      testToken({ id: 't4', kind: 'torpedo', owner: 1, source: 'broadside', at: hex(7, 7), facing: 'S', evasion: 2 }),
    ];
    const supply = s.ships[1].supply.broadside;
    s.rng = rngFor(7, 1);
    const { ctx, prompts } = recordingCtx(s, [{ kind: 'point-defence', target: { kind: 'torpedo', id: 't4' } }]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({
      options: [{ target: { kind: 'torpedo', id: 't4' }, hitTwelfths: 6, distance: 2 }],
    });
    expect(ctx.events.map((e) => e.type)).toEqual(['attack', 'token-destroyed', 'token-returned']);
    expect(s.ships[1].supply.broadside).toBe(supply + 1);
  });

  it('draft §7.4.3: point defence never targets warships, even an adjacent enemy ship; own squadrons are never targets', () => {
    const s = scene();
    s.ships[1].core = hex(7, 6); // facing S: bow (7,7), 2 from ship 0's bow, within CIWS range
    place(s, 0, 0, hex(5, 10));
    const ctx = testCtx(s);
    expect(fireDefenceStations(ctx, 0)).toBe(false);
    expect(ctx.events).toEqual([{ type: 'card-ignored', seat: 0, card: 'defence-stations', reason: 'no-target' }]);
    expect(ctx.activated[0].size).toBe(0);
  });

  it('Ruling DF-NO-TARGET: with nothing in range at the first shot it does not fire and takes no cooldown', () => {
    const s = scene();
    place(s, 1, 0, hex(7, 5), 'S'); // 4 from the bow: beyond CIWS range 2
    const ctx = testCtx(s);
    expect(fireDefenceStations(ctx, 0)).toBe(false);
    expect(ctx.events).toEqual([{ type: 'card-ignored', seat: 0, card: 'defence-stations', reason: 'no-target' }]);
    expect(ctx.activated[0].size).toBe(0);
  });

  it('RULES §4.3: a point defence with cooldown does nothing (card-ignored: cooldown)', () => {
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    s.ships[0].cooldown.pointDefence = 1;
    const ctx = testCtx(s);
    expect(fireDefenceStations(ctx, 0)).toBe(false);
    expect(ctx.events).toEqual([{ type: 'card-ignored', seat: 0, card: 'defence-stations', reason: 'cooldown' }]);
    expect(ctx.activated[0].size).toBe(0);
  });

  it('Ruling PD-RANGE: range is measured from the nearest own hex that has line of sight to the target', () => {
    // Dart at (9,7): 2 from the bow and 3 from the core, both lines through (8,8) where a friendly squadron sits;
    // the starboard hex (8,10) sees it at 3 through (8,9), (9,8).
    const s = scene('fpa-sentinel-lasers'); // range 4, accuracy 3, one shot
    place(s, 1, 0, hex(9, 7), 'S');
    place(s, 0, 0, hex(8, 8));
    expect(targetOptions(s, pointDefenceAttacker(s, 0))).toEqual([{ target: sq('1:0'), hitTwelfths: 6, distance: 3 }]);
    s.rng = rngFor(1);
    const ctx = testCtx(s, [pdShot('1:0')]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    expect(attacks(ctx.events)[0]).toMatchObject({ from: hex(8, 10), detail: { needAbove: 6, hit: false } });
    // CIWS (range 2) cannot reach it: the bow is nearer but has no line of sight
    const t = scene('fpa-ciws');
    place(t, 1, 0, hex(9, 7), 'S');
    place(t, 0, 0, hex(8, 8));
    expect(targetOptions(t, pointDefenceAttacker(t, 0))).toEqual([]);
  });

  it('draft §7.4.3: the warship carrying the point defence is no obstruction to it; other things are', () => {
    const s = scene();
    place(s, 0, 0, hex(8, 8));
    const b = attackerObstructions(s, pointDefenceAttacker(s, 0));
    for (const h of [hex(7, 9), hex(7, 10), hex(6, 11), hex(8, 10)]) expect(b.has(hexId(h))).toBe(false);
    expect(b.has(hexId(hex(8, 8)))).toBe(true); // its own squadron
    expect(b.has(hexId(hex(12, 2)))).toBe(true); // the enemy warship
  });

  it('RULES §6 Flak Screen: AOE point defence aims at hexes and rolls against squadrons and torpedoes in the area only', () => {
    // Aimed at (7,7): the enemy bow (7,6), a Dart at (8,6) and a torpedo at (7,7) are in the area; the bow is not rolled against.
    const s = scene('fpa-flak-screen'); // range 3, accuracy 1, AOE 1, one shot
    s.ships[1].core = hex(7, 5); // facing S: bow (7,6)
    place(s, 1, 0, hex(8, 6), 'S');
    s.tokens = [testToken({ id: 't4', kind: 'torpedo', owner: 1, at: hex(7, 7), facing: 'S', evasion: 2 })];
    s.rng = rngFor(12, 12);
    const { ctx, prompts } = recordingCtx(s, [{ kind: 'point-defence', target: { kind: 'hex', at: hex(7, 7) } }]);
    expect(fireDefenceStations(ctx, 0)).toBe(true);
    const p = prompts[0]!;
    expect(p).toMatchObject({ kind: 'point-defence', weapon: 'fpa-flak-screen', shot: 1, shots: 1 });
    const options = p.kind === 'point-defence' ? p.options : [];
    expect(options.every((o) => o.target.kind === 'hex')).toBe(true);
    expect(options.find((o) => o.target.kind === 'hex' && o.target.at.q === 7 && o.target.at.r === 7)).toEqual({
      target: { kind: 'hex', at: hex(7, 7) },
      hitTwelfths: 4 + 5,
      distance: 2,
      affected: [sq('1:0'), { kind: 'torpedo', id: 't4' }],
    });
    expect(attacks(ctx.events).map((e) => [e.target, e.aimedAt, e.detail.hit])).toEqual([
      [sq('1:0'), hex(7, 7), true],
      [{ kind: 'torpedo', id: 't4' }, hex(7, 7), true],
    ]);
    expect(s.ships[1].armour).toEqual(s.ships[1].startArmour);
  });

  it('RULES §8: an illegal point-defence answer is refused with a typed error, the state untouched', () => {
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    s.ships[1].core = hex(7, 6);
    const before = structuredClone(s);
    const bad: [Decision, string][] = [
      [{ kind: 'point-defence', target: { kind: 'section', seat: 1, section: 'bow' } }, 'not-a-legal-target'],
      [{ kind: 'point-defence', target: sq('1:1') }, 'not-a-legal-target'], // aboard
      [{ kind: 'point-defence', target: { kind: 'hex', at: hex(4, 12) } }, 'not-a-legal-target'], // CIWS is not AOE
      [{ kind: 'direct-fire', target: sq('1:0') }, 'wrong-kind'],
    ];
    for (const [decision, code] of bad) {
      const ctx = testCtx(s, [decision]);
      let thrown: unknown = null;
      try {
        fireDefenceStations(ctx, 0);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RejectedDecision);
      expect((thrown as RejectedDecision).error.code).toBe(code);
      expect(ctx.events).toEqual([]);
      expect(ctx.activated[0].size).toBe(0);
      expect(s).toEqual(before);
    }
  });

  it('RULES §8: a bad answer to the second shot is refused with decision index 1 (a target the first shot destroyed)', () => {
    const s = scene();
    place(s, 1, 0, hex(4, 12), 'S');
    place(s, 1, 1, hex(9, 8), 'S');
    s.rng = rngFor(12);
    const ctx = testCtx(s, [pdShot('1:0'), pdShot('1:0')]);
    let thrown: unknown = null;
    try {
      fireDefenceStations(ctx, 0);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RejectedDecision);
    expect(thrown).toMatchObject({ index: 1, error: { code: 'not-a-legal-target' } });
  });
});
