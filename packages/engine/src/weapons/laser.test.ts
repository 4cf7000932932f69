import { describe, expect, it } from 'vitest';
import type { Source } from '../events.js';
import { testCtx, testShip, testSquadron, testState, testToken } from '../fixtures.js';
import { hex } from '../hex.js';
import type { MatchState } from '../types.js';
import { fireLaser } from './laser.js';

// Ship 0 (FPA) core (7,10) facing N: bow (7,9). Ship 1 (Lamais) core (7,3) facing S: bow (7,4), armour 3.
function position(): MatchState {
  return testState({
    ships: [testShip(0, { core: hex(7, 10), facing: 'N' }), testShip(1, { core: hex(7, 3), facing: 'S' })],
  });
}
const source: Source = { seat: 0, by: 'main', weapon: 'fpa-heavy-lance' };

function spaceSquadron(s: MatchState, seat: 0 | 1, index: number, at: { q: number; r: number }): void {
  s.ships[seat].squadrons[index] = testSquadron(seat, index, s.ships[seat].loadout.squadrons[index]!, {
    status: 'space',
    at,
    facing: 'N',
    munitions: 0,
  });
}

describe('RULES §4.5 lasers', () => {
  it('draft §7.1 worked example: damage 3 fired through two tokens destroys both and deals 1 to the warship', () => {
    const s = position();
    spaceSquadron(s, 1, 0, hex(7, 7)); // an enemy squadron
    s.tokens.push(testToken({ id: 't4', kind: 'torpedo', owner: 0, source: 'broadside', at: hex(7, 6), facing: 'N' })); // own torpedo
    s.ships[0].supply.broadside = 2;
    const ctx = testCtx(s);
    fireLaser(ctx, { seat: 0, from: hex(7, 9), dir: 'N', range: 6, damage: 3, source });
    expect(ctx.events).toEqual([
      {
        type: 'beam',
        source,
        from: hex(7, 9),
        dir: 'N',
        path: [hex(7, 8), hex(7, 7), hex(7, 6), hex(7, 5), hex(7, 4)],
        damageStart: 3,
        damageEnd: 1,
        stoppedAt: { seat: 1, section: 'bow' },
      },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: '1:0', owner: 1 },
        at: hex(7, 7),
        cause: 'laser',
        source,
      },
      {
        type: 'token-destroyed',
        token: { kind: 'torpedo', id: 't4', owner: 0 },
        at: hex(7, 6),
        cause: 'laser',
        source,
      },
      { type: 'token-returned', token: { kind: 'torpedo', id: 't4', owner: 0 }, at: hex(7, 6), reason: 'destroyed' },
      {
        type: 'damage',
        seat: 1,
        section: 'bow',
        amount: 1,
        armourBefore: 3,
        armourAfter: 2,
        structureBefore: 9,
        structureAfter: 9,
        lost: 0,
        source,
      },
    ]);
    expect(s.ships[1].squadrons[0].status).toBe('destroyed');
    expect(s.tokens).toEqual([]);
    expect(s.ships[0].supply.broadside).toBe(3);
    expect(s.ships[1].armour.bow).toBe(2);
  });

  it('RULES §4.5: a beam covers exactly `range` hexes and does nothing when no warship is on them', () => {
    const s = position();
    const ctx = testCtx(s);
    const r = fireLaser(ctx, { seat: 0, from: hex(7, 9), dir: 'N', range: 4, damage: 3, source });
    expect(r.path).toEqual([hex(7, 8), hex(7, 7), hex(7, 6), hex(7, 5)]);
    expect(ctx.events).toHaveLength(1);
    expect(ctx.events[0]).toMatchObject({ type: 'beam', damageStart: 3, damageEnd: 0, stoppedAt: null });
    expect(s.ships[1].armour).toEqual({ bow: 3, core: 4, port: 4, starboard: 4 });
  });

  it('RULES §4.5: the beam stops at the board edge', () => {
    const s = position();
    const ctx = testCtx(s);
    // (2,1) is row 2 of column 2; north of it: (2,0) row 1, (2,-1) row 0, then off the board.
    const r = fireLaser(ctx, { seat: 0, from: hex(2, 1), dir: 'N', range: 6, damage: 2, source });
    expect(r.path).toEqual([hex(2, 0), hex(2, -1)]);
    expect(r.stoppedAt).toBeNull();
  });

  it('RULES §4.5: a token on the hex just beyond the beam range is untouched', () => {
    const s = position();
    spaceSquadron(s, 1, 1, hex(7, 6));
    const ctx = testCtx(s);
    fireLaser(ctx, { seat: 0, from: hex(7, 9), dir: 'N', range: 2, damage: 3, source });
    expect(s.ships[1].squadrons[1].status).toBe('space');
  });

  it('RULES §4.5: each token lowers the damage by 1, not below 0; a beam reduced to 0 still stops at the warship', () => {
    const s = position();
    spaceSquadron(s, 1, 0, hex(7, 7));
    spaceSquadron(s, 1, 1, hex(7, 6));
    spaceSquadron(s, 0, 0, hex(7, 5));
    const ctx = testCtx(s);
    const r = fireLaser(ctx, { seat: 0, from: hex(7, 9), dir: 'N', range: 6, damage: 2, source });
    expect(r.damageEnd).toBe(0);
    expect(r.stoppedAt).toEqual({ seat: 1, section: 'bow' });
    expect(r.path).toEqual([hex(7, 8), hex(7, 7), hex(7, 6), hex(7, 5), hex(7, 4)]);
    expect(ctx.events.filter((e) => e.type === 'token-destroyed')).toHaveLength(3);
    expect(ctx.events.some((e) => e.type === 'damage')).toBe(false);
    expect(s.ships[1].armour.bow).toBe(3);
  });

  it('RULES §4.5: the first warship hex stops the beam, whichever ship it is (a squadron laser into its own warship)', () => {
    const s = position();
    const src: Source = { seat: 0, by: 'squadron:0:2', weapon: 'lamais-lancer' };
    const ctx = testCtx(s);
    // From (7,6) southward: (7,7), (7,8), then ship 0's bow (7,9); ship 0's core (7,10) is behind it and untouched.
    const r = fireLaser(ctx, { seat: 0, from: hex(7, 6), dir: 'S', range: 5, damage: 2, source: src });
    expect(r.path).toEqual([hex(7, 7), hex(7, 8), hex(7, 9)]);
    expect(r.stoppedAt).toEqual({ seat: 0, section: 'bow' });
    expect(s.ships[0].armour).toEqual({ bow: 2, core: 5, port: 3, starboard: 3 });
  });

  it('RULES §3: a laser hit on a section with no armour removes structure', () => {
    const s = position();
    s.ships[1].armour.bow = 0;
    const ctx = testCtx(s);
    fireLaser(ctx, { seat: 0, from: hex(7, 9), dir: 'N', range: 6, damage: 3, source });
    expect(s.ships[1].structure).toBe(6);
  });
});
