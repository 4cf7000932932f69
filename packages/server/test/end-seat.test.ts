// A player who reloads after the end keeps their seat (RULES §7 rematch; the seat is held for the room's reconnection
// window, seat-log.ts), and a practice match keeps its only player's seat like any match; a room that is really gone
// answers MATCH_GONE at once (http/matchmake.ts). Real SDK clients; only the room clock is driven.
import type { Room } from '@colyseus/sdk';
import { MATCH_GONE, MATCH_GONE_STATUS } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import {
  advanceClock,
  createPractice,
  createPrivate,
  joinById,
  quickMatch,
  sdk,
  serverForFile,
  serverRoom,
  type TestClient,
} from './harness.js';
import { whenDisposed } from '../src/colyseus-internals.js';
import type { MatchRoom } from '../src/room/MatchRoom.js';

const server = serverForFile({
  room: { reconnectSeconds: 180 },
  bots: { pauseMs: [0, 0], thinkMs: 600_000, threads: 1, budget: { easy: 1, medium: 20, hard: 40 } },
});
const open = server.open;

/** Two players through factions and the draft (scripted) to round 1's commitment window. */
async function pair(names: [string, string]): Promise<{ a: TestClient; b: TestClient; roomId: string }> {
  const a = await quickMatch(server.get(), names[0]);
  const b = await quickMatch(server.get(), names[1]);
  open.push(a, b);
  expect(a.room.roomId).toBe(b.room.roomId);
  await a.until(() => a.of('welcome').length && b.of('welcome').length, 'welcomes');
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, { seed: `${c.seat}-bot`, manualCommit: true });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await a.until(() => a.state.phase === 'commit' && b.state.phase === 'commit', 'round 1');
  return { a, b, roomId: a.room.roomId };
}

/** A reconnection's refusal as the SDK reports it: its code and words. */
async function refusal(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  const err = (await p.then(
    () => null,
    (e: unknown) => e,
  )) as { code: number; message: string } | null;
  if (!err) throw new Error('expected a refusal, the client got in');
  return { code: err.code, message: err.message };
}

describe('after the end: a reload keeps the seat', () => {
  it("drop and reconnect with the token: same seat, the end caught up, the opponent's rematch shown, rematch starts", async () => {
    const { a, b, roomId } = await pair(['Ann', 'Ben']);
    const seat = a.seat;
    // B locks in (its receipt's hash is published), then A concedes: the window is cut short, never revealed.
    b.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    const receipt = await a.until(() => a.of('receipt').find((r) => r.seat === b.seat && r.hash), "b's receipt");
    a.send('concede');
    const ended = await a.next('ended', 0);
    expect(ended.recordId).toBeTruthy();
    await b.until(() => b.state.phase === 'finished', 'b sees the end');
    // A asks first, then drops (a reload): its request is withdrawn, it stands for a player who is there to play.
    a.send('rematch');
    await b.until(() => b.state.seats[seat].rematch, "a's rematch request");
    a.drop();
    await b.until(() => !b.state.seats[seat].connected, 'a shown away');
    expect(b.state.seats[seat]).toMatchObject({ taken: true, connected: false, rematch: false });
    // B asks meanwhile: no match starts without A.
    b.send('rematch');
    await b.until(() => b.state.seats[b.seat].rematch, "b's request");
    await b.roundTrip();
    expect(b.state.phase).toBe('finished');
    // Well within the window (even a match's spent budget would not matter after the end): back in the same seat.
    advanceClock(roomId, 170_000);
    const before = a.messages.length;
    await a.reconnect();
    const welcome = await a.until(() => a.messages.slice(before).find((m) => m.type === 'welcome')?.msg, 'welcome');
    expect(welcome).toMatchObject({ role: 'player', seat });
    // The catch-up brings the end again (the end screen, its record and seed), and B's request is in the state.
    expect(await a.until(() => a.messages.slice(before).find((m) => m.type === 'ended')?.msg, 'ended again')).toEqual(
      ended,
    );
    await a.until(() => a.state?.phase === 'finished' && a.state.seats[seat].connected, 'a connected again');
    // B's published receipt is shown again (the log's receipt line reads as before the reload).
    expect(a.messages.slice(before).filter((m) => m.type === 'receipt')).toEqual([{ type: 'receipt', msg: receipt }]);
    expect(a.state.seats[b.seat].rematch).toBe(true);
    expect(a.state.recordId).toBe(ended.recordId);
    // A accepts: the rematch starts (RULES §7: the previous loser has the initiative).
    a.send('rematch');
    await a.until(() => a.state.matchNo === 2 && a.state.phase === 'factions', 'the rematch');
    expect(a.state.initiative).toBe(seat);
    expect(a.state.seats.map((s) => s.rematch)).toEqual([false, false]);
  });

  it('past the window after the end the seat is given up: the token is refused, the opponent sees the seat free', async () => {
    const { a, b, roomId } = await pair(['Cat', 'Dan']);
    const seat = a.seat;
    b.send('concede');
    await a.until(() => a.state.phase === 'finished', 'finished');
    a.drop();
    await b.until(() => !b.state.seats[seat].connected, 'a away');
    advanceClock(roomId, 179_000);
    await b.roundTrip();
    expect(b.state.seats[seat].taken).toBe(true);
    advanceClock(roomId, 2_000);
    await b.until(() => !b.state.seats[seat].taken, 'the seat given up');
    // The room is still there (B is in it), so the answer is the expired token, not "gone".
    expect((await refusal(a.reconnect())).code).toBe(524);
    expect(b.state.phase).toBe('finished');
  });
});

describe("a private room's creator who reloads while waiting for the invitee", () => {
  it('keeps the room and the seat: back with the token, and the invitee joins and the match starts', async () => {
    const a = await createPrivate(server.get(), { name: 'Hal' });
    open.push(a);
    const roomId = a.room.roomId;
    const invite = a.of('welcome')[0]!.invite!;
    a.drop();
    await a.until(() => a.closed, 'dropped');
    // The invitee may come while the creator is away: the match starts, the creator's seat held.
    const b = await joinById(server.get(), roomId, { name: 'Ivo', invite });
    open.push(b);
    await b.until(() => b.state.phase === 'factions', 'the match starts');
    expect(b.state.seats[0]).toMatchObject({ name: 'Hal', taken: true, connected: false });
    const n = a.messages.length;
    await a.reconnect();
    const welcome = await a.until(() => a.messages.slice(n).find((m) => m.type === 'welcome')?.msg, 'welcome');
    expect(welcome).toMatchObject({ role: 'player', seat: 0 });
    await b.until(() => b.state.seats[0].connected, 'the creator back');
    expect(a.state.phase).toBe('factions');
  });

  it('past the window with nobody there, the room goes: MATCH_GONE', async () => {
    const a = await createPrivate(server.get(), { name: 'Jay' });
    open.push(a);
    const roomId = a.room.roomId;
    const room = serverRoom(roomId) as unknown as MatchRoom;
    const disposed = whenDisposed(room);
    a.drop();
    await a.until(() => a.closed, 'dropped');
    advanceClock(roomId, 179_000);
    await a.reconnect();
    a.drop();
    await a.until(() => a.closed, 'dropped again');
    advanceClock(roomId, 181_000);
    await disposed;
    await room.journal.closed;
    expect((await refusal(a.reconnect())).code).toBe(MATCH_GONE_STATUS);
  });
});

describe('a practice match against the computer keeps its only player', () => {
  it('a reload mid-match: the seat is held, the timers run, the player is back in the seat with the catch-up', async () => {
    const c = await createPractice(server.get(), { bot: 'easy', name: 'Eve' });
    open.push(c);
    const roomId = c.room.roomId;
    c.send('faction', { faction: 'fpa' });
    await c.until(() => c.state.phase === 'draft' && c.state.turn === 0 && c.state.deadline > 0, 'our draft pick');
    const slots = (x: TestClient['state']['seats'][0]) =>
      [x.main, x.broadside, x.fighterBay, x.pointDefence].filter(Boolean).length + x.squadrons.length;
    const picks = (st: TestClient['state']) => slots(st.seats[0]) + slots(st.seats[1]);
    const before = picks(c.state);
    c.drop();
    await c.until(() => c.closed, 'dropped');
    // Away past our pick's clock (RULES §7: the timers run, the default is taken) while the computer plays on.
    advanceClock(roomId, c.state.settings.draftSeconds * 1000 + 1_000);
    const n = c.messages.length;
    await c.reconnect();
    const welcome = await c.until(() => c.messages.slice(n).find((m) => m.type === 'welcome')?.msg, 'welcome');
    expect(welcome).toMatchObject({ role: 'player', seat: 0 });
    await c.until(() => c.state?.seats?.[0]?.connected && picks(c.state) > before, 'back, the draft moved on');
    expect(c.state.phase).toBe('draft');
    expect(c.state.seats[1]).toMatchObject({ name: 'Computer (easy)', taken: true, connected: true });
  });

  it('a reload on the end screen: the end again, and a rematch the computer accepts', async () => {
    const c = await createPractice(server.get(), { bot: 'easy', name: 'Fay' });
    open.push(c);
    await c.until(() => c.state.phase === 'factions', 'factions');
    c.send('concede');
    const ended = await c.next('ended', 0);
    c.drop();
    await c.until(() => c.closed, 'dropped');
    const before = c.messages.length;
    await c.reconnect();
    expect(await c.until(() => c.messages.slice(before).find((m) => m.type === 'ended')?.msg, 'ended again')).toEqual(
      ended,
    );
    c.send('rematch');
    await c.until(() => c.state.matchNo === 2 && c.state.phase === 'factions', 'the rematch against the computer');
  });

  it('a room that is gone answers MATCH_GONE (410) at once, to a reconnection and to a join by id', async () => {
    const c = await createPractice(server.get(), { bot: 'easy', name: 'Gil' });
    open.push(c);
    const roomId = c.room.roomId;
    const token = c.room.reconnectionToken;
    await c.until(() => c.state.phase === 'factions', 'factions');
    const room = serverRoom(roomId) as unknown as MatchRoom;
    const disposed = whenDisposed(room);
    c.drop();
    await c.until(() => c.closed, 'dropped');
    // Still there (held): the answer is not "gone" yet — the token takes the seat back.
    await c.reconnect();
    c.drop();
    await c.until(() => c.closed, 'dropped again');
    // The budget runs out: the seat forfeits, nobody is left, the room goes and its log with it.
    advanceClock(roomId, 181_000);
    await disposed;
    await room.journal.closed;
    const token2 = c.room.reconnectionToken;
    const viaToken = await refusal(sdk(server.get()).reconnect(token2));
    expect(token2).not.toBe(token);
    expect(viaToken).toEqual({ code: MATCH_GONE_STATUS, message: MATCH_GONE });
    const viaId = await refusal(sdk(server.get()).joinById(roomId, { name: 'Gil' }));
    expect(viaId).toEqual({ code: MATCH_GONE_STATUS, message: MATCH_GONE });
    // An id nobody ever had: the same.
    expect((await refusal(sdk(server.get()).joinById('nosuchroom', { name: 'Gil' }))).code).toBe(MATCH_GONE_STATUS);
  });
});
