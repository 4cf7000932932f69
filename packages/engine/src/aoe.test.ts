// AOE direct fire (RULES §4.5, draft §7.4.2): aimed at any hex in arc, range and line of sight, with or without a
// target; one roll against every enemy target within the AOE radius of it, even beyond the weapon's range.
import { describe, expect, it } from 'vitest';
import { fireWarshipDirect, resolveAttack } from './direct-fire.js';
import { attacks, gun, place, rngFor, scene, sq, GUN_AHEAD } from './direct-fire.scene.js';
import { testCtx, testShip, testState, testToken } from './fixtures.js';
import { hex } from './hex.js';

describe('RULES §4.5 AOE direct fire (draft §7.4.2)', () => {
  it('RULES §4.5 AOE: one roll against every enemy target in the area, in the fixed order, including beyond range', () => {
    // Bow gun, range 2, AOE 1, aimed at (7,7): Dart 1:0 at (7,6) is beyond range, Dart 1:1 at (8,6), torpedo t5 at (6,8);
    // a friendly squadron at (6,7) is in the area but never rolled against.
    const s = testState({ ships: [testShip(0), testShip(1, { core: hex(12, 2), facing: 'S' })] });
    place(s, 1, 1, hex(8, 6), 'S');
    place(s, 1, 0, hex(7, 6), 'S');
    place(s, 0, 0, hex(6, 7));
    s.tokens = [testToken({ id: 't5', kind: 'torpedo', owner: 1, at: hex(6, 8), facing: 'SE', evasion: 2 })];
    s.rng = rngFor(12, 1, 12);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s, { range: 2, aoe: 1, accuracy: 2 }), { kind: 'hex', at: hex(7, 7) });
    const a = attacks(ctx.events);
    expect(a.map((e) => [e.target, e.aimedAt, e.from, e.detail.roll, e.detail.needAbove, e.detail.hit])).toEqual([
      [sq('1:0'), hex(7, 7), hex(7, 9), 12, 7, true],
      [sq('1:1'), hex(7, 7), hex(7, 9), 1, 7, false],
      [{ kind: 'torpedo', id: 't5' }, hex(7, 7), hex(7, 9), 12, 6, true],
    ]);
    // the attack arc is the aimed hex's; each target's location is its own
    expect(a[0]!.source.attackArc).toBe('front');
    expect(a[1]!.source.targetArcs).toEqual(['front', 'fullFront']);
    expect(s.ships[1].squadrons[0].status).toBe('destroyed');
    expect(s.ships[1].squadrons[1].status).toBe('space');
    expect(s.ships[0].squadrons[0].status).toBe('space');
    expect(s.tokens).toEqual([]);
  });

  it('RULES §4.5 AOE: aimed at an empty area the shot lands (aoe-fired, 0 targets) and rolls nothing', () => {
    const s = scene();
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s, { range: 2, aoe: 1 }), { kind: 'hex', at: hex(7, 7) });
    expect(ctx.events).toEqual([
      {
        type: 'aoe-fired',
        source: GUN_AHEAD,
        from: hex(7, 9),
        at: hex(7, 7),
        radius: 1,
        targets: 0,
      },
    ]);
    expect(ctx.rolls).toEqual([]);
  });

  it('Ruling AOE-BANDS: with range bands on, an AOE roll takes the band of the aimed hex, not of each target', () => {
    const s = testState({ ships: [testShip(0), testShip(1, { core: hex(12, 2), facing: 'S' })] });
    s.variants.rangeBands = true;
    place(s, 1, 0, hex(7, 5), 'S'); // distance 4 from the bow: beyond range 3
    place(s, 1, 1, hex(7, 7), 'S'); // distance 2
    s.rng = rngFor(1, 1);
    const a = testCtx(s);
    resolveAttack(a, gun(s, { range: 3, aoe: 1 }), { kind: 'hex', at: hex(7, 8) }); // aimed at distance 1
    expect(attacks(a.events).map((e) => [e.target, e.detail.modifiers])).toEqual([
      [sq('1:1'), [{ reason: 'range-band-close', value: 1 }]],
    ]);
    // with the Dart at (7,7) back aboard, (7,6) is in sight at full range 3
    s.ships[1].squadrons[1] = { ...s.ships[1].squadrons[1], status: 'aboard' };
    delete s.ships[1].squadrons[1].at;
    const b = testCtx(s);
    resolveAttack(b, gun(s, { range: 3, aoe: 1 }), { kind: 'hex', at: hex(7, 6) }); // aimed at full range 3
    expect(attacks(b.events).map((e) => [e.target, e.detail.modifiers])).toEqual([
      [sq('1:0'), [{ reason: 'range-band-long', value: -1 }]],
    ]);
  });

  it('draft §7.4.2: AOE 2 reaches every target within two hexes of the aimed hex', () => {
    const s = testState({ ships: [testShip(0), testShip(1, { core: hex(12, 2), facing: 'S' })] });
    place(s, 1, 0, hex(7, 5), 'S'); // 2 from (7,7)
    place(s, 1, 1, hex(9, 5), 'S'); // 2 from (7,7)
    place(s, 1, 2, hex(7, 4), 'S'); // 3 from (7,7): outside
    s.rng = rngFor(1, 1);
    const ctx = testCtx(s);
    resolveAttack(ctx, gun(s, { range: 2, aoe: 2 }), { kind: 'hex', at: hex(7, 7) });
    expect(attacks(ctx.events).map((e) => e.target)).toEqual([sq('1:0'), sq('1:1')]);
  });
  it('RULES §4.5, draft §7.4.2: an AOE weapon with no target anywhere still fires at an empty hex and takes its cooldown', () => {
    const s = scene();
    s.ships[0].core = hex(12, 2); // behind ship 1: nothing in or near the Siege Battery's front arc
    const empty = { kind: 'hex' as const, at: hex(7, 8) }; // 3 ahead of the Siege Battery's bow (7,5), facing S
    const ctx = testCtx(s, [{ kind: 'direct-fire', target: empty }]);
    expect(fireWarshipDirect(ctx, 1, 'main')).toBe(true);
    expect(ctx.events).toEqual([
      {
        type: 'aoe-fired',
        source: {
          seat: 1,
          by: 'main',
          weapon: 'lamais-siege-battery',
          attackArc: 'front',
          targetArcs: ['front', 'bullseye', 'fullFront'],
        },
        from: hex(7, 5),
        at: hex(7, 8),
        radius: 1,
        targets: 0,
      },
    ]);
    expect([...ctx.activated[1]]).toEqual(['main']);
  });
});
