import { describe, expect, it } from 'vitest';
import { testShip, testState, testToken } from './fixtures.js';
import { hex, hexId, line } from './hex.js';
import { clearLine, lineOfSight, obstructions } from './los.js';
import type { Dir, Hex, MatchState, Seat } from './types.js';

/** An obstruction set of these hexes. */
const blocking = (...hexes: Hex[]): Set<number> => new Set(hexes.map(hexId));

/** Ships parked far from the lines under test: cores (12,2) facing S and (12,12) facing N. */
function emptyBoard(): MatchState {
  return testState({
    ships: [testShip(0, { core: hex(12, 12), facing: 'N' }), testShip(1, { core: hex(12, 2), facing: 'S' })],
  });
}

function withSquadron(s: MatchState, seat: Seat, at: Hex, facing: Dir = 'N'): MatchState {
  s.ships[seat].squadrons[0] = { ...s.ships[seat].squadrons[0], status: 'space', at, facing };
  return s;
}

describe('RULES §4.5 line of sight', () => {
  const from = hex(2, 2);
  const to = hex(2, 6); // straight south: (2,3) (2,4) (2,5) strictly between

  it('RULES §4.5: an empty line has line of sight', () => {
    expect(lineOfSight(emptyBoard(), from, to)).toBe(true);
  });

  // Each kind of obstruction on the middle hex (2,4) blocks.
  const blockers: [string, (s: MatchState) => MatchState][] = [
    [
      'an enemy warship section',
      (s) => {
        s.ships[1].core = hex(2, 4);
        return s;
      },
    ],
    [
      'a friendly warship section',
      (s) => {
        s.ships[0].core = hex(2, 4);
        return s;
      },
    ],
    ['an enemy squadron', (s) => withSquadron(s, 1, hex(2, 4))],
    ['a friendly squadron', (s) => withSquadron(s, 0, hex(2, 4))],
    [
      'a torpedo',
      (s) => {
        s.tokens = [testToken({ id: 't1', kind: 'torpedo', at: hex(2, 4), facing: 'S', evasion: 2 })];
        return s;
      },
    ],
    [
      'a projectile',
      (s) => {
        s.tokens = [testToken({ id: 'p1', at: hex(2, 4), facing: 'S' })];
        return s;
      },
    ],
  ];
  for (const [name, put] of blockers) {
    it(`RULES §4.5: ${name} strictly between blocks line of sight`, () => {
      const s = put(emptyBoard());
      expect(lineOfSight(s, from, to)).toBe(false);
      expect(lineOfSight(s, to, from)).toBe(false);
    });
  }

  it('RULES §4.5: a warship section blocks wherever it stands on the line (every section, not only the core)', () => {
    // Ship 1 facing N with core (3,3): bow (3,2), port (2,4), starboard (4,3) — only the port hex is on the line.
    const s = emptyBoard();
    s.ships[1].core = hex(3, 3);
    s.ships[1].facing = 'N';
    expect(lineOfSight(s, from, to)).toBe(false);
  });

  it('RULES §4.5: the endpoints never block (tokens on the firing and the target hex)', () => {
    const s = withSquadron(withSquadron(emptyBoard(), 0, from), 1, to);
    s.tokens = [testToken({ at: to, facing: 'N' })];
    expect(lineOfSight(s, from, to)).toBe(true);
    // a warship section at an endpoint does not block either
    const t = emptyBoard();
    t.ships[1].core = to;
    expect(lineOfSight(t, from, to)).toBe(true);
  });

  it('RULES §4.5: adjacent hexes and a hex to itself always have line of sight', () => {
    const s = withSquadron(emptyBoard(), 1, hex(2, 3));
    expect(lineOfSight(s, from, hex(2, 3))).toBe(true);
    expect(lineOfSight(s, from, from)).toBe(true);
  });

  it("RULES §4.5 / draft §7.4.3: ignoreSeat — that warship's own hexes do not block, anything else still does", () => {
    const s = emptyBoard();
    s.ships[0].core = hex(2, 4);
    expect(lineOfSight(s, from, to, { ignoreSeat: 0 })).toBe(true);
    expect(lineOfSight(s, from, to, { ignoreSeat: 1 })).toBe(false);
    // the other ship still blocks point defence, and so do its own squadrons
    const t = emptyBoard();
    t.ships[1].core = hex(2, 4);
    expect(lineOfSight(t, from, to, { ignoreSeat: 0 })).toBe(false);
    const u = withSquadron(emptyBoard(), 0, hex(2, 4));
    expect(lineOfSight(u, from, to, { ignoreSeat: 0 })).toBe(false);
  });

  it('RULES §4.5: the obstruction set holds every warship hex and every small token in space', () => {
    const s = withSquadron(emptyBoard(), 1, hex(3, 3));
    s.tokens = [testToken({ at: hex(4, 4), facing: 'N' })];
    const b = obstructions(s);
    expect(b.size).toBe(10);
    expect(b.has(hexId(hex(3, 3)))).toBe(true);
    expect(b.has(hexId(hex(4, 4)))).toBe(true);
    expect(b.has(hexId(hex(12, 12)))).toBe(true);
    expect(obstructions(s, { ignoreSeat: 0 }).has(hexId(hex(12, 12)))).toBe(false);
    // squadrons aboard or destroyed are not on the board
    expect(obstructions(emptyBoard()).size).toBe(8);
  });
});

describe('Ruling: a line running exactly along hex edges (lenient reading)', () => {
  // (0,0)→(1,1) passes exactly between (1,0) and (0,1); (0,0)→(2,−1) between (1,−1) and (1,0).
  const cases: [Hex, Hex, Hex, Hex][] = [
    [hex(0, 0), hex(1, 1), hex(1, 0), hex(0, 1)],
    [hex(0, 0), hex(2, -1), hex(1, -1), hex(1, 0)],
    [hex(0, 0), hex(1, -2), hex(1, -1), hex(0, -1)],
  ];
  for (const [a, b, left, right] of cases) {
    const name = `${a.q},${a.r} → ${b.q},${b.r}`;
    it(`Ruling LOS-edge: ${name} has line of sight while either side of the edge is clear`, () => {
      // the two nudges of hex.ts line go one each way
      const sides = [line(a, b, 1)[1], line(a, b, -1)[1]];
      expect(sides).toEqual(expect.arrayContaining([left, right]));
      expect(clearLine(blocking(left), a, b)).toBe(true);
      expect(clearLine(blocking(right), a, b)).toBe(true);
      expect(clearLine(blocking(left, right), a, b)).toBe(false);
      expect(clearLine(blocking(left, right), b, a)).toBe(false);
    });
  }

  it('Ruling LOS-edge: a long edge-running line is drawn one consistent way or the other, never zig-zagging', () => {
    // (0,0)→(2,2): one way (1,0) (1,1) (2,1), the other (0,1) (1,1) (1,2).
    const a = hex(0, 0);
    const b = hex(2, 2);
    expect(clearLine(blocking(hex(1, 0)), a, b)).toBe(true);
    expect(clearLine(blocking(hex(1, 0), hex(1, 2)), a, b)).toBe(false); // each way has one blocked hex
    expect(clearLine(blocking(hex(1, 0), hex(2, 1)), a, b)).toBe(true); // the other way is clear
    expect(clearLine(blocking(hex(1, 1)), a, b)).toBe(false); // the shared middle hex blocks both ways
  });
});
