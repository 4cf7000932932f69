// The `match` room: a thin driver of the pipeline authenticate seat → phase → validate → engine → views → send →
// persist. Seats, spectators and reconnection live here; who may join in admission.ts; the match itself in match.ts.
import { CloseCode, Room, type Client, type Deferred } from '@colyseus/core';
import type { Logger } from 'pino';
import { parseClientMessage, parseJoinOptions, type JoinOptions, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine/types';
import {
  clockNow,
  disposeSoonIfEmpty,
  forgetRestoredSeat,
  ownStateFrames,
  registerRestoredSeat,
  stateHasChanges,
} from '../colyseus-internals.js';
import { roomDeps, type RoomDeps } from '../deps.js';
import { Admission, refuse, type Auth } from './admission.js';
import { Listing, type MatchMetadata } from './listing.js';
import { Match, type MatchHost, type Outcome } from './match.js';
import { fail, OK } from './match-host.js';
import { ReconnectionBudget } from './reconnection.js';
import { beforePatch, cork, markChanged } from './outbox.js';
import { RateLimiter } from './rate-limit.js';
import { InputLog, tokenHash, type Input } from './input-log.js';
import { afterRestore, replay, restoreClaim, type RestoredSeat } from './restore.js';
import { RoomTimers } from './room-timers.js';
import { MatchRoomState, SeatState } from './state.js';
import { PACKED_TYPES, packedFrame } from './wire.js';
import type { RecordSummary } from '../storage/types.js';

interface Member {
  role: 'player' | 'spectator';
  seat: Seat | null;
  limiter: RateLimiter;
}

export type { MatchMetadata } from './listing.js';

/** Patches are sent by the room itself (flushPatch), never on a Colyseus interval: see onCreate. */
const NO_PATCH_INTERVAL = 2 ** 31 - 1;

export class MatchRoom extends Room<{ state: MatchRoomState; metadata: MatchMetadata }> {
  override maxClients = 2;
  override state = new MatchRoomState();
  private deps!: RoomDeps;
  private log!: Logger;
  private match!: Match;
  private members = new Map<string, Member>();
  private seatClients: [Client | null, Client | null] = [null, null];
  /** A dropped seat's pending reconnection (Colyseus'), refused when its budget runs out. */
  private reconnecting: [Deferred<Client> | null, Deferred<Client> | null] = [null, null];
  private budget!: ReconnectionBudget;
  private admission!: Admission;
  private listing = new Listing((meta) => void this.setMetadata(meta));
  private timers = new RoomTimers(
    () => this.clockNow(),
    (id, fire) => void this.log$({ k: 'timer', id }, () => this.guard('timer', fire)),
  );
  /** The write-ahead log of this room's inputs (input-log.ts); restore.ts rebuilds a room from it. */
  wal!: InputLog;
  /** The room is being rebuilt from its log: nothing is sent, stored or logged. */
  replaying = false;
  /** Restored seats whose player has not come back yet: session id → seat and the hash of its last token. */
  restored = new Map<string, RestoredSeat>();
  /** The last record the replay produced (restore.ts stores it if the crash came before it was stored). */
  replayedRecord: { summary: RecordSummary; record: unknown } | null = null;
  /** startFirstMatch is writing the listing (asynchronous): a seat taken meanwhile does not start a second one. */
  private starting = false;
  /** A patch is being encoded and sent (flushPatch); a timer check waits for the next turn: see onCreate. */
  private patching = false;
  private timersDue = false;
  /** The process is shutting down (app.ts close()): the room is going away with it, nobody forfeits. */
  private closing = false;

  override async onCreate(options: unknown): Promise<void> {
    this.deps = roomDeps();
    const claim = restoreClaim(options);
    if (claim) {
      this.roomId = claim.roomId; // the same room id: clients reconnect with their old tokens (restore.ts)
      options = claim.options;
    }
    this.log = this.deps.log.child({ room: this.roomId });
    this.budget = new ReconnectionBudget(this.deps.reconnectSeconds * 1000, () => this.clockNow());
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    this.configure(o);
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    this.admission = new Admission(!!o.private, (o as { invite?: string }).invite);
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
    this.wal = new InputLog(this.deps.wal === false ? null : this.deps.storage, this.roomId, () =>
      clockNow(this.clock),
    );
    if (claim) {
      replay(this, claim);
      await afterRestore(this, claim);
    } else if (this.deps.wal !== false) {
      const options = { ...o, ...(this.admission.invite ? { invite: this.admission.invite } : {}) };
      await this.deps.storage.openRoom({
        roomId: this.roomId,
        owner: this.deps.instance ?? 'solo',
        createdAt: Date.now(),
        options,
      });
    }
    this.updateMetadata();
    this.log.info({ private: !!o.private, restored: !!claim }, claim ? 'room restored' : 'room created');
  }

  /** Logs an input, then applies it (restore.ts). */
  async write(input: Input): Promise<void> {
    await this.log$(input, () => this.apply(input));
  }

  /** A finished match whose record the crash came before: stored now, under the id its clients were told. */
  async storeReplayedRecord(): Promise<void> {
    const r = this.replayedRecord;
    this.replayedRecord = null;
    if (!r || this.state.phase !== 'finished' || r.summary.id !== this.state.recordId) return;
    if (await this.deps.storage.getRecord(r.summary.id)) return;
    await this.deps.storage.saveRecord(r.summary, r.record);
    this.log.info({ recordId: r.summary.id }, 'record stored after the restore');
  }

  /** A restored room back in the listing as it was: in matchmaking while waiting, else open to spectators by id. */
  async relist(): Promise<void> {
    if (this.state.phase === 'waiting') {
      if (!this.state.settings.private) await this.setPrivate(false);
      if (this.state.seats.every((x) => x.taken)) await this.startFirstMatch();
      return;
    }
    await this.setPrivate(true);
    this.maxClients = 2 + this.deps.maxSpectators + 1;
  }

  /** Logs an input, then applies it (input-log.ts); a failed write is logged and changes nothing. */
  private log$(input: Input, apply: () => void): Promise<void> | undefined {
    const p = this.wal.write(input, apply);
    p?.catch((err: unknown) => this.log.error({ err, input: input.k }, 'the input log could not be written'));
    return p;
  }

  /** A private room's creator sets the timers and the Arclight variants (RULES §7, §9); others get the defaults. */
  private configure(o: JoinOptions): void {
    const s = this.state.settings;
    const d = this.deps.timers;
    s.private = !!o.private;
    s.draftSeconds = (o.private && o.timers?.draft) || d.draft;
    s.commitSeconds = (o.private && o.timers?.commit) || d.commit;
    s.promptSeconds = (o.private && o.timers?.prompt) || d.prompt;
    s.rangeBands = !!(o.private && o.variants?.rangeBands);
    s.initiativeRoll = !!(o.private && o.variants?.initiativeRoll);
    s.criticalHits = !!(o.private && o.variants?.criticalHits);
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
      broadcast: (type, msg) => {
        this.flushPatch();
        for (const c of this.clients) cork(c);
        if (!PACKED_TYPES.has(type)) return this.broadcast(type, msg);
        const frame = packedFrame(type, msg);
        for (const c of this.clients) c.enqueueRaw(frame);
      },
      saveRecord: (summary, record) => {
        if (!this.replaying) return this.deps.storage.saveRecord(summary, record);
        this.replayedRecord = { summary, record }; // stored after the replay if the crash came first (restore.ts)
        return Promise.resolve();
      },
      onPhaseChange: () => this.updateMetadata(),
    };
  }

  /** The room clock's time, ms (a test may drive it: test/harness.ts advanceClock); an input's own while applied. */
  clockNow(): number {
    return this.wal?.at ?? clockNow(this.clock);
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

  // ------------------------------------------------------------------ joining
  override onAuth(client: Client, options: unknown): Auth {
    try {
      return this.authorise(options);
    } catch (err) {
      // Operators see why a join was refused (the client is told the same words); never the invite itself.
      this.log.info({ session: client.sessionId, reason: (err as Error).message }, 'join refused');
      throw err;
    }
  }

  private authorise(options: unknown): Auth {
    return this.admission.authorise(options, {
      phase: this.state.phase,
      seatsTaken: this.state.seats.map((s) => s.taken),
      spectators: this.state.spectators,
      maxSpectators: this.deps.maxSpectators,
    });
  }

  override async onJoin(client: Client, _options: unknown, auth: Auth): Promise<void> {
    const limiter = new RateLimiter(this.deps.rateLimit);
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
    if (seat === -1) throw refuse('the match is full');
    // The seat is the log's before the player hears of it: a restart gives it back to this token (restore.ts).
    const input: Input = {
      k: 'seat',
      seat,
      name: auth.name,
      sid: client.sessionId,
      tok: tokenHash(client.reconnectionToken),
    };
    await this.log$(input, () => this.takeSeat(input, client));
    this.members.set(client.sessionId, { role: 'player', seat, limiter });
    const welcome: ServerMessages['welcome'] = { role: 'player', seat, roomId: this.roomId };
    if (auth.creator && this.admission.invite) welcome.invite = this.admission.invite;
    client.send('welcome', welcome);
    this.log.info({ seat }, 'player seated');
    if (this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting' && !this.starting) {
      this.startFirstMatch().catch((err: unknown) => this.log.error({ err }, 'starting the match failed'));
    } else this.updateMetadata();
  }

  /** Input `seat`: a player takes a seat (live with its client; replayed, the seat waits for its token). */
  private takeSeat(input: Extract<Input, { k: 'seat' }>, client: Client | null): void {
    const s = this.state.seats[input.seat]!;
    if (s.taken) throw new Error(`input log: seat ${input.seat} is taken twice`);
    s.taken = true;
    s.connected = true;
    s.name = input.name;
    this.seatClients[input.seat] = client;
    if (!client) this.restored.set(input.sid, { seat: input.seat, tok: input.tok });
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
      // One place over the spectator limit, so that a spectator too many reaches onAuth and is told why (at exactly
      // full, Colyseus would lock the room and refuse with a bare 'room is locked'). onJoin holds the limit itself.
      this.maxClients = 2 + this.deps.maxSpectators + 1;
      await this.unlock();
    } finally {
      this.starting = false;
    }
    if (!ready()) {
      // Left during the unlock: back to two seats and matchmaking.
      this.maxClients = 2;
      if (!this.state.settings.private) await this.setPrivate(false);
      return void this.updateMetadata();
    }
    const input: Input = { k: 'start', seed: Match.newSeed() };
    await this.log$(input, () => this.apply(input));
  }

  /**
   * Applies one input: live once it is in the log, or replayed from it (restore.ts). Whatever is said to a client
   * about it is the caller's. A `msg` returns the outcome the client is told.
   */
  apply(input: Input, client: Client | null = null): Outcome | undefined {
    switch (input.k) {
      case 'seat':
        return void this.takeSeat(input, client);
      case 'token':
        return void this.seatBack(input.seat, client);
      case 'start':
        this.budget.reset();
        return void this.guard('start', () => this.match.start(this.names(), input.seed));
      case 'msg':
        return this.dispatch(input.seat, input as never, input.seed);
      case 'timer':
        return void this.guard('timer', () => this.timers.fire(input.id));
      case 'drop':
        return void this.holdSeat(input.seat);
      case 'leave':
        return void this.freeSeat(input.seat);
      case 'resume':
        this.timers.shift(input.shift);
        this.budget.shift(input.shift);
        if (this.state.deadline) this.state.deadline += input.shift;
        return;
    }
  }

  private names(): [string, string] {
    return [this.state.seats[0]!.name, this.state.seats[1]!.name];
  }

  // ------------------------------------------------------------------ leaving and coming back (RULES §7)
  override onDrop(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m || m.role === 'spectator' || m.seat === null || !this.match.live || this.closing)
      return this.onLeave(client, code);
    const seat = m.seat;
    const left = this.budget.left(seat);
    this.seatClients[seat] = null;
    if (left <= 0) return this.onLeave(client, code);
    const deferred = this.allowReconnection(client, 'manual');
    deferred.catch(() => {});
    this.reconnecting[seat] = deferred;
    void this.log$({ k: 'drop', seat }, () => this.holdSeat(seat));
    this.log.info({ seat, code, budgetLeftMs: Math.round(left) }, 'player dropped: seat held');
  }

  /** Input `drop`: the seat is held for its reconnection budget; when that runs out, it forfeits (RULES §7). */
  holdSeat(seat: Seat): void {
    this.state.seats[seat]!.connected = false;
    this.budget.hold(seat, (ms) =>
      this.timers.add(() => {
        this.log.info({ seat }, 'reconnection budget spent: the seat forfeits');
        this.settleDrop(seat);
        if (this.match.live) this.guard('forfeit', () => this.match.forfeit(seat));
        // A restored seat has no Colyseus reconnection to refuse: it is freed here (its room may then go away).
        else if (!this.reconnecting[seat]) this.freeSeat(seat);
        this.reconnecting[seat]?.reject(new Error('reconnection budget spent'));
        if (!this.replaying && this.clients.length === 0) disposeSoonIfEmpty(this);
      }, ms),
    );
    markChanged(this);
  }

  private settleDrop(seat: Seat): void {
    const secondsLeft = this.budget.settle(seat);
    if (secondsLeft !== null) this.state.seats[seat]!.reconnectLeft = secondsLeft;
  }

  /**
   * Colyseus asks whether a reconnection token is good: through the matchmaker (client.reconnect) or straight on the
   * socket (the SDK's own retry). A restored seat's token is known by its hash only (restore.ts).
   */
  override checkReconnectionToken(token: string): string {
    this.recognise(token);
    return super.checkReconnectionToken(token);
  }
  override hasReservedSeat(sessionId: string, token?: string): boolean {
    if (token && this.restored.has(sessionId)) this.recognise(token);
    return super.hasReservedSeat(sessionId, token);
  }
  private recognise(token: string): void {
    if (!this.restored.size) return;
    const hash = tokenHash(token);
    for (const [sid, r] of this.restored) {
      if (r.tok !== hash) continue;
      r.raw = token;
      registerRestoredSeat(this, sid, token);
    }
  }

  override async onReconnect(client: Client): Promise<void> {
    const back = this.restored.get(client.sessionId);
    if (back) {
      this.restored.delete(client.sessionId);
      if (back.raw) forgetRestoredSeat(this, client.sessionId, back.raw);
      this.members.set(client.sessionId, {
        role: 'player',
        seat: back.seat,
        limiter: new RateLimiter(this.deps.rateLimit),
      });
    }
    const m = this.members.get(client.sessionId);
    if (!m || m.seat === null) return;
    const seat = m.seat;
    this.reconnecting[seat] = null;
    // The new token is the log's before the client is given it (Colyseus sends it once this resolves).
    await this.log$({ k: 'token', seat, sid: client.sessionId, tok: tokenHash(client.reconnectionToken) }, () =>
      this.seatBack(seat, client),
    );
    this.log.info({ seat, restored: !!back }, 'player reconnected');
    client.send('welcome', { role: 'player', seat, roomId: this.roomId });
    for (const [type, msg] of this.match.catchUp(seat)) this.reply(client, type, msg);
    markChanged(this);
  }

  /** Input `token`: the seat's player is back (a replayed one waits for this token, or a later one). */
  private seatBack(seat: Seat, client: Client | null): void {
    this.settleDrop(seat);
    this.seatClients[seat] = client;
    this.state.seats[seat]!.connected = !!client;
    if (!client) for (const [sid, r] of this.restored) if (r.seat === seat) this.restored.delete(sid);
  }

  override onLeave(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m) return;
    this.members.delete(client.sessionId);
    if (m.role === 'spectator') {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      return this.updateMetadata();
    }
    const seat = m.seat!;
    this.reconnecting[seat] = null;
    // Shutting down: the seat stays the log's, to be restored with its match.
    if (this.closing) return;
    if (this.match.live) this.log.info({ seat, code }, 'player left: the seat forfeits');
    void this.log$({ k: 'leave', seat }, () => this.freeSeat(seat));
  }

  /** Input `leave`: the seat is given up (a live match is forfeited: RULES §7). */
  private freeSeat(seat: Seat): void {
    this.settleDrop(seat);
    for (const [sid, r] of this.restored) if (r.seat === seat) this.restored.delete(sid);
    if (this.match.live) this.guard('forfeit', () => this.match.forfeit(seat));
    this.seatClients[seat] = null;
    const s = this.state.seats[seat]!;
    s.taken = false;
    s.connected = false;
    s.rematch = false;
    this.updateMetadata();
  }

  /**
   * Graceful shutdown of the process: a live match (or a room waiting for its second player) stays in its log and
   * is restored on the next start or by another process (restore.ts); its clients are closed with 4010
   * (CloseCode.MAY_TRY_RECONNECT: "server restarting", they come back with their tokens). A finished match's room,
   * or any room when the log is off, closes with 4001 (CloseCode.SERVER_SHUTDOWN).
   */
  override onBeforeShutdown(): void {
    this.closing = true;
    if (this.keepsLog()) {
      this.log.info(
        { phase: this.state.phase, round: this.state.round },
        'process shutting down: match kept in its log',
      );
      void this.disconnect(CloseCode.MAY_TRY_RECONNECT);
      return;
    }
    if (this.match?.live)
      this.log.warn(
        { phase: this.state.phase, round: this.state.round },
        'process shutting down: live match abandoned',
      );
    super.onBeforeShutdown();
  }

  /** Whether this room's log outlives the process (a match being played or waiting for its players). */
  private keepsLog(): boolean {
    return this.deps.wal !== false && this.state.phase !== 'finished';
  }

  override onDispose(): void {
    // Everyone left (or the match is over at a shutdown): the log has nothing left to restore.
    if (!this.closing || !this.keepsLog())
      this.deps.storage
        .closeRoom(this.roomId)
        .catch((err: unknown) => this.log.error({ err }, 'the input log could not be closed'));
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
    const verdict = m.limiter.take();
    if (verdict !== 'ok') {
      if (verdict === 'disconnect') {
        this.log.warn({ seat: m.seat, role: m.role }, 'flood: disconnecting the client');
        client.leave(4029, 'too many messages');
      } else if (verdict === 'refuse') {
        this.reply(client, 'error', {
          code: 'rate-limited',
          type: String(type).slice(0, 40),
          message: 'too many messages: slow down',
        });
      }
      return;
    }
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.reply(client, 'error', parsed.error);
    if (m.role === 'spectator' || m.seat === null) {
      return this.reply(client, 'error', {
        code: 'spectator',
        type: parsed.type,
        message: `${parsed.type}: spectators can change nothing`,
      });
    }
    // The process drains before it stops (scale/drain.ts): a rematch would start a new match here.
    if (parsed.type === 'rematch' && this.deps.draining?.()) {
      return this.reply(client, 'error', {
        code: 'wrong-phase',
        type: 'rematch',
        message: 'rematch: this server is restarting and starts no new match; find a new one from the lobby',
      });
    }
    const seat = m.seat;
    const input: Input = { k: 'msg', seat, type: parsed.type, value: parsed.value };
    if (parsed.type === 'rematch') input.seed = Match.newSeed();
    const p = this.log$(input, () => this.onInput(client, seat, input));
    p?.catch(() =>
      this.reply(client, 'error', {
        code: 'illegal',
        type: parsed.type,
        message: `${parsed.type}: the server could not store it`,
      }),
    );
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

  private dispatch(seat: Seat, p: { type: string; value: unknown }, seed = ''): Outcome {
    switch (p.type) {
      case 'faction':
        return this.match.chooseFaction(seat, p.value as never);
      case 'pick':
      case 'swap':
      case 'munitions':
        return this.match.draftAction(seat, p.type, p.value as never);
      case 'commit':
        return this.match.commit(seat, p.value as never);
      case 'revise':
        return this.match.revise(seat, p.value as never);
      case 'decide':
        return this.match.decide(seat, p.value as never);
      case 'concede':
        return this.match.concede(seat);
      case 'rematch':
        return this.rematch(seat, seed);
    }
    return fail('illegal', `${p.type}: not a message of a seat`);
  }

  private rematch(seat: Seat, seed: string): Outcome {
    if (this.state.phase !== 'finished') return fail('wrong-phase', 'rematch: the match is not over');
    this.state.seats[seat]!.rematch = true;
    if (this.state.seats.every((s) => s.taken && s.connected && s.rematch)) {
      this.budget.reset();
      this.match.start(this.names(), seed, this.match.rematchInitiative());
    }
    return OK;
  }

  /** The listing (lobby) follows the state; listing.ts decides when it is worth a write. Every caller changed state. */
  private updateMetadata(): void {
    this.listing.update(this.state);
    markChanged(this);
  }
}
