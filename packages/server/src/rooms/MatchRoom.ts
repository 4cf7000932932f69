// The `match` room: a thin driver of the pipeline authenticate seat → phase → validate → engine → views → send →
// persist. Seats, spectators and reconnection live here; who may join in admission.ts; the match itself in match.ts.
import { Room, type Client } from '@colyseus/core';
import type { Logger } from 'pino';
import { parseClientMessage, parseJoinOptions, SEAT_TAKEN, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import { clockNow, ownStateFrames, stateHasChanges } from '../colyseus-internals.js';
import { addressFromContext } from '../http/matchmake.js';
import { roomDeps, type RoomDeps } from '../deps.js';
import { Admission, refuse, type Auth } from './admission.js';
import { Emotes } from './emotes.js';
import { guardRoom } from './guards.js';
import { configureRoom } from './settings.js';
import { takeOver } from './takeover.js';
import { Listing, type MatchMetadata } from './listing.js';
import { Match, type MatchHost } from './match.js';
import { ReconnectionBudget } from './reconnection.js';
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
  private log!: Logger;
  private match!: Match;
  private members = new Map<string, Member>();
  private seatClients: [Client | null, Client | null] = [null, null];
  private budget!: ReconnectionBudget;
  private admission!: Admission;
  private desk!: SeatDesk;
  private listing = new Listing((meta) => void this.setMetadata(meta));
  private timers = new RoomTimers(
    () => this.clockNow(),
    (fn) => this.guard('timer', fn),
  );
  /** startFirstMatch is writing the listing (asynchronous): a seat taken meanwhile does not start a second one. */
  private starting = false;
  /** A patch is being encoded and sent (flushPatch); a timer check waits for the next turn: see onCreate. */
  private patching = false;
  private timersDue = false;
  /** The process is shutting down (app.ts close()): the room is going away with it, nobody forfeits. */
  private closing = false;
  private emotes = new Emotes(
    () => this.clockNow(),
    (msg) => this.sendAll('emote', msg),
  );

  override onCreate(options: unknown): void {
    this.deps = roomDeps();
    this.log = this.deps.log.child({ room: this.roomId });
    this.budget = new ReconnectionBudget(this.deps.reconnectSeconds * 1000, () => this.clockNow());
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    configureRoom(this.state.settings, o, this.deps.timers);
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    this.admission = new Admission(!!o.private);
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
    this.updateMetadata();
    this.log.info({ private: !!o.private }, 'room created');
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
        const c = this.seatClients[seat];
        if (c) {
          if (type !== 'commitment') this.flushPatch();
          this.reply(c, type, msg);
        }
      },
      broadcast: (type, msg) => this.sendAll(type, msg),
      animationCapMs: this.deps.animationCapSeconds * 1000,
      saveRecord: (summary, record) => this.deps.storage.saveRecord(summary, record),
      onPhaseChange: () => this.updateMetadata(),
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

  /** The room clock's time, ms (a test may drive it: test/harness.ts advanceClock). */
  private clockNow(): number {
    return clockNow(this.clock);
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
  private guard(what: string, fn: () => void): void {
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

  override onJoin(client: Client, options: unknown): void {
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
    const s = this.state.seats[seat]!;
    s.taken = true;
    s.connected = true;
    s.name = auth.name;
    this.seatClients[seat] = client;
    this.members.set(client.sessionId, { role: 'player', seat, limiter });
    const welcome: ServerMessages['welcome'] = { role: 'player', seat, roomId: this.roomId };
    if (auth.creator && this.admission.invite) welcome.invite = this.admission.invite;
    client.send('welcome', welcome);
    this.log.info({ seat }, 'player seated');
    if (this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting' && !this.starting) {
      this.startFirstMatch().catch((err: unknown) => this.log.error({ err }, 'starting the match failed'));
    } else this.updateMetadata();
  }

  private async startFirstMatch(): Promise<void> {
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
    this.budget.reset();
    this.guard('start', () => this.match.start([this.state.seats[0]!.name, this.state.seats[1]!.name]));
  }

  // ------------------------------------------------------------------ leaving and coming back (RULES §7)
  override onDrop(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m || m.role === 'spectator' || m.seat === null || !this.match.live || this.closing) {
      this.onLeave(client, code);
      return;
    }
    const seat = m.seat;
    const left = this.budget.left(seat);
    this.seatClients[seat] = null;
    this.state.seats[seat]!.connected = false;
    if (left <= 0) {
      this.onLeave(client, code);
      return;
    }
    const deferred = this.allowReconnection(client, 'manual');
    deferred.catch(() => {});
    this.budget.hold(seat, (ms) =>
      this.timers.add(() => {
        this.log.info({ seat }, 'reconnection budget spent: the seat forfeits');
        this.settleDrop(seat);
        this.guard('forfeit', () => this.match.forfeit(seat));
        deferred.reject(new Error('reconnection budget spent'));
      }, ms),
    );
    this.log.info({ seat, code, budgetLeftMs: Math.round(left) }, 'player dropped: seat held');
    this.match.seatDropped();
    markChanged(this);
  }

  private settleDrop(seat: Seat): void {
    const secondsLeft = this.budget.settle(seat);
    if (secondsLeft !== null) this.state.seats[seat]!.reconnectLeft = secondsLeft;
  }

  /** Colyseus asks this when a token comes back: its owner may still be connected (rooms/takeover.ts). */
  override checkReconnectionToken(token: string): string {
    const owner = this.clients.find((c) => c.reconnectionToken === token);
    if (owner && !takeOver(owner, this.match.live, (e) => this.reply(owner, 'error', e))) return undefined as never;
    return super.checkReconnectionToken(token);
  }

  override onReconnect(client: Client): void {
    const m = this.members.get(client.sessionId);
    if (!m || m.seat === null) return;
    this.settleDrop(m.seat);
    this.seatClients[m.seat] = client;
    this.state.seats[m.seat]!.connected = true;
    this.log.info({ seat: m.seat }, 'player reconnected');
    client.send('welcome', { role: 'player', seat: m.seat, roomId: this.roomId });
    for (const [type, msg] of this.match.catchUp(m.seat)) this.reply(client, type, msg);
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
    this.settleDrop(seat);
    if (this.match.live && !this.closing) {
      this.log.info({ seat, code }, 'player left: the seat forfeits');
      this.guard('forfeit', () => this.match.forfeit(seat));
    }
    this.seatClients[seat] = null;
    const s = this.state.seats[seat]!;
    s.taken = false;
    s.connected = false;
    s.rematch = false;
    this.updateMetadata();
  }

  /**
   * Graceful shutdown of the process: a live match cannot outlive it, so it ends without a result (no forfeit, no
   * record) and every client is closed with code 4001 (CloseCode.SERVER_SHUTDOWN). Finished matches are stored.
   */
  override onBeforeShutdown(): void {
    this.closing = true;
    if (this.match?.live)
      this.log.warn(
        { phase: this.state.phase, round: this.state.round },
        'process shutting down: live match abandoned',
      );
    super.onBeforeShutdown();
  }

  override onDispose(): void {
    this.timers.dispose();
    this.listing.dispose();
    this.match?.dispose();
    this.budget?.dispose();
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
    let outcome: ReturnType<MatchRoom['dispatch']>;
    try {
      outcome = this.dispatch(m.seat, parsed);
    } catch (err) {
      this.log.error({ err, type: parsed.type, seat: m.seat }, 'message handling failed');
      outcome = {
        ok: false as const,
        error: { code: 'illegal' as const, message: `${parsed.type}: the server could not apply it` },
      };
    }
    markChanged(this);
    if (!outcome.ok) {
      this.log.debug({ type: parsed.type, seat: m.seat, code: outcome.error.code }, 'message refused');
      this.reply(client, 'error', { ...outcome.error, type: parsed.type });
    }
  }

  private dispatch(seat: Seat, p: Extract<ReturnType<typeof parseClientMessage>, { ok: true }>) {
    switch (p.type) {
      case 'faction':
        return this.match.chooseFaction(seat, p.value);
      case 'pick':
      case 'swap':
      case 'munitions':
        return this.match.draftAction(seat, p.type, p.value);
      case 'commit':
        return this.match.commit(seat, p.value);
      case 'revise':
        return this.match.revise(seat, p.value);
      case 'decide':
        return this.match.decide(seat, p.value);
      case 'animated':
        return this.match.animated(seat, p.value);
      case 'emote':
        return this.emotes.send(seat, p.value.emote);
      case 'concede':
        return this.match.concede(seat);
      case 'rematch':
        return this.rematch(seat);
    }
  }

  private rematch(seat: Seat) {
    if (this.state.phase !== 'finished') {
      return { ok: false as const, error: { code: 'wrong-phase' as const, message: 'rematch: the match is not over' } };
    }
    // The process drains before it stops (scale/drain.ts): a rematch would start a new match here.
    if (this.deps.draining?.()) {
      return {
        ok: false as const,
        error: {
          code: 'wrong-phase' as const,
          message: 'rematch: this server is restarting and starts no new match; find a new one from the lobby',
        },
      };
    }
    this.state.seats[seat]!.rematch = true;
    if (this.state.seats.every((s) => s.taken && s.connected && s.rematch)) {
      this.budget.reset();
      this.match.start([this.state.seats[0]!.name, this.state.seats[1]!.name], this.match.previousWinner());
    }
    return { ok: true as const };
  }

  /** The listing (lobby) follows the state; listing.ts decides when it is worth a write. Every caller changed state. */
  private updateMetadata(): void {
    this.listing.update(this.state);
    this.desk?.refresh();
    markChanged(this);
  }
}
