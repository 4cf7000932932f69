// The bench's in-process measure of the input log (issue 11, log/log-turns.ts; `pnpm bench server --log-cost
// --alternate`): the log is paused and resumed in turns, an input made while paused is applied at once without being
// appended, and the rounds and CPU of each turn are summed by its kind. Time is driven by vitest's fake clock.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { InputLog } from '../src/log/input-log.js';
import { alternateLog, logPaused, logTurns, roundResolved } from '../src/log/log-turns.js';
import type { Storage } from '../src/storage/types.js';

afterAll(() => vi.useRealTimers());

describe('the input log paused and resumed in turns (benchmarks only)', () => {
  it('appends in the turns with the log, applies without appending in the paused ones, and sums each kind', () => {
    expect(logTurns()).toBeNull(); // not alternating: GET /health shows nothing
    vi.useFakeTimers();
    const appended: number[] = [];
    const store = {
      appendNow: (_room: string, _owner: string, seq: number) => void appended.push(seq),
    } as unknown as Storage;
    const log = new InputLog(
      store,
      'r',
      'solo',
      () => 0,
      () => {},
    );
    const applied: string[] = [];
    const input = (what: string) => log.write({ k: 'timer', id: applied.length }, () => applied.push(what));
    alternateLog(1000);
    expect(input('on-1')).toBeUndefined(); // applied at once
    roundResolved();
    roundResolved();
    vi.advanceTimersByTime(1000);
    expect(logPaused).toBe(true);
    expect(input('paused-1')).toBeUndefined(); // applied at once
    roundResolved();
    vi.advanceTimersByTime(1000);
    expect(logPaused).toBe(false);
    expect(input('on-2')).toBeUndefined(); // applied at once
    expect(applied).toEqual(['on-1', 'paused-1', 'on-2']);
    expect(appended).toEqual([1, 2]); // the paused turn's input was not logged
    const turns = logTurns()!;
    expect([turns.on.turns, turns.on.rounds, turns.off.turns, turns.off.rounds]).toEqual([1, 2, 1, 1]);
    expect(turns.on.ms).toBe(1000);
    expect(turns.off.ms).toBe(1000);
  });
});
