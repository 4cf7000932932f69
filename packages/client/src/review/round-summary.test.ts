import {
  createMatch,
  replayRecord,
  setupOf,
  simulateMatch,
  type MatchEvent,
  type MatchState,
  type Seat,
} from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { movedText } from './branch-diff.js';
import { summarizeRound, summaryLine } from './round-summary.js';

describe('a replay round in one line', () => {
  it('adds up the damage taken, the attacks and hits, and the launches of each seat', () => {
    const source = { seat: 1 as const, by: 'main' };
    const detail = { roll: 9, evasion: 0, accuracy: 1, baseAccuracy: 1, modifiers: [], needAbove: 5 };
    const events: MatchEvent[] = [
      {
        type: 'attack',
        source,
        from: { q: 0, r: 0 },
        target: { kind: 'section', seat: 0, section: 'bow' },
        detail: { ...detail, hit: true },
      },
      {
        type: 'attack',
        source,
        from: { q: 0, r: 0 },
        target: { kind: 'section', seat: 0, section: 'bow' },
        detail: { ...detail, hit: false },
      },
      {
        type: 'damage',
        seat: 0,
        section: 'bow',
        amount: 3,
        armourBefore: 2,
        armourAfter: 0,
        structureBefore: 10,
        structureAfter: 9,
        lost: 0,
        source,
      },
      { type: 'squadron-launched', seat: 0, squadron: '0:1', at: { q: 1, r: 1 }, facing: 'N' },
    ];
    const s = summarizeRound(events);
    expect(s).toEqual({ taken: [3, 0], attacks: [0, 2], hits: [0, 1], launches: [1, 0], ended: false });
    expect(summaryLine(s, ['Ana', 'Bo'])).toBe('Ana: 1 launch, took 3 · Bo: 1 of 2 hits, no damage');
  });

  it('agrees with the engine: over a whole match, the damage taken is what each warship lost', () => {
    const m = simulateMatch('round-summary', 3);
    const replay = replayRecord(m.record);
    if (!replay.ok) throw new Error(replay.error.message);
    const initial = createMatch(setupOf(m.record));
    const hull = (s: MatchState, seat: Seat) =>
      s.ships[seat].structure + Object.values(s.ships[seat].armour).reduce((a, b) => a + b, 0);
    const restored = (seat: Seat) =>
      m.events.reduce((n, e) => (e.type === 'armour-restored' && e.seat === seat ? n + e.after - e.before : n), 0);
    const taken = [0, 0];
    for (const r of replay.value.rounds) {
      const s = summarizeRound(r);
      taken[0]! += s.taken[0];
      taken[1]! += s.taken[1];
    }
    for (const seat of [0, 1] as const)
      expect(taken[seat]).toBe(hull(initial, seat) - hull(replay.value.state, seat) + restored(seat));
    expect(taken[0]! + taken[1]!).toBeGreaterThan(0);
  });
});

describe('where a warship went, as the board shows it', () => {
  it.each([
    [{ q: 5, r: 5 }, { q: 5, r: 5 }, 'stayed'],
    [{ q: 5, r: 5 }, { q: 5, r: 3 }, '2 hexes N'],
    [{ q: 5, r: 5 }, { q: 6, r: 4 }, '1 hex NE'],
    [{ q: 5, r: 5 }, { q: 4, r: 6 }, '1 hex SW'],
    [{ q: 5, r: 5 }, { q: 5, r: 6 }, '1 hex S'],
  ])('%o to %o: %s', (from, to, text) => expect(movedText(from, to)).toBe(text));
});
