// Commit receipts (RULES §7's fair play, carried to the sealed commitments): at lock-in the server publishes
// SHA-256 of the commitment's canonical text and a fresh secret salt; at the reveal it publishes the salt, and anyone
// holding the revealed commitment recomputes the hash. With a 128-bit salt kept secret until then, the hash tells
// nothing of the orders (a guess must find the salt too); after it, neither the server nor a player can change them
// without it showing.
// The server, the browser and the record checker all use these two functions, so they hash the same bytes.
import { sha256 } from './sha256.js';
import type { Commitment } from './types.js';

/** The domain tag in front of every receipt's hashed text: a receipt can be mistaken for no other hash. */
export const RECEIPT_FORMAT = 'star-eater-commitment/1';

/** A salt: 128 random bits as 32 lowercase hex digits (records written before kept 256 bits: 64 digits). */
export const SALT_PATTERN = /^(?:[0-9a-f]{32}){1,2}$/;

/**
 * The commitment as one canonical text: JSON with the keys of every object in code-point order, no spaces, absent
 * optional fields left out. Card order is kept (it is part of what was sent and of what the engine was given).
 */
export function canonicalCommitment(c: Commitment): string {
  return canonical(c);
}

// Built by appending to one string (no list of parts per object): the server hashes two commitments a round.
function canonical(x: unknown): string {
  if (Array.isArray(x)) {
    let out = '[';
    for (let i = 0; i < x.length; i++) out += `${i > 0 ? ',' : ''}${canonical(x[i]) ?? ''}`;
    return `${out}]`;
  }
  if (x !== null && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    let out = '{';
    let first = true;
    for (const k of Object.keys(o).sort()) {
      if (o[k] === undefined) continue;
      out += `${first ? '' : ','}${quotedKey(k)}${canonical(o[k])}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(x);
}

/** `"key":` as JSON writes it, kept for the few keys a commitment has (bounded: any object may be given). */
const QUOTED = new Map<string, string>();
function quotedKey(k: string): string {
  let q = QUOTED.get(k);
  if (q === undefined) {
    q = `${JSON.stringify(k)}:`;
    if (QUOTED.size < 256) QUOTED.set(k, q);
  }
  return q;
}

/**
 * The receipt's hash: SHA-256 (lowercase hex) of `star-eater-commitment/1:<salt>:<canonical commitment>`. `sha` may be
 * another implementation of the same function (the server's native one hashes a receipt in a tenth of the time).
 */
export function commitmentHash(c: Commitment, salt: string, sha: (text: string) => string = sha256): string {
  return sha(`${RECEIPT_FORMAT}:${salt}:${canonicalCommitment(c)}`);
}

/** Whether a revealed commitment and salt give the published hash. */
export function receiptMatches(c: Commitment, salt: string, hash: string): boolean {
  return SALT_PATTERN.test(salt) && commitmentHash(c, salt) === hash;
}
