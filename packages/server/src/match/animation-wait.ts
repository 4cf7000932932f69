// Animation first: after a round's events go out, the timer that follows them (a decision prompt, the next
// commitment window) starts only once every connected seat's client says it has finished animating them (`animated`),
// or after a cap. The server stays the one clock: it chooses when the deadline starts, a client can only make it
// start sooner (by acknowledging), never later than the cap. Spectators are not waited for.
import { OK, SEATS, type MatchHost, type Outcome, type Timer } from './match-host.js';

interface Pending {
  round: number;
  /** The count of the round's events the clients must have shown. */
  events: number;
  seen: [boolean, boolean];
  go: () => void;
  cap: Timer;
}

export class AnimationWait {
  private pending: Pending | null = null;

  constructor(
    private readonly host: MatchHost,
    /** The longest the room waits, ms; 0 turns the wait off. */
    private readonly capMs: number,
  ) {}

  /**
   * Holds `go` (the timer's start) until the connected seats have animated `events` events of `round`. Returns false,
   * holding nothing, when nobody needs waiting for (then the caller starts the timer at once).
   */
  begin(round: number, events: number, go: () => void): boolean {
    this.cancel();
    if (this.capMs <= 0 || events <= 0) return false;
    // The computer (a seat with `bot`) has nothing to animate.
    const seen = SEATS.map((s) => !this.host.state.seats[s]!.connected || !!this.host.state.seats[s]!.bot) as [
      boolean,
      boolean,
    ];
    if (seen[0] && seen[1]) return false;
    this.pending = { round, events, seen, go, cap: this.host.setTimeout(() => this.finish(), this.capMs) };
    this.host.state.animating = true;
    return true;
  }

  /** A seat's client finished animating: acknowledgements of other rounds, or too few events, change nothing. */
  ack(seat: 0 | 1, round: number, events: number): Outcome {
    const p = this.pending;
    if (!p || round !== p.round || events < p.events) return OK;
    p.seen[seat] = true;
    this.check();
    return OK;
  }

  /** A seat dropped: the room does not wait for a client that is not there. */
  recheck(): void {
    const p = this.pending;
    if (!p) return;
    for (const s of SEATS) if (!this.host.state.seats[s]!.connected) p.seen[s] = true;
    this.check();
  }

  cancel(): void {
    if (!this.pending) return;
    this.pending.cap.clear();
    this.pending = null;
    this.host.state.animating = false;
  }

  private check(): void {
    if (this.pending?.seen.every(Boolean)) this.finish();
  }

  private finish(): void {
    const p = this.pending;
    if (!p) return;
    this.cancel();
    p.go();
  }
}
