// The bare Colyseus room of `pnpm bench server --baseline`: the floor the match room is measured against. It plays no
// game: it does the transport work a match room does for a round and nothing else. What it models, from a frame
// profile measured on the real server in the same invocation (frames and bytes per client per round, by kind):
//  - the round's shape: both seats lock in (each after the bot's think time, a `commit` message of a real commitment's
//    size), the round resolves, a new round opens; decision prompts on the way wait for the seat's `decide` answer;
//  - the same frames per client per round, of the same kinds and average sizes: the lock-in frames (commitment,
//    receipt) at each lock-in, a prompt with a partial `events` frame before it, the resolution frames (the last
//    `events`, receipts-revealed and every other message kind) at the end. Fractional counts are carried from round to
//    round, so the averages match. Payloads are fresh buffers of the measured size (no game data is packed);
//  - the same schema state class as the match room (output/state.ts), changed as a round changes it (the lock-ins,
//    phase, round, deadline, the prompted seat, both ships' numbers), a patch sent before the frames that follow a
//    change as the match room does (Room.broadcastPatch), and Colyseus' own patch interval (20 Hz) running, the default
//    a bare room gets; the patch frames and bytes it sends are printed beside the real ones, not forced.
// Nothing of the game runs: no engine, validation, input log, receipts' hashing, timers, outbox or listing.
import { Room, type Client } from '@colyseus/core';
import { MatchRoomState, SeatState, Ship } from '../src/output/state.js';

/** Frames and bytes per frame, per client per round, by kind (`msg:events`, `patch`…): the real server's measure. */
export type FrameProfile = Record<string, { frames: number; bytes: number }>;

/** The profile from a step's figures (per client per round: bytes and frames by kind). */
export function frameProfile(bytes: Record<string, number>, frames: Record<string, number>): FrameProfile {
  const out: FrameProfile = {};
  for (const [k, f] of Object.entries(frames))
    if (k.startsWith('msg:') && f > 0) out[k] = { frames: f, bytes: Math.round((bytes[k] ?? 0) / f) };
  return out;
}

const LOCK_IN = ['msg:commitment', 'msg:receipt'];
const PROMPT = ['msg:prompt', 'msg:prompt-closed'];
const EVENTS = 'msg:events';
/** Ship fields a round changes (numbers), as the engine's resolution does. */
const SHIP_NUMBERS = [
  ...['q', 'r', 'bow', 'core', 'port', 'starboard', 'structure', 'power', 'markedBonus', 'screensFailUntil'],
  ...['cdMain', 'cdBroadside', 'cdFighterBay', 'cdPointDefence', 'supplyMain', 'supplyBroadside', 'supplyTorpedo'],
] as const;

const FACINGS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];

/** A ROOM_DATA_BYTES frame's header: code, msgpack fixstr of the type. */
const headerBytes = (type: string) => 2 + Buffer.byteLength(type);

export class BareRoom extends Room<{ state: MatchRoomState }> {
  override maxClients = 2;
  override state = new MatchRoomState();
  private profile!: FrameProfile;
  /** Frames owed per kind (fractional counts carried over). */
  private owed: Record<string, number> = {};
  private lockedIn = [false, false];
  private pending: { seat: number; id: number } | null = null;
  private prompts = 0;
  private promptId = 0;
  private tick = 0;
  /** Seats that sent `animated` (server.ts --animated) since the round's last `events` frame; null: none sent yet. */
  private shown: [boolean, boolean] | null = null;

  override onCreate(): void {
    this.profile = JSON.parse(process.env.BARE_PROFILE ?? '{}') as FrameProfile;
    for (let i = 0; i < 2; i++) {
      this.state.seats.push(new SeatState());
      this.state.ships.push(new Ship());
    }
    this.onMessage('commit', (client, msg: { round: number }) => this.commit(client, msg));
    this.onMessage('decide', (client, msg: { prompt: number }) => this.decide(client, msg));
    this.onMessage('animated', (client) => this.animated(client));
  }

  override onJoin(client: Client): void {
    const seat = this.clients.length - 1;
    this.state.seats[seat]!.taken = true;
    this.state.seats[seat]!.connected = true;
    client.send('welcome', { seat });
    if (this.clients.length === 2) this.openRound();
  }

  /** Frames of `kind` owed this time to each client (`share` of a round's count), the fraction carried. */
  private due(kind: string, share: number): number {
    const f = this.profile[kind];
    if (!f) return 0;
    // Each room starts at a random fraction: rooms started together would otherwise owe their frames in step.
    const owed = (this.owed[kind] ?? Math.random()) + f.frames * share;
    const n = Math.floor(owed);
    this.owed[kind] = owed - n;
    return n;
  }

  /** `n` frames of `kind` at its measured size to every client; `head` fills the payload's first bytes. */
  private sendFrames(kind: string, n: number, to: readonly Client[] = this.clients, head: number[] = []): void {
    const type = kind.slice(4);
    const size = Math.max(head.length, (this.profile[kind]?.bytes ?? 0) - headerBytes(type));
    for (let i = 0; i < n; i++)
      for (const c of to) {
        const payload = Buffer.alloc(size);
        payload.set(head);
        c.sendBytes(type, payload);
      }
  }

  private openRound(): void {
    this.state.round += 1;
    this.state.phase = 'commit';
    this.state.deadline = Date.now() + 60_000;
    this.lockedIn = [false, false];
    for (const s of this.state.seats) s.lockedIn = false;
    // Prompts per round, both seats together (the profile's are per client).
    this.prompts = this.due('msg:prompt', 2);
  }

  private seatOf(client: Client): number {
    return this.clients.indexOf(client);
  }

  private commit(client: Client, msg: { round: number }): void {
    const seat = this.seatOf(client);
    if (seat < 0 || msg.round !== this.state.round || this.lockedIn[seat]) return;
    this.lockedIn[seat] = true;
    this.state.seats[seat]!.lockedIn = true;
    this.broadcastPatch();
    for (const k of LOCK_IN) this.sendFrames(k, this.due(k, 0.5));
    if (this.lockedIn[0] && this.lockedIn[1]) this.resolve();
  }

  /** The resolution: prompts one by one (each waits for its answer), then the round's last frames and a new round. */
  private resolve(): void {
    this.state.phase = 'resolving';
    if (this.prompts > 0) {
      this.prompts -= 1;
      this.sendFrames(EVENTS, 1, this.clients, [0]);
      const seat = (this.tick++ % 2) as 0 | 1;
      this.pending = { seat, id: ++this.promptId };
      this.state.turn = seat;
      this.broadcastPatch();
      const c = this.clients[seat];
      if (c) this.sendFrames('msg:prompt', 1, [c], [this.promptId & 0xff]);
      return;
    }
    for (const ship of this.state.ships)
      for (const f of SHIP_NUMBERS) (ship as unknown as Record<string, number>)[f] = (Math.random() * 8) | 0;
    for (const ship of this.state.ships) ship.facing = FACINGS[(Math.random() * 6) | 0]!;
    this.state.nextTokenId += 1;
    this.state.turn = -1;
    this.openRound();
    this.broadcastPatch();
    this.sendFrames(EVENTS, 1, this.clients, [1, (this.state.round - 1) & 0xff, (this.state.round - 1) >> 8]);
    this.shown = [false, false];
    for (const k of Object.keys(this.profile))
      if (k !== EVENTS && !LOCK_IN.includes(k) && !PROMPT.includes(k)) this.sendFrames(k, this.due(k, 1));
  }

  /**
   * A client has shown an `events` frame (server.ts --animated). Once both have shown the round's last one, the match
   * server's animation wait ends and starts the commitment window's timer: a new deadline, patched to both. (The
   * match server also waits before a prompt's timer, but its bots answer a prompt before they have shown the frame.)
   */
  private animated(client: Client): void {
    const seat = this.seatOf(client);
    const shown = this.shown;
    if (seat < 0 || !shown) return;
    shown[seat] = true;
    if (!shown[0] || !shown[1]) return;
    this.shown = null;
    this.state.deadline = Date.now() + 60_000;
    this.broadcastPatch();
  }

  private decide(client: Client, msg: { prompt: number }): void {
    const p = this.pending;
    if (!p || this.seatOf(client) !== p.seat || (msg.prompt & 0xff) !== (p.id & 0xff)) return;
    this.pending = null;
    this.sendFrames('msg:prompt-closed', 1, [client]);
    this.resolve();
  }
}
