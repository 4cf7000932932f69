import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStorage, SqliteStorage, type RecordSummary, type Storage } from '../src/storage/index.js';
import { matchEnd } from './match-end.js';
import { servicesInstalled, startServices, type Services } from './services.js';

const summary = (id: string, endedAt: string): RecordSummary => ({
  id,
  endedAt,
  players: ['Ada', 'Bo'],
  factions: ['fpa', 'lamais'],
  winner: 0,
  reason: 'destroyed',
  rounds: 7,
});
const record = (id: string) => ({
  format: 'star-eater-record/1',
  seed: `seed-${id}`,
  rounds: [{ commitments: [], decisions: [] }],
});

function contract(name: string, open: () => Promise<Storage>, reopen: () => Promise<Storage>) {
  it(`${name}: stores, lists newest first, fetches, and survives a restart`, async () => {
    const s = await open();
    await s.saveRecord(summary('a', '2025-01-01T10:00:00.000Z'), record('a'));
    await s.saveRecord(summary('b', '2025-01-01T11:00:00.000Z'), record('b'));
    await s.saveRecord(summary('c', '2025-01-01T09:00:00.000Z'), record('c'));
    expect((await s.listRecords(10)).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect((await s.listRecords(1)).map((r) => r.id)).toEqual(['b']);
    expect(await s.getRecord('a')).toEqual(record('a'));
    expect(await s.getRecord('nope')).toBeNull();
    await expect(s.saveRecord(summary('a', '2025-01-02T00:00:00.000Z'), record('a'))).rejects.toThrow();
    await s.close();
    const again = await reopen();
    expect(await again.getRecord('b')).toEqual(record('b'));
    expect((await again.listRecords(10))[0]).toEqual(summary('b', '2025-01-01T11:00:00.000Z'));
    await again.close();
  });

  it(`${name}: a record asked for while its write is in flight is served once written, not missed`, async () => {
    const s = await open();
    // The end screen's links are live from the moment the match ends, before its result's write has committed.
    const id = `inflight-${name}-${Date.now()}`;
    const at = '2030-01-01T00:00:00.000Z';
    const end = matchEnd(id, [null, null], { endedAt: Date.parse(at), ratedRoom: false, hasRecord: true });
    // Connections open and idle (PostgreSQL's pool), so a read needs no wait for one of its own.
    await Promise.all([1, 2, 3, 4].map(() => s.getRecord('nope')));
    const writing = s.saveResult(end, { summary: summary(id, at), record: record(id) });
    const [got, listed] = await Promise.all([s.getRecord(id), s.listRecords(1)]);
    expect(got).toEqual(record(id));
    expect(listed.map((r) => r.id)).toEqual([id]);
    await writing;
    // The same for a record written alone.
    const alone = `${id}-alone`;
    const saving = s.saveRecord(summary(alone, '2030-01-02T00:00:00.000Z'), record(alone));
    expect(await s.getRecord(alone)).toEqual(record(alone));
    await saving;
    await s.close();
  });

  it(`${name}: the input log is fenced on its owner — a room taken over refuses its old owner's appends`, async () => {
    const s = await open();
    const room = `fence-${name}-${Date.now()}`;
    await s.openRoom({ roomId: room, owner: 'A', createdAt: 1, options: { name: 'Ada' } });
    await s.append(room, 'A', 1, 10, JSON.stringify({ k: 'start', seed: 'x' }));
    expect(await s.ownedRooms('A')).toContain(room);
    // Open while logged, whoever holds it (http/matchmake.ts: a room neither listed nor logged is gone).
    expect(await s.logOpen(room)).toBe(true);
    expect(await s.logOpen(`${room}-never`)).toBe(false);
    // B takes the room over (A's heartbeat is older than the lease), and writes its own next entry.
    await s.heartbeat('A', 5);
    const [claim] = (await s.claimRooms('B', 100, false)).filter((c) => c.roomId === room);
    expect(claim?.entries.map((e) => e.seq)).toEqual([1]);
    await s.append(room, 'B', 2, 20, JSON.stringify({ k: 'resume', shift: 0 }));
    // A, stalled, comes back: its appends are refused, whatever seq it tries, and nothing is written.
    const refused = async (seq: number) => {
      try {
        await s.append(room, 'A', seq, 30, JSON.stringify({ k: 'timer', id: 1 }));
      } catch (err) {
        return (err as Error).name;
      }
      return 'written';
    };
    expect(await refused(2)).toBe('LeaseLost');
    expect(await refused(3)).toBe('LeaseLost');
    expect(await s.ownedRooms('A')).not.toContain(room);
    expect(await s.ownedRooms('B')).toContain(room);
    // PostgreSQL, where several processes append to one log, also refuses a seq written twice (its key); SQLite has
    // one writing process, fenced by its start's epoch instead (sqlite-log.test.ts).
    if (name === 'postgres')
      await expect(s.append(room, 'B', 2, 40, '{"k":"timer","id":2}')).rejects.toThrow(/lease lost/);
    await s.heartbeat('B', 5);
    const [again] = (await s.claimRooms('C', 100, false)).filter((c) => c.roomId === room);
    expect(again?.entries.map((e) => [e.seq, e.at])).toEqual([
      [1, 10],
      [2, 20],
    ]);
    expect(await s.logOpen(room)).toBe(true);
    await s.closeRoom(room);
    expect(await s.logOpen(room)).toBe(false);
    await s.close();
  });
}

describe('SQLite storage (the input log through its journal)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'se-sqlite-'));
  const file = join(dir, 'sub', 'records.sqlite'); // its folder and the journal's made at the first start
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const open = async () => {
    const s = new SqliteStorage(file);
    await s.init();
    return s;
  };
  contract('sqlite', open, open);
  it("refuses SQLite's in-memory database, naming why: the input journal sits beside the database file", () => {
    expect(() => new SqliteStorage(':memory:')).toThrow(
      'SQLite storage needs a database file, not ":memory:": its input journal sits beside it',
    );
  });
});

const havePg = servicesInstalled();
if (!havePg)
  console.warn(
    '[storage.test] PostgreSQL binaries absent: skipping the PostgreSQL storage test (bash scripts/setup.sh --services)',
  );

describe.skipIf(!havePg)('PostgreSQL storage', () => {
  let services: Services;
  beforeAll(() => {
    services = startServices('postgres');
  });
  afterAll(() => services?.stop());
  const open = async () => {
    const s = new PostgresStorage(services.env.DATABASE_URL!);
    await s.init();
    return s;
  };
  contract('postgres', open, open);
});
