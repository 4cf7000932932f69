// The connection to a match room (Colyseus 0.18 SDK). Keeps the reconnection token in sessionStorage so a reloaded
// tab takes its seat back with client.reconnect(token), follows a match to whichever server process holds it after a
// restart or a takeover (net/resume.ts), and turns SDK callbacks into a few plain listeners.
import { Client, type Room } from '@colyseus/sdk';
import type {
  ClientMessages,
  ClientMessageType,
  JoinOptions,
  PracticeLevel,
  ServerMessages,
} from '@star-eater/protocol';
import { SEAT_TAKEN } from '@star-eater/protocol/refusals';
import { decodeServerMessage } from '@star-eater/protocol/wire';
import type { Seat } from '@star-eater/engine';
import { GONE_CLOSE, matchGone, RESUME_FOR_MS, resumableClose, resumeDelay, resumeVerdict } from './resume.js';
import type { RoomState } from './room-state.js';

export const ROOM_NAME = 'match';
const TOKEN_KEY = 'star-eater.reconnect';

export function serverUrl(): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_SERVER_URL;
  if (env) return env;
  const q = new URLSearchParams(location.search).get('server');
  if (q) return q;
  return location.origin;
}

export type Connection = 'connected' | 'reconnecting' | 'closed';

type Handlers = {
  [K in keyof ServerMessages]?: (payload: ServerMessages[K]) => void;
};

export interface SessionListener {
  state?: (s: RoomState) => void;
  connection?: (c: Connection) => void;
  message?: Handlers;
}

/** A practice match's level and timers: what "Play the computer again" asks for once its room is gone. */
export interface Practice {
  level: PracticeLevel;
  preset?: JoinOptions['preset'];
}

interface Stored {
  roomId: string;
  token: string;
  /** The room is a practice match against the computer (kept through a reload). */
  practice?: Practice;
}

export function storedToken(roomId?: string): Stored | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null') as Stored | null;
    if (!s || (roomId && s.roomId !== roomId)) return null;
    return s;
  } catch {
    return null;
  }
}

/**
 * The SDK's client, handing each room object to the session as soon as it exists, before it connects: the handlers
 * are on it before the first message can arrive. (Registered after the join resolved, a `welcome` sent in the same
 * breath as the join was sometimes dropped as "onMessage() not registered", and the page never learnt its seat.)
 */
class RoomClient extends Client {
  onRoom: ((room: Room<unknown, RoomState>) => void) | null = null;
  // The SDK's own parameter type (SchemaConstructor: `new (...args: any[]) => T`) is not exported; this is it.
  // biome-ignore lint/suspicious/noExplicitAny: a constructor taking any arguments, as the SDK declares it
  protected override createRoom<T>(roomName: string, rootSchema?: new (...args: any[]) => T): Room<unknown, T> {
    const room = super.createRoom<T>(roomName, rootSchema);
    this.onRoom?.(room as unknown as Room<unknown, RoomState>);
    return room;
  }
}

export class Session {
  readonly client: RoomClient;
  room: Room<unknown, RoomState> | null = null;
  welcome: ServerMessages['welcome'] | null = null;
  connection: Connection = 'closed';
  /** The last drop was the server restarting (close 4010): the match is kept in its input log and comes back. */
  restarting = false;
  /** Why the server ended the last room's connection (its close code and reason); null after our own leave. */
  closed: { code: number; reason?: string } | null = null;
  /** The end of the match heard in this room: a screen mounted after it (back from the replay) shows it again. */
  lastEnded: ServerMessages['ended'] | null = null;
  private listeners = new Set<SessionListener>();

  /** The room being joined (created by the SDK, not yet resolved). */
  private joining: Room<unknown, RoomState> | null = null;
  /** How a spectator got in (room id and options), to watch again after the server went away. */
  private watching: { roomId: string; opts: JoinOptions } | null = null;
  /** Bumped by every leave and every resume: a resume loop that sees another number stops. */
  private generation = 0;
  /** The practice match being played (the room it is in, its level and timers). */
  private practice: (Practice & { roomId: string }) | null = null;

  constructor(url = serverUrl()) {
    this.client = new RoomClient(url);
    this.client.onRoom = (room) => this.wire(room);
  }

  get state(): RoomState | null {
    return (this.room?.state as RoomState | undefined) ?? null;
  }

  /** Settles once the player's session is known (or known to be missing): a join waits for it, to carry the token. */
  private authorized: Promise<unknown> = Promise.resolve();

  /** The player's signed session token, sent with every matchmaking request (the SDK's bearer token). */
  authorize(token: string): void {
    this.client.auth.token = token;
  }

  /** Joins wait for `session` (the first POST /api/session) before asking the matchmaker. */
  authorizeAfter(session: Promise<unknown>): void {
    this.authorized = session;
  }

  listen(l: SessionListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  async quickMatch(name: string): Promise<void> {
    await this.authorized;
    // Another player can take the seat a reservation pointed at by connecting first: then look again (a few times).
    for (let attempt = 1; ; attempt++) {
      try {
        return this.attach(await this.client.joinOrCreate(ROOM_NAME, { name } satisfies JoinOptions));
      } catch (err) {
        if (attempt >= 3 || !String((err as Error).message).includes(SEAT_TAKEN)) throw err;
      }
    }
  }

  async createPrivate(name: string, extra: Partial<JoinOptions> = {}): Promise<void> {
    await this.authorized;
    this.attach(await this.client.create(ROOM_NAME, { name, private: true, ...extra } satisfies JoinOptions));
  }

  /** A private practice match against the computer at `level` (it takes seat 1), with the chosen timer preset. */
  async playComputer(name: string, level: PracticeLevel, extra: Partial<JoinOptions> = {}): Promise<void> {
    await this.authorized;
    const room = await this.client.create(ROOM_NAME, { name, bot: level, ...extra } satisfies JoinOptions);
    this.practice = { roomId: room.roomId, level, ...(extra.preset ? { preset: extra.preset } : {}) };
    this.attach(room);
  }

  async join(roomId: string, opts: JoinOptions): Promise<void> {
    await this.authorized;
    this.attach(await this.client.joinById(roomId, opts));
    this.watching = opts.spectate ? { roomId, opts } : null;
  }

  /**
   * Take a held seat back after a reload; false when there is no token for this room or it is no longer valid. While
   * the room is not there yet (a restart or a takeover under way) it keeps trying, as a dropped page does. A room
   * that is gone for good throws the server's MATCH_GONE at once (resume.ts matchGone).
   */
  async resume(roomId: string): Promise<boolean> {
    const s = storedToken(roomId);
    if (!s) return false;
    if (s.practice) this.practice = { roomId, ...s.practice };
    const found = await this.seek({ token: s.token }, roomId, ++this.generation, true);
    if ('room' in found) {
      this.attach(found.room);
      return true;
    }
    // A room gone for good keeps its entry (another reload says so again, with its practice match's way on).
    if (found.gone) throw found.gone;
    // Only a refusal ends the token: the room may still come back after a failure that was not one.
    if (found.refused) sessionStorage.removeItem(TOKEN_KEY);
    return false;
  }

  /** The practice match this room is (after a reload too), for "Play the computer again"; null for any other. */
  practiceOf(roomId: string): Practice | null {
    const p = this.practice;
    if (p?.roomId !== roomId) return null;
    return { level: p.level, ...(p.preset ? { preset: p.preset } : {}) };
  }

  /** The seat we hold, or null as a spectator (or before the welcome says). */
  get seat(): Seat | null {
    return this.welcome?.role === 'player' ? (this.welcome.seat as Seat) : null;
  }

  send<K extends ClientMessageType>(type: K, payload: ClientMessages[K]): void {
    this.room?.send(type as string, payload);
  }

  async leave(): Promise<void> {
    sessionStorage.removeItem(TOKEN_KEY);
    const r = this.room;
    this.generation++; // a resume under way stops
    this.room = null;
    this.welcome = null;
    this.watching = null;
    // Only an open connection can be left (on a dropped one the SDK's leave would wait for a close that never comes);
    // a retry of the SDK's that gets back after this leaves at once (wire's onReconnect).
    if (r && this.connection === 'connected') await r.leave(true).catch(() => undefined);
  }

  private saveToken(): void {
    if (!this.room || this.welcome?.role === 'spectator') return;
    const roomId = this.room.roomId;
    const practice = this.practiceOf(roomId);
    const s: Stored = { roomId, token: this.room.reconnectionToken, ...(practice ? { practice } : {}) };
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify(s));
  }

  private setConnection(c: Connection): void {
    this.connection = c;
    for (const l of this.listeners) l.connection?.(c);
  }

  private attach(room: Room<unknown, RoomState>): void {
    if (this.room?.roomId !== room.roomId) this.lastEnded = null;
    this.room = room;
    this.closed = null;
    this.restarting = false;
    if (this.joining === room) this.joining = null;
    this.setConnection('connected');
    this.saveToken();
  }

  /** A message of the room to the listeners; events, round-so-far and prompt come packed (protocol wire.ts). */
  private deliver(type: keyof ServerMessages, bytes: unknown): void {
    let payload: unknown;
    try {
      payload = decodeServerMessage(type, bytes);
    } catch (e) {
      // Packed by a server with another table of shapes (the game was updated under this page): said, never misread.
      const error: ServerMessages['error'] = { code: 'bad-payload', type, message: (e as Error).message };
      for (const l of this.listeners) l.message?.error?.(error);
      return;
    }
    if (type === 'ended') this.lastEnded = payload as ServerMessages['ended'];
    if (type === 'welcome') {
      this.welcome = payload as ServerMessages['welcome'];
      this.saveToken();
    }
    for (const l of this.listeners) (l.message?.[type] as ((p: unknown) => void) | undefined)?.(payload);
  }

  /** Listen to a room from its creation; only the current room (or the one being joined) reaches the listeners. */
  private wire(room: Room<unknown, RoomState>): void {
    this.joining = room;
    const live = () => room === this.room || room === this.joining;
    const types: (keyof ServerMessages)[] = [
      'welcome',
      'commitment',
      'prompt',
      'prompt-closed',
      'timed-out',
      'events',
      'round-so-far',
      'ended',
      'emote',
      'faction',
      'receipt',
      'receipts-revealed',
      'error',
      'computer-offer',
      'rated',
    ];
    for (const type of types) {
      room.onMessage(type as string, (bytes: unknown) => {
        if (live()) this.deliver(type, bytes);
      });
    }
    room.onStateChange((s) => {
      if (!live()) return;
      for (const l of this.listeners) l.state?.(s);
    });
    // A dropped connection first retries the same address (the SDK's own reconnection: a network blip), whatever
    // the room's age (the SDK's default waits for 5 s of uptime), three times (0.2 + 0.4 + 0.8 s); then the match is
    // looked for through the matchmaker (followMatch below), which finds it on whichever process holds it now, this
    // one included. A restarting server (4010) goes there at once: the match may come back on another process. A
    // spectator holds no seat to retry: likewise.
    room.reconnection.minUptime = 0;
    room.reconnection.maxRetries = 3;
    room.onDrop((code) => {
      if (room !== this.room) return;
      // The retries during a restart fail with 1006 (nobody listens): still the same restart.
      this.restarting = code === 4010 || (this.restarting && this.connection === 'reconnecting');
      if (code === 4010 || this.welcome?.role === 'spectator') room.reconnection.enabled = false;
      this.setConnection('reconnecting');
    });
    room.onReconnect(() => {
      if (room !== this.room) {
        void room.leave(true);
        return;
      }
      this.saveToken();
      this.restarting = false;
      this.setConnection('connected');
    });
    // Not our own leave (leave() lets go of the room first): the server closed it (4001 on a restart, 4029 for
    // flooding …) or the SDK gave up reconnecting (4003). A close the match may come back from is resumed (after the
    // end too: the seat is held for the rematch); otherwise the code says what happened, for the screen to explain.
    room.onLeave((code, reason) => {
      if (this.room !== room) return;
      if (resumableClose(code) && this.wayBack(room)) {
        void this.followMatch(room);
        return;
      }
      this.close(code, reason);
    });
  }

  private close(code: number, reason?: string): void {
    this.room = null;
    this.closed = reason ? { code, reason } : { code };
    this.setConnection('closed');
  }

  /** A seat's reconnection token (the room's own, kept in sessionStorage too), or how a spectator got in. */
  private wayBack(room: Room<unknown, RoomState>): { token: string } | { watch: JoinOptions } | null {
    if (this.welcome?.role === 'spectator' || this.watching?.roomId === room.roomId) {
      return this.watching?.roomId === room.roomId ? { watch: this.watching.opts } : null;
    }
    const token = room.reconnectionToken || storedToken(room.roomId)?.token;
    return token ? { token } : null;
  }

  /**
   * Looks for the match through the matchmaker until it is back (restored by this process after a restart, or taken
   * over by another one: net/resume.ts), backing off, without a click; the page shows "reconnecting" meanwhile, and
   * "the server is restarting" once the site answers without the room. Gives up after RESUME_FOR_MS, or at once on a
   * refusal (the seat is no longer ours).
   */
  private async followMatch(from: Room<unknown, RoomState>): Promise<void> {
    const way = this.wayBack(from);
    if (!way) return;
    if (this.connection !== 'reconnecting') this.setConnection('reconnecting');
    const found = await this.seek(way, from.roomId, ++this.generation, false);
    if ('room' in found) this.attach(found.room);
    // The room is gone for good, or FAILED_TO_RECONNECT: the closed screen says which.
    else if (!found.cancelled) this.close(found.gone ? GONE_CLOSE : 4003, found.why);
  }

  /** The matchmaker loop of followMatch and resume: the room, or why not (a refusal, time out, or cancelled). */
  private async seek(
    way: { token: string } | { watch: JoinOptions },
    roomId: string,
    gen: number,
    now: boolean,
  ): Promise<{ room: Room<unknown, RoomState> } | { cancelled: boolean; refused: boolean; why: string; gone?: Error }> {
    const since = Date.now();
    const cancelled = { cancelled: true, refused: false, why: '' };
    for (let n = 0; ; n++) {
      if (!(now && n === 0)) await new Promise((r) => setTimeout(r, resumeDelay(n)));
      if (gen !== this.generation) return cancelled;
      try {
        const room =
          'token' in way ? await this.client.reconnect(way.token) : await this.client.joinById(roomId, way.watch);
        if (gen === this.generation) return { room };
        await room.leave(true);
        return cancelled;
      } catch (err) {
        if (gen !== this.generation) return cancelled;
        const v = resumeVerdict(err);
        const why = (err as Error).message;
        if (matchGone(err)) return { cancelled: false, refused: true, why, gone: err as Error };
        if (!v.retry) return { cancelled: false, refused: true, why };
        if (Date.now() - since > RESUME_FOR_MS)
          return {
            cancelled: false,
            refused: false,
            why: 'The match could not be found again after the connection was lost.',
          };
        if (v.server && !this.restarting) {
          this.restarting = true;
          if (this.connection === 'reconnecting') this.setConnection('reconnecting');
        }
      }
    }
  }
}

/** The shareable link that opens a room (with the invite code for a private one). */
export function inviteLink(roomId: string, invite?: string): string {
  const base = `${location.origin}${location.pathname}`;
  return `${base}#/m/${roomId}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
}
export function watchLink(roomId: string): string {
  return `${location.origin}${location.pathname}#/watch/${roomId}`;
}
