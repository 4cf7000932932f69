// Admission before reservation: seat reservations posted with no socket behind them (a squatter) keep nobody
// apart, a private room's seat is refused at reservation without the invite, a finished room's free seat is nobody's.
// Time: the reservation clock (createGameServer http.now) and the room clocks are driven; nothing waits.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HOLD_MS } from '../src/seats/reservations.js';
import { advanceClock, createPrivate, joinById, quickMatch, serverForFile, type TestClient } from './harness.js';

let now = 5_000_000;
const server = serverForFile({ http: { now: () => now } });
const open = server.open;
const track = (c: TestClient) => {
  open.push(c);
  return c;
};

/** Colyseus' matchmaking answer: a seat reservation (its room) or a refusal (its words). */
type SquatAnswer = { roomId?: string; error?: string };

/** A reservation from another address (127.0.0.2), as a squatter's script would post it: no socket ever opens. */
function squat(method: string, roomOrName: string, options: object): Promise<{ status: number; body: SquatAnswer }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(options);
    const req = request(
      `${server.get().url}/matchmake/${method}/${roomOrName}`,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) as SquatAnswer }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** The room a squatter's reservation holds; a refusal fails with its words. */
function roomOf(r: { status: number; body: SquatAnswer }): string {
  if (!r.body.roomId) throw new Error(`the reservation was refused: ${r.status} ${r.body.error}`);
  return r.body.roomId;
}

/** One second passes: on the reservation clock, and on every room clock (their ticks re-check the seats). */
function second(roomIds: string[]): void {
  now += 1000;
  for (const id of roomIds) advanceClock(id, 1000);
}

describe('quick match under a squatter', () => {
  it('pairs two players arriving 3 s apart while a reservation is posted every second', async () => {
    const rooms = new Set<string>();
    const first = await squat('joinOrCreate', 'match', { name: 'squatter' });
    expect(first.status).toBe(200);
    rooms.add(roomOf(first));
    const a = track(await quickMatch(server.get(), 'Ada'));
    rooms.add(a.room.roomId);
    for (let t = 1; t <= 3; t++) {
      second([...rooms]);
      const r = await squat('joinOrCreate', 'match', { name: 'squatter' });
      expect(r.status).toBe(200);
      rooms.add(roomOf(r));
    }
    second([...rooms]);
    const b = track(await quickMatch(server.get(), 'Bo'));
    expect(b.room.roomId).toBe(a.room.roomId);
    await a.until(() => a.state.phase === 'factions', 'the match starts');
    expect(a.state.seats.map((s) => s.name)).toEqual(a.seat === 0 ? ['Ada', 'Bo'] : ['Bo', 'Ada']);
  });

  it('an unused reservation holds its seat for HOLD_MS at most', async () => {
    now += 120_000; // the squatter's strike is over: a fresh address
    const r = await squat('joinOrCreate', 'match', { name: 'slow' });
    const a = track(await quickMatch(server.get(), 'Cy'));
    expect(a.room.roomId).toBe(r.body.roomId); // the room with a held seat takes Cy
    // The room is full of holds now: a third player goes elsewhere …
    const c = track(await quickMatch(server.get(), 'Di'));
    expect(c.room.roomId).not.toBe(a.room.roomId);
    await c.leave();
    // … and once the hold lapses, the next one is paired with Cy.
    now += HOLD_MS;
    advanceClock(a.room.roomId, HOLD_MS);
    const d = track(await quickMatch(server.get(), 'Ed'));
    expect(d.room.roomId).toBe(a.room.roomId);
    await a.until(() => a.state.phase === 'factions', 'the match starts');
  });
});

describe('a private room', () => {
  it('refuses a reservation without the invite, with its words; the invited friend gets in', async () => {
    now += 120_000;
    const host = track(await createPrivate(server.get(), { name: 'Host' }));
    const invite = (host.of('welcome')[0] as { invite?: string }).invite!;
    for (let i = 0; i < 5; i++) {
      const r = await squat('joinById', host.room.roomId, { name: 'stranger' });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.body.error).toBe('this match is private: a wrong or missing invite code');
      const w = await squat('joinById', host.room.roomId, { name: 'stranger', invite: `${invite.slice(1)}x` });
      expect(w.body.error).toBe('this match is private: a wrong or missing invite code');
    }
    const friend = track(await joinById(server.get(), host.room.roomId, { name: 'Friend', invite }));
    await friend.until(() => friend.state.phase === 'factions', 'the match starts');
  });
});

describe('a finished room', () => {
  it('gives nobody the seat a player left', async () => {
    now += 120_000;
    const a = track(await quickMatch(server.get(), 'Fay'));
    const b = track(await quickMatch(server.get(), 'Gus'));
    await a.until(() => a.state.phase === 'factions', 'the match starts');
    a.send('concede');
    await b.until(() => b.state.phase === 'finished', 'finished');
    await a.leave();
    await b.until(() => b.state.seats.some((s) => !s.taken), 'a free seat');
    const r = await squat('joinById', b.room.roomId, { name: 'stranger' });
    expect(r.body.error).toBe('this match is over: its seats are not open to anyone else');
    b.send('rematch');
    await b.roundTrip();
    expect(b.state.phase).toBe('finished');
  });
});
