// Players, ratings and games on both stores (storage/player-store.ts): written once per match, rated from the
// pre-match ratings, the per-pair daily limit, aborted and computer matches moving nothing, paging, the leaderboard.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER, rateMatch } from '../../src/players/glicko.js';
import type { MatchEnd } from '../../src/players/result.js';
import { migrateSqlite } from '../../src/storage/migrations/run.js';
import { matchEnd } from '../match-end.js';
import { PostgresStorage, SqliteStorage, type Storage } from '../../src/storage/index.js';
import { servicesInstalled, startServices, type Services } from '../services.js';

const HOUR = 3_600_000;
let n = 0;
const uid = (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;

const end = (a: string | null, b: string | null, over: Partial<MatchEnd> = {}): MatchEnd =>
  matchEnd(uid('m'), [a, b], over);

function contract(name: string, open: () => Promise<Storage>) {
  let s: Storage;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(() => s.close());
  const pair = async () => {
    const [a, b] = [uid('a'), uid('b')];
    await s.players.create(a, 'Ada', 1);
    await s.players.create(b, 'Bo', 2);
    return [a, b] as const;
  };

  it(`${name}: a new player starts at 1500 / 350 / 0.06; renamed; signed out everywhere`, async () => {
    const id = uid('p');
    await s.players.create(id, 'Ada', 5);
    expect(await s.players.get(id)).toMatchObject({ name: 'Ada', createdAt: 5, sessionVersion: 0, rating: NEW_PLAYER });
    expect(await s.players.rename(id, 'Ada L')).toBe(true);
    expect(await s.players.signOutEverywhere(id)).toBe(true);
    expect(await s.players.get(id)).toMatchObject({ name: 'Ada L', sessionVersion: 1 });
    expect(await s.players.rename('nobody', 'x')).toBe(false);
    expect(await s.players.get('nobody')).toBeNull();
  });

  it(`${name}: a rated match moves both by one Glicko-2 period from the pre-match ratings, once`, async () => {
    const [a, b] = await pair();
    const e = end(a, b, { winner: 1 });
    const [ea, eb] = rateMatch(NEW_PLAYER, NEW_PLAYER, 0);
    const w = await s.saveResult(e, null);
    expect(w.rows.map((r) => [r.result, r.rated])).toEqual([
      ['loss', true],
      ['win', true],
    ]);
    expect((await s.players.get(a))!.rating).toEqual(ea);
    expect((await s.players.get(b))!.rating).toEqual(eb);
    // The same match again (a restart that replayed its end): nothing moves.
    expect((await s.saveResult(e, null)).duplicate).toBe(true);
    expect((await s.players.get(a))!.rating).toEqual(ea);
    expect((await s.players.profile(a))?.games).toEqual({ total: 1, rated: 1, wins: 0, losses: 1, draws: 0 });
    expect((await s.players.ratingHistory(b)).map((p) => p.rating)).toEqual([eb.rating]);
  });

  it(`${name}: the result and its record are one write: a record stored before makes the whole write a duplicate`, async () => {
    const [a, b] = await pair();
    const e = end(a, b, { hasRecord: true });
    const summary = {
      id: e.matchId,
      endedAt: new Date(e.endedAt).toISOString(),
      players: ['Ada', 'Bo'] as [string, string],
      factions: ['fpa', 'lamais'] as [string, string],
      winner: 0 as const,
      reason: 'concede',
      rounds: 2,
    };
    await s.saveRecord(summary, { seed: 'x' });
    expect((await s.saveResult(e, { summary, record: { seed: 'x' } })).duplicate).toBe(true);
    expect((await s.players.get(a))!.rating).toEqual(NEW_PLAYER);
    expect((await s.players.profile(a))?.games).toMatchObject({ total: 0 });
  });

  it(`${name}: aborted (no round resolved), computer, guest, same player and unrated rooms move nothing`, async () => {
    const [a, b] = await pair();
    const cases: Array<[MatchEnd, string, string | null]> = [
      [end(a, b, { rounds: 0 }), 'aborted', null],
      [
        end(a, null, {
          seats: [
            { playerId: a, name: 'Ada', bot: '' },
            { playerId: null, name: 'Computer', bot: 'hard' },
          ],
        }),
        'win',
        'computer',
      ],
      [end(a, null), 'win', 'guest'],
      [end(a, a), 'win', 'same-player'],
      [end(a, b, { ratedRoom: false }), 'win', 'unrated-room'],
    ];
    for (const [e, result, because] of cases) {
      const w = await s.saveResult(e, null);
      expect(w.rows[0]).toMatchObject({ result, rated: false, casualBecause: because, ratingBefore: null });
    }
    expect((await s.players.get(a))!.rating).toEqual(NEW_PLAYER);
    expect((await s.players.get(b))!.rating).toEqual(NEW_PLAYER);
    // The same player in both seats: a win and a loss of theirs.
    expect((await s.players.profile(a))?.games).toEqual({ total: 6, rated: 0, wins: 4, losses: 1, draws: 0 });
  });

  it(`${name}: at most 3 rated matches per pair in 24 h; later ones casual, saying so; rated again a day on`, async () => {
    const [a, b] = await pair();
    const t0 = 1_700_000_000_000;
    const verdicts = [];
    for (const at of [t0, t0 + HOUR, t0 + 2 * HOUR, t0 + 3 * HOUR, t0 + 24 * HOUR + 1]) {
      const w = await s.saveResult(end(a, b, { endedAt: at, winner: 'draw' }), null);
      verdicts.push(w.rows[0]!.rated ? 'rated' : w.rows[0]!.casualBecause);
    }
    expect(verdicts).toEqual(['rated', 'rated', 'rated', 'pair-limit', 'rated']);
    expect((await s.players.get(a))!.ratedGames).toBe(4);
  });

  it(`${name}: games newest first in pages, filtered; the leaderboard keeps established, active players`, async () => {
    const [a, b] = await pair();
    for (let i = 0; i < 5; i++) await s.saveResult(end(a, b, { endedAt: 1000 + i, ratedRoom: i % 2 === 0 }), null);
    const first = await s.players.games(a, 'all', null, 2);
    expect(first.map((g) => g.row.endedAt)).toEqual([1004, 1003]);
    const { parseCursor } = await import('../../src/storage/player-store.js');
    const next = await s.players.games(a, 'all', parseCursor(first[1]!.cursor), 10);
    expect(next.map((g) => g.row.endedAt)).toEqual([1002, 1001, 1000]);
    expect((await s.players.games(a, 'rated', null, 10)).map((g) => g.row.endedAt)).toEqual([1004, 1002, 1000]);
    expect((await s.players.games(a, 'casual', null, 10)).map((g) => g.row.endedAt)).toEqual([1003, 1001]);
    expect(first[0]!.opponentRating).not.toBeNull();
    // a: 3 rated, still provisional: not on the board.
    expect((await s.players.leaderboard(100, 0, 5, 110)).map((p) => p.id)).not.toContain(a);
    expect((await s.players.leaderboard(100, 0, 3, 400)).map((p) => p.id)).toContain(a);
    expect((await s.players.leaderboard(100, 1005, 3, 400)).map((p) => p.id)).not.toContain(a);
  });
}

describe('SQLite players', () => {
  const dir = mkdtempSync(join(tmpdir(), 'se-players-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract('sqlite', async () => {
    const s = new SqliteStorage(join(dir, 'p.sqlite'));
    await s.init();
    return s;
  });

  it('the session secret is made once and kept beside the database', async () => {
    const path = join(dir, 'secret.sqlite');
    const s1 = new SqliteStorage(path);
    await s1.init();
    const secret = await s1.sessionSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await s1.close();
    const s2 = new SqliteStorage(path);
    await s2.init();
    expect(await s2.sessionSecret()).toBe(secret);
    await s2.close();
  });

  it('a database from before players migrates, its records still readable', async () => {
    const path = join(dir, 'old.sqlite');
    const old = new DatabaseSync(path);
    await migrateSqlite(old, '004-journal-fill');
    old
      .prepare('INSERT INTO records (id, ended_at, summary, record) VALUES (?, ?, ?, ?)')
      .run('old1', '2025-01-01T00:00:00.000Z', JSON.stringify({ id: 'old1', players: ['A', 'B'] }), '{"seed":"s"}');
    old.close();
    const s = new SqliteStorage(path);
    await s.init();
    expect(await s.getRecord('old1')).toEqual({ seed: 's' });
    expect((await s.listRecords(5)).map((r) => r.id)).toEqual(['old1']);
    await s.players.create('p1', 'New', 1);
    expect(await s.players.get('p1')).not.toBeNull();
    await s.close();
  });
});

const havePg = servicesInstalled('postgres');
describe.skipIf(!havePg)('PostgreSQL players', () => {
  let services: Services;
  beforeAll(() => {
    services = startServices('postgres');
  });
  afterAll(() => services?.stop());
  contract('postgres', async () => {
    const s = new PostgresStorage(services.env.DATABASE_URL!);
    await s.init();
    return s;
  });

  it('two processes share one session secret', async () => {
    const [a, b] = [new PostgresStorage(services.env.DATABASE_URL!), new PostgresStorage(services.env.DATABASE_URL!)];
    await Promise.all([a.init(), b.init()]);
    const [x, y] = await Promise.all([a.sessionSecret(), b.sessionSecret()]);
    expect(x).toBe(y);
    await Promise.all([a.close(), b.close()]);
  });
});
