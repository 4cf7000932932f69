// The `match` room: a thin driver of the pipeline authenticate seat → phase → validate → engine → views → send →
// persist. Seats, spectators and reconnection live here; who may join in admission.ts; the match itself in match.ts.
import { CloseCode, Room, type Client } from '@colyseus/core';
import type { Logger } from 'pino';
import { parseClientMessage, parseJoinOptions, SEAT_TAKEN, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import { clockNow, disposeSoonIfEmpty, ownStateFrames, stateHasChanges } from '../colyseus-internals.js';
import { addressFromContext } from '../http/matchmake.js';
import { roomDeps, type RoomDeps } from '../deps.js';
import { Admission, refuse, type Auth } from './admission.js';
import { Computer } from './computer.js';
import { Emotes } from './emotes.js';
import { guardRoom } from './guards.js';
import { configureRoom } from './settings.js';
import { takeOver } from './takeover.js';
import { Listing, type MatchMetadata } from './listing.js';
import { applyInput } from './inputs.js';
import { tokenHash, type Input } from './input-log.js';
import { Journal } from './journal.js';
import { Match, type MatchHost, type Outcome } from './match.js';
import { afterRestore, openLog, replay, restoreClaim } from './restore.js';
import { SeatLog } from './seat-log.js';
import { beforePatch, cork, markChanged } from './outbox.js';
import { RateLimiter } from './rate-limit.js';
import { RoomTimers } from './room-timers.js';
import type { SeatDesk } from './seats.js';
import { MatchRoomState, SeatState } from './state.js';
import { PACKED_TYPES, packedFrame } from './wire.js';

interface Member {
  role: 'player' | 'spectator';
  seat: Seat | null;
  limiter: RateLimiter;
}

export type { MatchMetadata } from './listing.js';

/** Patches are sent by the room itself (flushPatch), never on a Colyseus interval: see onCreate. */
const NO_PATCH_INTERVAL = 2 ** 31 - 1;

export class MatchRoom extends Room<{ state: MatchRoomState; metadata: MatchMetadata }> {
  // Seats are counted by the room (rooms/seats.ts): Colyseus' own count (clients + reservations) only caps the total.
  override maxClients = 2;
  override state = new MatchRoomState();
  private deps!: RoomDeps;
  log!: Logger;
  match!: Match;
  /** The computer opponent and quick match's offer to play it (computer.ts). */
  computer!: Computer;
  /**
   * The computer's own timers (its pause and deadline) on the room clock, apart from the match's: they are not
   * inputs of the log, and the match's timer ids (which a replay names) stay the same with or without a computer.
   */
  private readonly computerTimers = new RoomTimers(
    () => this.clockNow(),
    (_id, fire) => this.guard('computer', fire),
  );
  private members = new Map<string, Member>();
  /** The seats as inputs of the log: taken, held for a reconnection, back, given up (seat-log.ts). */
  seats!: SeatLog;
  private admission!: Admission;
  private desk!: SeatDesk;
  private listing = new Listing((meta) => void this.setMetadata(meta));
  readonly timers = new RoomTimers(
    () => this.clockNow(),
    (id, fire) => void this.journal.write({ k: 'timer', id }, () => this.guard('timer', fire)),
  );
  /** The write-ahead log of this room's inputs (journal.ts); restore.ts rebuilds a room from it. */
  journal!: Journal;
  /** startFirstMatch is writing the listing (asynchronous): a seat taken meanwhile does not start a second one. */
  private starting = false;
  /** A patch is being encoded and sent (flushPatch); a timer check waits for the next turn: see onCreate. */
  private patching = false;
  private timersDue = false;
  /** The process is shutting down (app.ts close()): the room is going away with it, nobody forfeits. */
  private closing = false;
  readonly emotes = new Emotes(
    () => this.clockNow(),
    (msg) => this.sendAll('emote', msg),
  );

  override async onCreate(options: unknown): Promise<void> {
    this.deps = roomDeps();
    const claim = restoreClaim(options);
    if (claim) {
      this.roomId = claim.roomId; // the same room id: clients reconnect with their old tokens (restore.ts)
      options = claim.options;
    }
    this.log = this.deps.log.child({ room: this.roomId });
    this.seats = new SeatLog(this, this.deps.reconnectSeconds * 1000);
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    if (o.bot && !this.deps.bots) throw refuse('this server has no computer opponent');
    // A practice match against the computer is private: its creator sets the timers as in any private room.
    if (o.bot) o.private = true;
    configureRoom(this.state.settings, o, this.deps.timers);
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    this.admission = new Admission(!!o.private, (o as { invite?: string }).invite);
    this.desk = guardRoom({
      room: this,
      deps: this.deps,
      admission: this.admission,
      log: this.log,
      view: () => ({
        phase: this.state.phase,
        seatsTaken: this.state.seats.map((s) => s.taken),
        spectators: this.state.spectators,
        maxSpectators: this.deps.maxSpectators,
        starting: this.starting,
      }),
      limiterOf: (id) => this.members.get(id)?.limiter,
      reply: (client, error) => this.reply(client, 'error', error),
      step: (what, fn) => this.guard(what, fn),
    });
    if (o.private) void this.setPrivate(true);
    this.match = new Match(this.host());
    this.computer = new Computer(this.computerHost(), this.deps.bots, this.deps.botOfferSeconds);
    if (o.bot) this.computer.sit(1, o.bot);
    // A turn-based room sends its patch itself: before a message that depends on it (host.broadcast/sendToSeat) and
    // at the end of every turn in which its state changed (markChanged → outbox.ts). No per-room interval runs: at
    // 2,000 rooms Colyseus' patch interval alone was 20,000 timer callbacks a second. (patchRate null would make
    // Colyseus tick the clock at 60 Hz instead, hence an interval that never comes.) Timers: room-timers.ts; the
    // clock interval only serves a clock driven by hand (tests), as nothing ticks the clock otherwise but a patch.
    this.patchRate = NO_PATCH_INTERVAL;
    ownStateFrames(this);
    // Colyseus ticks the clock inside broadcastPatch, before it encodes, and a patch is sent in the middle of a match
    // step (host.broadcast): a timer found due there runs in a turn of its own, so it never sends its patch and
    // messages inside another patch, nor changes the match under a step that is still running.
    this.clock.setInterval(() => {
      this.desk.refresh();
      this.computerTimers.check();
      if (!this.patching) return this.timers.check();
      if (this.timersDue) return;
      this.timersDue = true;
      setImmediate(() => {
        this.timersDue = false;
        this.timers.check();
      });
    }, 100);
    this.onMessage('*', (client: Client, type: string | number, payload: unknown) =>
      this.onClientMessage(client, type, payload),
    );
    this.journal = new Journal(this.deps.storage, this.deps.wal !== false, this.roomId, this.log, () =>
      clockNow(this.clock),
    );
    if (claim) {
      replay(this, claim);
      await afterRestore(this, claim);
    } else await openLog(this.roomId, { ...o, ...(this.admission.invite ? { invite: this.admission.invite } : {}) });
    this.updateMetadata();
    this.log.info({ private: !!o.private, restored: !!claim }, claim ? 'room restored' : 'room created');
  }

  /** Logs an input, then applies it (restore.ts). */
  async write(input: Input): Promise<void> {
    await this.journal.write(input, () => this.apply(input));
  }

  private host(): MatchHost {
    return {
      state: this.state,
      log: this.log,
      now: () => this.clockNow(),
      setTimeout: (fn, ms) => this.timers.add(fn, ms),
      // The patch goes first, so a message never overtakes the state it follows (a prompt is read against the board).
      // The commitment echo depends on no state: its seat's lockedIn goes with the turn's patch.
      sendToSeat: (seat, type, msg) => {
        const c = this.seats.clients[seat];
        if (c) {
          if (type !== 'commitment') this.flushPatch();
          this.reply(c, type, msg);
        }
      },
      broadcast: (type, msg) => this.sendAll(type, msg),
      animationCapMs: this.deps.animationCapSeconds * 1000,
      saveRecord: (summary, record) => {
        if (!this.journal.replaying) return this.deps.storage.saveRecord(summary, record);
        this.journal.replayedRecord = { summary, record }; // stored after the replay if the crash came first
        return Promise.resolve();
      },
      onPhaseChange: () => {
        this.updateMetadata();
        this.computer?.onPhaseChange();
      },
    };
  }

  private computerHost() {
    return {
      state: this.state,
      log: this.log,
      match: () => this.match,
      setTimeout: (fn: () => void, ms: number) => this.computerTimers.add(fn, ms),
      step: (what: string, fn: () => void) => this.guard(what, fn),
      sendOffer: (seat: Seat, msg: ServerMessages['computer-offer']) => {
        const c = this.seats.clients[seat];
        if (c) this.reply(c, 'computer-offer', msg);
      },
      start: () => this.startFirstMatch().catch((err: unknown) => this.log.error({ err }, 'starting the match failed')),
    };
  }

  /** Sends one message to every client (seats and spectators), after the pending patch. */
  private sendAll<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void {
    this.flushPatch();
    for (const c of this.clients) cork(c);
    if (!PACKED_TYPES.has(type)) {
      this.broadcast(type, msg);
      return;
    }
    const frame = packedFrame(type, msg);
    for (const c of this.clients) c.enqueueRaw(frame);
  }

  /** The room clock's time, ms (a test may drive it: test/harness.ts advanceClock); an input's own while applied. */
  clockNow(): number {
    return this.journal?.wal.at ?? clockNow(this.clock);
  }

  /** Sends the pending patch now, in the same write as whatever follows it this turn (outbox.ts). */
  flushPatch(): void {
    if (this.patching || !stateHasChanges(this)) return;
    beforePatch(this.clients);
    this.patching = true;
    try {
      this.broadcastPatch();
    } finally {
      this.patching = false;
    }
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

  // ------------------------------------------------------------------ joining (who may: admission.ts, seats.ts)
  /** Before any room is found or made: strict options, refused by name; the address goes to the reservation. */
  static override async onAuth(_token: string, options: unknown, context: unknown): Promise<{ address: string }> {
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    return { address: addressFromContext(context as Parameters<typeof addressFromContext>[0]) };
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

  override async onJoin(client: Client, options: unknown): Promise<void> {
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
      for (const [type, msg] of this.match.catchUp(null)) this.reply(client, type, msg);
      this.updateMetadata();
      return;
    }
    const seat = this.state.seats.findIndex((s) => !s.taken) as Seat | -1;
    if (seat === -1 || this.state.phase !== 'waiting') throw refuse(SEAT_TAKEN);
    // The seat is the log's before the player hears of it: a restart gives it back to this token (restore.ts).
    const tok = tokenHash(client.reconnectionToken);
    const input: Input = { k: 'seat', seat, name: auth.name, sid: client.sessionId, tok };
    await this.journal.write(input, () => this.seats.take(input, client));
    this.members.set(client.sessionId, { role: 'player', seat, limiter });
    const welcome: ServerMessages['welcome'] = { role: 'player', seat, roomId: this.roomId };
    if (auth.creator && this.admission.invite) welcome.invite = this.admission.invite;
    client.send('welcome', welcome);
    this.log.info({ seat }, 'player seated');
    if (this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting' && !this.starting) {
      this.computer.cancelOffer();
      this.startFirstMatch().catch((err: unknown) => this.log.error({ err }, 'starting the match failed'));
    } else {
      this.computer.waitingAlone(seat);
      this.updateMetadata();
    }
  }

  async startFirstMatch(): Promise<void> {
    // Both seats are taken: out of matchmaking, open to spectators by id (a private room needs the invite).
    const ready = () => this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting';
    this.starting = true;
    try {
      for (;;) {
        await this.setPrivate(true);
        if (ready()) break;
        // A player left while the listing was written (with Redis, a network round trip): no match with an empty
        // seat. A quick-match room goes back into matchmaking for the next stranger (whose join calls this again).
        this.log.info('a player left before the match started: waiting again');
        if (!this.state.settings.private) await this.setPrivate(false);
        if (!ready()) return;
        // The seat was taken again meanwhile (that join saw `starting` and left the start to this call).
      }
      // Open to spectators by id (maxClients leaves room: the seat desk and onJoin hold the limits, with words).
      await this.unlock();
    } finally {
      this.starting = false;
      // Not starting after all (a seat was left meanwhile): the room is matchable again (rooms/seats.ts).
      if (!ready()) this.desk.refresh();
    }
    if (!ready()) {
      // Left during the unlock: back to matchmaking.
      if (!this.state.settings.private) await this.setPrivate(false);
      return void this.updateMetadata();
    }
    await this.write({ k: 'start', seed: Match.newSeed() });
  }

  /** Applies one input: live once it is in the log, or replayed from it (inputs.ts). */
  apply(input: Input, client: Client | null = null): Outcome | undefined {
    return applyInput(this, input, client);
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
    if (this.clients.length === 0) disposeSoonIfEmpty(this);
  }

  // ------------------------------------------------------------------ leaving and coming back (RULES §7)
  override onDrop(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m || m.role === 'spectator' || m.seat === null || !this.match.live || this.closing) {
      this.onLeave(client, code);
      return;
    }
    const seat = m.seat;
    const left = this.seats.budget.left(seat);
    this.seats.clients[seat] = null;
    if (left <= 0) {
      this.onLeave(client, code);
      return;
    }
    const deferred = this.allowReconnection(client, 'manual');
    deferred.catch(() => {});
    this.seats.reconnecting[seat] = deferred;
    void this.write({ k: 'drop', seat });
    this.log.info({ seat, code, budgetLeftMs: Math.round(left) }, 'player dropped: seat held');
  }

  /**
   * Colyseus asks this when a token comes back (client.reconnect): its owner may still be connected (takeover.ts);
   * a restored seat's token is known by its hash only (journal.ts). The SDK's own retry asks hasReservedSeat.
   */
  override checkReconnectionToken(token: string): string {
    const owner = this.clients.find((c) => c.reconnectionToken === token);
    if (owner && !takeOver(owner, this.match.live, (e) => this.reply(owner, 'error', e))) return undefined as never;
    this.journal.recognise(this, this.seats, token);
    return super.checkReconnectionToken(token);
  }
  override hasReservedSeat(sessionId: string, token?: string): boolean {
    if (token && this.seats.restored.has(sessionId)) this.journal.recognise(this, this.seats, token);
    return super.hasReservedSeat(sessionId, token);
  }

  override async onReconnect(client: Client): Promise<void> {
    const back = this.journal.returning(this, this.seats, client.sessionId);
    const limiter = new RateLimiter(this.deps.rateLimit, this.deps.floodClock);
    if (back !== null) this.members.set(client.sessionId, { role: 'player', seat: back, limiter });
    const m = this.members.get(client.sessionId);
    if (!m || m.seat === null) return;
    const seat = m.seat;
    this.seats.reconnecting[seat] = null;
    // The new token is the log's before the client is given it (Colyseus sends it once this resolves).
    const input: Input = { k: 'token', seat, sid: client.sessionId, tok: tokenHash(client.reconnectionToken) };
    await this.journal.write(input, () => this.seats.back(input, client));
    this.log.info({ seat, restored: back !== null }, 'player reconnected');
    client.send('welcome', { role: 'player', seat, roomId: this.roomId });
    for (const [type, msg] of this.match.catchUp(seat)) this.reply(client, type, msg);
    markChanged(this);
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
    void this.write({ k: 'leave', seat });
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
    this.computer?.dispose();
    this.journal?.dispose(this.closing && this.journal.keeps(this.state.phase));
    this.timers.dispose();
    this.computerTimers.dispose();
    this.listing.dispose();
    this.match?.dispose();
    this.seats?.dispose();
    this.log?.info('room disposed');
  }

  // ------------------------------------------------------------------ messages
  /** Sends one message to one client; the big types go record-packed (see wire.ts), decoded by the SDK as usual. */
  private reply<K extends keyof ServerMessages>(client: Client, type: K, msg: ServerMessages[K]): void {
    cork(client);
    if (PACKED_TYPES.has(type)) client.enqueueRaw(packedFrame(type, msg));
    else client.send(type, msg);
  }

  private onClientMessage(client: Client, type: string | number, payload: unknown): void {
    const m = this.members.get(client.sessionId);
    if (!m) return;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) {
      this.reply(client, 'error', parsed.error);
      return;
    }
    if (m.role === 'spectator' || m.seat === null) {
      this.reply(client, 'error', {
        code: 'spectator',
        type: parsed.type,
        message: `${parsed.type}: spectators can change nothing`,
      });
      return;
    }
    // The process drains before it stops (scale/drain.ts): a rematch would start a new match here.
    if (parsed.type === 'rematch' && this.deps.draining?.()) {
      this.reply(client, 'error', {
        code: 'wrong-phase',
        type: 'rematch',
        message: 'rematch: this server is restarting and starts no new match; find a new one from the lobby',
      });
      return;
    }
    const seat = m.seat;
    const input: Input = { k: 'msg', seat, type: parsed.type, value: parsed.value };
    if (parsed.type === 'rematch') input.seed = Match.newSeed();
    // An emote changes nothing of the match: it is not an input of the log.
    if (parsed.type === 'emote') {
      this.onInput(client, seat, input);
      return;
    }
    this.journal
      .write(input, () => this.onInput(client, seat, input))
      ?.catch(() => {
        const message = `${parsed.type}: the server could not store it`;
        this.reply(client, 'error', { code: 'illegal', type: parsed.type, message });
      });
  }

  /** A client's message, logged: applied, and a refusal told to the client. */
  private onInput(client: Client, seat: Seat, input: Extract<Input, { k: 'msg' }>): void {
    let outcome: Outcome;
    try {
      outcome = this.apply(input)!;
    } catch (err) {
      this.log.error({ err, type: input.type, seat }, 'message handling failed');
      outcome = { ok: false, error: { code: 'illegal', message: `${input.type}: the server could not apply it` } };
    }
    markChanged(this);
    if (!outcome.ok) {
      this.log.debug({ type: input.type, seat, code: outcome.error.code }, 'message refused');
      this.reply(client, 'error', { ...outcome.error, type: input.type as never });
    }
  }

  /** The listing (lobby) follows the state; listing.ts decides when it is worth a write. Every caller changed state. */
  updateMetadata(): void {
    this.listing.update(this.state);
    this.desk?.refresh();
    markChanged(this);
  }
}
