// The `match` room, a thin driver. A client's message goes: its sender's seat → its shape checked (protocol) →
// written to the room's input log (log/input-log.ts; a spectator's or a malformed message is refused before) →
// applied once kept: the phase, the seat's right and the move checked against the engine (match/), which plays it →
// the views it changed (the synced state, each seat's own messages) sent at the end of the turn, the patch before
// the messages that follow it (output/). Timer expiries, seats taken and left and the computer's answers take the
// same path, so a room rebuilt from its log (log/restore.ts) is the room that was lost. Seats, spectators and
// reconnection live here (who may join: seats/admission.ts); the parts see the room as RoomParts (room-parts.ts).
import { CloseCode, Room, type Client } from '@colyseus/core';
import type { Logger } from 'pino';
import { SEAT_TAKEN, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import { clockNow, disposeSoonIfEmpty } from '../colyseus-internals.js';
import { roomDeps, type RoomDeps } from '../deps.js';
import { Admission, refuse, type Auth } from '../seats/admission.js';
import { authorizeSeat, bothSeatsRefusal, type SeatAuth, seatPlayer } from '../seats/player-auth.js';
import { onClientMessage } from './client-messages.js';
import type { Computer } from '../match/computer.js';
import { RoomComputer } from '../match/computer-host.js';
import { Emotes } from './emotes.js';
import { guardRoom } from './guards.js';
import { configureRoom, creatorOptions, restoreSettings } from '../match/settings.js';
import { takeOver } from '../seats/seat-takeover.js';
import { Listing, type MatchMetadata } from '../output/listing.js';
import { applyInput } from '../log/inputs.js';
import { tokenHash, type Input } from '../log/input-log.js';
import { Journal } from '../log/journal.js';
import { Match, type Outcome } from '../match/match.js';
import { MatchRoomHost } from '../match/match-room-host.js';
import { MatchStart } from '../match/match-start.js';
import { beginLog, roomCreation } from '../log/restore.js';
import { giveUp, MOVED } from '../log/lease.js';
import { SeatLog } from '../seats/seat-log.js';
import { welcomeBack } from '../seats/seat-return.js';
import { markChanged } from '../output/outbox.js';
import { RateLimiter } from './rate-limit.js';
import { RoomOutput, sendTo } from '../output/room-output.js';
import { RoomTimers } from './room-timers.js';
import type { Member, RoomParts } from './room-parts.js';
import type { SeatDesk } from '../seats/reservations.js';
import { MatchRoomState, SeatState } from '../output/state.js';

export type { MatchMetadata } from '../output/listing.js';

export class MatchRoom extends Room<{ state: MatchRoomState; metadata: MatchMetadata }> implements RoomParts {
  override state = new MatchRoomState();
  private deps!: RoomDeps;
  log!: Logger;
  match!: Match;
  /** The computer opponent, made when first asked for and let go while idle (computer-host.ts). */
  private bot!: RoomComputer;
  private members = new Map<string, Member>();
  /** The seats as inputs of the log: taken, held for a reconnection, back, given up (seat-log.ts). */
  seats!: SeatLog;
  private admission!: Admission;
  get invite(): string | null {
    return this.admission.invite;
  }
  private desk!: SeatDesk;
  private listing = new Listing((meta) => void this.setMetadata(meta));
  readonly timers: RoomTimers = new RoomTimers(this);
  /** The write-ahead log of this room's inputs (journal.ts); restore.ts rebuilds a room from it. */
  journal!: Journal;
  /** Leaving matchmaking and starting the first match (match-start.ts). */
  private readonly start = new MatchStart(this);
  /** The room's patches and messages, in order (room-output.ts). */
  private readonly output = new RoomOutput(this);
  /** The process is shutting down (app.ts close()), or the match is another's (lease.ts): nobody forfeits here. */
  private closing = false;
  /** onCreate is over. */
  private created = false;
  /** Made at the first emote: most matches send none. */
  private emotesHere: Emotes | null = null;

  override async onCreate(options: unknown): Promise<void> {
    this.deps = roomDeps();
    const { claim, join, settings } = roomCreation(options);
    if (claim) this.roomId = claim.roomId; // the same room id: clients reconnect with their old tokens (restore.ts)
    this.log = this.deps.log.child({ room: this.roomId });
    this.seats = new SeatLog(this, this.deps.reconnectSeconds * 1000);
    const o = creatorOptions(join, !!this.deps.bots);
    configureRoom(this.state.settings, o, this.deps.timers);
    restoreSettings(this.state.settings, settings);
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    this.admission = new Admission(!!o.private, o.invite);
    this.bot = new RoomComputer(this, this.deps, this.start);
    this.desk = this.guardRoom();
    if (o.private) void this.setPrivate(true);
    this.match = new Match(new MatchRoomHost(this, this.output, this.deps));
    // The room sends its own patches (room-output.ts); timers: room-timers.ts.
    this.output.start(
      () => {
        this.desk.refresh();
        this.bot.check();
      },
      () => this.timers.check(),
    );
    this.onMessage('*', (client: Client, type: string | number, payload: unknown) =>
      onClientMessage(this, client, type, payload),
    );
    this.journal = new Journal(
      this.deps,
      this.roomId,
      this.log,
      () => clockNow(this.clock),
      () => this.giveUp(),
    );
    const invite = this.invite;
    await beginLog(this, claim, invite ? { ...o, invite } : o);
    this.updateMetadata();
    this.created = true;
    this.log.info({ private: !!o.private, restored: !!claim }, claim ? 'room restored' : 'room created');
  }

  /** Another process took this match over (lease.ts): it is never acted on here again; its clients go there. */
  private giveUp(): void {
    this.closing = true;
    giveUp(this, this.log, [this.timers, this.bot, this.match, this.listing], this.created);
  }

  get computer(): Computer {
    return this.bot.computer;
  }

  get emotes(): Emotes {
    this.emotesHere ??= new Emotes(this, this.output);
    return this.emotesHere;
  }

  get madeComputer(): Computer | null {
    return this.bot?.made ?? null;
  }

  /** The seat desk and the screening of every frame (guards.ts). */
  private guardRoom(): SeatDesk {
    return guardRoom({
      room: this,
      deps: this.deps,
      admission: this.admission,
      log: this.log,
      view: () => ({
        phase: this.state.phase,
        seatsTaken: this.state.seats.map((s) => s.taken),
        spectators: this.state.spectators,
        maxSpectators: this.deps.maxSpectators,
        starting: this.start.pending,
      }),
      limiterOf: (id) => this.members.get(id)?.limiter,
      reply: (client, error) => sendTo(client, 'error', error),
      step: (what, fn) => this.guard(what, fn),
    });
  }

  /** Logs an input, then applies it (restore.ts). */
  async write(input: Input): Promise<void> {
    await this.journal.write(input, () => this.apply(input));
  }

  /** The room clock's time, ms (a test may drive it: test/harness.ts advanceClock); an input's own while applied. */
  clockNow(): number {
    return this.journal?.wal.at ?? clockNow(this.clock);
  }

  /** A match timer ran out: its expiry goes to the log first, so a replay runs it at the same point (room-timers.ts). */
  timerDue(id: number, fire: () => void): void {
    void this.journal.write({ k: 'timer', id }, () => this.guard('timer', fire));
  }

  /** Sends the pending patch now, in the same write as whatever follows it this turn (outbox.ts). */
  flushPatch(): void {
    this.output.flush();
  }

  /** Runs one step of the room (a timer, a start) and sends what it changed at the end of the turn. */
  guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err, what }, 'room step failed');
    }
    markChanged(this);
  }

  // ---------------------------------------------------------- joining (who may: admission.ts, seats/reservations.ts)
  /** Before any room is found or made: strict options, refused by name; the address goes to the reservation. */
  static override onAuth(token: string, options: unknown, context: unknown): Promise<SeatAuth> {
    return authorizeSeat(roomDeps().sessions, token, options, context);
  }

  /**
   * Matchmaking's joinById asks first (http/matchmake.ts): the refusal's words, or null. Returned, not thrown: a
   * room on another process answers through Colyseus' IPC, whose remoteRoomCall turns any thrown error into a
   * generic "timed out" (the words would be lost).
   */
  precheck(options: unknown): string | null {
    try {
      this.desk.precheck(options);
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }

  override async onJoin(client: Client, options: unknown, authData?: unknown): Promise<void> {
    if (this.journal.lost) throw refuse(MOVED);
    let auth: Auth;
    try {
      auth = this.desk.admit(client.sessionId, options);
    } catch (err) {
      this.log.info({ session: client.sessionId, reason: (err as Error).message }, 'join refused');
      throw err;
    }
    const limiter = new RateLimiter(this.deps.rateLimit, this.deps.floodClock);
    if (auth.role === 'spectator') {
      if (this.state.spectators >= this.deps.maxSpectators)
        throw refuse('this match has as many spectators as it can take');
      this.members.set(client.sessionId, { role: 'spectator', seat: null, limiter });
      this.state.spectators += 1;
      client.send('welcome', { role: 'spectator', seat: null, roomId: this.roomId });
      for (const [type, msg] of this.match.catchUp(null)) sendTo(client, type, msg);
      this.updateMetadata();
      return;
    }
    const seat = this.state.seats.findIndex((s) => !s.taken) as Seat | -1;
    if (seat === -1 || this.state.phase !== 'waiting') this.refuseSeat(SEAT_TAKEN);
    const twice = bothSeatsRefusal(this.state.seats, authData);
    if (twice) this.refuseSeat(twice);
    // The seat is the log's before the player hears of it: a restart gives it back to this token (restore.ts).
    const tok = tokenHash(client.reconnectionToken);
    const input: Input = { k: 'seat', seat, name: auth.name, sid: client.sessionId, tok, ...seatPlayer(authData) };
    await this.journal.write(input, () => this.seats.take(input, client));
    this.members.set(client.sessionId, { role: 'player', seat, limiter });
    const welcome: ServerMessages['welcome'] = { role: 'player', seat, roomId: this.roomId };
    if (auth.creator && this.invite) welcome.invite = this.invite;
    client.send('welcome', welcome);
    this.log.info({ seat }, 'player seated');
    if (this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting' && !this.start.pending) {
      this.madeComputer?.cancelOffer();
      this.bot.letGoIfIdle();
      this.start.soon();
    } else {
      this.computer.waitingAlone(seat);
      this.bot.letGoIfIdle(); // no offer to wait for (a private room, or none on this server)
      this.updateMetadata();
    }
  }

  /** Both seats are taken: out of matchmaking, then the first match (match-start.ts). */
  startFirstMatch(): Promise<void> {
    return this.start.run();
  }

  /** The seat desk re-reads the room (seats/reservations.ts). */
  refreshSeats(): void {
    this.desk.refresh();
  }

  /** Applies one input: live once it is in the log, or replayed from it (inputs.ts). */
  apply(input: Input, client: Client | null = null): Outcome | undefined {
    return applyInput(this, input, client);
  }

  /** A client in the room (client-messages.ts). */
  member(sessionId: string): Member | undefined {
    return this.members.get(sessionId);
  }

  /** The process drains before it stops (scale/drain.ts): no new match starts here. */
  draining(): boolean {
    return this.deps.draining?.() ?? false;
  }

  /** The room's state changed: a patch at the end of the turn (outbox.ts). */
  changed(): void {
    markChanged(this);
  }

  get replaying(): boolean {
    return this.journal.replaying;
  }

  /** Nobody is connected and nothing is held any more: the room may go (a restored room nobody came back to). */
  idle(): void {
    this.autoDispose = true;
    if (this.clients.length === 0) disposeSoonIfEmpty(this);
  }

  /** A player refused a seat at connect: its reservation counted as holding one (SeatDesk), so the room is re-read. */
  private refuseSeat(words: string): never {
    this.desk.refresh();
    throw refuse(words);
  }

  // ------------------------------------------------------------------ leaving and coming back (RULES §7)
  override onDrop(client: Client, code?: number): void {
    const seat = this.heldSeat(client);
    if (seat === null) {
      this.onLeave(client, code);
      return;
    }
    const left = this.seats.window(seat);
    this.seats.clients[seat] = null;
    const deferred = this.allowReconnection(client, 'manual');
    deferred.catch(() => {});
    this.seats.reconnecting[seat] = deferred;
    this.write({ k: 'drop', seat }).catch(() => {}); // logged by the journal
    this.log.info({ seat, code, budgetLeftMs: Math.round(left) }, 'player dropped: seat held');
  }

  /**
   * The seat a dropped connection holds for its return, or null when it is given up. A seat is held in a match, after
   * its end (a reload on the end screen: seat-log.ts window), and in a private room waiting for its invitee (a reload
   * keeps the room and its invite link). Quick match's waiting seat is not: a player who left is not paired with the
   * next one.
   */
  private heldSeat(client: Client): Seat | null {
    const m = this.members.get(client.sessionId);
    const phase = this.state.phase;
    const held = this.match.live || phase === 'finished' || (phase === 'waiting' && this.state.settings.private);
    if (!m || m.role === 'spectator' || m.seat === null || !held || this.closing) return null;
    return this.seats.window(m.seat) > 0 ? m.seat : null;
  }

  /**
   * Colyseus asks this when a token comes back (client.reconnect): its owner may still be connected
   * (seats/seat-takeover.ts); a restored seat's token is known by its hash only (journal.ts). The SDK's own retry
   * asks hasReservedSeat.
   */
  override checkReconnectionToken(token: string): string {
    if (this.journal.lost) return undefined as never; // the match is another process' (lease.ts)
    const owner = this.clients.find((c) => c.reconnectionToken === token);
    if (owner && !takeOver(owner, this.heldSeat(owner) !== null, (e) => sendTo(owner, 'error', e)))
      return undefined as never;
    this.journal.recognise(this, this.seats, token);
    return super.checkReconnectionToken(token);
  }
  override hasReservedSeat(sessionId: string, token?: string): boolean {
    if (token && this.seats.restored.has(sessionId)) this.journal.recognise(this, this.seats, token);
    return super.hasReservedSeat(sessionId, token);
  }

  override onReconnect(client: Client): Promise<void> {
    const back = this.journal.returning(this, this.seats, client.sessionId);
    const limiter = () => new RateLimiter(this.deps.rateLimit, this.deps.floodClock);
    return welcomeBack(this, client, back, this.members, limiter);
  }

  override onLeave(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m) return;
    this.members.delete(client.sessionId);
    if (m.role === 'spectator') {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      this.updateMetadata();
      return;
    }
    const seat = m.seat!;
    this.seats.reconnecting[seat] = null;
    // Shutting down: the seat stays the log's, to be restored with its match.
    if (this.closing) return;
    if (this.match.live) this.log.info({ seat, code }, 'player left: the seat forfeits');
    this.write({ k: 'leave', seat }).catch(() => {}); // logged by the journal
  }

  /**
   * Graceful shutdown of the process: a live match (or a room waiting for its second player) stays in its log and is
   * restored on the next start or by another process (restore.ts); its clients are closed with 4010 ("server
   * restarting": CloseCode.MAY_TRY_RECONNECT, they come back with their tokens). A finished match's room, or any room
   * when the log is off, closes with 4001 (CloseCode.SERVER_SHUTDOWN): no live match outlives the process then.
   */
  override onBeforeShutdown(): void {
    this.closing = true;
    const at = { phase: this.state.phase, round: this.state.round };
    if (this.journal.keeps(this.state.phase)) {
      this.log.info(at, 'process shutting down: match kept in its log');
      void this.disconnect(CloseCode.MAY_TRY_RECONNECT);
      return;
    }
    if (this.match?.live) this.log.warn(at, 'process shutting down: live match abandoned');
    super.onBeforeShutdown();
  }

  override onDispose(): void {
    this.bot?.dispose();
    this.journal?.dispose(this.closing && this.journal.keeps(this.state.phase));
    this.timers.dispose();
    this.listing.dispose();
    this.match?.dispose();
    this.seats?.dispose();
    this.log?.info('room disposed');
  }

  /** The listing (lobby) follows the state; listing.ts decides when it is worth a write. Every caller changed state. */
  updateMetadata(): void {
    this.listing.update(this.state);
    this.desk?.refresh();
    markChanged(this);
  }
}
