import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '@star-eater/engine';
import { missedLine, onEvents, onRoundSoFar, type Shown } from './catch-up.js';

// Stand-in events: only their identity matters here.
const ev = (round: number, i: number) => ({ type: 'round-started', round, initiative: 0, i }) as unknown as MatchEvent;
const evs = (round: number, n: number) => Array.from({ length: n }, (_, i) => ev(round, i));

describe('catch-up of the event stream', () => {
  it('a fresh page (reload, late spectator) plays the last completed round, then the current round so far', () => {
    const p = onRoundSoFar(null, 1, { round: 3, events: evs(3, 2), previous: { round: 2, events: evs(2, 5) } });
    expect(p.play).toEqual([...evs(2, 5), ...evs(3, 2)]);
    expect(p.missed).toBe(1); // round 1 is not kept
    expect(onRoundSoFar(null, 1, { round: 2, events: [], previous: { round: 1, events: evs(1, 3) } }).missed).toBe(0);
    expect(onRoundSoFar(null, 1, { round: 1, events: evs(1, 2) })).toEqual({
      play: evs(1, 2),
      missed: 0,
      shown: { match: 1, round: 1, count: 2 },
    });
    expect(p.shown).toEqual({ match: 1, round: 3, count: 2 });
  });

  it('a page that dropped mid-round gets the rest of that round only, then the new one', () => {
    const shown: Shown = { match: 1, round: 2, count: 3 };
    const p = onRoundSoFar(shown, 1, { round: 3, events: [], previous: { round: 2, events: evs(2, 5) } });
    expect(p.play).toEqual(evs(2, 5).slice(3));
    expect(p.shown).toEqual({ match: 1, round: 3, count: 0 });
    // Live frames after it: nothing twice.
    const q = onEvents(p.shown, 1, { round: 3, from: 0, events: evs(3, 4), done: false });
    expect(q.play).toEqual(evs(3, 4));
    expect(onEvents(q.shown, 1, { round: 3, from: 2, events: evs(3, 4).slice(2), done: true }).play).toEqual([]);
  });

  it('a page that saw everything already plays nothing', () => {
    const shown: Shown = { match: 1, round: 3, count: 2 };
    const p = onRoundSoFar(shown, 1, { round: 3, events: evs(3, 2), previous: { round: 2, events: evs(2, 5) } });
    expect(p.play).toEqual([]);
    expect(p.shown).toEqual(shown);
  });

  it('rounds older than the one kept are reported as missed', () => {
    const p = onRoundSoFar({ match: 1, round: 2, count: 4 }, 1, {
      round: 5,
      events: [],
      previous: { round: 4, events: evs(4, 3) },
    });
    expect(p.missed).toBe(1);
    expect(p.play).toEqual(evs(4, 3));
    expect(missedLine(1)).toBe('1 round missed; the board shows the current position.');
    expect(missedLine(3)).toBe('3 rounds missed; the board shows the current position.');
  });

  it('a new match (rematch) starts the count again', () => {
    const p = onEvents({ match: 1, round: 7, count: 9 }, 2, { round: 1, from: 0, events: evs(1, 2), done: false });
    expect(p.play).toEqual(evs(1, 2));
    expect(p.shown).toEqual({ match: 2, round: 1, count: 2 });
  });
});
