// The input log's table on SQLite (storage/sqlite-log.ts, migration 003): kept in write order, a gone
// room's rows swept, a second process under the same name fenced out by its start's epoch, and a log written before
// migration 003 still restored. Real SQLite files, real migrations.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateSqlite } from '../src/storage/migrations/run.js';
import { SqliteStorage } from '../src/storage/index.js';

const dir = mkdtempSync(join(tmpdir(), 'se-sqlite-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(file: string): Promise<SqliteStorage> {
  const s = new SqliteStorage(file);
  await s.init();
  return s;
}
const entry = (id: number) => JSON.stringify({ k: 'timer', id });
/** The rows of the log by room, as another connection reads them. */
function rowsByRoom(file: string): Record<string, number[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const out: Record<string, number[]> = {};
    for (const r of db.prepare('SELECT room_id, seq FROM input_log ORDER BY rowid').all()) {
      const room = String(r.room_id);
      out[room] = [...(out[room] ?? []), Number(r.seq)];
    }
    return out;
  } finally {
    db.close();
  }
}

describe('SQLite input log table', () => {
  it("a gone room's rows are swept; the other rooms' logs stay whole and in order", async () => {
    const file = join(dir, 'sweep.sqlite');
    const s = await open(file);
    for (const room of ['a', 'b', 'c']) await s.openRoom({ roomId: room, owner: 'solo', createdAt: 1, options: {} });
    // Interleaved, as live rooms write: a1 b1 c1 a2 b2 c2 a3 b3 c3.
    for (const seq of [1, 2, 3]) for (const room of ['a', 'b', 'c']) await s.append(room, 'solo', seq, seq, entry(seq));
    await s.fillLog(); // from the journal (sqlite-journal.test.ts)
    await s.closeRoom('b');
    expect(rowsByRoom(file).b).toEqual([1, 2, 3]); // until the sweep: nothing can read them (no live room names b)
    await s.sweepLog();
    expect(rowsByRoom(file)).toEqual({ a: [1, 2, 3], c: [1, 2, 3] });
    const claims = await s.claimRooms('next', Number.MAX_SAFE_INTEGER, false);
    expect(claims.map((c) => [c.roomId, c.entries.map((e) => e.seq)])).toEqual([
      ['a', [1, 2, 3]],
      ['c', [1, 2, 3]],
    ]);
    await s.close();
  });

  it("a fill of many rows keeps write order across its statements and refuses the rows of a room not the owner's", async () => {
    const file = join(dir, 'chunks.sqlite');
    const s = await open(file);
    for (const room of ['a', 'c']) await s.openRoom({ roomId: room, owner: 'solo', createdAt: 1, options: {} });
    await s.openRoom({ roomId: 'x', owner: 'other', createdAt: 1, options: {} });
    // 45 appends in one fill (several statements of 16 rows and single ones): x's are refused wherever they fall.
    const written: [string, number][] = [];
    for (let seq = 1; seq <= 15; seq++)
      for (const room of ['a', 'x', 'c']) {
        await s.append(room, 'solo', seq, seq, entry(seq));
        if (room !== 'x') written.push([room, seq]);
      }
    await s.fillLog();
    const db = new DatabaseSync(file, { readOnly: true });
    const rows = db.prepare('SELECT room_id, seq, at, entry FROM input_log ORDER BY rowid').all();
    db.close();
    expect(rows.map((r) => [r.room_id, r.seq])).toEqual(written);
    expect(rows.map((r) => [typeof r.at, r.entry])).toEqual(written.map(([, seq]) => ['number', entry(seq)]));
    await s.close();
  });

  it('a second process under the same name that takes the rooms over fences the first out', async () => {
    const file = join(dir, 'same-name.sqlite');
    const first = await open(file);
    await first.openRoom({ roomId: 'r', owner: 'solo', createdAt: 1, options: { name: 'Ada' } });
    await first.append('r', 'solo', 1, 10, entry(1));
    // A restart while the first still runs (its heartbeat fresh): at its start it takes its name's rooms.
    const second = await open(file);
    const [claim] = await second.claimRooms('solo', 0, true);
    expect(claim?.entries.map((e) => e.seq)).toEqual([1]);
    expect(await first.ownedRooms('solo')).toEqual([]);
    expect(await second.ownedRooms('solo')).toEqual(['r']);
    await expect(first.append('r', 'solo', 2, 20, entry(2))).rejects.toThrow(/lease lost/);
    await second.append('r', 'solo', 2, 30, entry(3));
    await second.fillLog();
    expect(rowsByRoom(file).r).toEqual([1, 2]);
    // The rooms it holds now are not taken again at its next look.
    expect(await second.claimRooms('solo', 0, true)).toEqual([]);
    await first.close();
    await second.close();
  });

  it('a log written before migration 003 (keyed by room and seq) is restored after it', async () => {
    const file = join(dir, 'before-003.sqlite');
    const db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL');
    await migrateSqlite(db, '002-input-log');
    db.prepare("INSERT INTO live_rooms (room_id, owner, created_at, options) VALUES ('old', 'solo', 5, '{}')").run();
    for (const seq of [2, 1, 3])
      db.prepare("INSERT INTO input_log (room_id, seq, at, entry) VALUES ('old', ?, ?, ?)").run(
        seq,
        seq * 10,
        entry(seq),
      );
    db.close();
    const s = await open(file);
    const [claim] = await s.claimRooms('solo', 0, true);
    expect(claim).toMatchObject({ roomId: 'old', createdAt: 5 });
    expect(claim?.entries).toEqual([1, 2, 3].map((seq) => ({ seq, at: seq * 10, entry: { k: 'timer', id: seq } })));
    await s.append('old', 'solo', 4, 40, entry(4));
    await s.fillLog();
    expect(rowsByRoom(file).old).toEqual([1, 2, 3, 4]);
    await s.close();
  });
});
