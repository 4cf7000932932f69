import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '../events.js';
import { testCtx, testShip, testSquadron, testState, testToken } from '../fixtures.js';
import { hex } from '../hex.js';
import type { Dir, Hex, MatchState, WeaponToken } from '../types.js';
import { adjustmentTurn, homingTurn, moveTorpedo, pickTorpedoTarget } from './torpedo.js';

const O = hex(0, 0);
const one = (id: string, core: Hex) => ({ id, hexes: [core], core });
const torp = (at: Hex, facing: Dir, over: Partial<WeaponToken> = {}): WeaponToken =>
  testToken({ id: 't1', kind: 'torpedo', source: 'broadside', at, facing, speed: 2, damage: 3, evasion: 2, ...over });
const ref = { kind: 'torpedo' as const, id: 't1', owner: 0 as const };
const types = (evs: MatchEvent[]): string[] => evs.map((e) => e.type);

/** Ship 0 (FPA) at its default (7,10) facing N; ship 1 (Lamais, bow armour 3) core at `core` facing S. */
function withEnemyAt(core: Hex, ...tokens: WeaponToken[]): MatchState {
  const s = testState({ ships: [testShip(0), testShip(1, { core, facing: 'S' })] });
  s.tokens.push(...tokens);
  for (const t of tokens) s.ships[t.owner].supply[t.source]--;
  return s;
}

describe('RULES §4.5 torpedo targeting', () => {
  // From (0,0) facing N: (0,-3) θ 0° d 3; (1,-3) θ 19.1° d 3; (-1,-2) θ −19.1° d 3; (2,-3) θ 40.9° d 3;
  // (3,-3) θ 60° d 3; (1,-2) θ 30° d 2; (0,1) behind d 1; (-2,1) θ −90° d 2.
  it('RULES §4.5 targeting 1: the closest candidate wins, whatever its angle', () => {
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('a', hex(0, -3)), one('b', hex(1, -2))])?.id).toBe('b');
  });
  it('RULES §4.5 targeting 2: at equal distance, the smallest |θ| wins', () => {
    const cands = [one('a', hex(3, -3)), one('b', hex(2, -3)), one('c', hex(1, -3)), one('d', hex(-1, -2))];
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [...cands, one('e', hex(0, -3))])?.id).toBe('e');
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, cands.slice(0, 3))?.id).toBe('c');
  });
  it('RULES §4.5 targeting 3: at equal distance and |θ|, the clockwise one (θ > 0) wins, in either order', () => {
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('left', hex(-1, -2)), one('right', hex(1, -3))])?.id).toBe(
      'right',
    );
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('right', hex(1, -3)), one('left', hex(-1, -2))])?.id).toBe(
      'right',
    );
  });
  it('RULES §4.5 targeting: only candidates with a hex in the front arc count (boundary included)', () => {
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('behind', hex(0, 1)), one('left', hex(-2, 1))])).toBeNull();
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('behind', hex(0, 1)), one('edge', hex(3, -3))])?.id).toBe(
      'edge',
    );
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [])).toBeNull();
  });
  it('RULES §1/§4.5 targeting: a ship counts if any hex is in the arc, at the distance of its nearest hex', () => {
    // Core (-2,1) is outside the arc but its hex (-1,0) is on the arc's edge at distance 1, beating (0,-2).
    const ship = { id: 'ship', hexes: [hex(-2, 1), hex(-1, 0)], core: hex(-2, 1) };
    expect(pickTorpedoTarget({ at: O, facing: 'N' }, [one('near', hex(0, -2)), ship])?.id).toBe('ship');
  });
  it('RULES §4.5 targeting: facing is respected (facing S, what lies north is behind)', () => {
    expect(pickTorpedoTarget({ at: O, facing: 'S' }, [one('n', hex(0, -2))])).toBeNull();
    expect(pickTorpedoTarget({ at: O, facing: 'S' }, [one('s', hex(0, 2))])?.id).toBe('s');
  });
});

describe('RULES §4.5 torpedo homing and adjustment lines', () => {
  it('RULES §4.5 homing: a target hex on the forward-right / forward-left line turns it that way', () => {
    expect(homingTurn(O, 'N', [hex(3, -3)])).toBe('NE');
    expect(homingTurn(O, 'N', [hex(-3, 0)])).toBe('NW');
    expect(homingTurn(O, 'S', [hex(-2, 2)])).toBe('SW'); // facing S: the SW line is f+1
    expect(homingTurn(O, 'S', [hex(3, 0)])).toBe('SE'); // and the SE line f−1
    expect(homingTurn(O, 'N', [hex(1, -3), hex(2, -1)])).toBeNull();
  });
  it('ruling: a target hex already straight ahead means no homing turn', () => {
    expect(homingTurn(O, 'N', [hex(0, -4), hex(2, -2)])).toBeNull();
  });
  it('ruling: target hexes on both lines — the nearer one wins, then the clockwise line', () => {
    expect(homingTurn(O, 'N', [hex(3, -3), hex(-2, 0)])).toBe('NW');
    expect(homingTurn(O, 'N', [hex(2, -2), hex(-3, 0)])).toBe('NE');
    expect(homingTurn(O, 'N', [hex(2, -2), hex(-2, 0)])).toBe('NE');
  });
  it('RULES §4.5 adjustment: a core within 2 hexes of a forward line turns 60° to that side', () => {
    expect(adjustmentTurn(O, 'N', hex(2, -4))).toBe('NE'); // 2 from the NE line
    expect(adjustmentTurn(O, 'N', hex(-2, -2))).toBe('NW'); // its mirror, 2 from the NW line
    expect(adjustmentTurn(O, 'N', hex(3, -1))).toBe('NE'); // outside the front arc (θ 79°), 2 from the NE line
    expect(adjustmentTurn(O, 'N', hex(4, -1))).toBeNull(); // 3 from the NE line
    expect(adjustmentTurn(O, 'N', hex(1, -5))).toBeNull(); // 4 from either line: keep straight
  });
  it('RULES §4.5 adjustment: no turn when the core is straight ahead, even near both lines', () => {
    expect(adjustmentTurn(O, 'N', hex(0, -2))).toBeNull();
    expect(adjustmentTurn(O, 'SE', hex(3, 0))).toBeNull();
  });
  it('ruling: a core as near both lines turns toward its own side (θ > 0 clockwise; dead astern counts as 180°)', () => {
    expect(adjustmentTurn(O, 'N', hex(1, -2))).toBe('NE'); // 1 from NE, 2 from NW: the nearer
    expect(adjustmentTurn(O, 'N', hex(0, 1))).toBe('NE'); // 2 from each: θ = 180°
  });
});

describe('RULES §4.5 torpedo movement', () => {
  it('RULES §4.5: with no target it moves straight `speed` hexes (and does not adjust)', () => {
    const t = torp(hex(2, 10), 'S'); // facing S: the enemy at (7,0) is behind
    const ctx = testCtx(withEnemyAt(hex(7, 0), t));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: null },
      {
        type: 'token-moved',
        token: ref,
        path: [hex(2, 11), hex(2, 12)],
        facings: ['S', 'S'],
        from: hex(2, 10),
        fromFacing: 'S',
      },
    ]);
    expect(t).toMatchObject({ at: hex(2, 12), facing: 'S' });
  });

  it('RULES §4.5: only enemy warships are targets (its own ship ahead is not)', () => {
    const t = torp(hex(7, 13), 'N', { speed: 1 }); // own ship's core (7,10) straight ahead, enemy far behind it
    const s = withEnemyAt(hex(12, 14), t);
    const ctx = testCtx(s);
    moveTorpedo(ctx, t);
    expect(ctx.events[0]).toEqual({ type: 'torpedo-target', token: ref, target: null });
  });

  it('RULES §4.5 homing: a target on the forward-right line at the start turns it at once', () => {
    // From (2,8) facing N, enemy core (7,3) and port (8,2) lie on the NE line.
    const t = torp(hex(2, 8), 'N');
    const ctx = testCtx(withEnemyAt(hex(7, 3), t));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: 1 },
      { type: 'torpedo-turned', token: ref, at: hex(2, 8), from: 'N', to: 'NE', reason: 'homing' },
      {
        type: 'token-moved',
        token: ref,
        path: [hex(3, 7), hex(4, 6)],
        facings: ['NE', 'NE'],
        from: hex(2, 8),
        fromFacing: 'NE',
      },
    ]);
    expect(t).toMatchObject({ at: hex(4, 6), facing: 'NE' });
  });

  it('RULES §4.5 homing: the target reaching the line mid-move turns it before the next step', () => {
    // From (2,10) N nothing is on the lines; from (2,9) the enemy bow (7,4) is on the NE line.
    const t = torp(hex(2, 10), 'N', { speed: 3 });
    const ctx = testCtx(withEnemyAt(hex(7, 3), t));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: 1 },
      { type: 'token-moved', token: ref, path: [hex(2, 9)], facings: ['N'], from: hex(2, 10), fromFacing: 'N' },
      { type: 'torpedo-turned', token: ref, at: hex(2, 9), from: 'N', to: 'NE', reason: 'homing' },
      {
        type: 'token-moved',
        token: ref,
        path: [hex(3, 8), hex(4, 7)],
        facings: ['NE', 'NE'],
        from: hex(2, 9),
        fromFacing: 'NE',
      },
    ]);
  });

  it('draft §7.3 "at any point along the path": the target reaching the line on the last step turns it there too', () => {
    // Speed 1: from (2,10) N the step ends on (2,9), where the enemy bow (7,4) is on the NE line. Its core (7,3) is
    // then neither ahead nor within 2 of a forward line: no adjustment follows.
    const t = torp(hex(2, 10), 'N', { speed: 1 });
    const ctx = testCtx(withEnemyAt(hex(7, 3), t));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: 1 },
      { type: 'token-moved', token: ref, path: [hex(2, 9)], facings: ['N'], from: hex(2, 10), fromFacing: 'N' },
      { type: 'torpedo-turned', token: ref, at: hex(2, 9), from: 'N', to: 'NE', reason: 'homing' },
    ]);
    expect(t).toMatchObject({ at: hex(2, 9), facing: 'NE' });
  });

  it('RULES §4.5 angle adjustment: not hit, core not ahead but within 2 of the forward-right line: turn right', () => {
    // Enemy core (4,5) facing S: from (2,9) facing N the core is 2 hexes from the NE line.
    const t = torp(hex(2, 10), 'N', { speed: 1 });
    const ctx = testCtx(withEnemyAt(hex(4, 5), t));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: 1 },
      { type: 'token-moved', token: ref, path: [hex(2, 9)], facings: ['N'], from: hex(2, 10), fromFacing: 'N' },
      { type: 'torpedo-turned', token: ref, at: hex(2, 9), from: 'N', to: 'NE', reason: 'adjustment' },
    ]);
    expect(t.facing).toBe('NE');
  });

  it('RULES §4.5: entering a warship hex hits that section and the token returns', () => {
    const t = torp(hex(7, 3), 'N'); // enemy at (7,0) facing S: its bow (7,1) is 2 ahead
    const s = withEnemyAt(hex(7, 0), t);
    const ctx = testCtx(s);
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([
      { type: 'torpedo-target', token: ref, target: 1 },
      {
        type: 'token-moved',
        token: ref,
        path: [hex(7, 2), hex(7, 1)],
        facings: ['N', 'N'],
        from: hex(7, 3),
        fromFacing: 'N',
      },
      {
        type: 'damage',
        seat: 1,
        section: 'bow',
        amount: 3,
        armourBefore: 3,
        armourAfter: 0,
        structureBefore: 9,
        structureAfter: 9,
        lost: 0,
        source: { seat: 0, by: 'token:t1' },
      },
      { type: 'token-returned', token: ref, at: hex(7, 1), reason: 'hit' },
    ]);
    expect(s.tokens).toEqual([]);
    expect(s.ships[0].supply.broadside).toBe(3);
  });

  it('RULES §4.5: leaving the board returns the torpedo', () => {
    const t = torp(hex(2, 0), 'N');
    const s = withEnemyAt(hex(7, 0), t);
    const ctx = testCtx(s);
    moveTorpedo(ctx, t);
    expect(types(ctx.events)).toEqual(['torpedo-target', 'token-moved', 'token-returned']);
    expect(ctx.events[2]).toEqual({ type: 'token-returned', token: ref, at: hex(2, -1), reason: 'left-board' });
    expect(s.ships[0].supply.broadside).toBe(3);
  });

  it('ruling: a torpedo passes small tokens harmlessly', () => {
    const t = torp(hex(2, 10), 'S');
    const other = testToken({ id: 'p9', owner: 1, at: hex(2, 11), facing: 'N' });
    const s = withEnemyAt(hex(7, 0), t, other);
    s.ships[1].squadrons[0] = testSquadron(1, 0, 'lamais-dart', { status: 'space', at: hex(2, 12), facing: 'N' });
    const ctx = testCtx(s);
    moveTorpedo(ctx, t);
    expect(types(ctx.events)).toEqual(['torpedo-target', 'token-moved']);
    expect(s.ships[1].squadrons[0].status).toBe('space');
    expect(s.tokens.map((x) => x.id)).toEqual(['t1', 'p9']);
  });

  it("ruling: the firing warship's own hexes do not count for its own torpedo in its firing round", () => {
    const t = torp(hex(7, 8), 'S', { speed: 3, firedRound: 1 }); // through own bow (7,9) and core (7,10)
    const s = withEnemyAt(hex(7, 0), t);
    const ctx = testCtx(s);
    moveTorpedo(ctx, t);
    expect(types(ctx.events)).toEqual(['torpedo-target', 'token-moved']);
    expect(t.at).toEqual(hex(7, 11));
    expect(s.ships[0].armour.bow).toBe(4);
  });

  it('ruling: a torpedo from an earlier round, or a squadron torpedo, hits its own warship', () => {
    for (const over of [{ firedRound: 0 }, { firedRound: 1, source: 'squadronTorpedo' as const }]) {
      const t = torp(hex(7, 8), 'S', { speed: 3, ...over });
      const s = withEnemyAt(hex(7, 0), t);
      moveTorpedo(testCtx(s), t);
      expect(s.ships[0].armour.bow).toBe(1);
      expect(s.tokens).toEqual([]);
    }
  });

  it('RULES §4.5: a torpedo no longer on the board does nothing', () => {
    const t = torp(hex(2, 10), 'N');
    const ctx = testCtx(withEnemyAt(hex(7, 0)));
    moveTorpedo(ctx, t);
    expect(ctx.events).toEqual([]);
  });
});
