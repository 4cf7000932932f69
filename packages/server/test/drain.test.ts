// Drain-then-stop (SHUTDOWN_DRAIN_MS) of real game-server processes with real SDK clients: on SIGTERM the process
// takes no new match (a lone waiting player is closed with 4001, a quick match / create is refused — or, with Redis
// and a second process, lands there — a rematch is refused, /health answers 503 "draining"), while the live matches
// play on (moves, a reconnection, their spectator) to their end, their records stored; then it exits 0. A drain whose
// time runs out keeps what is left in its log for the next start (4010: "server restarting", no result), exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Room } from '@colyseus/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { attachBot, type Bot } from './bot.js';
import type { TestClient } from './harness.js';
import {
  closeCode,
  createPrivateVia,
  eventually,
  hostOf,
  joinByIdVia,
  quickMatchVia,
  spawnServer,
  stop,
  type ServerProcess,
} from './processes.js';
import { servicesInstalled, startServices, type Services } from './services.js';
import { SqliteStorage } from '../src/storage/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'se-drain-'));
const procs: ServerProcess[] = [];
const open: TestClient[] = [];
let services: Services | null = null;

afterAll(async () => {
  await Promise.all(open.map((c) => c.leave()));
  await Promise.all(procs.map((p) => stop(p)));
  services?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The drain time of the tests that end their drain by ending the matches: far beyond their own hang guard (90 s), so
 * however slow the machine, it never runs out while the test plays (the drain that runs out has its own test).
 */
const LONG_DRAIN_MS = 600_000;

async function spawn(name: string, env: Record<string, string>): Promise<ServerProcess> {
  // The rooms' own timers (relaxed: 120 s orders and prompts, 180 s draft picks) are longer than any test here, so no
  // default is ever taken for a player the test keeps waiting, however slow the machine.
  const p = await spawnServer(name, { env: { QUICK_MATCH_PRESET: 'relaxed', ...env } });
  procs.push(p);
  return p;
}

/** A quick-matched pair with bots (the test commits by hand), played to the first commitment window. */
async function pairToCommit(via: [ServerProcess, ServerProcess], names: [string, string]) {
  const pair = [await quickMatchVia(via[0], names[0]), await quickMatchVia(via[1], names[1])] as const;
  open.push(...pair);
  expect(pair[1].room.roomId, 'paired into one room').toBe(pair[0].room.roomId);
  const bots: Bot[] = [];
  for (const [i, c] of pair.entries()) {
    const bot = attachBot(c.room as Room, { seed: `${names[i]}-bot`, manualCommit: true });
    await c.until(() => c.of('welcome').length > 0, 'welcome');
    bot.seatNo = c.seat;
    bot.tick();
    bots.push(bot);
  }
  await pair[0].until(() => pair[0].state.phase === 'commit', 'the first commitment window', 30_000);
  return { pair, bots };
}

/** Both seats commit to round `round` (nothing but an engine setting); resolves once `watch` sees the next round. */
async function playRound(pair: readonly [TestClient, TestClient], round: number, watch: TestClient[]) {
  pair[0].send('commit', { round, commitment: { engine: 'N', cards: [] } });
  pair[1].send('commit', { round, commitment: { engine: 'S', cards: [] } });
  for (const c of watch)
    await c.until(() => c.state.round > round || c.state.phase === 'finished', `round ${round} resolved`, 20_000);
}

async function records(file: string) {
  const storage = new SqliteStorage(file);
  await storage.init();
  try {
    return await storage.listRecords(10);
  } finally {
    await storage.close();
  }
}

/** A pino line of the process' output: its message and its fields. */
type LogLine = { msg: string } & Record<string, unknown>;

/** One JSON log line's fields per line of the process' output. */
function logLines(p: ServerProcess): LogLine[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);
}

describe('SIGTERM with SHUTDOWN_DRAIN_MS on one process', () => {
  it('takes no new match, lets the live matches finish (records stored), then exits 0', async () => {
    const file = join(dir, 'drain.sqlite');
    const p = await spawn('drain', { SQLITE_PATH: file, SHUTDOWN_DRAIN_MS: String(LONG_DRAIN_MS) });

    // Two live matches (one with a spectator) and a player waiting for an opponent.
    const m1 = await pairToCommit([p, p], ['Cy', 'Di']);
    const spec = await joinByIdVia(p, m1.pair[0].room.roomId, { spectate: true });
    open.push(spec);
    const m2 = await pairToCommit([p, p], ['Gus', 'Hal']);
    const eve = await quickMatchVia(p, 'Eve');
    open.push(eve);
    const eveClosed = closeCode(eve);

    p.kill('SIGTERM');

    // The waiting player is told at once, while the live matches play on (4001: the client's "server is restarting"
    // notice, back to the lobby).
    expect(await eveClosed).toBe(4001);
    expect(p.child.exitCode).toBeNull();
    // /health: 503 draining, with the live matches still being played.
    const h = await eventually(async () => {
      const r = await p.health();
      return r.status === 503 && r.body.status === 'draining' && r.body.liveMatches === 2 ? r : null;
    }, '/health draining');
    // Time left: the whole drain less the time since the SIGTERM (less than this test's 90 s hang guard).
    expect(h.body.drain?.leftMs).toBeGreaterThan(LONG_DRAIN_MS - 90_000);
    // No new match: quick match and create are refused with a clear message.
    await expect(p.sdk().joinOrCreate('match', { name: 'Fay' })).rejects.toThrow(/restarting/);
    await expect(p.sdk().create('match', { name: 'Fay', private: true })).rejects.toThrow(/restarting/);

    // Match 2 ends (a concede): its record is stored; a rematch would start a new match, so it is refused.
    m2.pair[0].send('concede');
    await m2.pair[1].until(() => m2.pair[1].of('ended').length > 0, 'match 2 ends');
    const rematch = await m2.pair[1].expectError('rematch');
    expect(rematch).toMatchObject({ code: 'wrong-phase', type: 'rematch' });
    expect(rematch.message).toMatch(/restarting/);
    expect(m2.pair[1].state.phase).toBe('finished');
    await eventually(async () => (await p.health()).body.liveMatches === 1, '/health liveMatches 1');

    // Match 1 plays on: a round resolves, seen by the spectator, a player drops and takes the seat back.
    await playRound(m1.pair, 1, [...m1.pair, spec]);
    expect(spec.of('events').some((e) => e.round === 1)).toBe(true);
    const [cy, di] = m1.pair;
    cy.drop();
    await di.until(() => !di.state.seats[cy.seat].connected, 'the drop seen');
    await cy.reconnect();
    m1.bots[0]!.bind(cy.room as Room);
    await di.until(() => di.state.seats[cy.seat].connected, 'the seat taken back');
    await playRound(m1.pair, 2, [...m1.pair, spec]);
    expect(p.child.exitCode).toBeNull();

    // The last live match ends: its record is stored, everyone left is closed with 4001, the process exits 0.
    const left = [cy, di, spec, ...m2.pair];
    const codes = left.map((c) => closeCode(c));
    di.send('concede');
    await cy.until(() => cy.of('ended').length > 0, 'match 1 ends');
    expect(await p.exited).toBe(0);
    expect(await Promise.all(codes)).toEqual(left.map(() => 4001));

    const stored = await records(file);
    expect(stored.map((r) => r.id).sort()).toEqual(
      [cy.of('ended')[0]!.recordId, m2.pair[1].of('ended')[0]!.recordId].sort(),
    );
    expect(stored.every((r) => r.reason === 'concede')).toBe(true);
    const logs = logLines(p);
    expect(
      logs.some((l) => /^draining: no new matches/.test(l.msg) && l.liveMatches === 2 && l.waitingClosed === 1),
    ).toBe(true);
    expect(logs.some((l) => l.msg === 'drained: no live match left')).toBe(true);
    expect(p.output()).not.toMatch(/live match abandoned/);
  }, 90_000);

  it('keeps what is left in its log (4010: server restarting) when the drain time runs out, and exits 0', async () => {
    const file = join(dir, 'timeout.sqlite');
    const p = await spawn('drain-timeout', { SQLITE_PATH: file, SHUTDOWN_DRAIN_MS: '1500' });
    const { pair } = await pairToCommit([p, p], ['Ida', 'Jon']);
    const spec = await joinByIdVia(p, pair[0].room.roomId, { spectate: true });
    open.push(spec);
    const clients = [...pair, spec];
    const codes = clients.map((c) => closeCode(c));

    p.kill('SIGTERM');
    // Not /health here: the process may be gone by the first answer on a slow machine, when the 1.5 s drain is over
    // before it (a race this test lost under load). Its log tells what it saw at the start of the drain; /health
    // while draining is checked by the tests whose drain cannot end on its own.
    expect(await p.exited).toBe(0);
    const began = logLines(p).find((l) => l.msg.startsWith('draining: no new matches'));
    expect(began, 'the drain began').toMatchObject({ drainMs: 1500, liveMatches: 1, waitingClosed: 0 });
    // The drain waited its whole time (as the process measured it) before it gave up.
    const ranOut = logLines(p).find((l) => l.msg.startsWith('drain time ran out'));
    expect(ranOut, 'the drain ran out').toBeDefined();
    expect(ranOut!.tookMs).toBeGreaterThanOrEqual(1500);
    expect(ranOut!.liveMatches).toBe(1);
    expect(await Promise.all(codes)).toEqual(clients.map(() => 4010));
    // No result: nobody forfeits, nothing stored; the match waits in its log for the next start (shutdown.test.ts).
    expect(pair[0].of('ended')).toEqual([]);
    expect(await records(file)).toEqual([]);
    expect(p.output()).toMatch(/drain time ran out/);
    expect(p.output()).toMatch(/match kept in its log/);
  }, 60_000);

  it('exits at once on a second signal during the drain', async () => {
    const p = await spawn('drain-twice', {
      SQLITE_PATH: join(dir, 'twice.sqlite'),
      SHUTDOWN_DRAIN_MS: String(LONG_DRAIN_MS),
    });
    await pairToCommit([p, p], ['Kit', 'Lou']);
    p.kill('SIGTERM');
    await eventually(async () => (await p.health()).body.status === 'draining', '/health draining');
    p.kill('SIGTERM');
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/second signal/);
  }, 60_000);
});

const hasRedis = servicesInstalled('redis');
describe.skipIf(!hasRedis)('SIGTERM with SHUTDOWN_DRAIN_MS, two processes sharing Redis', () => {
  it('sends new matches to the other process while the live match on the draining one finishes', async () => {
    services = startServices('redis');
    const env = {
      REDIS_URL: services.env.REDIS_URL!,
      CLUSTER_SWEEP_MS: '1000',
      SHUTDOWN_DRAIN_MS: String(LONG_DRAIN_MS),
    };
    const [a, b] = await Promise.all([
      spawn('A', { ...env, SQLITE_PATH: join(dir, 'a.sqlite') }),
      spawn('B', { ...env, SQLITE_PATH: join(dir, 'b.sqlite') }),
    ]);
    // A live match: the room goes to the process with the fewest rooms; the one that holds it is the one to drain.
    const m = await pairToCommit([a, a], ['Kai', 'Lee']);
    const draining = hostOf(m.pair[0]) === a.address ? a : b;
    const other = draining === a ? b : a;

    draining.kill('SIGTERM');
    await eventually(async () => (await draining.health()).body.status === 'draining', '/health draining');
    // New players asking the draining process (a load balancer that has not noticed yet) get a match on the other.
    const n1 = await quickMatchVia(draining, 'Ned');
    const n2 = await quickMatchVia(draining, 'Oz');
    open.push(n1, n2);
    for (const c of [n1, n2]) expect(hostOf(c)).toBe(other.address);
    expect(n2.room.roomId).toBe(n1.room.roomId);
    // And the other process, choosing where a room goes, skips the draining one even when that has fewer rooms.
    for (const name of ['Pia', 'Quin', 'Rex']) {
      const c = await createPrivateVia(other, { name });
      open.push(c);
      expect(hostOf(c)).toBe(other.address);
    }
    expect((await other.health()).status).toBe(200);

    // The live match on the draining process plays on to its end, then that process exits 0.
    await playRound(m.pair, 1, [...m.pair]);
    m.pair[0].send('concede');
    await m.pair[1].until(() => m.pair[1].of('ended').length > 0, 'the end');
    expect(await draining.exited).toBe(0);
    expect((await records(join(dir, draining === a ? 'a.sqlite' : 'b.sqlite'))).map((r) => r.id)).toEqual([
      m.pair[1].of('ended')[0]!.recordId,
    ]);
    expect((await other.health()).body).toMatchObject({ status: 'ok', rooms: 4, liveMatches: 1 });
  }, 90_000);
});
