// Commit receipts of the current commitment window (issue 14): at each lock-in a fresh 256-bit salt and the hash of
// the canonical commitment with it (@star-eater/engine commitmentHash); the hash is published at once, the salt only
// at the reveal. Salts live here, in memory, until then: never in the synced state, a broadcast or a log line.
import { randomBytes } from 'node:crypto';
import { type Commitment, commitmentHash, type RecordReceipt, type Seat } from '@star-eater/engine';

export type Receipt = RecordReceipt;

export class Receipts {
  private held: [Receipt | null, Receipt | null] = [null, null];

  /** A seat locked in (or locked in again with another commitment): its new receipt's hash. */
  lock(seat: Seat, commitment: Commitment): string {
    const salt = randomBytes(32).toString('hex');
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
    return out;
  }
}
