// Whole matches through the protocol: a scripted match watched by a spectator whose stored record replays to the
// same final state; concede; rematch; time-outs on a driven clock; reconnection and an exhausted budget.
import { coinToss, parseRecord, replayRecord, seedHash, stateView } from '@star-eater/engine';
import type { Room } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { attachBot, type Bot } from './bot.js';
import { advanceClock, joinById, quickMatch, serverRoom, serverForFile, type TestClient } from './harness.js';
import { getJson } from './processes.js';
import type { HealthAnswer } from '../src/http/routes.js';

const server = serverForFile({ room: { reconnectSeconds: 180 } });
const open = server.open;

async function pair(names: [string, string], bots?: { aggressive?: boolean; manualCommit?: boolean }) {
  const a = await quickMatch(server.get(), names[0]);
  const b = await quickMatch(server.get(), names[1]);
  open.push(a, b);
  expect(a.room.roomId).toBe(b.room.roomId);
  let botA: Bot | null = null;
  let botB: Bot | null = null;
  if (bots) {
    botA = attachBot(a.room as Room, { seed: `${names[0]}-bot`, ...bots });
    botB = attachBot(b.room as Room, { seed: `${names[1]}-bot`, ...bots });
    // The welcome may already be in: bind the seats from the recorded messages.
    await a.until(() => a.of('welcome').length && b.of('welcome').length, 'welcomes');
    botA.seatNo = a.seat;
    botB.seatNo = b.seat;
    botA.tick();
    botB.tick();
  }
  return { a, b, botA, botB, roomId: a.room.roomId };
}

/** GET /health's count of the rounds this process has resolved. */
const roundsResolved = async () => (await getJson<HealthAnswer>(`${server.get().url}/health`)).body.roundsResolved;

describe('a full match', () => {
  it('plays draft to a destroyed warship with a spectator; the stored record replays to the same final state', async () => {
    const { a, b, roomId } = await pair(['Ada', 'Bo'], { aggressive: true });
    const resolvedBefore = await roundsResolved();
    const spec = await joinById(server.get(), roomId, { spectate: true });
    open.push(spec);
    const hash = await a.until(() => a.state.seedHash, 'seed hash');
    await a.until(() => a.state.phase === 'finished', 'the end of the match', 120_000);
    await spec.until(() => spec.of('ended').length > 0, 'spectator sees the end');
    const ended = spec.of('ended')[0]!;
    expect(seedHash(ended.seed)).toBe(hash);
    expect(spec.state.seed).toBe(ended.seed);
    expect(ended.recordId).toBeTruthy();
    expect(['destroyed', 'draw']).toContain(ended.reason);

    // Prompts went to the deciding seat only.
    expect(spec.of('prompt')).toEqual([]);
    for (const c of [a, b]) for (const p of c.of('prompt')) expect(p.prompt.seat).toBe(c.seat);
    // The spectator saw every round's events, in order, ending with the match end.
    const events = spec.of('events').flatMap((e) => e.events);
    expect(events.at(-1)).toMatchObject({ type: 'match-ended' });

    const res = await fetch(`${server.get().url}/api/records/${ended.recordId}`);
    const parsed = parseRecord(await res.json());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.players.map((p) => p.name)).toEqual(['Ada', 'Bo']);
    // RULES §5: the coin toss is the engine's, from the revealed seed, and the record says so
    expect(parsed.value).toMatchObject({ initiativeFrom: 'coin-toss', initiative: coinToss(parsed.value.seed) });
    const replay = replayRecord(parsed.value);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    expect(replay.value.events).toEqual(events);
    // GET /health counts the rounds this process resolved: this match's, the only one played meanwhile.
    expect((await roundsResolved()) - resolvedBefore).toBe(parsed.value.rounds.length);
    const view = stateView(replay.value.state);
    expect(view.winner).toBe(ended.winner);
    // The synced board the spectator settled on is the replayed final state.
    const ships = spec.state.ships.toJSON();
    for (const seat of [0, 1] as const) {
      expect(ships[seat]).toMatchObject({
        q: view.ships[seat].core.q,
        r: view.ships[seat].core.r,
        facing: view.ships[seat].facing,
        structure: view.ships[seat].structure,
        ...view.ships[seat].armour,
      });
    }
    const list = (await (await fetch(`${server.get().url}/api/records`)).json()) as { records: unknown[] };
    expect(list.records[0]).toMatchObject({ id: ended.recordId, players: ['Ada', 'Bo'] });
    expect(b.state.recordId).toBe(ended.recordId);
  }, 150_000);
});

describe('concede and rematch', () => {
  it('concedes in a commitment window, then both ask for a rematch: initiative to the loser, spectators stay', async () => {
    const { a, b, roomId, botA, botB } = await pair(['Cy', 'Di'], { manualCommit: true });
    const spec = await joinById(server.get(), roomId, { spectate: true });
    open.push(spec);
    await a.until(() => a.state.phase === 'commit', 'round 1');
    const firstHash = a.state.seedHash;
    a.send('concede');
    await spec.until(() => spec.state.phase === 'finished', 'finished');
    const loser = a.seat;
    expect(spec.state.winner).toBe(b.seat);
    expect(spec.state.endReason).toBe('concede');
    const rec = (await (await fetch(`${server.get().url}/api/records/${spec.state.recordId}`)).json()) as {
      end: unknown;
    };
    expect(rec.end).toEqual({ winner: b.seat, reason: 'concede' });
    const parsedRec = parseRecord(rec);
    expect(parsedRec.ok && replayRecord(parsedRec.value).ok).toBe(true);
    // A page that joins after the end (a reload on the end screen) is told the end too, as the players were.
    await b.until(() => b.of('ended').length, 'ended');
    const late = await joinById(server.get(), roomId, { spectate: true });
    open.push(late);
    await late.until(() => late.of('ended').length, 'the end, in the catch-up');
    expect(late.of('ended')).toEqual(b.of('ended'));

    expect((await b.expectError('concede')).code).toBe('wrong-phase');
    a.send('rematch');
    await b.until(() => b.state.seats[loser].rematch, 'rematch flag');
    b.send('rematch');
    await spec.until(() => spec.state.matchNo === 2 && spec.state.phase === 'factions', 'rematch starts');
    expect(spec.state.initiative).toBe(loser);
    expect(spec.state.seedHash).not.toBe(firstHash);
    expect(spec.state.seed).toBe('');
    expect(spec.state.spectators).toBe(2);
    // The rematch's record says its initiative went to the previous loser (RULES §7), and replays.
    await a.until(() => a.state.phase === 'commit', 'rematch round 1');
    b.send('concede');
    await spec.until(() => spec.state.matchNo === 2 && spec.state.phase === 'finished', 'rematch finished');
    const rematch = parseRecord(await (await fetch(`${server.get().url}/api/records/${spec.state.recordId}`)).json());
    expect(rematch).toMatchObject({ ok: true, value: { initiative: loser, initiativeFrom: 'previous-loser' } });
    expect(rematch.ok && replayRecord(rematch.value).ok).toBe(true);
    void botA;
    void botB;
  });
});

describe('timers', () => {
  it('applies the defaults when the driven clock runs past each deadline', async () => {
    const { a, b, roomId } = await pair(['Ed', 'Flo']);
    await a.until(() => a.state.phase === 'factions', 'factions');
    expect(a.state.deadline).toBeGreaterThan(Date.now());
    advanceClock(roomId, 46_000);
    await a.until(() => a.state.phase === 'draft', 'draft after the faction timer');
    expect(a.state.seats.map((s) => s.faction)).toEqual(['fpa', 'fpa']);
    // Each seat is told its own time ran out (never a silent default).
    for (const c of [a, b]) expect(c.of('timed-out')).toEqual([{ step: 'faction' }]);
    // Ten picks, then the swap, then munitions: every one defaulted by the clock.
    for (let i = 0; i < 20 && a.state.phase === 'draft'; i++) {
      const step = `${a.state.step}:${a.state.turn}:${JSON.stringify(a.state.seats.toJSON())}`;
      advanceClock(roomId, 46_000);
      await a.until(
        () =>
          `${a.state.step}:${a.state.turn}:${JSON.stringify(a.state.seats.toJSON())}` !== step ||
          a.state.phase !== 'draft',
        'next draft step',
      );
    }
    expect(a.state.phase).toBe('commit');
    expect(a.state.round).toBe(1);
    const seats = a.state.seats.toJSON();
    expect(seats[0].squadrons).toHaveLength(3);
    expect(seats[1].munitions.reduce((x: number, y: number) => x + y, 0)).toBe(4);
    // Five picks each, the initiative holder's swap (none), and both seats' munitions: each one said to its seat.
    const steps = (c: TestClient) => c.of('timed-out').map((m) => m.step);
    const holder = a.state.initiative === a.seat ? a : b;
    expect(steps(holder)).toEqual(['faction', 'pick', 'pick', 'pick', 'pick', 'pick', 'swap', 'munitions']);
    expect(steps(holder === a ? b : a)).toEqual(['faction', 'pick', 'pick', 'pick', 'pick', 'pick', 'munitions']);
    // Nobody commits: NONE and no cards for both, and round 2 opens; both are told their orders ran out first.
    const n = b.messages.length;
    const na = a.messages.length;
    advanceClock(roomId, 61_000);
    expect(await b.next('timed-out', n)).toEqual({ step: 'orders' });
    expect(await a.next('timed-out', na)).toEqual({ step: 'orders' });
    const ev = await b.next('events', n);
    const order = b.messages.slice(n).map((m) => m.type);
    expect(order.indexOf('timed-out')).toBeLessThan(order.indexOf('events'));
    expect(ev.events.find((e) => e.type === 'engine-revealed')).toMatchObject({ engines: ['NONE', 'NONE'] });
    await a.until(() => a.state.round === 2 && a.state.phase === 'commit', 'round 2');
  });
});

describe('reconnection', () => {
  it('holds the seat through a drop mid-commitment, catches the client up, and the match finishes', async () => {
    const { a, b, roomId, botA } = await pair(['Gus', 'Hal'], { aggressive: true, manualCommit: true });
    await a.until(() => a.state.phase === 'commit', 'round 1');
    a.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await b.until(() => b.state.seats[a.seat].lockedIn, 'a locked');
    a.drop();
    await b.until(() => !b.state.seats[a.seat].connected, 'seat shown disconnected');
    expect(b.state.seats[a.seat].taken).toBe(true);
    // 30 s away on the room clock: the budget (RULES §7, 180 s) shows what is left once the seat is back.
    advanceClock(roomId, 30_000);
    await a.reconnect();
    botA!.bind(a.room as Room);
    await b.until(() => b.state.seats[a.seat].connected, 'seat back');
    // The returning client gets its own sealed commitment back.
    const echo = await a.until(() => a.of('commitment').at(-1), 'commitment echo');
    expect(echo).toMatchObject({ round: 1, lockedIn: true, commitment: { engine: 'N', cards: [] } });
    b.send('commit', { round: 1, commitment: { engine: 'S', cards: [] } });
    await a.until(() => a.state.round === 2, 'round 2 after reconnecting');
    // 180 - 30 driven seconds, less the real milliseconds of the drop (rounded to whole seconds).
    expect(a.state.seats[a.seat].reconnectLeft).toBe(150);
    expect(b.state.seats[b.seat].reconnectLeft).toBe(180);
    // Finish: concede.
    b.send('concede');
    await a.until(() => a.state.phase === 'finished', 'finished');
    expect(a.state.winner).toBe(a.seat);
  });

  it('a client that drops during a commitment window gets the events of the round it missed, then the current round', async () => {
    const { a, b, roomId } = await pair(['Kim', 'Lou'], { aggressive: true, manualCommit: true });
    await a.until(() => a.state.phase === 'commit' && b.state.phase === 'commit', 'round 1');
    b.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await a.until(() => a.state.seats[b.seat].lockedIn, 'b locked');
    a.drop();
    await b.until(() => !b.state.seats[a.seat].connected, 'a shown disconnected');
    // Round 1 resolves without A (its clock runs out: NONE for A).
    advanceClock(roomId, 61_000);
    await b.until(() => b.state.round === 2 && b.state.phase === 'commit', 'round 2 without a');
    const missed = b
      .of('events')
      .filter((e) => e.round === 1)
      .flatMap((e) => e.events);
    expect(missed.length).toBeGreaterThan(0);
    expect(missed[0]).toMatchObject({ type: 'round-started', round: 1 });
    expect(a.of('events').filter((e) => e.round === 1)).toEqual([]);

    const before = a.messages.length;
    await a.reconnect();
    const sofar = await a.until(() => a.of('round-so-far').at(-1), 'the catch-up');
    // Exactly the missed round's events, as the opponent received them, and nothing of round 2 yet.
    expect(sofar).toEqual({ round: 2, events: [], previous: { round: 1, events: missed } });
    expect(a.messages.slice(before).filter((m) => m.type === 'events' || m.type === 'prompt')).toEqual([]);

    // A spectator joining now gets the same public catch-up, and nothing private.
    const spec = await joinById(server.get(), roomId, { spectate: true });
    open.push(spec);
    expect(await spec.until(() => spec.of('round-so-far').at(-1), 'spectator catch-up')).toEqual(sofar);
    expect(spec.of('commitment')).toEqual([]);

    // Then the current round's events arrive live, from the start of round 2.
    const n = a.messages.length;
    a.send('commit', { round: 2, commitment: { engine: 'NONE', cards: [] } });
    b.send('commit', { round: 2, commitment: { engine: 'NONE', cards: [] } });
    const live = await a.next('events', n);
    expect(live).toMatchObject({ round: 2, from: 0 });
    await a.until(() => a.state.round === 3, 'round 3');
    const round2 = (c: TestClient) =>
      c
        .of('events')
        .filter((e) => e.round === 2)
        .flatMap((e) => e.events);
    for (const c of [a, b, spec])
      await c.until(() => c.of('events').some((e) => e.round === 2 && e.done), 'round 2 done');
    expect(round2(a)).toEqual(round2(b));
    expect(round2(spec)).toEqual(round2(b));
    // Dropping again in round 3's window: the catch-up now carries round 2 (one round of history), not round 1.
    a.drop();
    await b.until(() => !b.state.seats[a.seat].connected, 'a away again');
    await a.reconnect();
    const again = await a.until(
      () => (a.of('round-so-far').length > 1 ? a.of('round-so-far').at(-1) : undefined),
      'the second catch-up',
    );
    expect(again).toEqual({ round: 3, events: [], previous: { round: 2, events: round2(b) } });
    b.send('concede');
    await a.until(() => a.state.phase === 'finished', 'finished');
  });

  it('forfeits a seat whose reconnection budget runs out', async () => {
    const { a, b, roomId } = await pair(['Ivy', 'Jo']);
    await a.until(() => a.state.phase === 'factions', 'factions');
    const seat = a.seat;
    a.drop();
    await b.until(() => !b.state.seats[seat].connected, 'dropped');
    advanceClock(roomId, 179_000);
    await b.roundTrip();
    expect(b.state.phase).not.toBe('finished');
    advanceClock(roomId, 2_000);
    await b.until(() => b.state.phase === 'finished', 'forfeit');
    expect(b.state.endReason).toBe('forfeit');
    expect(b.state.winner).toBe(b.seat);
    expect(b.state.seed).toMatch(/^[0-9a-f]{64}$/);
    await expect(a.reconnect()).rejects.toThrow();
    void serverRoom;
  });
});
