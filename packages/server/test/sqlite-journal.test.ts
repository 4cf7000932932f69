// The input log's journal on SQLite (storage/sqlite-journal.ts, journal-files.ts): an append is in the
// journal file before the room hears of it and in the table from the next fill on; a start killed mid-play (a real
// SIGKILL of a real process) is restored from the table and the rest of its journal, a torn last line left out,
// nothing twice; a journal taken over fences its owner out; full segments are replaced and deleted once filled.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { fenceAndRead, journalDir } from '../src/storage/journal-files.js';
import { SqliteStorage } from '../src/storage/index.js';
import { removeDatabase } from '../src/storage/sqlite-files.js';

const dir = mkdtempSync(join(tmpdir(), 'se-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(file: string, segmentBytes?: number): Promise<SqliteStorage> {
  const s = new SqliteStorage(file, { segmentBytes });
  await s.init();
  return s;
}
const entry = (id: number) => JSON.stringify({ k: 'timer', id });
/** What another connection reads. */
function query(file: string, sql: string): Record<string, unknown>[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}
function rowsByRoom(file: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of query(file, 'SELECT room_id, seq FROM input_log ORDER BY rowid'))
    out[String(r.room_id)] = [...(out[String(r.room_id)] ?? []), Number(r.seq)];
  return out;
}
/** The journal's files, and the owners (as stored) they belong to. */
const files = (file: string) => readdirSync(journalDir(file)).sort();
const ownerOf = (name: string) => Buffer.from(name.split('.')[0]!, 'base64url').toString();

/** A store with room r open and seq 1 appended, and its journal's segment. */
async function playing(file: string): Promise<[SqliteStorage, string]> {
  const s = await open(file);
  await s.openRoom({ roomId: 'r', owner: 'solo', createdAt: 1, options: {} });
  await s.append('r', 'solo', 1, 10, entry(1));
  return [s, files(file)[0]!];
}

/** Runs fixtures/journal-crash.ts: a store that appends and then kills itself (SIGKILL). */
function crash(file: string, rooms: string, count: number, fillEvery: number, segmentBytes = 0): void {
  const fixture = join(import.meta.dirname, 'fixtures', 'journal-crash.ts');
  const args = ['--import', 'tsx', fixture, file, rooms, String(count), String(fillEvery), String(segmentBytes)];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  expect(r.signal, r.stderr).toBe('SIGKILL');
}

describe('SQLite input log: the journal ahead of the table', () => {
  it('an append is in the journal before it settles and in the table from the next fill; a close leaves no journal', async () => {
    const file = join(dir, 'fill.sqlite');
    const [s, segment] = await playing(file);
    expect(ownerOf(segment)).toMatch(/^solo#/);
    expect(readFileSync(join(journalDir(file), segment), 'utf8')).toBe(`r\t1\t10\t${entry(1)}\n`);
    expect(rowsByRoom(file)).toEqual({});
    await s.fillLog();
    expect(rowsByRoom(file)).toEqual({ r: [1] });
    expect(query(file, 'SELECT segment, offset FROM journal_fill')).toEqual([
      { segment: 1, offset: `r\t1\t10\t${entry(1)}\n`.length },
    ]);
    await s.append('r', 'solo', 2, 20, entry(2));
    await s.close(); // fills the rest, then deletes the journal
    expect(files(file)).toEqual([]);
    expect(query(file, 'SELECT * FROM journal_fill')).toEqual([]);
    expect(rowsByRoom(file)).toEqual({ r: [1, 2] });
    // Closed (a shutdown): a late append is refused and opens no journal again.
    await expect(s.append('r', 'solo', 3, 30, entry(3))).rejects.toThrow(/closed/);
    expect(files(file)).toEqual([]);
  });

  it('a start killed mid-play: the next restores every append, unfilled ones from the journal, a torn line left out, none twice', async () => {
    const file = join(dir, 'killed.sqlite');
    crash(file, 'a,b', 5, 2); // seq 1-4 filled, 5 in the journal only
    expect(rowsByRoom(file)).toEqual({ a: [1, 2, 3, 4], b: [1, 2, 3, 4] });
    const [segment] = files(file);
    appendFileSync(join(journalDir(file), segment!), `a\t6\t60\t{"k":"ti`); // a write cut short by the kill
    const s = await open(file);
    const claims = await s.claimRooms('solo', 0, true);
    expect(claims.map((c) => [c.roomId, c.entries.map((e) => [e.seq, e.at])])).toEqual(
      ['a', 'b'].map((room) => [room, [1, 2, 3, 4, 5].map((seq) => [seq, seq * 10])]),
    );
    expect(rowsByRoom(file)).toEqual({ a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5] });
    expect(files(file).map(ownerOf)).toEqual([expect.not.stringMatching(ownerOf(segment!))]); // only its own
    await s.append('a', 'solo', 6, 70, entry(6));
    await s.fillLog();
    expect(rowsByRoom(file).a).toEqual([1, 2, 3, 4, 5, 6]);
    await s.close();
  });

  it('a journal fenced by a taker: its owner acts on nothing it writes after; the taker restores what it read', async () => {
    const file = join(dir, 'fenced.sqlite');
    const [first, segment] = await playing(file);
    // The fence alone (a second name for the segment), before any taker read or deleted anything: it holds seq 1.
    expect(fenceAndRead(journalDir(file), ownerOf(segment), null).map((r) => r.seq)).toEqual([1]);
    // Written after the fence, so refused: the room never acts on it. A taker that reads it after (as a restart
    // replays an input logged just before a crash) applies it; one that read before never sees it.
    await expect(first.append('r', 'solo', 2, 20, entry(2))).rejects.toThrow(/lease lost/);
    // A restart while the first still runs takes its rooms, reading the journal (never filled) after that write.
    const second = await open(file);
    const [claim] = await second.claimRooms('solo', 0, true);
    expect(claim?.entries.map((e) => [e.seq, e.at])).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect(files(file).map(ownerOf)).toEqual([expect.not.stringMatching(ownerOf(segment))]); // the first's: gone
    await expect(first.append('r', 'solo', 3, 30, entry(3))).rejects.toThrow(/lease lost/);
    await first.close();
    await second.append('r', 'solo', 3, 40, entry(3));
    await second.fillLog();
    expect(rowsByRoom(file)).toEqual({ r: [1, 2, 3] });
    expect(query(file, 'SELECT at FROM input_log WHERE seq = 3')).toEqual([{ at: 40 }]);
    await second.close();
  });

  it('a start that held no room leaves a journal when killed; the next start under its name deletes it', async () => {
    const file = join(dir, 'roomless.sqlite');
    const first = await open(file);
    await first.claimRooms('solo', 0, true); // a start opens its journal before it may take rooms
    const other = await open(file);
    await other.claimRooms('elsewhere', 0, true);
    const [mine, theirs] = [files(file).find((f) => ownerOf(f).startsWith('solo#'))!, files(file).length];
    expect(theirs).toBe(2);
    // `first` is never closed (as if killed): the next start of `solo` takes its journal, not `elsewhere`'s.
    const next = await open(file);
    expect(await next.claimRooms('solo', 0, true)).toEqual([]);
    expect(
      files(file)
        .map((f) => ownerOf(f).split('#')[0])
        .sort(),
    ).toEqual(['elsewhere', 'solo']);
    expect(files(file)).not.toContain(mine);
    await Promise.all([first.close(), other.close(), next.close()]);
  });

  it('a full segment is followed by a new one and deleted once filled; a kill after segments went loses nothing', async () => {
    const file = join(dir, 'segments.sqlite');
    const s = await open(file, 64);
    await s.openRoom({ roomId: 'r', owner: 'solo', createdAt: 1, options: {} });
    for (let seq = 1; seq <= 12; seq++) {
      await s.append('r', 'solo', seq, seq, entry(seq));
      await s.fillLog();
      expect(files(file).length).toBeLessThanOrEqual(2);
    }
    expect(files(file).map((f) => Number(f.split('.')[1]))).toEqual([expect.any(Number)]);
    expect(Number(files(file)[0]!.split('.')[1])).toBeGreaterThan(2);
    await s.close();
    const killed = join(dir, 'segments-killed.sqlite');
    crash(killed, 'x', 20, 7, 64); // filled at 7 and 14, each time on to a new segment: 15-20 in a third
    expect(rowsByRoom(killed).x).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(files(killed).map((f) => Number(f.split('.')[1]))).toEqual([3]);
    const t = await open(killed);
    const [claim] = await t.claimRooms('solo', 0, true);
    expect(claim?.entries.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(rowsByRoom(killed).x).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await t.close();
  });

  it('removeDatabase removes everything the store kept for a database: the file, its WAL, the secret, the journal', async () => {
    const file = join(dir, 'removed.sqlite');
    const [s] = await playing(file); // left open, as a killed server leaves it: its journal still there
    await s.sessionSecret();
    const kept = () => readdirSync(dir).filter((f) => f.startsWith('removed.sqlite'));
    expect(kept().sort()).toEqual([
      'removed.sqlite',
      'removed.sqlite-shm',
      'removed.sqlite-wal',
      'removed.sqlite.inputs',
      'removed.sqlite.session-secret',
    ]);
    removeDatabase(file);
    expect(kept()).toEqual([]);
  });
});
