import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '../events.js';
import { testCtx, testSquadron, testState, testToken } from '../fixtures.js';
import { hex } from '../hex.js';
import type { Dir, Hex, MatchState, WeaponToken } from '../types.js';
import { headOn, moveProjectiles, spawnWeaponToken, type Sweep } from './projectile.js';

// Default ships: 0 (FPA, bow armour 4) core (7,10) facing N, bow (7,9); 1 (Lamais) core (7,0) facing S.
// Column 2 is clear of both ships: (2,r) is on the board for r = −1 … 15.
const p = (id: string, at: Hex, facing: Dir, over: Partial<WeaponToken> = {}): WeaponToken =>
  testToken({ id, at, facing, speed: 2, ...over });
const types = (evs: MatchEvent[]): string[] => evs.map((e) => e.type);
const ref = (id: string, owner: 0 | 1 = 0) => ({ kind: 'projectile' as const, id, owner });

function withTokens(...tokens: WeaponToken[]): MatchState {
  const s = testState();
  s.tokens.push(...tokens);
  for (const t of tokens) s.ships[t.owner].supply[t.source]--;
  return s;
}

describe('RULES §4.5 weapon tokens: spawning', () => {
  it('RULES §4.5: spawning takes a token from the named supply, fired this round, and emits token-spawned', () => {
    const s = testState({ round: 4, nextTokenId: 7 });
    const ctx = testCtx(s);
    const t = spawnWeaponToken(ctx, {
      seat: 1,
      kind: 'projectile',
      source: 'main',
      at: hex(7, 1),
      facing: 'S',
      damage: 4,
      speed: 4,
      weapon: 'lamais-spinal-railgun',
    });
    expect(t).toEqual({
      id: 'p7',
      kind: 'projectile',
      owner: 1,
      source: 'main',
      at: hex(7, 1),
      facing: 'S',
      damage: 4,
      speed: 4,
      firedRound: 4,
      evasion: 0,
      weapon: 'lamais-spinal-railgun',
    });
    expect(s.tokens).toEqual([t]);
    expect(s.ships[1].supply.main).toBe(2);
    expect(s.nextTokenId).toBe(8);
    expect(ctx.events).toEqual([
      { type: 'token-spawned', token: ref('p7', 1), at: hex(7, 1), facing: 'S', weapon: 'lamais-spinal-railgun' },
    ]);
  });

  it('RULES §6: a torpedo token has evasion 2 and a t-id', () => {
    const ctx = testCtx(testState());
    const t = spawnWeaponToken(ctx, {
      seat: 0,
      kind: 'torpedo',
      source: 'broadside',
      at: hex(6, 11),
      facing: 'NW',
      damage: 3,
      speed: 2,
      weapon: 'fpa-torpedo-racks',
    });
    expect(t).toMatchObject({ id: 't1', evasion: 2, source: 'broadside' });
    expect(ctx.s.ships[0].supply.broadside).toBe(2);
  });

  it('RULES §4.5: with the supply empty nothing spawns (null, no event)', () => {
    const s = testState();
    s.ships[0].supply.main = 0;
    const ctx = testCtx(s);
    expect(
      spawnWeaponToken(ctx, {
        seat: 0,
        kind: 'projectile',
        source: 'main',
        at: hex(7, 9),
        facing: 'N',
        damage: 3,
        speed: 3,
        weapon: 'fpa-mass-driver',
      }),
    ).toBeNull();
    expect(ctx.events).toEqual([]);
    expect(s.tokens).toEqual([]);
  });
});

describe('RULES §4.5 projectiles: movement', () => {
  it('RULES §4.5: a projectile moves `speed` hexes in a straight line', () => {
    const t = p('p1', hex(2, 8), 'N', { speed: 3 });
    const ctx = testCtx(withTokens(t));
    moveProjectiles(ctx, [t]);
    expect(ctx.events).toEqual([
      {
        type: 'token-moved',
        token: ref('p1'),
        path: [hex(2, 7), hex(2, 6), hex(2, 5)],
        facings: ['N', 'N', 'N'],
        from: hex(2, 8),
        fromFacing: 'N',
      },
    ]);
    expect(t.at).toEqual(hex(2, 5));
    expect(ctx.s.tokens).toEqual([t]);
  });

  it('RULES §4.5: a projectile leaving the board returns to its owner', () => {
    const t = p('p1', hex(2, 0), 'N', { speed: 3 });
    const ctx = testCtx(withTokens(t));
    moveProjectiles(ctx, [t]);
    expect(ctx.events).toEqual([
      { type: 'token-moved', token: ref('p1'), path: [hex(2, -1)], facings: ['N'], from: hex(2, 0), fromFacing: 'N' },
      { type: 'token-returned', token: ref('p1'), at: hex(2, -1), reason: 'left-board' },
    ]);
    expect(ctx.s.tokens).toEqual([]);
    expect(ctx.s.ships[0].supply.main).toBe(3);
  });

  it('RULES §4.5: the first warship hex entered takes the damage, even a friendly one, and the token returns', () => {
    const t = p('p1', hex(7, 6), 'S', { speed: 3, firedRound: 0 });
    const ctx = testCtx(withTokens(t)); // round 1: fired in an earlier round
    moveProjectiles(ctx, [t]);
    expect(ctx.events).toEqual([
      {
        type: 'token-moved',
        token: ref('p1'),
        path: [hex(7, 7), hex(7, 8), hex(7, 9)],
        facings: ['S', 'S', 'S'],
        from: hex(7, 6),
        fromFacing: 'S',
      },
      {
        type: 'damage',
        seat: 0,
        section: 'bow',
        amount: 3,
        armourBefore: 4,
        armourAfter: 1,
        structureBefore: 10,
        structureAfter: 10,
        lost: 0,
        source: { seat: 0, by: 'token:p1' },
      },
      { type: 'token-returned', token: ref('p1'), at: hex(7, 9), reason: 'hit' },
    ]);
    expect(ctx.s.ships[0].supply.main).toBe(3);
  });

  it('RULES §4.5: the damage source names the weapon that fired the token', () => {
    const t = p('p2', hex(7, 3), 'N', { owner: 0, speed: 3, weapon: 'fpa-mass-driver' });
    const ctx = testCtx(withTokens(t));
    moveProjectiles(ctx, [t]);
    // (7,2), then ship 1's bow (7,1).
    expect(ctx.events.find((e) => e.type === 'damage')).toMatchObject({
      seat: 1,
      section: 'bow',
      amount: 3,
      source: { seat: 0, by: 'token:p2', weapon: 'fpa-mass-driver' },
    });
  });

  it("RULES §4.5: the firing warship's own hexes are not entered by its own shot in the round it was fired", () => {
    const t = p('p1', hex(7, 8), 'S', { speed: 3, firedRound: 1 });
    const ctx = testCtx(withTokens(t));
    moveProjectiles(ctx, [t]);
    expect(types(ctx.events)).toEqual(['token-moved']);
    expect(t.at).toEqual(hex(7, 11));
    expect(ctx.s.ships[0].armour).toEqual({ bow: 4, core: 5, port: 3, starboard: 3 });
  });

  it("RULES §4.5: the own-hex exemption is only for the owner's ship — the enemy's fresh shot hits", () => {
    const t = p('p1', hex(7, 8), 'S', { owner: 1, speed: 3, firedRound: 1 });
    const ctx = testCtx(withTokens(t));
    moveProjectiles(ctx, [t]);
    expect(types(ctx.events)).toEqual(['token-moved', 'damage', 'token-returned']);
    expect(ctx.s.ships[0].armour.bow).toBe(1);
  });

  it('RULES §4.5: a projectile destroys the squadrons and torpedoes it passes (any owner) and goes on', () => {
    const t = p('p1', hex(2, 10), 'N', { speed: 4 });
    const torp = testToken({ id: 't2', kind: 'torpedo', owner: 1, source: 'broadside', at: hex(2, 8), facing: 'S' });
    const other = p('p3', hex(2, 7), 'SE', { owner: 1 }); // projectiles are not destroyed by passing
    const s = withTokens(t, torp, other);
    s.ships[1].squadrons[0] = testSquadron(1, 0, 'lamais-dart', {
      status: 'space',
      at: hex(2, 9),
      facing: 'N',
      munitions: 2,
    });
    s.ships[0].squadrons[1] = testSquadron(0, 1, 'fpa-interceptor', { status: 'space', at: hex(2, 6), facing: 'N' });
    s.ships[0].squadrons[2] = testSquadron(0, 2, 'fpa-strike-fighter', { status: 'space', at: hex(2, 5), facing: 'N' });
    const ctx = testCtx(s);
    moveProjectiles(ctx, [t]);
    const source = { seat: 0, by: 'token:p1' };
    expect(ctx.events).toEqual([
      {
        type: 'token-moved',
        token: ref('p1'),
        path: [hex(2, 9), hex(2, 8), hex(2, 7), hex(2, 6)],
        facings: ['N', 'N', 'N', 'N'],
        from: hex(2, 10),
        fromFacing: 'N',
      },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '1:0', owner: 1 },
        at: hex(2, 9),
        cause: 'projectile',
        source,
      },
      { type: 'munitions', seat: 1, squadron: '1:0', before: 2, after: 0, reason: 'destroyed' },
      {
        type: 'token-destroyed',
        token: { kind: 'torpedo', id: 't2', owner: 1 },
        at: hex(2, 8),
        cause: 'projectile',
        source,
      },
      { type: 'token-returned', token: { kind: 'torpedo', id: 't2', owner: 1 }, at: hex(2, 8), reason: 'destroyed' },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '0:1', owner: 0 },
        at: hex(2, 6),
        cause: 'projectile',
        source,
      },
      { type: 'munitions', seat: 0, squadron: '0:1', before: 1, after: 0, reason: 'destroyed' },
    ]);
    expect(s.tokens.map((x) => x.id)).toEqual(['p1', 'p3']);
    expect(s.ships[0].squadrons[2].status).toBe('space'); // beyond its reach
  });
});

describe('RULES §4.5 projectiles: collisions after all have moved', () => {
  it('RULES §4.5: two projectiles ending on the same hex are both removed, damage irrelevant', () => {
    const a = p('p1', hex(2, 8), 'N', { damage: 4 });
    const b = p('p2', hex(0, 6), 'SE', { owner: 1, damage: 1 });
    const ctx = testCtx(withTokens(a, b));
    moveProjectiles(ctx, [a, b]);
    expect(ctx.events).toEqual([
      {
        type: 'token-moved',
        token: ref('p1'),
        path: [hex(2, 7), hex(2, 6)],
        facings: ['N', 'N'],
        from: hex(2, 8),
        fromFacing: 'N',
      },
      {
        type: 'token-moved',
        token: ref('p2', 1),
        path: [hex(1, 6), hex(2, 6)],
        facings: ['SE', 'SE'],
        from: hex(0, 6),
        fromFacing: 'SE',
      },
      { type: 'token-returned', token: ref('p1'), at: hex(2, 6), reason: 'collided' },
      { type: 'token-returned', token: ref('p2', 1), at: hex(2, 6), reason: 'collided' },
    ]);
    expect(ctx.s.tokens).toEqual([]);
    expect(ctx.s.ships[0].supply.main).toBe(3);
    expect(ctx.s.ships[1].supply.main).toBe(3);
  });

  it('RULES §4.5: the check runs after ALL have moved — one ending where an earlier one already stopped collides', () => {
    const a = p('p1', hex(2, 8), 'N', { speed: 1 }); // to (2,7)
    const b = p('p2', hex(2, 10), 'N', { speed: 3 }); // passes nothing, ends on (2,7)
    const ctx = testCtx(withTokens(a, b));
    moveProjectiles(ctx, [a, b]);
    expect(ctx.s.tokens).toEqual([]);
  });

  it('RULES §4.5: passing over another projectile (same heading or crossing) is no collision', () => {
    const a = p('p1', hex(2, 8), 'N', { speed: 1 }); // to (2,7)
    const b = p('p2', hex(2, 10), 'N', { speed: 4 }); // over (2,7) to (2,6)
    const s = withTokens(a, b);
    const ctx = testCtx(s);
    moveProjectiles(ctx, [a, b]);
    expect(s.tokens.map((t) => [t.id, t.at])).toEqual([
      ['p1', hex(2, 7)],
      ['p2', hex(2, 6)],
    ]);
    // A perpendicular path crossing another's path without ending on its hex: no collision.
    const d = p('p4', hex(2, 4), 'S', { speed: 3 }); // (2,5),(2,6),(2,7)
    const e = p('p5', hex(0, 6), 'SE', { speed: 3, owner: 1 }); // (1,6),(2,6),(3,6)
    const s2 = withTokens(d, e);
    moveProjectiles(testCtx(s2), [d, e]);
    expect(s2.tokens.map((t) => t.id)).toEqual(['p4', 'p5']);
  });

  const headOnCases: [string, number, number, number, number, boolean][] = [
    // name, a's start r (heading S), b's start r (heading N), a's speed, b's speed, collide?
    ['even gap 4, both end on the same hex', 4, 8, 2, 2, true],
    ['odd gap 3, they cross between hexes', 4, 7, 2, 2, true],
    ['odd gap 1, they swap hexes', 4, 5, 1, 1, true],
    ['gap 2, a stops where b started while b moves on', 4, 6, 2, 1, true],
    ['odd gap 3, speed 1 each: they end adjacent', 4, 7, 1, 1, false],
    ['gap 5, speed 2 each: they end adjacent', 4, 9, 2, 2, false],
  ];
  it.each(headOnCases)('RULES §4.5 head-on: %s', (_name, ra, rb, sa, sb, collide) => {
    const a = p('p1', hex(2, ra), 'S', { speed: sa });
    const b = p('p2', hex(2, rb), 'N', { speed: sb, owner: 1 });
    const ctx = testCtx(withTokens(a, b));
    moveProjectiles(ctx, [a, b]);
    expect(ctx.s.tokens.length).toBe(collide ? 0 : 2);
    const returned = ctx.events.filter((e) => e.type === 'token-returned');
    expect(returned).toHaveLength(collide ? 2 : 0);
    for (const e of returned) expect(e).toMatchObject({ reason: 'collided' });
  });

  it('RULES §4.5 head-on: moving apart on one line, or opposite headings on parallel lines, is no collision', () => {
    const a = p('p1', hex(2, 6), 'N'); // N to (2,4)
    const b = p('p2', hex(2, 7), 'S', { owner: 1 }); // S to (2,9)
    const c = p('p3', hex(4, 3), 'S'); // S to (4,5)
    const d = p('p4', hex(5, 6), 'N', { owner: 1 }); // N to (5,4): beside c's line, never on it
    const s = withTokens(a, b, c, d);
    moveProjectiles(testCtx(s), [a, b, c, d]);
    expect(s.tokens).toHaveLength(4);
  });

  it('RULES §4.5: a projectile that hit a warship or left the board takes no part in the collision check', () => {
    const a = p('p1', hex(2, 0), 'N', { speed: 3 }); // leaves the board
    const b = p('p2', hex(2, -1), 'S', { speed: 1, owner: 1 }); // head-on with a's swept path, but a is gone
    const s = withTokens(a, b);
    moveProjectiles(testCtx(s), [a, b]);
    expect(s.tokens.map((t) => t.id)).toEqual(['p2']);
  });

  it('RULES §4.5: headOn needs opposite headings on one line with crossing or meeting sweeps', () => {
    const sw = (at: Hex, facing: Dir, path: Hex[]): Sweep => ({
      token: testToken({ at: path.at(-1) ?? at, facing }),
      from: at,
      path,
    });
    const a = sw(hex(0, 0), 'SE', [hex(1, 0), hex(2, 0)]);
    expect(headOn(a, sw(hex(3, 0), 'NW', [hex(2, 0), hex(1, 0)]))).toBe(true);
    expect(headOn(a, sw(hex(4, 0), 'NW', [hex(3, 0)]))).toBe(false);
    expect(headOn(a, sw(hex(4, 0), 'NW', [hex(3, 0), hex(2, 0)]))).toBe(true);
    expect(headOn(a, sw(hex(3, 1), 'NW', [hex(2, 1), hex(1, 1)]))).toBe(false);
    expect(headOn(a, sw(hex(3, 0), 'SW', [hex(2, 1)]))).toBe(false);
  });
});
