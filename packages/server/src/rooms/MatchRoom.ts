// The `match` room: a thin driver of the pipeline authenticate seat → phase → validate → engine → views → send →
// persist. Seats, spectators, invites and reconnection live here; the match itself lives in match.ts.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, Room, ServerError, type Client } from '@colyseus/core';
import type { Logger } from 'pino';
import { parseClientMessage, parseJoinOptions, type JoinOptions, type ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine/types';
import { roomDeps, type RoomDeps } from '../deps.js';
import { Match, type MatchHost, type Timer } from './match.js';
import { RateLimiter } from './rate-limit.js';
import { MatchRoomState, SeatState } from './state.js';
import { PACKED_TYPES, packedFrame } from './wire.js';

interface Member {
  role: 'player' | 'spectator';
  seat: Seat | null;
  limiter: RateLimiter;
}

interface Auth {
  role: 'player' | 'spectator';
  name: string;
  creator: boolean;
}

interface Drop {
  at: number;
  timer: Timer;
  reject: () => void;
}

export interface MatchMetadata {
  public: boolean;
  phase: string;
  players: string[];
  factions: string[];
  round: number;
  spectators: number;
}

const refuse = (message: string) => new ServerError(ErrorCode.AUTH_FAILED, message);

export class MatchRoom extends Room<{ state: MatchRoomState; metadata: MatchMetadata }> {
  override maxClients = 2;
  override state = new MatchRoomState();
  private deps!: RoomDeps;
  private log!: Logger;
  private match!: Match;
  private members = new Map<string, Member>();
  private seatClients: [Client | null, Client | null] = [null, null];
  private drops: [Drop | null, Drop | null] = [null, null];
  private reconnectUsed: [number, number] = [0, 0];
  private invite: string | null = null;
  private creatorClaimed = false;
  private metaKey = '';

  override onCreate(options: unknown): void {
    this.deps = roomDeps();
    this.log = this.deps.log.child({ room: this.roomId });
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    this.configure(o);
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    if (o.private) {
      this.invite = randomBytes(18).toString('base64url'); // 144 bits
      void this.setPrivate(true);
    }
    this.match = new Match(this.host());
    // A turn-based room: every message that answers a client flushes its patch at once (host.broadcast/sendToSeat),
    // so the automatic patch only carries the rest (timers, joins). 10 Hz instead of Colyseus' 20 Hz halves the idle
    // cost per room (a timer callback and a change check in each of thousands of rooms).
    this.patchRate = 100;
    this.clock.setInterval(() => this.checkTimers(), 100);
    this.onMessage('*', (client: Client, type: string | number, payload: unknown) => this.onClientMessage(client, type, payload));
    this.updateMetadata();
    this.log.info({ private: !!o.private }, 'room created');
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
      now: () => this.clock.currentTime,
      setTimeout: (fn, ms) => this.timeout(() => this.guard('timer', fn), ms),
      sendToSeat: (seat, type, msg) => {
        const c = this.seatClients[seat];
        if (c) {
          this.broadcastPatch();
          this.reply(c, type, msg);
        }
      },
      broadcast: (type, msg) => {
        this.broadcastPatch();
        if (!PACKED_TYPES.has(type)) return this.broadcast(type, msg);
        const frame = packedFrame(type, msg);
        for (const c of this.clients) c.enqueueRaw(frame);
      },
      saveRecord: (summary, record) => this.deps.storage.saveRecord(summary, record),
      onPhaseChange: () => this.updateMetadata(),
    };
  }

  /**
   * Room-clock timeouts, checked against their deadline on a clock interval. (A ClockTimer timeout created during a
   * tick is ticked with that tick's whole delta: when a test drives the clock forward, chained timers would cascade.)
   */
  private timers = new Set<{ at: number; fn: () => void }>();
  private timeout(fn: () => void, ms: number): Timer {
    const t = { at: this.clock.currentTime + ms, fn };
    this.timers.add(t);
    return { clear: () => this.timers.delete(t) };
  }
  private checkTimers(): void {
    // Runs 10 times a second in every room: no allocation unless a timer is due.
    if (!this.timers.size) return;
    const now = this.clock.currentTime;
    let due: Array<{ at: number; fn: () => void }> | null = null;
    for (const t of this.timers) if (t.at <= now) (due ??= []).push(t);
    if (due) for (const t of due) if (this.timers.delete(t)) t.fn();
  }

  private guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.log.error({ err, what }, 'room step failed');
    }
  }

  private checkInvite(given: string | undefined): boolean {
    if (!this.invite) return true;
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(this.invite);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  // ------------------------------------------------------------------ joining
  override onAuth(_client: Client, options: unknown): Auth {
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    const name = o.name || 'Captain';
    if (o.spectate) {
      if (this.state.phase === 'waiting') throw refuse('the match has not started yet: there is nothing to watch');
      if (!this.checkInvite(o.invite)) throw refuse('this match is private: watching it needs its invite code');
      if (this.state.spectators >= this.deps.maxSpectators) throw refuse('this match has as many spectators as it can take');
      return { role: 'spectator', name, creator: false };
    }
    if (this.state.seats.every((s) => s.taken)) throw refuse('the match is full: join with { spectate: true } to watch it');
    if (this.invite) {
      if (!this.creatorClaimed && o.private) {
        this.creatorClaimed = true;
        return { role: 'player', name, creator: true };
      }
      if (!this.checkInvite(o.invite)) throw refuse('this match is private: a wrong or missing invite code');
    }
    return { role: 'player', name, creator: false };
  }

  override onJoin(client: Client, _options: unknown, auth: Auth): void {
    const limiter = new RateLimiter(this.deps.rateLimit);
    if (auth.role === 'spectator') {
      this.members.set(client.sessionId, { role: 'spectator', seat: null, limiter });
      this.state.spectators += 1;
      client.send('welcome', { role: 'spectator', seat: null, roomId: this.roomId });
      for (const [type, msg] of this.match.catchUp(null)) this.reply(client, type, msg);
      this.updateMetadata();
      return;
    }
    const seat = this.state.seats.findIndex((s) => !s.taken) as Seat | -1;
    if (seat === -1) throw refuse('the match is full');
    const s = this.state.seats[seat]!;
    s.taken = true;
    s.connected = true;
    s.name = auth.name;
    this.seatClients[seat] = client;
    this.members.set(client.sessionId, { role: 'player', seat, limiter });
    const welcome: ServerMessages['welcome'] = { role: 'player', seat, roomId: this.roomId };
    if (auth.creator && this.invite) welcome.invite = this.invite;
    client.send('welcome', welcome);
    this.log.info({ seat }, 'player seated');
    if (this.state.seats.every((x) => x.taken) && this.state.phase === 'waiting') void this.startFirstMatch();
    else this.updateMetadata();
  }

  private async startFirstMatch(): Promise<void> {
    // Both seats are taken: out of matchmaking, open to spectators by id (a private room needs the invite).
    await this.setPrivate(true);
    this.maxClients = 2 + this.deps.maxSpectators;
    await this.unlock();
    this.reconnectUsed = [0, 0];
    this.guard('start', () => this.match.start([this.state.seats[0]!.name, this.state.seats[1]!.name]));
  }

  // ------------------------------------------------------------------ leaving and coming back (RULES §7)
  override onDrop(client: Client, code?: number): void {
    const m = this.members.get(client.sessionId);
    if (!m || m.role === 'spectator' || m.seat === null || !this.match.live) return this.onLeave(client, code);
    const seat = m.seat;
    const left = this.deps.reconnectSeconds * 1000 - this.reconnectUsed[seat];
    this.seatClients[seat] = null;
    this.state.seats[seat]!.connected = false;
    if (left <= 0) return this.onLeave(client, code);
    const deferred = this.allowReconnection(client, 'manual');
    deferred.catch(() => {});
    const timer = this.timeout(() => {
      this.log.info({ seat }, 'reconnection budget spent: the seat forfeits');
      this.settleDrop(seat);
      this.guard('forfeit', () => this.match.forfeit(seat));
      deferred.reject(new Error('reconnection budget spent'));
    }, left);
    this.drops[seat] = { at: this.clock.currentTime, timer, reject: () => deferred.reject(new Error('closed')) };
    this.log.info({ seat, code, budgetLeftMs: Math.round(left) }, 'player dropped: seat held');
  }

  private settleDrop(seat: Seat): void {
    const d = this.drops[seat];
    if (!d) return;
    d.timer.clear();
    this.reconnectUsed[seat] += Math.max(0, this.clock.currentTime - d.at);
    this.state.seats[seat]!.reconnectLeft = Math.max(0, Math.round((this.deps.reconnectSeconds * 1000 - this.reconnectUsed[seat]) / 1000));
    this.drops[seat] = null;
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
    this.settleDrop(seat);
    if (this.match.live) {
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

  override onDispose(): void {
    this.match?.dispose();
    for (const d of this.drops) d?.timer.clear();
    this.log?.info('room disposed');
  }

  // ------------------------------------------------------------------ messages
  /** Sends one message to one client; the big types go record-packed (see wire.ts), decoded by the SDK as usual. */
  private reply<K extends keyof ServerMessages>(client: Client, type: K, msg: ServerMessages[K]): void {
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
        this.reply(client, 'error', { code: 'rate-limited', type: String(type).slice(0, 40), message: 'too many messages: slow down' });
      }
      return;
    }
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.reply(client, 'error', parsed.error);
    if (m.role === 'spectator' || m.seat === null) {
      return this.reply(client, 'error', { code: 'spectator', type: parsed.type, message: `${parsed.type}: spectators can change nothing` });
    }
    let outcome;
    try {
      outcome = this.dispatch(m.seat, parsed);
    } catch (err) {
      this.log.error({ err, type: parsed.type, seat: m.seat }, 'message handling failed');
      outcome = { ok: false as const, error: { code: 'illegal' as const, message: `${parsed.type}: the server could not apply it` } };
    }
    if (!outcome.ok) {
      this.log.debug({ type: parsed.type, seat: m.seat, code: outcome.error.code }, 'message refused');
      this.reply(client, 'error', { ...outcome.error, type: parsed.type });
    }
  }

  private dispatch(seat: Seat, p: Extract<ReturnType<typeof parseClientMessage>, { ok: true }>) {
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
        return this.rematch(seat);
    }
  }

  private rematch(seat: Seat) {
    if (this.state.phase !== 'finished') {
      return { ok: false as const, error: { code: 'wrong-phase' as const, message: 'rematch: the match is not over' } };
    }
    this.state.seats[seat]!.rematch = true;
    if (this.state.seats.every((s) => s.taken && s.connected && s.rematch)) {
      this.reconnectUsed = [0, 0];
      this.match.start([this.state.seats[0]!.name, this.state.seats[1]!.name], this.match.rematchInitiative());
    }
    return { ok: true as const };
  }

  private updateMetadata(): void {
    const st = this.state;
    const meta: MatchMetadata = {
      public: !st.settings.private,
      phase: st.phase,
      players: st.seats.filter((s) => s.taken).map((s) => s.name),
      factions: st.seats.map((s) => s.faction).filter(Boolean),
      round: st.round,
      spectators: st.spectators,
    };
    const key = `${meta.public}|${meta.phase}|${meta.round}|${meta.spectators}|${meta.players.join('\u0000')}|${meta.factions.join(',')}`;
    if (key === this.metaKey) return;
    this.metaKey = key;
    void this.setMetadata(meta);
  }
}
