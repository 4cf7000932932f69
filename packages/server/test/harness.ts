// Test harness: a real game server on a free loopback port and real @colyseus/sdk clients over WebSockets.
// Only the room clock can be driven (advanceClock); everything else runs for real.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchMaker, type Room as ServerRoom } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { afterAll, beforeAll } from 'vitest';
import { type JoinOptions, SEAT_TAKEN, type ServerMessages } from '@star-eater/protocol';
import { sleep } from '../bench/procs.js';
import { createGameServer, type GameServer, type GameServerOptions } from '../src/app.js';
import { clockNow, sdkSocket, setClockNow, setClockOffset, tapMessages, tickClock } from '../src/colyseus-internals.js';
import { createLogger } from '../src/logger.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { attachBot, type BotOptions } from './bot.js';
import type { StateView } from './state-view.js';

const UNLIMITED = { burst: 1e9, perMinute: 1e9 };

/**
 * How long a wait (until, next, roundTrip; eventually in processes.ts) lasts before it fails, unless the caller says:
 * a hang guard, never a speed check. Each waits for something the test knows comes (a message, a state, a ping
 * back, a process' answer); with the whole suite under 2 busy loops and the other engineers' load (load 10–19) the
 * slowest took 3.8 s, and the 10 s it was is under 3 times that. A hang fails as "timed out waiting for <what>",
 * inside the test's own timeout (vitest.config.ts).
 */
export const WAIT_GUARD_MS = 30_000;

export interface TestServer extends GameServer {
  wsUrl: string;
  dir: string;
  stop(): Promise<void>;
}

export async function startTestServer(opts: GameServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'se-server-'));
  const storage = opts.storage ?? new SqliteStorage(join(dir, 'records.sqlite'));
  await storage.init();
  const game = await createGameServer({
    port: 0,
    host: '127.0.0.1',
    storage,
    clientDir: null,
    log: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    ...opts,
    // Every client of a test comes from 127.0.0.1: the per-IP limits are tested on their own (http-guard.test.ts).
    http: { matchmake: UNLIMITED, api: UNLIMITED, ...opts.http },
  });
  return {
    ...game,
    wsUrl: `ws://127.0.0.1:${game.port}`,
    dir,
    stop: async () => {
      await game.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One test server for the whole file (started before its tests, stopped after them) and the clients to close then.
 * `get()` is the running server.
 */
export function serverForFile(opts: GameServerOptions = {}): { get(): TestServer; open: TestClient[] } {
  let server: TestServer | null = null;
  const open: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(opts);
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.leave()));
    await server?.stop();
  });
  return {
    get: () => {
      if (!server) throw new Error('the test server is not running (serverForFile: used outside a test?)');
      return server;
    },
    open,
  };
}

type Msg = { [K in keyof ServerMessages]: { type: K; msg: ServerMessages[K] } }[keyof ServerMessages];

/** A real SDK client that records every message and raw frame it receives. */
export class TestClient {
  readonly messages: Msg[] = [];
  readonly frames: Uint8Array[] = [];
  private waiters: Array<() => void> = [];
  closed = false;
  /** The close code and reason of the last connection, once it ended. */
  leftWith: { code: number; reason: string | undefined } | null = null;

  constructor(
    public room: Room,
    readonly sdk: Client,
  ) {
    this.attach();
  }

  private attach(): void {
    // Tests reconnect by hand (reconnect()), so the SDK's automatic retry stays off.
    this.room.reconnection.enabled = false;
    // Record every message before the SDK dispatches it (a '*' handler would miss types with their own handler).
    tapMessages(this.room, (type, msg) => {
      this.messages.push({ type, msg } as Msg);
      this.poke();
    });
    this.room.onMessage('*', () => {});
    this.room.onStateChange(() => this.poke());
    this.room.onLeave((code, reason) => {
      this.leftWith = { code, reason };
      this.closed = true;
      this.poke();
    });
    const ws = sdkSocket(this.room);
    ws.addEventListener('message', (ev: MessageEvent) => {
      this.frames.push(new Uint8Array(ev.data as ArrayBuffer));
    });
  }

  private poke(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** The room's synced state as this client decoded it (output/state.ts). */
  get state(): StateView {
    return this.room.state as StateView;
  }
  get seat(): 0 | 1 {
    const w = this.messages.find((m) => m.type === 'welcome');
    if (!w) throw new Error('seat: no welcome yet');
    return (w.msg as ServerMessages['welcome']).seat as 0 | 1;
  }

  send(type: string | number, payload?: unknown): void {
    this.room.send(type as never, payload as never);
  }

  of<K extends keyof ServerMessages>(type: K): ServerMessages[K][] {
    return this.messages.filter((m) => m.type === type).map((m) => m.msg as ServerMessages[K]);
  }

  /** Resolves when pred() holds, re-checked on every message and state change. */
  async until<T>(pred: () => T | undefined | false | null, what = 'condition', ms = WAIT_GUARD_MS): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = pred();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the next message of a type after `after` messages. */
  async next<K extends keyof ServerMessages>(
    type: K,
    after = this.messages.length,
    ms = WAIT_GUARD_MS,
  ): Promise<ServerMessages[K]> {
    return this.until(
      () => this.messages.slice(after).find((m) => m.type === type)?.msg as ServerMessages[K] | undefined,
      `message ${type}`,
      ms,
    );
  }

  /** Sends and waits for the `error` reply. */
  async expectError(type: string | number, payload?: unknown): Promise<ServerMessages['error']> {
    const n = this.messages.length;
    this.send(type, payload);
    return this.next('error', n);
  }

  /**
   * A barrier for "nothing changed" checks: resolves when a PING sent now comes back. The room writes a turn's patch
   * and messages before it reads the next frame, so whatever an earlier message (of any client, already answered)
   * changed has reached this client by then.
   */
  async roundTrip(ms = WAIT_GUARD_MS): Promise<void> {
    if (this.closed) throw new Error('roundTrip: the connection is closed');
    let back = false;
    this.room.ping(() => {
      back = true;
      this.poke();
    });
    await this.until(() => back || this.closed, 'a ping round trip', ms);
    if (!back) throw new Error('roundTrip: the connection closed before the ping came back');
  }

  /** Drops the connection as a network failure would (not a consented leave). */
  drop(): void {
    sdkSocket(this.room).close(3001, 'network gone');
  }

  /** Back in with the token held (through `via`: another process' address when the one asked is gone). */
  async reconnect(via: Client = this.sdk): Promise<void> {
    const token = this.room.reconnectionToken;
    this.room = (await via.reconnect(token)) as Room;
    this.closed = false;
    this.attach();
  }

  /**
   * Leaves (consented) and resolves once the room has closed this connection (the SDK's onLeave); at once when it is
   * closed already (a server that went away closes it). A server that never answers shows as the test's timeout.
   */
  async leave(): Promise<void> {
    if (this.closed) return;
    await this.room.leave(true);
  }
}

export function sdk(server: TestServer): Client {
  return new Client(server.wsUrl);
}

/** Resolves once the welcome and the first full state are in. */
async function ready(c: TestClient): Promise<TestClient> {
  await c.until(() => c.of('welcome').length > 0 && c.state?.seats?.length === 2, 'welcome and state');
  return c;
}

/** Quick match as the client does it: a seat another player took first (SEAT_TAKEN) means looking again. */
export async function quickMatch(server: TestServer, name: string): Promise<TestClient> {
  for (let attempt = 1; ; attempt++) {
    const c = sdk(server);
    try {
      return await ready(new TestClient((await c.joinOrCreate('match', { name } satisfies JoinOptions)) as Room, c));
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes(SEAT_TAKEN)) throw err;
    }
  }
}

/** Two quick-match players (`<tag>-A`, `<tag>-B`) at the faction choice and a spectator, closed with the file's. */
export async function pairWithSpectator(
  server: { get(): TestServer; open: TestClient[] },
  tag: string,
): Promise<{ a: TestClient; b: TestClient; spec: TestClient }> {
  const a = await quickMatch(server.get(), `${tag}-A`);
  const b = await quickMatch(server.get(), `${tag}-B`);
  server.open.push(a, b);
  await a.until(() => a.state.phase === 'factions', 'the match starts');
  const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
  server.open.push(spec);
  return { a, b, spec };
}

/**
 * A quick match of two seats (`<tag>A`, `<tag>B`) whose bots do what `bots` leaves to them (seeded by the tag and
 * seat), and a spectator; resolves at the first commitment window. The clients are closed with the file's (`open`).
 */
export async function botMatch(
  server: { get(): TestServer; open: TestClient[] },
  tag: string,
  bots: Omit<BotOptions, 'seed'>,
): Promise<{ a: TestClient; b: TestClient; spec: TestClient }> {
  const a = await quickMatch(server.get(), `${tag}A`);
  const b = await quickMatch(server.get(), `${tag}B`);
  const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
  server.open.push(a, b, spec);
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, { seed: `${tag}-${c.seat}`, ...bots });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await spec.until(() => spec.state.phase === 'commit', `${tag}: the first commitment window`);
  return { a, b, spec };
}

export async function createPrivate(server: TestServer, opts: JoinOptions): Promise<TestClient> {
  const c = sdk(server);
  return ready(new TestClient((await c.create('match', { ...opts, private: true } satisfies JoinOptions)) as Room, c));
}

/** A practice match against the computer: `create('match', { bot, … })`. */
export async function createPractice(server: TestServer, opts: JoinOptions): Promise<TestClient> {
  const c = sdk(server);
  return ready(new TestClient((await c.create('match', opts satisfies JoinOptions)) as Room, c));
}

export async function joinById(server: TestServer, roomId: string, opts: JoinOptions): Promise<TestClient> {
  const c = sdk(server);
  return ready(new TestClient((await c.joinById(roomId, opts)) as Room, c));
}

/** A guest player's session as the page starts one (POST /api/session): the player and its token. */
export interface PlayerSession {
  player: { id: string; name: string };
  token: string;
}

/** `url`: the server's HTTP address (a test server's, or one process' of several). */
export async function startSession(url: string, name: string): Promise<PlayerSession> {
  const r = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!r.ok) throw new Error(`POST /api/session answered ${r.status}: ${await r.text()}`);
  return (await r.json()) as PlayerSession;
}

/** Joins as the SDK does with a session: the token is client.auth.token (a bearer header at matchmaking); null: a guest. */
export async function joinWithToken(
  server: TestServer,
  token: string | null,
  how: 'joinOrCreate' | 'create',
  opts: JoinOptions,
): Promise<TestClient> {
  const c = sdk(server);
  if (token) c.auth.token = token;
  return ready(new TestClient((await c[how]('match', opts)) as Room, c));
}

export function serverRoom(roomId: string): ServerRoom {
  const r = matchMaker.getLocalRoomById(roomId);
  if (!r) throw new Error(`no room ${roomId}`);
  return r;
}

/** Drives a room's clock forward: the room's timers see `ms` more time pass at the next tick. */
export function advanceClock(roomId: string, ms: number): void {
  shiftClock(roomId, ms);
  tickClock(serverRoom(roomId).clock);
}

const clockOffsets = new WeakMap<object, number>();
const frozenClocks = new WeakMap<object, { at: number }>();

/**
 * Stops a room's clock where it is: from now on only advanceClock moves it, so a test can check an exact boundary
 * (with a running clock, the time a test takes is added to what it advances).
 */
export function freezeClock(roomId: string): void {
  freezeRoomClock(serverRoom(roomId));
}

/** For GameServerOptions.onRoom: every room's clock frozen from its creation (its timers exact to the ms). */
export function freezeRoomClock(room: ServerRoom): void {
  const clock = room.clock;
  const f = { at: clockNow(clock) };
  frozenClocks.set(clock, f);
  setClockNow(clock, () => f.at);
}

/** Moves a room's clock forward without ticking it: the next tick (or patch) sees the time. */
export function shiftClock(roomId: string, ms: number): void {
  const clock = serverRoom(roomId).clock;
  const frozen = frozenClocks.get(clock);
  if (frozen) {
    frozen.at += ms;
    return;
  }
  const offset = (clockOffsets.get(clock) ?? 0) + ms;
  clockOffsets.set(clock, offset);
  setClockOffset(clock, offset);
}

export { sleep };

/** In round 1 seat A launches a squadron and B commits nothing: the round asks A its fighter prompt. */
export async function launchForPrompt(a: TestClient, b: TestClient): Promise<ServerMessages['prompt']> {
  a.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [{ card: 'launch-squadron' }] } });
  b.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
  return (await a.until(
    () => a.of('prompt').find((p) => p.prompt.kind === 'fighter'),
    'a fighter prompt',
  )) as ServerMessages['prompt'];
}
