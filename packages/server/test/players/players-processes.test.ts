// Players across real server processes: on PostgreSQL with two processes sharing Redis, a session made on one is
// honoured by the other, a quick match between players who asked different processes is rated once by glicko2-lite's
// amount, and an abort moves nothing. And kill -9 (SQLite, PostgreSQL) between a match's end and its result's write:
// after the restart the match is rated exactly once (the result and the record are one transaction keyed on the
// match; the restored room writes its replayed end again, which changes nothing if the first write landed).
import { DatabaseSync } from 'node:sqlite';
import type { Room } from '@colyseus/sdk';
import type { JoinOptions } from '@star-eater/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_PLAYER, rateMatch } from '../../src/players/glicko.js';
import { attachBot } from '../bot.js';
import { crashRig } from '../crash-setup.js';
import { startSession, TestClient, type PlayerSession } from '../harness.js';
import { eventually, getJson, spawnServer, twoProcessesOnServices, type ServerProcess } from '../processes.js';
import { servicesInstalled } from '../services.js';

interface Profile {
  rating: { value: number; rd: number };
  games: { total: number; rated: number };
}

const session = (p: ServerProcess, name: string) => startSession(p.url, name);

async function quickMatch(p: ServerProcess, s: PlayerSession, open: TestClient[]): Promise<TestClient> {
  const sdk = p.sdk();
  sdk.auth.token = s.token;
  const c = new TestClient(
    (await sdk.joinOrCreate('match', { name: s.player.name } satisfies JoinOptions)) as Room,
    sdk,
  );
  open.push(c);
  await c.until(() => c.of('welcome').length > 0 && c.state?.seats?.length === 2, 'welcome and state');
  return c;
}

/** A rated pair plays two rounds; the first asks concedes at round 3. Returns the end as told and who won. */
async function ratedMatch(via: [ServerProcess, ServerProcess], s: [PlayerSession, PlayerSession], open: TestClient[]) {
  const c0 = await quickMatch(via[0], s[0], open);
  const c1 = await quickMatch(via[1], s[1], open);
  expect(c1.room.roomId).toBe(c0.room.roomId);
  for (const [i, c] of [c0, c1].entries()) {
    const bot = attachBot(c.room as Room, { seed: `${s[i]!.player.name}-bot`, hold: (st) => st.round >= 3 });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await c0.until(() => c0.state.phase === 'commit' && c0.state.round === 3, 'round 3 opens');
  c0.send('concede');
  const ended = await c1.until(() => c1.of('ended')[0], 'the end');
  return { ended, winner: s[1], loser: s[0], roomId: c0.room.roomId };
}

/** Both players' profiles, on `p`, once the rated match shows. */
async function profiles(p: ServerProcess, s: PlayerSession[]): Promise<Profile[]> {
  return eventually(async () => {
    const all = await Promise.all(s.map((x) => getJson<Profile>(`${p.url}/api/players/${x.player.id}`)));
    return all.every((r) => r.status === 200 && r.body.games.total >= 1) && all.map((r) => r.body);
  }, `the result on ${p.name}`);
}

const [W, L] = rateMatch(NEW_PLAYER, NEW_PLAYER, 1);
function expectRatedOnce([w, l]: Profile[]) {
  expect(w!.games).toMatchObject({ total: 1, rated: 1 });
  expect(l!.games).toMatchObject({ total: 1, rated: 1 });
  expect(w!.rating.value).toBeCloseTo(W.rating, 6);
  expect(w!.rating.rd).toBeCloseTo(W.rd, 6);
  expect(l!.rating.value).toBeCloseTo(L.rating, 6);
}

const hasAll = servicesInstalled('all');

describe.skipIf(!hasAll)('players on two processes (Redis + PostgreSQL)', () => {
  const open: TestClient[] = [];
  const rig = twoProcessesOnServices({ MATCHMAKE_LIMIT: '500/500' }, open);
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(() => {
    ({ a, b } = rig);
  });

  it('a session made on one process is the same player on the other (one secret in the database)', async () => {
    const s = await session(a, 'Ada');
    const renamed = await fetch(`${b.url}/api/players/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ name: 'Ada B' }),
    });
    expect(renamed.status).toBe(200);
    expect((await getJson<{ name: string }>(`${a.url}/api/players/${s.player.id}`)).body.name).toBe('Ada B');
  });

  it('a quick match between players who asked different processes is rated once, by the library’s amount', async () => {
    const s: [PlayerSession, PlayerSession] = [await session(a, 'Bo'), await session(b, 'Cy')];
    const { winner, loser } = await ratedMatch([a, b], s, open);
    for (const p of [a, b]) expectRatedOnce(await profiles(p, [winner, loser]));
  });

  it('an abort (a concession in the faction choice) moves nothing', async () => {
    const s: [PlayerSession, PlayerSession] = [await session(b, 'Di'), await session(a, 'Ed')];
    const c0 = await quickMatch(b, s[0], open);
    const c1 = await quickMatch(a, s[1], open);
    await c0.until(() => c0.state.phase === 'factions', 'the faction choice');
    c1.send('concede');
    await c0.until(() => c0.of('ended')[0], 'the end');
    for (const p of await profiles(a, s)) {
      expect(p.games).toMatchObject({ total: 1, rated: 0 });
      expect(p.rating).toMatchObject({ value: 1500, rd: 350 });
    }
  });

  it('quick match by strength across processes: the closest rating first, whichever process holds the room', async () => {
    const rated = async (p: ServerProcess, name: string, rating: number) => {
      const s = await session(p, name);
      const c = new pg.Client({ connectionString: rig.services.env.DATABASE_URL });
      await c.connect();
      await c.query('UPDATE players SET rating = $2, rd = 60 WHERE id = $1', [s.player.id, rating]);
      await c.end();
      return s;
    };
    const [ann, bob] = [await rated(a, 'Ann', 1500), await rated(b, 'Bob', 1800)];
    const waitingRoom = async (p: ServerProcess, s: PlayerSession) => {
      const sdk = p.sdk();
      sdk.auth.token = s.token;
      const c = new TestClient((await sdk.create('match', { name: s.player.name } satisfies JoinOptions)) as Room, sdk);
      open.push(c);
      // Seated (the state's patch follows the turn that wrote the room's listing entry with its waiting player).
      await c.until(() => c.state?.seats?.some((x) => x.playerId === s.player.id), 'seated');
      return c;
    };
    const annRoom = await waitingRoom(a, ann);
    const bobRoom = await waitingRoom(b, bob);
    const cy = await quickMatch(a, await rated(a, 'Cyd', 1780), open);
    expect(cy.room.roomId).toBe(bobRoom.room.roomId);
    expect(cy.room.roomId).not.toBe(annRoom.room.roomId);
    await annRoom.leave();
  });
});

/** Undoes a match's result and record, as if the kill had come before their one write. */
async function undoResult(kind: 'sqlite' | 'postgres', env: Record<string, string>, matchId: string, ids: string[]) {
  const statements: Array<[string, unknown[]]> = [
    ['DELETE FROM records WHERE id = $1', [matchId]],
    ['DELETE FROM player_games WHERE match_id = $1', [matchId]],
    ...ids.map((id): [string, unknown[]] => [
      'UPDATE players SET rating = 1500, rd = 350, volatility = 0.06, rated_games = 0, last_rated_at = NULL WHERE id = $1',
      [id],
    ]),
  ];
  if (kind === 'sqlite') {
    const db = new DatabaseSync(env.SQLITE_PATH!);
    for (const [sql, params] of statements) db.prepare(sql.replace('$1', '?')).run(...(params as string[]));
    db.close();
    return;
  }
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  for (const [sql, params] of statements) await c.query(sql, params);
  await c.end();
}

function crashSuite(kind: 'sqlite' | 'postgres') {
  const rig = crashRig(kind, 'rated');
  const open: TestClient[] = [];
  afterAll(() => Promise.all(open.map((c) => c.leave())));

  it(`kill -9 between the end and the rating write (${kind}): rated exactly once after the restart`, async () => {
    let proc = await spawnServer(`rated-${kind}`, { env: rig.env });
    rig.proc = proc;
    const port = proc.port;
    // Two matches end; the kill comes after both. For the first, as if it came before the write (undone below);
    // for the second, after it.
    const before: [PlayerSession, PlayerSession] = [await session(proc, 'Fay'), await session(proc, 'Gil')];
    const m1 = await ratedMatch([proc, proc], before, open);
    const after: [PlayerSession, PlayerSession] = [await session(proc, 'Hal'), await session(proc, 'Ivy')];
    const m2 = await ratedMatch([proc, proc], after, open);
    expectRatedOnce(await profiles(proc, [m2.winner, m2.loser]));
    proc.kill('SIGKILL');
    expect(await proc.exited).toBe('SIGKILL');
    await undoResult(
      kind,
      rig.env,
      m1.ended.recordId!,
      before.map((s) => s.player.id),
    );
    proc = await spawnServer(`rated-${kind}-2`, { env: rig.env, port });
    rig.proc = proc;
    const restarted = proc;
    await eventually(async () => /matches restored from their logs/.test(restarted.output()), 'the restore');
    // The restored room writes the lost result after it is restored: its record, games and ratings in one
    // transaction, so once the record is served the ratings are in too (reading them earlier races that write).
    await eventually(
      async () => (await getJson(`${restarted.url}/api/records/${m1.ended.recordId}`)).status === 200,
      'the lost result written again',
    );
    expectRatedOnce(await profiles(proc, [m1.winner, m1.loser]));
    expectRatedOnce(await profiles(proc, [m2.winner, m2.loser]));
    // A page that comes back to either restored end screen is told what the match counted for: the result written
    // after the restore, and the one written before the kill, read back.
    for (const m of [m1, m2]) {
      const sdk = proc.sdk();
      const spectator = new TestClient((await sdk.joinById(m.roomId, { spectate: true })) as Room, sdk);
      open.push(spectator);
      const told = await spectator.until(() => spectator.of('rated')[0], `${m.roomId}: what the match counted for`);
      expect(told.recordId).toBe(m.ended.recordId);
      expect(told.seats.map((x) => [x?.playerId, x?.result, x?.rated])).toEqual([
        [m.loser.player.id, 'loss', true],
        [m.winner.player.id, 'win', true],
      ]);
      expect(told.seats[1]!.ratingAfter).toBeCloseTo(W.rating, 6);
      expect(told.seats[0]!.ratingAfter).toBeCloseTo(L.rating, 6);
      expect(told.seats[0]!.ratingBefore).toBe(NEW_PLAYER.rating);
    }
  }, 240_000);
}

describe('a killed server, players (SQLite)', () => crashSuite('sqlite'));
describe.skipIf(!servicesInstalled('postgres'))('a killed server, players (PostgreSQL)', () => crashSuite('postgres'));
