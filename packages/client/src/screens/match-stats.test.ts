import type { MatchEvent, Source } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { matchStats } from './match-stats.js';

const hex = { q: 0, r: 0 };
const dmg = (seat: 0 | 1, amount: number, source: Source): MatchEvent =>
  ({
    type: 'damage',
    seat,
    section: 'bow',
    amount,
    armourBefore: 0,
    armourAfter: 0,
    structureBefore: 9,
    structureAfter: 9 - amount,
    lost: 0,
    source,
  }) as MatchEvent;
const roll = (seat: 0 | 1, hit: boolean): MatchEvent =>
  ({
    type: 'attack',
    source: { seat, by: 'main' },
    from: hex,
    target: { kind: 'hex', at: hex },
    detail: { hit },
  }) as never;

describe('matchStats (the end-of-match summary)', () => {
  it('counts rounds, damage to the other warship by weapon name, hits and misses, fighters lost', () => {
    const events: MatchEvent[] = [
      { type: 'round-started', round: 1, initiative: 0 },
      dmg(1, 3, { seat: 0, by: 'main', weapon: 'fpa-heavy-lance' }),
      dmg(1, 2, { seat: 0, by: 'main', weapon: 'fpa-heavy-lance' }),
      dmg(1, 1, { seat: 0, by: 'collision' }),
      dmg(0, 1, { seat: 0, by: 'main', weapon: 'fpa-mass-driver' }), // its own shot: not damage dealt
      dmg(0, 1, { seat: null, by: 'edge' }),
      roll(0, true),
      roll(0, false),
      roll(1, false),
      {
        type: 'beam',
        source: { seat: 1, by: 'main' },
        from: hex,
        dir: 'N',
        path: [],
        damageStart: 2,
        damageEnd: 0,
        stoppedAt: null,
      },
      dmg(0, 2, { seat: 1, by: 'token:p1', weapon: 'lamais-slug-throwers' }),
      { type: 'token-returned', token: { kind: 'projectile', id: 'p1', owner: 1 }, at: hex, reason: 'hit' },
      { type: 'token-returned', token: { kind: 'torpedo', id: 't1', owner: 1 }, at: hex, reason: 'left-board' },
      {
        type: 'token-destroyed',
        token: { kind: 'squadron', id: 's1', owner: 1 },
        at: hex,
        cause: 'direct-fire',
        source: { seat: 0, by: 'point-defence' },
      },
      { type: 'round-started', round: 2, initiative: 1 },
    ];
    const s = matchStats(events);
    expect(s.rounds).toBe(2);
    expect(s.seats[0]).toEqual({
      damageBy: { 'Heavy Lance': 5, Ramming: 1 },
      damage: 6,
      takenBy: { 'Own fire': 1, "Board's edge": 1, Opponent: 2 },
      taken: 4,
      hits: 1,
      misses: 1,
      fightersLost: 0,
    });
    expect(s.seats[1]).toMatchObject({ damage: 2, taken: 6, hits: 1, misses: 3, fightersLost: 1 });
    expect(s.seats[1].damageBy).toEqual({ 'Slug Throwers': 2 });
    expect(s.seats[1].takenBy).toEqual({ Opponent: 6 });
  });

  it('a projectile hits when the warship moves onto it (RULES §4.2); one that returns without damaging it misses', () => {
    const back = (id: string, reason: 'hit' | 'destroyed' | 'left-board' | 'collided'): MatchEvent => ({
      type: 'token-returned',
      token: { kind: 'projectile', id, owner: 0 },
      at: hex,
      reason,
    });
    const s = matchStats([
      dmg(1, 3, { seat: 0, by: 'token:p1', weapon: 'fpa-mass-driver' }), // ship 1 drove onto it
      back('p1', 'destroyed'),
      dmg(0, 3, { seat: 0, by: 'token:p2', weapon: 'fpa-mass-driver' }), // its own ship flew into it
      back('p2', 'destroyed'),
      back('p3', 'collided'),
      back('p4', 'destroyed'), // shot down
      dmg(1, 2, { seat: 0, by: 'token:t1' }), // a squadron torpedo: no weapon card
    ]);
    expect(s.seats[0].damageBy['Squadron torpedoes']).toBe(2);
    expect(s.seats[0]).toMatchObject({ damage: 5, hits: 2, misses: 3, taken: 3, takenBy: { 'Own fire': 3 } });
  });

  it("counts damage no one dealt (RULES §4.2: the board's edge) as damage taken: a match it decides is not all zeros", () => {
    const s = matchStats([
      dmg(0, 1, { seat: null, by: 'edge' }),
      dmg(0, 1, { seat: null, by: 'edge' }),
      dmg(1, 2, { seat: null, by: 'critical' }),
    ]);
    expect(s.seats.map((x) => x.damage)).toEqual([0, 0]);
    expect(s.seats[0]).toMatchObject({ taken: 2, takenBy: { "Board's edge": 2 } });
    expect(s.seats[1]).toMatchObject({ taken: 2, takenBy: { 'Critical hits': 2 } });
  });
});
