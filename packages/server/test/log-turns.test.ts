// The bench's in-process measure of the input log (storage/log-turns.ts; `pnpm bench server --log-cost
// --alternate`): a store wrapped so that its appends are paused and resumed in turns; an input made while paused is
// applied as always but never reaches the log, and the rounds and CPU of each turn are summed by its kind. A real
// SQLite store; the turns' clock is vitest's fake one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { InputLog } from '../src/log/input-log.js';
import { SqliteStorage } from '../src/storage/index.js';
import { AlternatingLog, logTurns } from '../src/storage/log-turns.js';

const dir = mkdtempSync(join(tmpdir(), 'se-log-turns-'));
afterAll(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

/** The seqs of room `r`'s log in the file, as a restart would read them. */
function logged(file: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare("SELECT seq FROM input_log WHERE room_id = 'r' ORDER BY seq")
      .all()
      .map((r) => Number(r.seq));
  } finally {
    db.close();
  }
}

describe('the input log paused and resumed in turns (benchmarks only)', () => {
  it('appends in the turns with the log, applies without appending in the paused ones, and sums each kind', async () => {
    expect(logTurns()).toBeNull(); // no store alternates: GET /health shows nothing
    const file = join(dir, 'turns.sqlite');
    const inner = new SqliteStorage(file);
    await inner.init();
    await inner.openRoom({ roomId: 'r', owner: 'solo', createdAt: 1, options: {} });
    // Only the turns' clock is driven: the store's own commits and fills run on the real one.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    let rounds = 0;
    const store = new AlternatingLog(inner, 1000, () => rounds);
    const log = new InputLog(
      store,
      'r',
      'solo',
      () => 0,
      () => {},
    );
    const applied: string[] = [];
    const input = (what: string) => log.write({ k: 'timer', id: applied.length }, () => applied.push(what));

    expect(input('on-1')).toBeUndefined(); // applied at once
    rounds += 2;
    vi.advanceTimersByTime(1000);
    expect(store.paused).toBe(true);
    expect(input('paused-1')).toBeUndefined(); // applied at once, not logged
    await store.append('r', 'solo', 9, 0, '{"k":"timer","id":9}'); // kept, as far as the room can tell
    rounds += 1;
    vi.advanceTimersByTime(1000);
    expect(store.paused).toBe(false);
    expect(input('on-2')).toBeUndefined();
    expect(applied).toEqual(['on-1', 'paused-1', 'on-2']);

    const turns = logTurns()!;
    expect([turns.on.turns, turns.on.rounds, turns.off.turns, turns.off.rounds]).toEqual([1, 2, 1, 1]);
    expect([turns.on.ms, turns.off.ms]).toEqual([1000, 1000]);
    await store.close(); // the journal filled into the table
    expect(logged(file)).toEqual([1, 3]); // the paused turn's input (seq 2) and append (9) never reached the log
  });
});
