import { describe, expect, it } from 'vitest';
import { testState, testToken } from './fixtures.js';
import { hex } from './hex.js';
import {
  canEndAt,
  inRecallRange,
  launchHexes,
  launchMoves,
  squadronNextSteps,
  squadronSpeed,
  walkPath,
} from './squadron-move.js';
import { validateFighterAnswer } from './fighter-answer.js';
import type { Dir, Hex, MatchState, Seat, Squadron } from './types.js';
import type { FighterAnswer } from './decision.js';

// Default position: seat 0 (FPA, Catapult Bay) core (7,10) facing N — bow (7,9), port (6,11), starboard (8,10);
// seat 1 (Lamais) core (7,0) facing S — bow (7,1), port (8,-1), starboard (6,0).
function space(s: MatchState, seat: Seat, i: number, at: Hex, facing: Dir, over: Partial<Squadron> = {}): Squadron {
  const sq = s.ships[seat].squadrons[i]!;
  Object.assign(sq, { status: 'space', at, facing, ...over });
  return sq;
}
const setBay = (s: MatchState, seat: Seat, bay: string): void => {
  s.ships[seat].loadout = { ...s.ships[seat].loadout, fighterBay: bay };
};
const has = (hexes: Hex[], h: Hex): boolean => hexes.some((x) => x.q === h.q && x.r === h.r);

describe('launch placement (RULES §4.4, draft §6.4.2)', () => {
  it('RULES §4.4: launch range 1 is every empty on-board hex within 1 of the port or starboard hex', () => {
    const s = testState();
    setBay(s, 0, 'fpa-automated-hangar');
    expect(launchHexes(s, 0)).toEqual([
      hex(5, 11),
      hex(5, 12),
      hex(6, 10),
      hex(6, 12),
      hex(7, 11),
      hex(8, 9),
      hex(8, 11),
      hex(9, 9),
      hex(9, 10),
    ]);
  });

  it.each([
    ['fpa-catapult-bay', 2, 24],
    ['fpa-automated-hangar', 1, 9],
    ['lamais-deep-hangar', 1, 9],
    ['lamais-launch-rails', 2, 24],
  ])('RULES §6: %s launches within %i of a bay hex', (bay, reach, count) => {
    const s = testState();
    setBay(s, 0, bay);
    const hexes = launchHexes(s, 0);
    expect(hexes).toHaveLength(count);
    // (6,9) and (4,11) are 2 from the port hex; (7,8), ahead of the bow, is 3 from both bays.
    expect(has(hexes, hex(6, 9))).toBe(reach >= 2);
    expect(has(hexes, hex(4, 11))).toBe(reach >= 2);
    expect(has(hexes, hex(7, 8))).toBe(false);
  });

  it('RULES §4.4: never on a warship hex, off the board, or on a hex with a small token', () => {
    const s = testState();
    setBay(s, 0, 'fpa-automated-hangar');
    s.ships[0].core = hex(0, 3); // bow (0,2), port (-1,4) off the board, starboard (1,3)
    s.tokens.push(testToken({ at: hex(1, 2), facing: 'N' }));
    space(s, 1, 0, hex(2, 3), 'N');
    const hexes = launchHexes(s, 0);
    // Around the bays: (0,3) is the core, (1,2) holds a projectile, (2,3) an enemy squadron, (-1,3) (-1,5)
    // (-2,4) (-2,5) are off the board.
    expect(hexes).toEqual([hex(0, 4), hex(1, 4), hex(2, 2)]);
    for (const h of hexes) expect(canEndAt(s, h)).toBe(true);
  });

  it.each([
    ['fpa-interceptor', 'fpa-catapult-bay', 3],
    ['fpa-torpedo-bomber', 'fpa-automated-hangar', 1],
    ['lamais-dart', 'lamais-deep-hangar', 4],
    ['lamais-lancer', 'lamais-launch-rails', 3],
    ['lamais-hammer', 'lamais-launch-rails', 2],
  ])('draft §6.4.2: placing %s (bay %s) counts as one move: %i moves left', (card, bay, moves) => {
    const s = testState();
    setBay(s, 0, bay);
    s.ships[0].squadrons[0]!.card = card;
    expect(launchMoves(s.ships[0], s.ships[0].squadrons[0]!)).toBe(moves);
  });

  it('RULES §6 Launch Rails: +1 speed only for a squadron launched this round', () => {
    const s = testState();
    setBay(s, 0, 'lamais-launch-rails');
    const sq = space(s, 0, 0, hex(3, 5), 'N');
    expect(squadronSpeed(s.ships[0], sq)).toBe(4);
    sq.launchedThisRound = true;
    expect(squadronSpeed(s.ships[0], sq)).toBe(5);
    setBay(s, 0, 'fpa-catapult-bay');
    expect(squadronSpeed(s.ships[0], sq)).toBe(4);
  });
});

describe('squadron movement (RULES §4.4, draft §6.4.3)', () => {
  it('RULES §4.4: each move to an adjacent hex, facing = direction of the last move', () => {
    const s = testState();
    const r = walkPath(s, { at: hex(3, 5), facing: 'N' }, [hex(3, 4), hex(4, 3), hex(5, 3)], 4);
    expect(r).toEqual({
      ok: true,
      value: [
        { at: hex(3, 4), facing: 'N' },
        { at: hex(4, 3), facing: 'NE' },
        { at: hex(5, 3), facing: 'SE' },
      ],
    });
  });

  it.each<[string, Hex, Hex[], number, string]>([
    ['more moves than speed', hex(3, 5), [hex(3, 4), hex(3, 3), hex(3, 2)], 2, '3 moves, but only 2 allowed'],
    ['a jump to a non-adjacent hex', hex(3, 5), [hex(3, 3)], 4, 'move 1 to (3,3) is not to an adjacent hex'],
    [
      'a move onto its own hex (turning in place)',
      hex(3, 5),
      [hex(3, 5)],
      4,
      'move 1 to (3,5) is not to an adjacent hex',
    ],
    ['leaving the board', hex(0, 5), [hex(-1, 5)], 4, 'move 1 leaves the board'],
    ['entering a warship hex', hex(7, 3), [hex(7, 2), hex(7, 1)], 4, 'move 2 enters a warship hex'],
  ])('RULES §4.4: illegal path — %s', (_name, from, path, moves, message) => {
    expect(walkPath(testState(), { at: from, facing: 'N' }, path, moves)).toEqual({ ok: false, error: message });
  });

  it('RULES §4.4: a squadron may pass through a token but not end on another one (ruling: any token, any owner)', () => {
    const s = testState();
    space(s, 0, 0, hex(3, 5), 'N');
    s.tokens.push(testToken({ at: hex(3, 4), facing: 'N', owner: 1 }));
    space(s, 0, 1, hex(3, 2), 'N');
    const through: FighterAnswer = {
      kind: 'activate',
      squadron: 0,
      path: [hex(3, 4), hex(3, 3)],
      end: { kind: 'none' },
    };
    expect(validateFighterAnswer(s, 0, through, 0)).toEqual({ ok: true, value: through });
    for (const end of [hex(3, 4), hex(3, 2)]) {
      const path = end.r === 4 ? [end] : [hex(3, 4), hex(3, 3), end];
      const r = validateFighterAnswer(s, 0, { kind: 'activate', squadron: 0, path, end: { kind: 'none' } }, 0);
      expect(r).toEqual({
        ok: false,
        error: { code: 'illegal-path', message: `the move ends on another token at (3,${end.r})` },
      });
    }
    // Staying put is fine: its own token is not "another".
    expect(validateFighterAnswer(s, 0, { kind: 'activate', squadron: 0, path: [], end: { kind: 'none' } }, 0).ok).toBe(
      true,
    );
  });

  it('UI: next steps are adjacent enterable hexes; on the last move only hexes it may end on', () => {
    const s = testState();
    space(s, 0, 2, hex(7, 3), 'N'); // Strike Fighter, speed 3, just south of the enemy bow (7,1)
    s.tokens.push(testToken({ at: hex(8, 2), facing: 'N' }));
    // First move: every neighbour; (8,2) holds a token but may be passed through.
    expect(squadronNextSteps(s, 0, 2, [])).toEqual([hex(7, 2), hex(8, 2), hex(8, 3), hex(7, 4), hex(6, 4), hex(6, 3)]);
    // From (7,2): every neighbour but (7,1), the enemy bow.
    expect(squadronNextSteps(s, 0, 2, [hex(7, 2)])).toEqual([hex(8, 1), hex(8, 2), hex(7, 3), hex(6, 3), hex(6, 2)]);
    // Third (last) move: the token hex (8,2) is no longer offered.
    expect(squadronNextSteps(s, 0, 2, [hex(7, 2), hex(7, 3)])).toEqual([
      hex(7, 2),
      hex(8, 3),
      hex(7, 4),
      hex(6, 4),
      hex(6, 3),
    ]);
    expect(squadronNextSteps(s, 0, 2, [hex(7, 2), hex(7, 3), hex(7, 4)])).toEqual([]);
    expect(squadronNextSteps(s, 0, 2, [hex(9, 9)])).toEqual([]); // an illegal path so far
  });

  it('UI: next steps after a launch start from the placement with the launch moves', () => {
    const s = testState();
    setBay(s, 0, 'fpa-automated-hangar');
    s.ships[0].squadrons[0]!.card = 'fpa-torpedo-bomber'; // speed 2: one move after placement
    const start = { at: hex(9, 9), facing: 'NE' as Dir };
    expect(squadronNextSteps(s, 0, 0, [], start)).toEqual([hex(9, 8), hex(10, 8), hex(10, 9), hex(9, 10), hex(8, 9)]);
    expect(squadronNextSteps(s, 0, 0, [hex(9, 8)], start)).toEqual([]);
  });
});

describe('recall (RULES §4.4, draft §6.4.2)', () => {
  it.each([
    ['fpa-catapult-bay', hex(5, 11), true],
    ['fpa-catapult-bay', hex(4, 11), false],
    ['lamais-deep-hangar', hex(4, 11), true],
    ['lamais-deep-hangar', hex(10, 9), true],
    ['lamais-deep-hangar', hex(4, 10), false],
    ['lamais-launch-rails', hex(9, 10), true],
  ])('RULES §6: bay %s recalls from %o: %s', (bay, at, ok) => {
    const s = testState();
    setBay(s, 0, bay);
    expect(inRecallRange(s, 0, at)).toBe(ok);
    space(s, 0, 0, at, 'N');
    const r = validateFighterAnswer(s, 0, { kind: 'activate', squadron: 0, path: [], end: { kind: 'recall' } }, 0);
    expect(r.ok ? 'ok' : r.error.code).toBe(ok ? 'ok' : 'illegal-recall');
  });

  it('RULES §4.4: recall is judged after the moves', () => {
    const s = testState();
    space(s, 0, 0, hex(4, 10), 'N');
    const far = validateFighterAnswer(s, 0, { kind: 'activate', squadron: 0, path: [], end: { kind: 'recall' } }, 0);
    expect(far.ok).toBe(false);
    const near = validateFighterAnswer(
      s,
      0,
      { kind: 'activate', squadron: 0, path: [hex(5, 10), hex(5, 11)], end: { kind: 'recall' } },
      0,
    );
    expect(near.ok).toBe(true);
  });
});

describe('validateFighterAnswer: typed errors (RULES §8)', () => {
  const base = (): MatchState => {
    const s = testState();
    space(s, 0, 0, hex(3, 5), 'N'); // Interceptor in space, 1 munition
    space(s, 0, 1, hex(5, 5), 'N', { activated: true });
    return s;
  };
  const cases: [string, unknown, number, string][] = [
    ['not an object', 'pass', 1, 'wrong-kind'],
    ['unknown kind', { kind: 'fly' }, 1, 'wrong-kind'],
    [
      'squadron out of range',
      { kind: 'activate', squadron: 3, path: [], end: { kind: 'none' } },
      1,
      'unknown-squadron',
    ],
    [
      'squadron not an integer',
      { kind: 'activate', squadron: '0', path: [], end: { kind: 'none' } },
      1,
      'unknown-squadron',
    ],
    [
      'activating a squadron that already acted',
      { kind: 'activate', squadron: 1, path: [], end: { kind: 'none' } },
      1,
      'squadron-cannot-act',
    ],
    [
      'activating a squadron aboard',
      { kind: 'activate', squadron: 2, path: [], end: { kind: 'none' } },
      1,
      'squadron-cannot-act',
    ],
    [
      'launching a squadron in space',
      { kind: 'launch', squadron: 0, at: hex(9, 9), facing: 'N', path: [], end: { kind: 'none' } },
      1,
      'squadron-cannot-act',
    ],
    [
      'launching with no Launch Squadron card left',
      { kind: 'launch', squadron: 2, at: hex(9, 9), facing: 'N', path: [], end: { kind: 'none' } },
      0,
      'illegal-launch',
    ],
    [
      'launching out of launch range',
      { kind: 'launch', squadron: 2, at: hex(7, 7), facing: 'N', path: [], end: { kind: 'none' } },
      1,
      'illegal-launch',
    ],
    [
      'launching without a facing',
      { kind: 'launch', squadron: 2, at: hex(9, 9), path: [], end: { kind: 'none' } },
      1,
      'illegal-launch',
    ],
    [
      'launching with a bad facing',
      { kind: 'launch', squadron: 2, at: hex(9, 9), facing: 6, path: [], end: { kind: 'none' } },
      1,
      'illegal-launch',
    ],
    [
      'a path that is not hexes',
      { kind: 'activate', squadron: 0, path: [[3, 4]], end: { kind: 'none' } },
      1,
      'illegal-path',
    ],
    [
      'too long a path after launching',
      {
        kind: 'launch',
        squadron: 2,
        at: hex(9, 9),
        facing: 'N',
        path: [hex(9, 8), hex(9, 7), hex(9, 6)],
        end: { kind: 'none' },
      },
      1,
      'illegal-path',
    ],
    ['an unknown end', { kind: 'activate', squadron: 0, path: [], end: { kind: 'dance' } }, 1, 'wrong-kind'],
    [
      'a direct-fire action with no target',
      { kind: 'activate', squadron: 0, path: [], end: { kind: 'action' } },
      1,
      'illegal-action',
    ],
    [
      'a direct-fire action at nothing legal',
      {
        kind: 'activate',
        squadron: 0,
        path: [],
        end: { kind: 'action', target: { kind: 'section', seat: 1, section: 'core' } },
      },
      1,
      'not-a-legal-target',
    ],
    [
      'an action without munitions',
      { kind: 'activate', squadron: 0, path: [], end: { kind: 'action' } },
      1,
      'no-munitions',
    ],
  ];
  it.each(cases)('RULES §4.4: %s → %s', (name, answer, launches, code) => {
    const s = base();
    if (name.includes('without munitions')) s.ships[0].squadrons[0]!.munitions = 0;
    const before = structuredClone(s);
    const r = validateFighterAnswer(s, 0, answer, launches);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
    expect(s).toEqual(before); // validation never touches the state
  });

  it('RULES §4.4: no launch while the fighter bay is in cooldown', () => {
    const s = base();
    s.ships[0].cooldown.fighterBay = 1;
    const r = validateFighterAnswer(
      s,
      0,
      { kind: 'launch', squadron: 2, at: hex(9, 9), facing: 'N', path: [], end: { kind: 'none' } },
      1,
    );
    expect(r).toEqual({ ok: false, error: { code: 'illegal-launch', message: 'the fighter bay is in cooldown' } });
  });

  it('ruling: a squadron recalled this round may not be launched again the same round', () => {
    const s = base();
    s.ships[0].squadrons[2]!.activated = true; // aboard after a recall
    const r = validateFighterAnswer(
      s,
      0,
      { kind: 'launch', squadron: 2, at: hex(9, 9), facing: 'N', path: [], end: { kind: 'none' } },
      1,
    );
    expect(r.ok ? 'ok' : r.error.code).toBe('squadron-cannot-act');
  });

  it('returns a clean copy: a missing path is empty, a missing end is none, extra fields dropped', () => {
    const s = base();
    const r = validateFighterAnswer(
      s,
      0,
      { kind: 'launch', squadron: 2, at: { q: 9, r: 9, x: 1 }, facing: 'SW', extra: true },
      1,
    );
    expect(r).toEqual({
      ok: true,
      value: { kind: 'launch', squadron: 2, at: hex(9, 9), facing: 'SW', path: [], end: { kind: 'none' } },
    });
  });
});
