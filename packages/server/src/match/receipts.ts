// Commit receipts of the current commitment window: at each lock-in a fresh 128-bit salt and the hash of
// the canonical commitment with it (@star-eater/engine commitmentHash); the hash is published at once, the salt only
// at the reveal, and only for the lock-in that stood then. Salts live here, in memory, until then: never in the synced
// state, a broadcast or a log line. A withdrawn lock-in's salt, or one the end cut short, is never published.
// A salt is an HMAC keyed by the match's salt key, a secret drawn from the OS for each match and kept only in the input
// log (never in the record, whose seed is public after the end): so a match rebuilt from its log after a crash locks in
// again with the same salts, and the hash published before the crash is the one the reveal checks, while the published
// seed tells nothing of a salt that was never revealed.
import { hash } from 'node:crypto';
import { type Commitment, commitmentHash, type RecordReceipt, type Seat } from '@star-eater/engine';

export type Receipt = RecordReceipt;

/** SHA-256 as lowercase hex, OpenSSL's: the engine's portable one (pure JS) costs ten times as much per receipt. */
const nativeSha256 = (text: string): string => hash('sha256', text, 'hex');

/** SHA-256's block: an HMAC key is padded to it (RFC 2104). */
const BLOCK = 64;
/** The longest salt message (`receipt:<round>:<seat>:<nth>`) with room to spare. */
const MESSAGE_ROOM = 64;

/**
 * A match's salt key as HMAC-SHA256 (RFC 2104) made of two one-shot hashes over its padded key, prepared once: a
 * createHmac per lock-in builds a stream object and fetches the digest again each time, which cost four times as much
 * in a loaded server as the two hashes. The key is the salt key's UTF-8 bytes (hashed first if longer than a block).
 */
export class SaltKey {
  /** The key ^ ipad, then the message. */
  private readonly inner = Buffer.alloc(BLOCK + MESSAGE_ROOM);
  /** The key ^ opad, then the inner hash. */
  private readonly outer = Buffer.alloc(BLOCK + 32);

  constructor(key: string) {
    let k = Buffer.from(key, 'utf8');
    if (k.length > BLOCK) k = hash('sha256', k, 'buffer');
    for (let i = 0; i < BLOCK; i++) {
      const b = k[i] ?? 0;
      this.inner[i] = b ^ 0x36;
      this.outer[i] = b ^ 0x5c;
    }
  }

  /** HMAC-SHA256 of an ASCII `message` (at most MESSAGE_ROOM characters), lowercase hex. */
  hmac(message: string): string {
    if (message.length > MESSAGE_ROOM) throw new Error(`salt message longer than ${MESSAGE_ROOM}: ${message}`);
    const n = this.inner.write(message, BLOCK, 'latin1');
    hash('sha256', this.inner.subarray(0, BLOCK + n), 'buffer').copy(this.outer, BLOCK);
    return hash('sha256', this.outer, 'hex');
  }
}

/** The salt of `seat`'s `nth` lock-in (from 0) in `round`: 32 hex digits no one can foresee without the key. */
export const saltOf = (key: SaltKey, round: number, seat: Seat, nth: number): string =>
  key.hmac(`receipt:${round}:${seat}:${nth}`).slice(0, 32);

export class Receipts {
  private held: [Receipt | null, Receipt | null] = [null, null];
  /** Lock-ins per seat in this window: a lock-in again after a revise gets a salt of its own. */
  private locks: [number, number] = [0, 0];

  private readonly saltKey: SaltKey;

  constructor(saltKey: string) {
    this.saltKey = new SaltKey(saltKey);
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
