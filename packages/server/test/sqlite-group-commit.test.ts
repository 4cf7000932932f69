// The group commits of every write to SQLite (storage/sqlite-group-commit.ts: records, the log's rooms and fills):
// the writes of one turn of the event loop share one transaction, each caller learns of its write only once it is
// committed (its wait counted apart from an input's), a failed one fails alone, and a write lock held by another
// connection delays the batch without ever blocking the rooms' thread. Real SQLite files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStorage, type RecordSummary } from '../src/storage/index.js';
import { appendCost } from '../src/storage/append-cost.js';

const dir = mkdtempSync(join(tmpdir(), 'se-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(name: string): Promise<{ s: SqliteStorage; file: string }> {
  const file = join(dir, `${name}.sqlite`);
  const s = new SqliteStorage(file);
  await s.init();
  return { s, file };
}

const summary = (id: string): RecordSummary => ({
  id,
  endedAt: `2025-01-01T10:00:0${id.length % 10}.000Z`,
  players: ['Ada', 'Bo'],
  factions: ['fpa', 'lamais'],
  winner: 0,
  reason: 'destroyed',
  rounds: 3,
});
const save = (s: SqliteStorage, id: string) => s.saveRecord(summary(id), { id });
/** The record ids in the file as another connection reads them (what a restart would find). */
function ids(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db
      .prepare('SELECT id FROM records ORDER BY id')
      .all()
      .map((r) => String(r.id));
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

describe('SQLite group commits', () => {
  it('commits the writes of one turn in one transaction, each settled only once its row is in the file', async () => {
    const { s, file } = await open('batch');
    const commits = appendCost.commits;
    const seen: string[][] = [];
    const writes = ['a', 'b', 'c', 'd', 'e'].map((id) => save(s, id).then(() => void seen.push(ids(file))));
    await Promise.all(writes);
    expect(appendCost.commits - commits).toBe(1);
    // Every caller learned of its write when all five rows were already readable by another connection.
    expect(seen).toEqual(Array(5).fill(['a', 'b', 'c', 'd', 'e']));
    await s.close();
  });

  it("counts a write's wait to its turn's commit apart from an input's, the turn's own work included", async () => {
    const { s } = await open('waits');
    await s.openRoom({ roomId: 'r1', owner: 'solo', createdAt: 0, options: {} });
    appendCost.inputs.reset();
    appendCost.queued.reset();
    // An input is kept by the journal at once: its wait is its own write.
    s.appendNow('r1', 'solo', 1, 0, '{"k":"timer","id":1}');
    expect([appendCost.inputs.count, appendCost.queued.count]).toEqual([1, 0]);
    // A group-committed write waits for the end of the turn that asked for it, and so for all the turn still does.
    const asked = performance.now();
    const written = save(s, 'a');
    while (performance.now() - asked < 20) {} // the turn's own work: the loop is held, as a busy room holds it
    await written;
    expect([appendCost.inputs.count, appendCost.queued.count]).toEqual([1, 1]);
    expect(appendCost.queued.max).toBeGreaterThanOrEqual(20e6);
    await s.close();
  });

  it('a failed write (a record id stored already) fails alone: the rest of its batch commits', async () => {
    const { s, file } = await open('refused');
    await save(s, 'a');
    const results = await Promise.allSettled([save(s, 'b'), save(s, 'a'), save(s, 'c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(ids(file)).toEqual(['a', 'b', 'c']);
    await s.close();
  });

  it('a write lock held by another connection delays the batch, never the event loop; the batch commits once it is free', async () => {
    const { s, file } = await open('busy');
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE'); // e.g. another process writing to the same file
    const retries = appendCost.busyRetries;
    let committed = false;
    const write = save(s, 'a').then(() => {
      committed = true;
    });
    // The loop keeps turning while the lock is held, and the batch is tried again and again, each try giving up at
    // once. A connection that waited for the lock (SQLite's busy handler: busy_timeout 5000 elsewhere) would block
    // the loop in each try, and 20 tries would outlast the test's hang guard (60 s): the test fails.
    const turns = await turnsUntil(() => appendCost.busyRetries >= retries + 20);
    expect(turns).toBeGreaterThan(0);
    expect(committed).toBe(false);
    expect(ids(file)).toEqual([]);
    other.exec('COMMIT');
    await write;
    expect(ids(file)).toEqual(['a']);
    other.close();
    await s.close();
  });

  it('close() commits what is queued, then refuses more writes', async () => {
    const { s, file } = await open('close');
    const last = save(s, 'a');
    await s.close();
    await last;
    expect(ids(file)).toEqual(['a']);
    await expect(save(s, 'b')).rejects.toThrow(/store is closed/);
    expect(ids(file)).toEqual(['a']);
  });
});
