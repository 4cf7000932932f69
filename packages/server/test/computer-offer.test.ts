// Quick match's offer to play the computer: after the configured wait on the room clock the waiting
// player is offered the computer; it is opt-in — accepted, the computer takes the empty seat; declined, the player
// keeps waiting and the next stranger still gets the seat. Never a silent swap.
import { describe, expect, it } from 'vitest';
import { advanceClock, freezeRoomClock, quickMatch, serverForFile, type TestClient } from './harness.js';

// Every room's clock stands still but for advanceClock: the wait is checked to the millisecond.
const server = serverForFile({
  bots: { pauseMs: [0, 0], threads: 1 },
  room: { botOfferSeconds: 20 },
  onRoom: freezeRoomClock,
});

async function waitingAlone(name: string): Promise<TestClient> {
  const c = await quickMatch(server.get(), name);
  server.open.push(c);
  expect(c.state.phase).toBe('waiting');
  return c;
}

/** Runs the room clock to one ms before the offer, checks nothing came, then to the offer. */
async function offerAfterWait(c: TestClient) {
  advanceClock(c.room.roomId, 19_999);
  await c.roundTrip();
  expect(c.of('computer-offer')).toEqual([]);
  advanceClock(c.room.roomId, 1);
  return c.next('computer-offer', 0);
}

describe('quick match offers the computer after the wait', () => {
  it('nothing to accept before the offer; accepted, the computer takes the empty seat and the match starts', async () => {
    const c = await waitingAlone('Uma');
    const early = await c.expectError('play-computer', { level: 'easy' });
    expect(early).toMatchObject({ code: 'wrong-phase', type: 'play-computer' });
    expect(await offerAfterWait(c)).toEqual({ levels: ['easy', 'medium', 'hard'], waitedSeconds: 20 });
    const bad = await c.expectError('play-computer', { level: 'random' });
    expect(bad.code).toBe('bad-payload');
    expect(bad.message).toMatch(/^play-computer: level/);
    c.send('play-computer', { level: 'medium' });
    await c.until(() => c.state.phase === 'factions', 'the match starting');
    expect(c.state.seats[1]).toMatchObject({ name: 'Computer (medium)', bot: 'medium', taken: true, connected: true });
    // A quick match stays public: it is listed for spectators, marked as a match against the computer.
    const listed = await c.until(async () => {
      const r = (await (await fetch(`${server.get().url}/api/matches`)).json()) as { matches: { roomId: string }[] };
      return r.matches.find((m) => m.roomId === c.room.roomId);
    }, 'the listing');
    expect(await listed).toMatchObject({ bot: 'medium', players: ['Uma', 'Computer (medium)'] });
    // The computer plays its seat: it chooses a faction like a player.
    await c.until(() => c.state.seats[1].lockedIn || c.state.seats[1].faction, 'the computer faction (sealed)');
  });

  it('declined: no second offer, and the next player who asks gets the seat', async () => {
    const c = await waitingAlone('Vic');
    await offerAfterWait(c);
    c.send('decline-computer');
    await c.roundTrip();
    expect(c.of('error')).toEqual([]);
    advanceClock(c.room.roomId, 120_000);
    await c.roundTrip();
    expect(c.of('computer-offer')).toHaveLength(1);
    const late = await c.expectError('play-computer', { level: 'easy' });
    expect(late.code).toBe('wrong-phase');
    const d = await quickMatch(server.get(), 'Wes');
    server.open.push(d);
    expect(d.room.roomId).toBe(c.room.roomId);
    await c.until(() => c.state.phase === 'factions', 'the match starting');
    expect(c.state.seats.map((s: { name: string; bot: string }) => [s.name, s.bot])).toEqual([
      ['Vic', ''],
      ['Wes', ''],
    ]);
  });

  it('a second player who comes within the wait: no offer at all', async () => {
    const c = await waitingAlone('Xan');
    const d = await quickMatch(server.get(), 'Yul');
    server.open.push(d);
    await c.until(() => c.state.phase === 'factions', 'the match starting');
    advanceClock(c.room.roomId, 20_000);
    await c.roundTrip();
    expect(c.of('computer-offer')).toEqual([]);
  });
});
