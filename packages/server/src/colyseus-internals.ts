// Every use of Colyseus' private internals, in one place, and why each is needed. Colyseus has no public API for
// these; each was read in the sources of the exact versions in COLYSEUS_VERSIONS, which package.json pins (no caret)
// and test/colyseus-internals.test.ts checks against what is installed, along with the shape of every internal used
// here. Upgrading Colyseus: bump the pins and COLYSEUS_VERSIONS together, re-read each function below against the new
// sources, and run that test and the server suite.
import type { Socket } from 'node:net';
import { matchMaker, type Client, type Room } from '@colyseus/core';
import { Encoder } from '@colyseus/schema';
import type { Room as SdkRoom } from '@colyseus/sdk';
import { decodeServerMessage } from '@star-eater/protocol';

/** The versions whose sources this file was checked against (package.json pins these exactly). */
export const COLYSEUS_VERSIONS = {
  '@colyseus/core': '0.18.17',
  '@colyseus/ws-transport': '0.18.4',
  '@colyseus/schema': '5.0.34',
  '@colyseus/redis-driver': '0.18.3',
  '@colyseus/redis-presence': '0.18.5',
  '@colyseus/sdk': '0.18.4',
} as const;

// ------------------------------------------------------------------ the room clock
interface ClockLike {
  now: () => number;
  tick(): void;
}

/**
 * The room clock's time, ms since the epoch (Clock.now is `protected`; it is Date.now in Node). Deadlines and timers
 * read this clock, not Date.now(), so a test can drive time (driveClock) without waiting.
 */
export function clockNow(clock: Room['clock']): number {
  return (clock as unknown as ClockLike).now();
}

/** Tests: the room clock runs `offsetMs` ahead of the wall clock from now on (replacing its protected `now`). */
export function setClockOffset(clock: Room['clock'], offsetMs: number): void {
  const c = clock as unknown as ClockLike;
  c.now = () => Date.now() + offsetMs;
}

/** Tests: the room clock reads `now()` from now on (a frozen clock that only the test moves). */
export function setClockNow(clock: Room['clock'], now: () => number): void {
  (clock as unknown as ClockLike).now = now;
}

/** Tests: ticks the clock (its interval callbacks see the time it reads now). */
export function tickClock(clock: Room['clock']): void {
  (clock as unknown as ClockLike).tick();
}

// ------------------------------------------------------------------ restored seats (log/restore.ts)
interface SeatsLike {
  _reserveSeat(
    sessionId: string,
    joinOptions: unknown,
    authData: unknown,
    seconds: number,
    allowReconnection: boolean,
    devModeReconnectionToken?: string,
  ): Promise<boolean>;
  _reconnections: Record<string, unknown>;
  seatReservationTimeout: number;
}

/**
 * A restored room takes back a seat's old reconnection token (its session id is the one in the log): Colyseus' own
 * room restore (devMode, utils/DevMode reloadFromCache) reserves the seat the same way, `_reserveSeat` with the token.
 * The reservation lasts seatReservationTimeout (a client that does not come is asked again on its next attempt); its
 * expiry calls onLeave with a bare { sessionId }, which the room ignores for a seat still waiting. Synchronous: with
 * allowReconnection Colyseus awaits nothing before the reservation is in place.
 */
export function registerRestoredSeat(room: Room, sessionId: string, token: string): void {
  const r = room as unknown as SeatsLike;
  if (r._reconnections[token]) return;
  void r._reserveSeat(sessionId, {}, undefined, r.seatReservationTimeout, true, token);
}

/** Colyseus disposes of an empty room when a client leaves; a restored room nobody came back to needs a nudge. */
export function disposeSoonIfEmpty(room: Room): void {
  (room as unknown as { resetAutoDisposeTimeout(s: number): void }).resetAutoDisposeTimeout(1);
}

/** Resolves once the room has been disposed of (its onDispose done): Colyseus' own 'disconnect' event of the room. */
export function whenDisposed(room: Room): Promise<void> {
  const events = (room as unknown as { _events: { once(e: string, f: () => void): void } })._events;
  return new Promise((resolve) => events.once('disconnect', resolve));
}

/** The restored seat's player is back: its old token and the reservation go (no second use of the token). */
export function forgetRestoredSeat(room: Room, sessionId: string, token: string): void {
  const r = room as unknown as SeatsLike & { _reservedSeats: Record<string, unknown> };
  delete r._reconnections[token];
  delete r._reservedSeats[sessionId];
}

// ------------------------------------------------------------------ a room another process took over (log/lease.ts)
/** Rooms this process gave up: their listing entry (shared, in Redis) is the new owner's, not to be touched here. */
const abandoned = new Set<string>();

interface DriverLike {
  update(listing: { roomId: string }, ops: unknown): unknown;
  persist(listing: { roomId: string }, create?: boolean): unknown;
  remove(roomId: string): unknown;
}

/**
 * Keeps this process' hands off the listing entries of the rooms it gave up. The listing (MatchMaker's driver) is
 * keyed by room id, and a restored room keeps its id: the room this process still holds in memory would otherwise
 * overwrite or delete the new owner's entry when its metadata changes or it is disposed (Room.disconnect and
 * Room#_dispose call driver.remove(roomId); setMetadata/setPrivate/lock call persist/update). Call once, after listen.
 */
export function guardListings(): void {
  const d = matchMaker.driver as unknown as DriverLike & { __guarded?: boolean };
  if (d.__guarded) return;
  const { update, persist, remove } = d;
  d.update = (listing, ops) => (abandoned.has(listing.roomId) ? false : update.call(d, listing, ops));
  d.persist = (listing, create) => (abandoned.has(listing.roomId) ? false : persist.call(d, listing, create));
  d.remove = (roomId) => (abandoned.has(roomId) ? false : remove.call(d, roomId));
  d.__guarded = true;
}

/**
 * This process gives `room` up: its listing entry is left to the new owner (guardListings), and it stops answering
 * remote calls for the room id at once (MatchMaker subscribes every room to the `$<roomId>` IPC channel; the new
 * owner's room is subscribed to the same channel, and the first answer wins).
 */
export function abandonRoom(room: Room): void {
  abandoned.add(room.roomId);
  Promise.resolve(matchMaker.presence.unsubscribe(`$${room.roomId}`)).catch(() => {}); // disposeRoom tries again
}

/** The room is this process' again (taken back from its log): its listing writes go through. */
export function reclaimRoom(roomId: string): void {
  abandoned.delete(roomId);
}

// ------------------------------------------------------------------ the state serializer
interface SerializerLike {
  encoder?: {
    encode: (...args: unknown[]) => Uint8Array;
    hasChanges?: boolean;
    sharedBuffer?: Uint8Array;
    __owned?: boolean;
  };
  getFullState?: (...args: unknown[]) => Uint8Array;
  /** The state's types as sent to a joining client (Reflection), cached per room once computed. */
  handshake?: () => Uint8Array;
  /** The full state's buffer (its first byte the ROOM_STATE code, set once) and the last full state, a view of it. */
  fullEncodeBuffer?: Uint8Array;
  fullEncodeCache?: Uint8Array;
}

const serializerOf = (room: Room) => (room as unknown as { _serializer?: SerializerLike })._serializer;

/** Whether the synced state changed since the last patch (the schema encoder's flag; true when it cannot tell). */
export function stateHasChanges(room: Room): boolean {
  return serializerOf(room)?.encoder?.hasChanges ?? true;
}

/**
 * The buffers every room encodes its patches and full states into. Each room's encoder and serializer would hold a
 * pair of its own (Encoder.BUFFER_SIZE, 16 KB each: 32 KB per match); a frame encoded here is copied out at once
 * (ownStateFrames), so nothing refers to these bytes after the call that wrote them, and rooms run one at a time.
 * A room whose state outgrows them gets a bigger buffer of its own (the encoder's resize).
 */
const shared = { patch: new Uint8Array(Encoder.BUFFER_SIZE), full: new Uint8Array(Encoder.BUFFER_SIZE) };

/**
 * The handshake (the state's types, about 2 KB) by state class: it depends on the class alone, and Colyseus copies
 * it into each join frame, so one copy serves every room instead of one kept per room.
 */
const handshakes = new WeakMap<object, Uint8Array>();

/**
 * Makes the room's state frames (patches, full state) buffers of their own. Colyseus encodes every patch into the
 * encoder's one buffer and hands ws a view of it, which a corked or slow socket keeps by reference: the next
 * patch would overwrite bytes still waiting to go (output/outbox.ts explains the bug this fixes). Since every frame is
 * a copy, the encoding buffers are shared by all rooms (above); the cached full state, reused until the state
 * changes, becomes a copy too; the handshake is one per state class. Idempotent.
 */
export function ownStateFrames(room: Room): void {
  const ser = serializerOf(room);
  const enc = ser?.encoder;
  if (!ser || !enc || enc.__owned) return;
  if (
    typeof enc.encode !== 'function' ||
    typeof ser.getFullState !== 'function' ||
    !(enc.sharedBuffer instanceof Uint8Array) ||
    !(ser.fullEncodeBuffer instanceof Uint8Array)
  ) {
    throw new Error('colyseus-internals: the schema serializer changed shape; state frames cannot be made safe');
  }
  shared.full[0] = ser.fullEncodeBuffer[0]!;
  enc.sharedBuffer = shared.patch;
  ser.fullEncodeBuffer = shared.full;
  const encode = enc.encode.bind(enc);
  // applyPatches calls encode(it) for the shared patch; a call with its own buffer (3rd argument) is left alone.
  enc.encode = (...args: unknown[]) => {
    const out = encode(...args);
    return args[2] === undefined ? copyOf(out) : out;
  };
  const full = ser.getFullState.bind(ser);
  ser.getFullState = (...args: unknown[]) => {
    const out = full(...args).slice();
    const cache = ser.fullEncodeCache;
    if (cache && cache.buffer === shared.full.buffer) ser.fullEncodeCache = cache.slice();
    return out;
  };
  const handshake = ser.handshake?.bind(ser);
  const kind = (room.state as object | undefined)?.constructor;
  if (handshake && kind)
    ser.handshake = () => {
      const known = handshakes.get(kind);
      if (known) return known;
      const h = handshake();
      handshakes.set(kind, h);
      return h;
    };
  enc.__owned = true;
}

/**
 * A patch's bytes in a buffer of their own, from Node's pool of small buffers: a typed array's own slice() allocates a
 * backing store outside the heap for each patch over 64 bytes, several times the cost of the copy.
 */
function copyOf(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafe(bytes.length);
  copy.set(bytes);
  return copy;
}

// ------------------------------------------------------------------ the client's socket
/**
 * The client's TCP socket, to cork it for a turn (output/outbox.ts): ws-transport keeps the `ws` WebSocket as `ref`,
 * and ws keeps its socket as `_socket`. Undefined when the transport has none we can cork.
 */
export function clientSocket(client: Client | unknown): Socket | undefined {
  const s = (client as { ref?: { _socket?: Socket } }).ref?._socket;
  return s && typeof s.cork === 'function' ? s : undefined;
}

// ------------------------------------------------------------------ the SDK (test and bench clients)
/** The WebSocket under an SDK room (its transport keeps it as `ws`): raw frames, the address, a simulated drop. */
export function sdkSocket(room: SdkRoom): WebSocket {
  return (room.connection.transport as unknown as { ws: WebSocket }).ws;
}

/**
 * What a frame a client received is: a message by its type (ROOM_DATA, or ROOM_DATA_BYTES for the packed ones: the
 * type as a short string after the code), else Colyseus' protocol code as a number.
 */
export function frameKind(f: Uint8Array): string | number {
  const code = f[0]! & 0x1f;
  if ((code === 13 || code === 17) && (f[1]! & 0xe0) === 0xa0)
    return new TextDecoder().decode(f.subarray(2, 2 + (f[1]! & 0x1f)));
  return code;
}

/**
 * Calls `tap` with every message an SDK room receives, before it is dispatched (a '*' handler misses the types that
 * have their own handler): the SDK's dispatchMessage is private. Packed messages are decoded first (as by
 * decodeMessages), so the tap and the handlers get the message, not its bytes.
 */
export function tapMessages(room: SdkRoom, tap: (type: string | number, msg: unknown) => void): void {
  const r = room as unknown as { dispatchMessage(type: string | number, msg: unknown): void };
  const dispatch = r.dispatchMessage.bind(r);
  r.dispatchMessage = (type, msg) => {
    const m = decodeServerMessage(type, msg);
    tap(type, m);
    dispatch(type, m);
  };
}

/**
 * The SDK room's handlers get the packed messages (events, round-so-far, prompt: ROOM_DATA_BYTES frames, the SDK
 * hands over their bytes) decoded, as the browser client decodes them (@star-eater/protocol decodeServerMessage).
 */
export function decodeMessages(room: SdkRoom): void {
  tapMessages(room, () => {});
}

// ------------------------------------------------------------------ the presence's Redis connection
/**
 * The command connection of a RedisPresence (its `pub` ioredis client, protected): the shared rate limits and seat
 * ledger (scale/shared-limits.ts, shared-ledger.ts) run their Lua scripts on it rather than opening a third
 * connection per process (ioredis is the presence's dependency, not ours).
 */
export function presenceCommands(presence: object): RedisEval {
  const pub = (presence as { pub?: { eval?: unknown } }).pub;
  if (!pub || typeof pub.eval !== 'function') throw new Error('colyseus-internals: RedisPresence.pub.eval is gone');
  return pub as RedisEval;
}

/** ioredis' EVAL: a Lua script, its keys, then its arguments. */
export interface RedisEval {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

// ------------------------------------------------------------------ seat reservations
/**
 * Runs `check` whenever Colyseus is about to reserve a seat in `room` for a new client (not a reconnection), before
 * the seat is held (Room._reserveSeat, private: matchMaker.reserveSeatFor calls it for joinOrCreate, create, join and
 * joinById). `check` returns false to refuse (matchmaking then tries another room or creates one: a
 * SeatReservationError); an error it throws is turned into that same refusal by reserveSeatFor.
 */
export function guardSeatReservations(
  room: Room,
  check: (sessionId: string, options: unknown, authData: unknown) => boolean | Promise<boolean>,
): void {
  const r = room as unknown as { _reserveSeat: (...args: unknown[]) => Promise<boolean> };
  if (typeof r._reserveSeat !== 'function') throw new Error('colyseus-internals: Room._reserveSeat is gone');
  const reserve = r._reserveSeat.bind(room);
  r._reserveSeat = async (sessionId, joinOptions, authData, seconds, allowReconnection, ...rest) => {
    if (!allowReconnection && !(await check(sessionId as string, joinOptions, authData))) return false;
    return reserve(sessionId, joinOptions, authData, seconds, allowReconnection, ...rest);
  };
}

// ------------------------------------------------------------------ the WebSocket door (http/room-door.ts)
/**
 * Whether `roomId`, a room of this process, holds an unclaimed seat reservation (not a reconnection's) for
 * `sessionId`: the one the matchmaking route just handed out, which the client's WebSocket claims. Room._reservedSeats
 * is private: [options, authData, consumed, allowReconnection, …] by session id, read as Room.hasReservedSeat does.
 */
export function freshSeatReservation(roomId: string, sessionId: string): boolean {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as { _reservedSeats?: Record<string, unknown[]> };
  const seat = room?._reservedSeats?.[sessionId];
  return !!seat && seat[3] !== true && seat[2] === false;
}

/**
 * Runs `checked(token)` each time the matchmaking route checks a reconnection token on `room` (MatchMaker.reconnect
 * calls the room's checkReconnectionToken through remoteRoomCall, on the room's own process), for a token it accepts.
 */
export function onRouteReconnection(room: Room, checked: (token: string) => void): void {
  const r = room as unknown as { checkReconnectionToken: (token: string) => string | undefined };
  if (typeof r.checkReconnectionToken !== 'function')
    throw new Error('colyseus-internals: checkReconnectionToken is gone');
  const check = r.checkReconnectionToken.bind(room);
  r.checkReconnectionToken = (token: string) => {
    const sessionId = check(token);
    if (sessionId) checked(token);
    return sessionId;
  };
}

// ------------------------------------------------------------------ incoming frames
/**
 * Runs `screen` on every frame a client of `room` sends, before Colyseus reads it (Room._onMessage, private: the
 * transport's message listener is bound to it when the client joins, so set this up in onCreate). A frame `screen`
 * returns false for is not handled further.
 */
export function screenFrames(room: Room, screen: (client: Client, frame: Uint8Array) => boolean): void {
  const r = room as unknown as { _onMessage: (client: Client, frame: Uint8Array) => void };
  if (typeof r._onMessage !== 'function') throw new Error('colyseus-internals: Room._onMessage is gone');
  const handle = r._onMessage.bind(room);
  r._onMessage = (client, frame) => {
    if (screen(client, frame)) handle(client, frame);
  };
}
