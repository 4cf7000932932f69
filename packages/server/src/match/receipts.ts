// Commit receipts of the current commitment window: at each lock-in a fresh 128-bit salt and the hash of
// the canonical commitment with it (@star-eater/engine commitmentHash); the hash is published at once, the salt only
// at the reveal. Salts live here, in memory, until then: never in the synced state, a broadcast or a log line.
// A salt is drawn from the match's secret seed (saltFor), not from the machine: a match rebuilt from its input log
// after a crash locks in again with the same salts, so a hash published before the crash is the one the
// reveal checks.
import { type Commitment, commitmentHash, type RecordReceipt, type Seat } from '@star-eater/engine';

export type Receipt = RecordReceipt;

/** The salt of `seat`'s `nth` lock-in (from 0) in `round`: 32 hex digits no one can foresee without the seed. */
export type SaltFor = (round: number, seat: Seat, nth: number) => string;

export class Receipts {
  private held: [Receipt | null, Receipt | null] = [null, null];
  /** Lock-ins per seat in this window: a lock-in again after a revise gets a salt of its own. */
  private locks: [number, number] = [0, 0];

  constructor(private readonly saltFor: SaltFor) {}

  /** A seat locked in (or locked in again with another commitment) in `round`: its new receipt's hash. */
  lock(seat: Seat, commitment: Commitment, round: number): string {
    const salt = this.saltFor(round, seat, this.locks[seat]++);
    const r = { hash: commitmentHash(commitment, salt), salt };
    this.held[seat] = r;
    return r.hash;
  }

  /** The seat withdrew its lock (revise): no receipt until it locks in again. */
  withdraw(seat: Seat): void {
    this.held[seat] = null;
  }

  /** The published hashes so far (a client that comes back is shown them again). */
  hashes(): [string | null, string | null] {
    return [this.held[0]?.hash ?? null, this.held[1]?.hash ?? null];
  }

  /** The reveal: every receipt with its salt, for the seats `locked` (a seat that was not gets NONE and none). */
  reveal(locked: readonly boolean[]): [Receipt | null, Receipt | null] {
    const out: [Receipt | null, Receipt | null] = [locked[0] ? this.held[0] : null, locked[1] ? this.held[1] : null];
    this.held = [null, null];
    this.locks = [0, 0];
    return out;
  }
}
