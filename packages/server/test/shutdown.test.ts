// Graceful shutdown of a real single process (no Redis, embedded SQLite, no SHUTDOWN_DRAIN_MS: drain.test.ts has the
// drain): on SIGTERM the finished match's clients are closed with 4001 (CloseCode.SERVER_SHUTDOWN) and its record is
// on disk; the live match and the room waiting for its second player stay in their logs, their clients are closed
// with 4010 ("server restarting": CloseCode.MAY_TRY_RECONNECT), nobody forfeits, and the process exits 0. Started
// again, the process restores them: the players get back in with their tokens and the match plays on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Room } from '@colyseus/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import type { TestClient } from './harness.js';
import { closeCode, joinByIdVia, quickMatchVia, spawnServer, stop, type ServerProcess } from './processes.js';
import { SqliteStorage } from '../src/storage/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'se-shutdown-'));
const file = join(dir, 'records.sqlite');
let proc: ServerProcess | null = null;
const open: TestClient[] = [];

afterAll(async () => {
  await Promise.all(open.map((c) => c.leave()));
  await stop(proc);
  rmSync(dir, { recursive: true, force: true });
});

async function pairToCommit(p: ServerProcess, names: [string, string]) {
  const pair = [await quickMatchVia(p, names[0]), await quickMatchVia(p, names[1])] as const;
  open.push(...pair);
  for (const [i, c] of pair.entries()) {
    const bot = attachBot(c.room as Room, { seed: `${names[i]}-bot`, manualCommit: true });
    await c.until(() => c.of('welcome').length > 0, 'welcome');
    bot.seatNo = c.seat;
    bot.tick();
  }
  await pair[0].until(() => pair[0].state.phase === 'commit', 'the first commitment window');
  return pair;
}

describe('SIGTERM on a real game-server process', () => {
  it('keeps the live matches for the next start (4010), closes the finished one (4001), exits 0', async () => {
    proc = await spawnServer('solo', { env: { SQLITE_PATH: file } });
    expect((await proc.health()).body).toMatchObject({
      status: 'ok',
      storage: 'sqlite',
      process: { presence: 'local', publicAddress: null },
    });

    // A finished match (its players still in the room, as after the end screen) ...
    const [f0, f1] = await pairToCommit(proc, ['Ada', 'Bo']);
    f0.send('concede');
    await f1.until(() => f1.of('ended').length > 0, 'the end');
    const recordId = f1.of('ended')[0]!.recordId!;
    expect(recordId).toBeTruthy();
    // ... a live match with a spectator, and a player waiting for an opponent.
    const [l0] = await pairToCommit(proc, ['Cy', 'Di']);
    const l1 = open.at(-1)!;
    open.push(await joinByIdVia(proc, l0.room.roomId, { spectate: true }));
    open.push(await quickMatchVia(proc, 'Eve'));
    const clients = open.filter((c) => !c.closed);
    expect(clients).toHaveLength(6);
    const codes = clients.map((c) => closeCode(c));

    proc.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    // The finished match's two players: 4001; the live match's players and spectator, and the waiting player: 4010.
    expect(await Promise.all(codes)).toEqual([4001, 4001, 4010, 4010, 4010, 4010]);
    // The live match saw no result: no 'ended' message, no forfeit.
    expect(l0.of('ended')).toEqual([]);
    expect(proc.output()).toMatch(/match kept in its log/);

    // On disk: exactly the finished match's record, readable.
    const storage = new SqliteStorage(file);
    await storage.init();
    try {
      const records = await storage.listRecords(10);
      expect(records.map((r) => r.id)).toEqual([recordId]);
      expect(records[0]).toMatchObject({ players: ['Ada', 'Bo'], reason: 'concede' });
      expect(await storage.getRecord(recordId)).toMatchObject({ end: { reason: 'concede' } });
    } finally {
      await storage.close();
    }
    // And the process takes nothing any more.
    await expect(fetch(`${proc.url}/health`)).rejects.toThrow();

    // Started again: the live match is back, its players in their seats with the tokens they held.
    proc = await spawnServer('solo-2', { env: { SQLITE_PATH: file }, port: proc.port });
    for (const c of [l0, l1]) await c.reconnect();
    await l0.until(
      () => l0.state.phase === 'commit' && l0.state.seats.every((s: { connected: boolean }) => s.connected),
      'both back',
    );
    l0.send('concede');
    const ended = await l1.until(() => l1.of('ended')[0], 'the restored match ends');
    expect(ended).toMatchObject({ winner: l1.seat, reason: 'concede' });
    expect((await proc.health()).body.status).toBe('ok');
    // Two process starts and two matches: more than the default 5 s on a loaded machine.
  }, 120_000);
});
