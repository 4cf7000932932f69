// A stalled process must not keep a match another process took over. Two real game-server processes share
// Redis (matchmaking, presence) and PostgreSQL (the input log, the leases); they play quick matches with different
// timer presets (QUICK_MATCH_PRESET). The process holding a live match is paused (SIGSTOP) past its lease; the other
// restores the match from the shared log — with the timers it began with, not its own defaults. The paused process
// is resumed (SIGCONT): it notices at once (its heartbeat finds the room is not its own, or an append is refused by
// the log's owner fence), sends nothing more to its clients, and closes them with 4010 ("server restarting"). They
// reconnect with their tokens through the matchmaker — one of them through the stalled process itself — reach the
// new owner, and finish the match there; its record replays to exactly the events they were shown.
import { parseRecord, replayRecord } from '@star-eater/engine';
import { TIMER_PRESETS } from '@star-eater/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchList } from '../src/http/routes.js';
import { eventsShown } from './event-log.js';
import type { TestClient } from './harness.js';
import {
  closeCode,
  eventually,
  getJson,
  hostOf,
  joinByIdVia,
  pairToCommitVia,
  spawnServer,
  stop,
  type ServerProcess,
} from './processes.js';
import { servicesInstalled, startServices, type Services } from './services.js';

const ready = servicesInstalled('all');
if (!ready)
  console.warn('stall.test.ts SKIPPED: Redis and PostgreSQL are not installed (bash scripts/setup.sh --services)');

describe.skipIf(!ready)('a process stalled past its lease (SIGSTOP), resumed after another took its match', () => {
  let services: Services | null = null;
  const procs: ServerProcess[] = [];
  const open: TestClient[] = [];
  const presets = { A: 'blitz', B: 'relaxed' } as const;

  beforeAll(async () => {
    services = startServices('all');
    const env = {
      REDIS_URL: services.env.REDIS_URL!,
      DATABASE_URL: services.env.DATABASE_URL!,
      CLUSTER_SWEEP_MS: '1000',
      LEASE_MS: '1500',
    };
    for (const name of ['A', 'B'] as const)
      procs.push(await spawnServer(name, { env: { ...env, QUICK_MATCH_PRESET: presets[name] } }));
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) p.kill('SIGCONT'); // a stopped process (a test that failed midway) answers the leaves
    await Promise.all(open.map((c) => c.leave()));
    await Promise.all(procs.map((p) => stop(p)));
    services?.stop();
  });

  it('gives the match up at once, its clients reconnect to the new owner and finish it with its timers', async () => {
    const [a, b] = procs as [ServerProcess, ServerProcess];
    const [p0, p1] = await pairToCommitVia(['Ann', 'Ben'], a, b);
    open.push(p0, p1);
    const roomId = p0.room.roomId;
    const stalled = procs.find((p) => p.address === hostOf(p0))!;
    const taker = stalled === a ? b : a;
    const preset = presets[stalled.name as 'A' | 'B'];
    // The quick match plays the timers of the process that created it.
    expect(p0.state.settings).toMatchObject({ preset, commitSeconds: TIMER_PRESETS[preset].commit });
    const spec = await joinByIdVia(taker, roomId, { spectate: true });
    open.push(spec);
    expect(hostOf(spec)).toBe(stalled.address);
    // Seat 0 locks in before the stall: the lock-in is in the log, sealed.
    const first = p0.seat === 0 ? p0 : p1;
    const second = first === p0 ? p1 : p0;
    first.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await spec.until(() => spec.state.seats[0].lockedIn, 'seat 0 locked in');
    await Promise.all([p0, p1, spec].map((c) => c.roundTrip()));

    // ------------------------------------------------------------------ the stall
    const clients = [p0, p1, spec];
    const codes = clients.map((c) => closeCode(c));
    stalled.kill('SIGSTOP');
    const received = clients.map((c) => c.frames.length);
    const restoredHere = (l: string) => l.includes(`"room":"${roomId}"`) && l.includes('match restored from its log');
    await eventually(
      async () => taker.output().split('\n').some(restoredHere),
      'the match restored on the other process',
      30_000,
    );

    // ------------------------------------------------------------------ resumed: it gives the room up at once
    stalled.kill('SIGCONT');
    expect(await Promise.all(codes)).toEqual([4010, 4010, 4010]);
    // Nothing was sent after the stall but the close: the stalled process did not act on the room again.
    expect(clients.map((c) => c.frames.length)).toEqual(received);
    const gaveUp = (l: string) =>
      l.includes(`"room":"${roomId}"`) && l.includes('another process took this match over');
    expect(stalled.output().split('\n').some(gaveUp)).toBe(true);
    // At once: its first heartbeat after the pause found the gap and the room another's (no timer had to run out).
    expect(stalled.output()).toMatch(/missed heartbeats: checked which matches are still ours/);

    // ------------------------------------------------------------------ back in through the matchmaker
    // One player asks the stalled process: its matchmaker sends it to the new owner.
    await p0.reconnect(stalled.sdk());
    await p1.reconnect(taker.sdk());
    const spec2 = await joinByIdVia(stalled, roomId, { spectate: true });
    open.push(spec2);
    for (const c of [p0, p1, spec2]) expect(hostOf(c)).toBe(taker.address);
    await spec2.until(
      () => spec2.state.phase === 'commit' && spec2.state.seats.every((s: { connected: boolean }) => s.connected),
      'both players back on the new owner',
    );
    // Same match, same timers, the lock-in kept; the taker lists it once.
    expect(spec2.state.settings).toMatchObject({ preset, commitSeconds: TIMER_PRESETS[preset].commit });
    expect(spec2.state.seats[0].lockedIn).toBe(true);
    const listed = (await getJson<MatchList>(`${stalled.url}/api/matches`)).body.matches;
    expect(listed.filter((m) => m.roomId === roomId)).toHaveLength(1);

    second.send('commit', { round: 1, commitment: { engine: 'S', cards: [] } });
    await spec2.until(() => spec2.state.round === 2 && spec2.state.phase === 'commit', 'round 1 resolved');
    second.send('concede');
    const ended = await spec2.until(() => spec2.of('ended')[0], 'the end');
    expect(ended).toMatchObject({ winner: first.seat, reason: 'concede' });

    // The record replays to exactly what the players and the spectator were shown across the takeover.
    const r = await eventually(async () => {
      const x = await getJson(`${taker.url}/api/records/${ended.recordId}`);
      return x.status === 200 && x.body;
    }, 'the record stored');
    const parsed = parseRecord(r);
    if (!parsed.ok) throw new Error(`record: ${parsed.error.path}: ${parsed.error.message}`);
    const replay = replayRecord(parsed.value);
    if (!replay.ok) throw new Error(`replay: ${replay.error.path}: ${replay.error.message}`);
    for (const c of [p0, p1]) expect(eventsShown(c.messages, `seat ${c.seat}`)).toEqual(replay.value.events);
    expect(eventsShown([...spec.messages, ...spec2.messages], 'spectator')).toEqual(replay.value.events);
  }, 180_000);
});
