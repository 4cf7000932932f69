// The input log's group commits on SQLite (issue 11, storage/sqlite-group-commit.ts): the inputs of one turn of the
// event loop share one transaction, each is acted on only once committed, a refused one fails alone, and a write
// lock held by another connection delays the batch without ever blocking the rooms' thread. Real SQLite files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openStorage, SqliteStorage } from '../src/storage/index.js';
import { appendCost } from '../src/storage/append-cost.js';

const dir = mkdtempSync(join(tmpdir(), 'se-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(name: string, commitSpacingMs = 0): Promise<{ s: SqliteStorage; file: string }> {
  const file = join(dir, `${name}.sqlite`);
  const s = new SqliteStorage(file, { commitSpacingMs, journal: false }); // appends in the turn's commit
  await s.init();
  return { s, file };
}

const entry = (id: number) => JSON.stringify({ k: 'timer', id });
/** The rows of a room's log as another connection reads them (what a restart would replay). */
function rows(file: string, room: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT seq FROM input_log WHERE room_id = ? ORDER BY seq')
      .all(room)
      .map((r) => Number(r.seq));
  } finally {
    db.close();
  }
}
/** Resolves after the event loop has turned until `done` holds (a named condition, never a sleep). */
function turnsUntil(done: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    let turns = 0;
    const next = () => {
      if (done()) return resolve(turns);
      turns += 1;
      setImmediate(next);
    };
    next();
  });
}

describe('SQLite input log: group commits', () => {
  it('commits the appends of one turn in one transaction, each settled only once its row is in the file', async () => {
    const { s, file } = await open('batch');
    await s.openRoom({ roomId: 'r1', owner: 'A', createdAt: 1, options: {} });
    await s.openRoom({ roomId: 'r2', owner: 'A', createdAt: 1, options: {} });
    const commits = appendCost.commits;
    const settledRows: number[][] = [];
    const writes = [1, 2, 3, 4, 5].map((seq) =>
      s.append(seq % 2 ? 'r1' : 'r2', 'A', Math.ceil(seq / 2), seq, entry(seq)).then(() => {
        settledRows.push([...rows(file, 'r1'), ...rows(file, 'r2')]);
      }),
    );
    await Promise.all(writes);
    expect(appendCost.commits - commits).toBe(1);
    // Every caller learned of its append when all five rows were already readable by another connection.
    expect(settledRows.every((r) => r.length === 5)).toBe(true);
    expect(rows(file, 'r1')).toEqual([1, 2, 3]);
    expect(rows(file, 'r2')).toEqual([1, 2]);
    await s.close();
  });

  it('a refused append (not its owner) fails alone: the rest of its batch commits', async () => {
    const { s, file } = await open('refused');
    await s.openRoom({ roomId: 'r', owner: 'A', createdAt: 1, options: {} });
    const results = await Promise.allSettled([
      s.append('r', 'A', 1, 1, entry(1)),
      s.append('r', 'B', 2, 2, entry(2)), // not B's room
      s.append('r', 'A', 2, 4, entry(4)),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as Error).name))).toEqual([
      'ok',
      'LeaseLost',
      'ok',
    ]);
    expect(rows(file, 'r')).toEqual([1, 2]);
    await s.close();
  });

  it('a write lock held by another connection delays the batch, never the event loop; the batch commits once it is free', async () => {
    const { s, file } = await open('busy');
    await s.openRoom({ roomId: 'r', owner: 'A', createdAt: 1, options: {} });
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE'); // e.g. the records' writer thread saving a record
    const retries = appendCost.busyRetries;
    let committed = false;
    const write = s.append('r', 'A', 1, 1, entry(1)).then(() => {
      committed = true;
    });
    // The loop keeps turning while the lock is held, and the batch is tried again and again, each try giving up at
    // once. A connection that waited for the lock (SQLite's busy handler: busy_timeout 5000 elsewhere) would block
    // the loop in each try, and 20 tries would outlast the test's hang guard (60 s): the test fails.
    const turns = await turnsUntil(() => appendCost.busyRetries >= retries + 20);
    expect(turns).toBeGreaterThan(0);
    expect(committed).toBe(false);
    expect(rows(file, 'r')).toEqual([]);
    other.exec('COMMIT');
    await write;
    expect(rows(file, 'r')).toEqual([1]);
    other.close();
    await s.close();
  });

  it('close() commits what is queued, then refuses more writes', async () => {
    const { s, file } = await open('close');
    await s.openRoom({ roomId: 'r', owner: 'A', createdAt: 1, options: {} });
    const last = s.append('r', 'A', 1, 1, entry(1));
    await s.close();
    await last;
    expect(rows(file, 'r')).toEqual([1]);
    await expect(s.append('r', 'A', 2, 2, entry(2))).rejects.toThrow(/store is closed/);
    expect(rows(file, 'r')).toEqual([1]);
  });

  it('with a commit spacing (INPUT_LOG_COMMIT_SPACING_MS), writes soon after a commit wait it out and share one commit', async () => {
    // The room clock is faked (setTimeout, setImmediate, performance.now): the spacing is driven, never slept.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'setInterval', 'performance'] });
    try {
      const { s, file } = await open('spacing', 4);
      const opened = s.openRoom({ roomId: 'r', owner: 'A', createdAt: 1, options: {} });
      await vi.advanceTimersByTimeAsync(0); // the first write of all commits at the end of its turn: nothing before it
      await opened;
      const commits = appendCost.commits;
      appendCost.histogram.reset();
      const done: number[] = [];
      const first = s.append('r', 'A', 1, 1, entry(1)).then(() => done.push(1));
      await vi.advanceTimersByTimeAsync(1);
      const second = s.append('r', 'A', 2, 2, entry(2)).then(() => done.push(2));
      await vi.advanceTimersByTimeAsync(2);
      // 3 ms after the last commit: both wait, nothing is in the file, nothing was acted on.
      expect(done).toEqual([]);
      expect(rows(file, 'r')).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all([first, second]);
      expect(done).toEqual([1, 2]);
      expect(rows(file, 'r')).toEqual([1, 2]);
      expect(appendCost.commits - commits).toBe(1);
      // Each write's wait is measured from its ask (GET /health inputLog.appendMaxUs): the first waited the 4 ms.
      expect(appendCost.histogram.max).toBeGreaterThanOrEqual(4e6);
      // Writes further apart than the spacing wait for nothing: this one commits at the end of its turn.
      await vi.advanceTimersByTimeAsync(10);
      const at = performance.now();
      const third = s.append('r', 'A', 3, 3, entry(3));
      await vi.advanceTimersByTimeAsync(0);
      await third;
      expect(performance.now()).toBe(at);
      expect(rows(file, 'r')).toEqual([1, 2, 3]);
      await s.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a commit spacing that is not a whole number of milliseconds up to 1000, naming the setting', async () => {
    for (const bad of ['-1', '2.5', 'soon', '1001'])
      await expect(
        openStorage({ SQLITE_PATH: join(dir, 'never.sqlite'), INPUT_LOG_COMMIT_SPACING_MS: bad }),
      ).rejects.toThrow(
        `INPUT_LOG_COMMIT_SPACING_MS must be a whole number of milliseconds from 0 to 1000, not "${bad}"`,
      );
  });
});
