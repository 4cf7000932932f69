// The reconnection budget of RULES §7: a dropped seat is held for at most `totalMs` in all per match, the time of
// every drop counted; when the budget of the current drop runs out, the seat forfeits (the caller's `onSpent`).
import type { Seat } from '@star-eater/engine';
import type { Timer } from '../match/match.js';

interface Drop {
  at: number;
  timer: Timer;
}

export class ReconnectionBudget {
  private used: [number, number] = [0, 0];
  private drops: [Drop | null, Drop | null] = [null, null];

  constructor(
    readonly totalMs: number,
    /** The room clock (the room itself: no closure per room). */
    private readonly clock: { clockNow(): number },
  ) {}

  /** Milliseconds of the budget this seat has left, its current drop not counted. */
  left(seat: Seat): number {
    return this.totalMs - this.used[seat];
  }

  /** The seat dropped: hold it, and arm the forfeit for when its budget runs out (`arm` returns the timer). */
  hold(seat: Seat, arm: (ms: number) => Timer): number {
    const left = this.left(seat);
    this.drops[seat] = { at: this.clock.clockNow(), timer: arm(left) };
    return left;
  }

  /** The drop ended (back, left, or spent): count its time; returns the whole seconds left, null if not dropped. */
  settle(seat: Seat): number | null {
    const d = this.drops[seat];
    if (!d) return null;
    d.timer.clear();
    this.used[seat] += Math.max(0, this.clock.clockNow() - d.at);
    this.drops[seat] = null;
    return Math.max(0, Math.round(this.left(seat) / 1000));
  }

  /** After a restore: the downtime is not counted against a seat that was dropped. */
  shift(ms: number): void {
    for (const d of this.drops) if (d) d.at += ms;
  }

  /** Whether the seat is dropped now (held). */
  held(seat: Seat): boolean {
    return this.drops[seat] !== null;
  }

  /** After the end of a match: a drop is held for a whole window (no match is being played). */
  renew(seat: Seat): void {
    this.used[seat] = 0;
  }

  /** A new match (first or rematch): a whole budget again. */
  reset(): void {
    this.used = [0, 0];
  }

  dispose(): void {
    for (const d of this.drops) d?.timer.clear();
  }
}
