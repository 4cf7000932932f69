// The two seats of a room as inputs of its log (input-log.ts): taken, dropped and held for the reconnection budget
// (RULES §7), back with a new token, given up. The same code runs live and replayed (restore.ts), so a restored room's
// seats, budgets and forfeits are exactly the ones it had. A restored seat waits for its player's old token, known by
// its hash only.
import type { Client, Deferred } from '@colyseus/core';
import type { Seat } from '@star-eater/engine';
import type { Input } from '../log/input-log.js';
import { ReconnectionBudget } from './reconnection.js';
import type { RoomCore } from '../room/room-core.js';

/** A seat of a restored room that waits for its player: the hash of the last token it was given. */
export interface RestoredSeat {
  seat: Seat;
  tok: string;
  /** The token itself, once a client showed it (to drop its reservation once it is back). */
  raw?: string;
}

export class SeatLog {
  readonly clients: [Client | null, Client | null] = [null, null];
  /** A dropped seat's pending reconnection (Colyseus'), refused when its budget runs out. */
  readonly reconnecting: [Deferred<Client> | null, Deferred<Client> | null] = [null, null];
  /** Restored seats whose player has not come back yet: session id → seat and the hash of its last token. */
  readonly restored = new Map<string, RestoredSeat>();
  readonly budget: ReconnectionBudget;

  constructor(
    private readonly h: RoomCore,
    budgetMs: number,
  ) {
    this.budget = new ReconnectionBudget(budgetMs, h);
  }

  /** Input `seat`: a player takes a seat (live with its client; replayed, the seat waits for its token). */
  take(input: Extract<Input, { k: 'seat' }>, client: Client | null): void {
    const s = this.h.state.seats[input.seat]!;
    if (s.taken) throw new Error(`input log: seat ${input.seat} is taken twice`);
    s.taken = true;
    s.connected = true;
    s.name = input.name;
    s.playerId = input.pid ?? '';
    s.rating = input.rating ?? 0;
    this.clients[input.seat] = client;
    if (!client) this.restored.set(input.sid, { seat: input.seat, tok: input.tok });
  }

  /**
   * How long a seat that drops now is held, ms: what is left of its budget in a match (RULES §7: per match); after the
   * end no match is being played, so a whole window — a reload on the end screen keeps the seat and its rematch.
   */
  window(seat: Seat): number {
    return this.h.state.phase === 'finished' ? this.budget.totalMs : this.budget.left(seat);
  }

  /**
   * Input `drop`: the seat is held for its reconnection window; when that runs out, it forfeits a live match (RULES
   * §7) or, after the end, is given up. A rematch asked before a drop after the end is withdrawn: it stands for a
   * player who is there to play it (back, they see the opponent's request and accept it).
   */
  hold(seat: Seat, replaying: boolean): void {
    const s = this.h.state.seats[seat]!;
    s.connected = false;
    if (this.h.state.phase === 'finished') {
      this.budget.renew(seat);
      s.rematch = false;
    }
    this.budget.hold(seat, (ms) =>
      this.h.timers.add(() => {
        const match = this.h.match;
        this.h.log.info(
          { seat },
          match.live
            ? 'reconnection budget spent: the seat forfeits'
            : 'reconnection window over: the seat is given up',
        );
        this.settle(seat);
        if (match.live) this.h.guard('forfeit', () => match.forfeit(seat));
        // A restored seat has no Colyseus reconnection to refuse: it is freed here (its room may then go away).
        else if (!this.reconnecting[seat]) this.free(seat);
        this.reconnecting[seat]?.reject(new Error('reconnection budget spent'));
        if (!replaying) this.h.idle();
      }, ms),
    );
    this.h.match.seatDropped();
  }

  /** Input `token`: the seat's player is back (live: its client; replayed: its token is the one to wait for). */
  back(input: Extract<Input, { k: 'token' }>, client: Client | null): void {
    this.settle(input.seat);
    this.clients[input.seat] = client;
    this.h.state.seats[input.seat]!.connected = !!client;
    if (client) return;
    for (const [sid, r] of this.restored) if (r.seat === input.seat) this.restored.delete(sid);
    this.restored.set(input.sid, { seat: input.seat, tok: input.tok });
  }

  /** Input `leave`: the seat is given up (a live match is forfeited: RULES §7). */
  free(seat: Seat): void {
    this.settle(seat);
    for (const [sid, r] of this.restored) if (r.seat === seat) this.restored.delete(sid);
    const match = this.h.match;
    if (match.live) this.h.guard('forfeit', () => match.forfeit(seat));
    this.clients[seat] = null;
    const s = this.h.state.seats[seat]!;
    s.taken = false;
    s.connected = false;
    s.rematch = false;
    s.playerId = '';
    s.rating = 0;
    this.h.updateMetadata();
  }

  /** The drop ended: its time is counted, the seat shows what is left (RULES §7). */
  settle(seat: Seat): void {
    const secondsLeft = this.budget.settle(seat);
    if (secondsLeft !== null) this.h.state.seats[seat]!.reconnectLeft = secondsLeft;
  }

  /** The restored seats a reconnection token opens (by its hash); each gets the token to drop it once back. */
  recognise(token: string, hash: string): string[] {
    const out: string[] = [];
    for (const [sid, r] of this.restored) {
      if (r.tok !== hash) continue;
      r.raw = token;
      out.push(sid);
    }
    return out;
  }

  dispose(): void {
    this.budget.dispose();
  }
}
