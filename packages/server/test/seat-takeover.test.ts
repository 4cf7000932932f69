// A reconnection token used while its owner is still connected (seats/seat-takeover.ts): wherever a dropped seat would
// be held — a live match, a private room waiting for its invitee, the end screen — the seat moves to the newer
// connection and the older one is told why; where none is held (quick match waiting for an opponent) the token is
// refused and the owner keeps the seat. A reloaded page whose old socket the server has not seen close yet is the
// common case: it must come back to its own seat, never take the other one. And a page that lost its token (an old
// tab after its seat moved) cannot take the other seat either: one player never holds both. Real SDK clients.
import { Client, type Room } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import {
  createPrivate,
  joinById,
  joinWithToken,
  pairWithSpectator,
  quickMatch,
  sdk,
  serverForFile,
  startSession,
  TestClient,
} from './harness.js';

const server = serverForFile();
const open = server.open;

const pair = (tag: string) => pairWithSpectator(server, tag);

/** A second connection that comes in with `older`'s token, as a reloaded page does before its old socket closes. */
async function newerWith(older: TestClient): Promise<TestClient> {
  const c = new Client(server.get().wsUrl);
  const newer = new TestClient((await c.reconnect(older.room.reconnectionToken)) as Room, c);
  open.push(newer);
  await newer.until(() => newer.of('welcome').length > 0, 'welcome');
  return newer;
}

/** The older connection was told its seat moved, then closed with 4409. */
async function expectReplaced(older: TestClient): Promise<void> {
  await older.until(() => older.closed, 'the older connection closes');
  expect(older.of('error').at(-1)).toMatchObject({ code: 'replaced' });
  expect(older.leftWith).toEqual({ code: 4409, reason: 'seat moved to a newer connection' });
}

describe('a reconnection token used while its owner is connected', () => {
  it('during a live match: the seat moves to the newer connection and the older one is told why', async () => {
    const { a, spec } = await pair('take');
    const seat = a.seat;
    const newer = await newerWith(a);
    expect(newer.of('welcome')[0]).toMatchObject({ role: 'player', seat });
    await expectReplaced(a);
    await spec.until(() => spec.state.seats[seat].connected, 'the seat is connected');
    newer.send('faction', { faction: 'lamais' });
    await spec.until(() => spec.state.seats[seat].lockedIn, 'the newer connection plays the seat');
  });

  it("a private room waiting for its invitee: the creator's seat moves, and the invitee gets the other one", async () => {
    const a = await createPrivate(server.get(), { name: 'Kit' });
    open.push(a);
    const invite = a.of('welcome')[0]!.invite!;
    const newer = await newerWith(a);
    expect(newer.of('welcome')[0]).toMatchObject({ role: 'player', seat: 0, invite });
    await expectReplaced(a);
    await newer.until(() => newer.state.seats[0].connected, 'the creator is back in seat 0');
    expect(newer.state.phase).toBe('waiting');
    expect(newer.state.seats[1]!.taken).toBe(false);
    const b = await joinById(server.get(), a.room.roomId, { name: 'Lux', invite });
    open.push(b);
    expect(b.of('welcome')[0]).toMatchObject({ role: 'player', seat: 1 });
    await b.until(() => b.state.phase === 'factions', 'the match starts');
    expect(b.state.seats.map((s) => [s.name, s.connected])).toEqual([
      ['Kit', true],
      ['Lux', true],
    ]);
  });

  it('on the end screen: the seat moves with the end caught up, and the rematch can still be asked', async () => {
    const { a, b, spec } = await pair('end');
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `${c.seat}-end`, manualCommit: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    await spec.until(() => spec.state.phase === 'commit', 'round 1');
    b.send('concede');
    const ended = await a.next('ended', 0);
    const newer = await newerWith(a);
    expect(newer.of('welcome')[0]).toMatchObject({ role: 'player', seat: a.seat });
    await expectReplaced(a);
    expect(await newer.until(() => newer.of('ended')[0], 'the end caught up')).toEqual(ended);
    await newer.until(() => newer.state.phase === 'finished' && newer.state.seats[a.seat].connected, 'back');
    newer.send('rematch');
    await spec.until(() => spec.state.seats[a.seat].rematch, 'the rematch asked from the newer connection');
  });

  it('while a quick match waits for an opponent: refused, and the owner keeps the seat', async () => {
    const a = await quickMatch(server.get(), 'lonely');
    open.push(a);
    const err = await new Client(server.get().wsUrl).reconnect(a.room.reconnectionToken).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(/reconnection token invalid or expired/);
    await a.roundTrip();
    expect(a.closed).toBe(false);
    expect(a.state.seats[a.seat].connected).toBe(true);
  });
});

describe('one player never holds both seats', () => {
  it("the creator's session following its own invite link is refused by name, and the invitee still gets in", async () => {
    const kit = await startSession(server.get().url, 'Kit');
    const a = await joinWithToken(server.get(), kit.token, 'create', { name: 'Kit', private: true });
    open.push(a);
    const invite = a.of('welcome')[0]!.invite!;
    const again = sdk(server.get());
    again.auth.token = kit.token;
    const err = await again.joinById(a.room.roomId, { name: 'Kit', invite }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toBe(
      'you hold the other seat of this room already (another tab or device): one player cannot play both sides',
    );
    await a.roundTrip();
    expect(a.state.phase).toBe('waiting');
    expect(a.state.seats.map((s) => s.taken)).toEqual([true, false]);
    const b = await joinById(server.get(), a.room.roomId, { name: 'Lux', invite });
    open.push(b);
    await b.until(() => b.state.phase === 'factions', 'the match starts');
    expect(b.state.seats.map((s) => s.name)).toEqual(['Kit', 'Lux']);
  });
});
