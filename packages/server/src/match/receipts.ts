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

/** SHA-256's block: HMAC pads its key to it (RFC 2104). */
const BLOCK = 64;
/** The longest message a salt key signs (`receipt:<round>:<seat>:<nth>` is under 40 characters). */
const MAX_MESSAGE = 64;
/** Where a signature is put together: a padded key, then the message or the inner hash (one sign at a time). */
const innerBlock = Buffer.alloc(BLOCK + MAX_MESSAGE);
const outerBlock = Buffer.alloc(BLOCK + 32);
/** innerBlock's first BLOCK + n bytes, by n: made once, not a view per salt. */
const innerViews = Array.from({ length: MAX_MESSAGE + 1 }, (_, n) => innerBlock.subarray(0, BLOCK + n));
/** Printable ASCII: its latin1 bytes (as written here) are its UTF-8 bytes (as createHmac would sign them). */
const PRINTABLE = /^[\x20-\x7e]*$/;

/**
 * A match's salt key, ready to sign: HMAC-SHA256 (RFC 2104) under the key's UTF-8 bytes, as two of OpenSSL's one-shot
 * SHA-256 over the key's padded blocks, which are kept here. createHmac makes a native object for every salt, and
 * looks up its digest and MAC afresh each time: in a loaded server that cost three times a commitment's hash.
 */
export class SaltKey {
  /** The key ⊕ ipad, then the key ⊕ opad. */
  private readonly pads = Buffer.alloc(2 * BLOCK);

  constructor(key: string) {
    let k = Buffer.from(key, 'utf8');
    if (k.length > BLOCK) k = hash('sha256', k, 'buffer'); // a longer key is hashed first (RFC 2104)
    for (let i = 0; i < BLOCK; i++) {
      this.pads[i] = (k[i] ?? 0) ^ 0x36;
      this.pads[BLOCK + i] = (k[i] ?? 0) ^ 0x5c;
    }
  }

  /** HMAC-SHA256 of `message` (printable ASCII, at most MAX_MESSAGE characters) as lowercase hex. */
  sign(message: string): string {
    if (message.length > MAX_MESSAGE || !PRINTABLE.test(message))
      throw new Error(`salt key: cannot sign ${JSON.stringify(message)}`);
    this.pads.copy(innerBlock, 0, 0, BLOCK);
    this.pads.copy(outerBlock, 0, BLOCK);
    const n = innerBlock.write(message, BLOCK, 'latin1');
    const inner = innerViews[n]!;
    // The inner digest as latin1 ('binary') text, a character per byte, written back as those bytes: a digest returned
    // as a Buffer costs three times the hash (a backing store of its own).
    outerBlock.write(hash('sha256', inner, 'binary'), BLOCK, 'latin1');
    return hash('sha256', outerBlock, 'hex');
  }
}

/** The salt of `seat`'s `nth` lock-in (from 0) in `round`: 32 hex digits no one can foresee without the key. */
export const saltOf = (key: SaltKey, round: number, seat: Seat, nth: number): string =>
  key.sign(`receipt:${round}:${seat}:${nth}`).slice(0, 32);

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
