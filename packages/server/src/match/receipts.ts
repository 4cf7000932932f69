// Commit receipts of the current commitment window: at each lock-in a fresh 128-bit salt and the hash of
// the canonical commitment with it (@star-eater/engine commitmentHash); the hash is published at once, the salt only
// at the reveal, and only for the lock-in that stood then. Salts live here, in memory, until then: never in the synced
// state, a broadcast or a log line. A withdrawn lock-in's salt, or one the end cut short, is never published.
// A salt is an HMAC keyed by the match's salt key, a secret drawn from the OS for each match and kept only in the input
// log (never in the record, whose seed is public after the end): so a match rebuilt from its log after a crash locks in
// again with the same salts, and the hash published before the crash is the one the reveal checks, while the published
// seed tells nothing of a salt that was never revealed.
import { createHmac, createSecretKey, hash, type KeyObject } from 'node:crypto';
import { type Commitment, commitmentHash, type RecordReceipt, type Seat } from '@star-eater/engine';

export type Receipt = RecordReceipt;

/** SHA-256 as lowercase hex, OpenSSL's: the engine's portable one (pure JS) costs ten times as much per receipt. */
const nativeSha256 = (text: string): string => hash('sha256', text, 'hex');

/**
 * The salt of `seat`'s `nth` lock-in (from 0) in `round`: 32 hex digits no one can foresee without the key (the salt
 * key's UTF-8 bytes, made a key object once per match: a text key is turned into one at every HMAC otherwise).
 */
export const saltOf = (key: KeyObject, round: number, seat: Seat, nth: number): string =>
  createHmac('sha256', key).update(`receipt:${round}:${seat}:${nth}`).digest('hex').slice(0, 32);

export class Receipts {
  private held: [Receipt | null, Receipt | null] = [null, null];
  /** Lock-ins per seat in this window: a lock-in again after a revise gets a salt of its own. */
  private locks: [number, number] = [0, 0];

  private readonly saltKey: KeyObject;

  constructor(saltKey: string) {
    this.saltKey = createSecretKey(Buffer.from(saltKey, 'utf8'));
  }

  /** A seat locked in (or locked in again with another commitment) in `round`: its new receipt's hash. */
  lock(seat: Seat, commitment: Commitment, round: number): string {
    const salt = saltOf(this.saltKey, round, seat, this.locks[seat]++);
    const r = { hash: commitmentHash(commitment, salt, nativeSha256), salt };
    this.held[seat] = r;
    return r.hash;
  }

  /** The seat withdrew its lock (revise): no receipt until it locks in again. */
  withdraw(seat: Seat): void {
    this.held[seat] = null;
  }

  /** The published hashes so far (a client that comes back is shown them again; the record of a window cut short). */
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
