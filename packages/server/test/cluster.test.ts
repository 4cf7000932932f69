// Scale-out: two real game-server processes (`node … main.ts`) sharing one real Redis (REDIS_URL) — and one
// PostgreSQL for the records when it is installed — with real SDK clients. Quick match pairs players who asked
// different processes, every process lists every live match, spectators and invited players join through whichever
// process they asked, and a SIGTERM takes one process down cleanly while the other keeps serving. With PostgreSQL (the
// shared input log), the live match of a process that stops (SIGTERM) or dies (SIGKILL: its lease runs out)
// is restored by the other process, and its players finish it there with their old reconnection tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchRecord } from '@star-eater/engine';
import type { MatchList, RecordList } from '../src/http/routes.js';
import type { TestClient } from './harness.js';
import {
  closeCode,
  createPrivateVia,
  eventually,
  getJson,
  hostOf,
  joinByIdVia,
  pairToCommitVia,
  quickMatchVia,
  spawnPair,
  spawnServer,
  stop,
  type ServerProcess,
} from './processes.js';
import { servicesInstalled, startServices, type Services } from './services.js';

const hasRedis = servicesInstalled('redis');
const hasPostgres = servicesInstalled('postgres');
if (!hasRedis) {
  console.warn(
    'cluster.test.ts SKIPPED: redis-server is not installed (install it with `bash scripts/setup.sh --services`)',
  );
}

describe.skipIf(!hasRedis)('two game-server processes sharing Redis', () => {
  let services: Services | null = null;
  let env: Record<string, string> = {};
  let a: ServerProcess;
  let b: ServerProcess;
  const procs: ServerProcess[] = [];
  const open: TestClient[] = [];
  const track = <T extends TestClient>(c: T): T => {
    open.push(c);
    return c;
  };
  const byAddress = (addr: string) => procs.find((p) => p.address === addr)!;
  const listed = async (p: ServerProcess) =>
    (await getJson<MatchList>(`${p.url}/api/matches`)).body.matches.map((m) => m.roomId);

  /** Plays a quick-matched pair (asked through `via0` and `via1`) to the first commitment window. */
  async function pairToCommit(names: [string, string], via0: ServerProcess, via1: ServerProcess) {
    const pair = await pairToCommitVia(names, via0, via1);
    for (const c of pair) track(c);
    return pair;
  }

  beforeAll(async () => {
    services = startServices(hasPostgres ? 'all' : 'redis');
    env = { REDIS_URL: services.env.REDIS_URL!, CLUSTER_SWEEP_MS: '1000', LEASE_MS: '1500' };
    if (hasPostgres) env.DATABASE_URL = services.env.DATABASE_URL!;
    // At once, as replicas start (PostgreSQL: both set up the schema concurrently).
    [a, b] = await spawnPair(env, procs);
    // Two services and two processes starting: more than the default 10 s on a loaded machine.
  }, 120_000);

  afterAll(async () => {
    await Promise.all(open.map((c) => c.leave()));
    await Promise.all(procs.map((p) => stop(p)));
    services?.stop();
  });

  it('reports each process and its presence on /health', async () => {
    const [ha, hb] = [await a.health(), await b.health()];
    expect(ha.body).toMatchObject({ status: 'ok', process: { presence: 'redis', publicAddress: a.address } });
    expect(hb.body).toMatchObject({ status: 'ok', process: { presence: 'redis', publicAddress: b.address } });
    expect(ha.body.process.id).not.toBe(hb.body.process.id);
  });

  it('quick match pairs players who reached different processes; both list the match; a spectator watches via the other', async () => {
    const [p0, p1] = await pairToCommit(['Ada', 'Bo'], a, b);
    const roomId = p0.room.roomId;
    expect(p1.room.roomId).toBe(roomId);
    expect(new Set([p0.seat, p1.seat])).toEqual(new Set([0, 1]));
    // Both players' sockets went to the one process that holds the room, whichever process they asked.
    const host = hostOf(p0);
    expect(hostOf(p1)).toBe(host);
    expect([a.address, b.address]).toContain(host);

    // GET /api/matches on either process lists it (one of them lists a room held by the other).
    for (const p of [a, b])
      await eventually(async () => (await listed(p)).includes(roomId), `${p.name} lists ${roomId}`);
    const entry = (await getJson<MatchList>(`${b.url}/api/matches`)).body.matches.find((m) => m.roomId === roomId);
    expect(entry).toMatchObject({ phase: 'commit', players: expect.arrayContaining(['Ada', 'Bo']) });

    // A spectator asks the process that does NOT hold the room.
    const other = host === a.address ? b : a;
    const spec = track(await joinByIdVia(other, roomId, { spectate: true, name: 'Eve' }));
    expect(spec.of('welcome')[0]).toMatchObject({ role: 'spectator', seat: null, roomId });
    expect(hostOf(spec)).toBe(host);
    await spec.until(
      () => spec.state.phase === 'commit' && spec.state.spectators === 1,
      'the spectator sees the match',
    );

    // The match ends (a concession); the record is stored, and with a shared PostgreSQL every process serves it.
    p0.send('concede');
    await spec.until(() => spec.of('ended').length > 0, 'the spectator sees the end');
    const ended = spec.of('ended')[0]!;
    expect(ended).toMatchObject({ winner: p1.seat, reason: 'concede' });
    expect(ended.recordId).toBeTruthy();
    for (const p of hasPostgres ? [a, b] : [byAddress(host)]) {
      const rec = await eventually(async () => {
        const r = await getJson<MatchRecord>(`${p.url}/api/records/${ended.recordId}`);
        return r.status === 200 && r.body;
      }, `record on ${p.name}`);
      expect(rec.end).toEqual({ winner: p1.seat, reason: 'concede' });
    }
  });

  it('a private room created through A is joinable by id and invite through B', async () => {
    const creator = track(await createPrivateVia(a, { name: 'Cy' }));
    const welcome = creator.of('welcome')[0]!;
    expect(welcome.invite).toBeTruthy();
    const roomId = creator.room.roomId;
    await expect(joinByIdVia(b, roomId, { name: 'Mallory' })).rejects.toThrow(/private/);
    await expect(joinByIdVia(b, roomId, { name: 'Mallory', invite: 'x'.repeat(24) })).rejects.toThrow(/private/);
    const guest = track(await joinByIdVia(b, roomId, { name: 'Di', invite: welcome.invite! }));
    expect(guest.room.roomId).toBe(roomId);
    expect(hostOf(guest)).toBe(hostOf(creator));
    expect(new Set([creator.seat, guest.seat])).toEqual(new Set([0, 1]));
    await guest.until(() => guest.state.phase === 'factions', 'the private match starts');
    // Private matches are not listed, on either process.
    for (const p of [a, b]) expect(await listed(p)).not.toContain(roomId);
    // Spectating a private match through the other process needs the invite too.
    await expect(joinByIdVia(b, roomId, { spectate: true })).rejects.toThrow(/private/);
    const spec = track(await joinByIdVia(b, roomId, { spectate: true, invite: welcome.invite! }));
    expect(spec.of('welcome')[0]).toMatchObject({ role: 'spectator' });
  });

  it('SIGTERM: the process exits 0, its clients are told (4010 restarting / 4001 over); its live match goes on on the other process (PostgreSQL)', async () => {
    const [p0, p1] = await pairToCommit(['Fay', 'Gus'], b, a);
    const roomId = p0.room.roomId;
    const doomed = byAddress(hostOf(p0));
    const survivor = doomed === a ? b : a;
    await eventually(async () => (await listed(survivor)).includes(roomId), 'the match is listed');
    const recordsBefore = hasPostgres
      ? (await getJson<RecordList>(`${survivor.url}/api/records`)).body.records.length
      : 0;
    // Everyone connected to the doomed process, in whichever room (live, finished or private).
    const onDoomed = open.filter((c) => !c.closed && hostOf(c) === doomed.address);
    expect(onDoomed.length).toBeGreaterThanOrEqual(2);
    const codes = onDoomed.map((c) => closeCode(c));
    const pairCodes = [closeCode(p0), closeCode(p1)];

    doomed.kill('SIGTERM');
    expect(await doomed.exited).toBe(0);
    for (const code of await Promise.all(codes)) expect([4001, 4010]).toContain(code);
    // The live match: "server restarting" (its log is kept), not "over".
    expect(await Promise.all(pairCodes)).toEqual([4010, 4010]);
    expect(doomed.output()).toContain('shut down');
    // The abandoned live match was not turned into anybody's forfeit.
    if (hasPostgres)
      expect((await getJson<RecordList>(`${survivor.url}/api/records`)).body.records.length).toBe(recordsBefore);

    if (hasPostgres) {
      // The shutdown handed its lease over: the survivor restores the match from the shared log, under the same
      // room id, and the players get back in through the matchmaker with their old tokens.
      await eventually(async () => (await listed(survivor)).includes(roomId), 'the match restored on the survivor');
      await p0.reconnect(survivor.sdk());
      await p1.reconnect(survivor.sdk());
      expect(hostOf(p0)).toBe(survivor.address);
      await p0.until(
        () => p0.state.phase === 'commit' && p0.state.seats.every((s: { connected: boolean }) => s.connected),
        'both back',
      );
      p1.send('concede');
      expect(await p0.until(() => p0.of('ended')[0], 'the end')).toMatchObject({ winner: p0.seat, reason: 'concede' });
    } else {
      // Each process has its own SQLite file: nobody else can restore it; it leaves the shared listing.
      expect(await listed(survivor)).not.toContain(roomId);
    }

    // The survivor keeps matching players, in rooms of its own (the dead process is out of the process list).
    const h = await survivor.health();
    expect(h.body).toMatchObject({ status: 'ok' });
    const q0 = track(await quickMatchVia(survivor, 'Hal'));
    const q1 = track(await quickMatchVia(survivor, 'Ivy'));
    expect(q1.room.roomId).toBe(q0.room.roomId);
    expect(hostOf(q0)).toBe(survivor.address);
    await q0.until(() => q0.state.phase === 'factions', 'a new match on the survivor');
  });

  it('a crashed process (SIGKILL): another takes its match over from the shared log (PostgreSQL) and the players finish it', async () => {
    const running = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    expect(running).toHaveLength(1);
    const c = await spawnServer('C', { env });
    procs.push(c);
    const q0 = track(await quickMatchVia(c, 'Jo'));
    const q1 = track(await quickMatchVia(running[0]!, 'Kim'));
    expect(q1.room.roomId).toBe(q0.room.roomId);
    await q0.until(() => q0.state.phase === 'factions', 'the match starts');
    const roomId = q0.room.roomId;
    const host = byAddress(hostOf(q0));
    const other = host === c ? running[0]! : c;
    await eventually(async () => (await listed(other)).includes(roomId), 'the match is listed');

    host.kill('SIGKILL');
    await host.exited;
    expect((await other.health()).body.status).toBe('ok');
    if (!hasPostgres) {
      await eventually(
        async () => !(await listed(other)).includes(roomId),
        "the crashed process' match leaves the listing",
        15_000,
      );
      return;
    }
    // Its lease runs out (LEASE_MS): the other process takes the match over from the shared log — once: the
    // listing holds it once — and the players finish it there with their old tokens.
    const restoredHere = (l: string) => l.includes(`"room":"${roomId}"`) && l.includes('match restored from its log');
    await eventually(
      async () => other.output().split('\n').some(restoredHere),
      'the match restored on the other process',
      15_000,
    );
    const m = (await getJson<MatchList>(`${other.url}/api/matches`)).body.matches;
    expect(m.filter((x) => x.roomId === roomId)).toHaveLength(1);
    for (const c of [q0, q1]) {
      await c.until(() => c.closed, 'the crash seen');
      await c.reconnect(other.sdk());
      expect(hostOf(c)).toBe(other.address);
    }
    await q0.until(
      () => q0.state.phase === 'factions' && q0.state.seats.every((s: { connected: boolean }) => s.connected),
      'both back',
    );
    q0.send('concede');
    expect(await q1.until(() => q1.of('ended')[0], 'the end')).toMatchObject({ winner: q1.seat, reason: 'concede' });
    // A process start and a lease to run out: more than the default 5 s on a loaded machine.
  }, 120_000);
});
