// Messages and seats: every frame counts toward the flood limit (PING and ROOM_REQUEST too), a dropped
// message's notice names it, a flood past the warning is disconnected with a reason, an undecodable frame gets an
// error then a close and the seat goes into the reconnection hold, `concede`/`rematch` take nothing or {}, and join
// options are strict.
// The flood limiter's clock is frozen (RoomDeps.floodClock): no refill happens unless a test moves it.
import { encode } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';
import { sdkSocket } from '../src/colyseus-internals.js';
import { DEFAULT_RATE_LIMIT } from '../src/room/rate-limit.js';
import { pairWithSpectator, sdk, serverForFile, type TestClient } from './harness.js';

let now = 0;
const server = serverForFile({ room: { floodClock: () => now } });

const pair = (tag: string) => pairWithSpectator(server, tag);

const raw = (c: TestClient, bytes: number[] | Uint8Array) => sdkSocket(c.room).send(new Uint8Array(bytes));

/** A ROOM_REQUEST frame (code 21): request id, message type, no payload. */
function requestFrame(id: number, type: string): Uint8Array {
  const buf = Buffer.alloc(64);
  const it = { offset: 0 };
  buf[it.offset++] = 21;
  encode.number(buf, id, it);
  encode.string(buf, type, it);
  return buf.subarray(0, it.offset);
}

/** A ROOM_DATA frame (code 13) of `type` whose payload bytes are `payload` as given. */
function dataFrame(type: string, payload: number[]): Uint8Array {
  const buf = Buffer.alloc(64);
  const it = { offset: 0 };
  buf[it.offset++] = 13;
  encode.string(buf, type, it);
  return Buffer.concat([buf.subarray(0, it.offset), Buffer.from(payload)]);
}

const burst = DEFAULT_RATE_LIMIT.burst;
const past = DEFAULT_RATE_LIMIT.disconnectAfter;

describe('the flood limit', () => {
  it('counts PING frames: a notice naming PING, then a disconnect with a reason', async () => {
    const { a, spec } = await pair('ping');
    now += 60_000; // a full bucket
    for (let i = 0; i < burst; i++) raw(a, [18]);
    const n = a.messages.length;
    raw(a, [18]);
    const notice = await a.next('error', n);
    expect(notice).toMatchObject({ code: 'rate-limited', type: 'PING' });
    expect(notice.message).toMatch(/"PING" was dropped/);
    expect(a.closed).toBe(false);
    for (let i = 0; i < past; i++) raw(a, [18]);
    await a.until(() => a.closed, 'the disconnect');
    expect(a.leftWith).toEqual({ code: 4029, reason: 'too many messages: disconnected for flooding' });
    // A drop: the seat is held for reconnection.
    await spec.until(() => !spec.state.seats[a.seat].connected, 'seat shown dropped');
    expect(spec.state.seats[a.seat].taken).toBe(true);
  });

  it('counts ROOM_REQUEST frames', async () => {
    const { a } = await pair('req');
    now += 60_000;
    for (let i = 0; i < burst + past + 1; i++) raw(a, requestFrame(i % 100, 'revise'));
    await a.until(() => a.closed, 'the disconnect');
    expect(a.of('error').filter((e) => e.code === 'rate-limited')).toEqual([
      expect.objectContaining({ type: 'revise' }),
    ]);
    expect(a.leftWith?.code).toBe(4029);
  });

  it('names the dropped message, warns once a second, and slows without cutting off a client just over the rate', async () => {
    const { a, b, spec } = await pair('slow');
    now += 60_000;
    for (let i = 0; i < burst + 5; i++) a.send('revise', { round: 1 });
    await a.until(() => a.of('error').some((e) => e.code === 'rate-limited'), 'the notice');
    const notices = a.of('error').filter((e) => e.code === 'rate-limited');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe('too many messages: "revise" was dropped; slow down or be disconnected');
    // A second later the bucket has 20 more; the client is still connected and acts.
    now += 1000;
    a.send('faction', { faction: 'fpa' });
    await spec.until(() => spec.state.seats[a.seat].lockedIn, 'a acts');
    expect(a.closed).toBe(false);
    b.send('faction', { faction: 'lamais' });
    await spec.until(() => spec.state.phase === 'draft', 'the draft');
  });
});

describe('undecodable frames', () => {
  for (const [what, frame] of [
    ['a payload that is not msgpack', dataFrame('commit', [0xd9, 0x05, 0x61])],
    ['an unknown frame code', new Uint8Array([0x1f, 1, 2, 3])],
    ['a truncated message type', new Uint8Array([13, 0xd9, 0x10, 0x61])],
  ] as const) {
    it(`${what}: an error, then a close; the seat is held and taken back`, async () => {
      const { a, spec } = await pair(what.slice(0, 8));
      now += 60_000;
      const n = a.messages.length;
      raw(a, frame);
      const e = await a.next('error', n);
      expect(e.code).toBe('bad-payload');
      expect(e.message).toMatch(/closing the connection/);
      await a.until(() => a.closed, 'the close');
      expect(a.leftWith).toEqual({ code: 4002, reason: 'undecodable frame' });
      await spec.until(() => !spec.state.seats[a.seat].connected, 'seat held');
      expect(spec.state.seats[a.seat].taken).toBe(true);
      await a.reconnect();
      await spec.until(() => spec.state.seats[a.seat].connected, 'back');
    });
  }
});

describe('payloads', () => {
  it('concede and rematch take no payload or {} and nothing else', async () => {
    const { a, spec } = await pair('empty');
    for (const type of ['concede', 'rematch']) {
      for (const bad of [[], [1], { x: 1 }, 5, 'x', null, true]) {
        const e = await a.expectError(type, bad);
        expect(e.code, `${type} ${JSON.stringify(bad)}`).toBe('bad-payload');
        expect(e.type).toBe(type);
      }
    }
    await spec.roundTrip();
    expect(spec.state.phase).toBe('factions');
    a.send('concede', {});
    await spec.until(() => spec.state.phase === 'finished', 'conceded with {}');
  });

  it('join options are strict: an unknown key or a wrong type is refused by name, before any room is made', async () => {
    const rooms = async () => ((await (await fetch(`${server.get().url}/health`)).json()) as { rooms: number }).rooms;
    const before = await rooms();
    for (const [options, words] of [
      [{ name: 'X', colour: 'red' }, 'join options: colour: unknown key: not allowed here'],
      [{ name: 42 }, 'join options: name: Invalid type: Expected string but received 42'],
      [{ private: 'yes' }, 'join options: private: Invalid type: Expected boolean but received "yes"'],
      [{ bot: 'godlike' }, /join options: bot: /],
      [{ timers: { commit: 1 } }, /join options: timers\.commit: /],
    ] as const) {
      for (const method of ['joinOrCreate', 'create'] as const) {
        const err = await sdk(server.get())
          [method]('match', options as never)
          .then(
            () => null,
            (e: Error) => e,
          );
        expect(err?.message, `${method} ${JSON.stringify(options)}`).toMatch(words);
      }
    }
    expect(await rooms()).toBe(before);
  });
});
