// Seat reservations: who may take a seat is decided when the seat is reserved (the matchmaking request),
// not when the WebSocket connects, and a reservation nobody uses holds nothing for long.
// - A new player reservation holds a seat for HOLD_MS (so players arriving together are spread over rooms); an honest
//   client connects well within that. Past it the reservation is only a ticket: it may still take a seat that is free
//   when it connects (up to RESERVATION_MS), but it keeps nobody out.
// - An address that left a reservation unused past HOLD_MS is struck for STRIKE_MS: its reservations hold no seat
//   at all. A squatter posting a reservation a second with no socket holds a seat once, for HOLD_MS, then never.
// - Quick match fills the oldest waiting room first (app.ts sortBy createdAt), never an empty one (refresh).
// - Seats go to the players who connect, first come first served; a later one is told SEAT_TAKEN and looks again.
// - Invite codes, spectator rules, phase and seat counts are checked at reservation (Admission), so a stranger without
//   the invite never holds a private room's seat.
// Times are on the process' reservation clock (RoomDeps.clock: the tests drive it).
import { SEAT_TAKEN } from '@star-eater/protocol';
import { type Admission, type Auth, refuse, type RoomView } from './admission.js';

export const HOLD_MS = 2_000;
export const RESERVATION_MS = 10_000;
export const STRIKE_MS = 60_000;

/**
 * Process-wide: every open player reservation by address, and the addresses that left one unused. With several
 * processes (REDIS_URL) scale/shared-ledger.ts shares the strikes: `screen` learns those other processes earned.
 */
export class ReservationLedger {
  private open = new Map<string, { address: string; at: number }>();
  private struckAt = new Map<string, number>();

  constructor(readonly now: () => number = Date.now) {}

  /** Before a reservation from `address` is judged: what the other processes know of it (one process: nothing). */
  async screen(_address: string): Promise<void> {}

  /** `address` left a reservation unused: struck from `at` (ms) on, unless struck later already. */
  strike(address: string, at: number): void {
    const before = this.struckAt.get(address);
    if (before === undefined || at > before) this.struckAt.set(address, at);
  }

  protected addressOf(sessionId: string): string | undefined {
    return this.open.get(sessionId)?.address;
  }

  opened(sessionId: string, address: string): void {
    this.open.set(sessionId, { address, at: this.now() });
  }

  used(sessionId: string): void {
    this.open.delete(sessionId);
  }

  /** Whether this reservation holds a seat now: young enough, from an address that has not squatted lately. */
  holds(sessionId: string): boolean {
    this.sweep();
    const r = this.open.get(sessionId);
    return !!r && !this.struck(r.address);
  }

  struck(address: string): boolean {
    this.sweep();
    const at = this.struckAt.get(address);
    return at !== undefined && this.now() - at < STRIKE_MS;
  }

  private sweep(): void {
    const t = this.now();
    for (const [id, r] of this.open) {
      if (t - r.at < HOLD_MS) continue;
      this.open.delete(id);
      this.strike(r.address, r.at + HOLD_MS);
    }
    for (const [a, at] of this.struckAt) if (t - at >= STRIKE_MS) this.struckAt.delete(a);
  }
}

export interface DeskHost {
  ledger: ReservationLedger;
  view(): RoomView & { starting: boolean };
  admission: Admission;
  /** Lock the room out of matchmaking (true) or back in (false); idempotent. */
  setLocked(locked: boolean): void;
  /** Calls fn after ms of wall time (the desk also refreshes on every room clock tick). */
  wake(fn: () => void, ms: number): void;
}

/** The client's address the HTTP gate saw, from the reservation's auth data (MatchRoom.onAuth). */
export const addressOf = (authData: unknown): string =>
  (authData as { address?: string } | undefined)?.address ?? 'local';

interface Pending {
  auth: Auth;
  at: number;
}

export class SeatDesk {
  private pending = new Map<string, Pending>();
  private reservedOnce = false;

  constructor(private readonly host: DeskHost) {}

  /** The check before a reservation (matchmaking's joinById): throws the refusal's words, claims nothing. */
  precheck(options: unknown): void {
    this.host.admission.authorise(options, this.view(), false);
    if (this.heldSeats() >= 2 && !(options as { spectate?: boolean } | null)?.spectate) throw refuse(SEAT_TAKEN);
  }

  /**
   * At reservation (colyseus-internals guardSeatReservations): false = not this room, now. Call after the ledger
   * screened the address (guards.ts).
   */
  reserve(sessionId: string, options: unknown, authData: unknown): boolean {
    this.prune();
    const auth = this.host.admission.authorise(options, this.view());
    if (auth.role === 'player') {
      if (this.heldSeats() >= 2) return false;
      this.host.ledger.opened(sessionId, addressOf(authData));
    }
    this.pending.set(sessionId, { auth, at: this.host.ledger.now() });
    this.reservedOnce = true;
    this.refresh();
    this.host.wake(() => this.refresh(), HOLD_MS + 1);
    return true;
  }

  /** At connect: the reservation's verdict (an expired one is judged again now). The room then finds the seat. */
  admit(sessionId: string, options: unknown): Auth {
    const p = this.pending.get(sessionId);
    this.pending.delete(sessionId);
    this.host.ledger.used(sessionId);
    return p?.auth ?? this.host.admission.authorise(options, this.view());
  }

  /**
   * Reservations lapse, seats change: a waiting room is matchable while one seat is taken or held and the other is
   * free. With nobody in it (a squatter's room, once the reservation lapsed) there is nobody to pair with: locked too.
   */
  refresh(): void {
    this.prune();
    const v = this.host.view();
    if (v.phase !== 'waiting' || v.starting) return;
    const held = this.heldSeats();
    // A room no reservation reached yet is being created for its first one: left alone.
    if (this.reservedOnce) this.host.setLocked(held !== 1);
  }

  /** Seats taken by players (connected, or held for a reconnection) plus the reservations that still hold one. */
  private heldSeats(): number {
    let n = this.host.view().seatsTaken.filter(Boolean).length;
    for (const [id, p] of this.pending) if (p.auth.role === 'player' && this.host.ledger.holds(id)) n++;
    return n;
  }

  private view(): RoomView {
    const v = this.host.view();
    let spectators = 0;
    for (const p of this.pending.values()) if (p.auth.role === 'spectator') spectators++;
    return { ...v, spectators: v.spectators + spectators };
  }

  private prune(): void {
    const cutoff = this.host.ledger.now() - RESERVATION_MS;
    for (const [id, p] of this.pending) if (p.at <= cutoff) this.pending.delete(id);
  }
}
