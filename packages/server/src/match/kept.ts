// What a live match keeps only for later — the last round's events for a client that comes back, the played rounds
// and the draft's log for the record at the end — is kept as the wire's packed bytes (@star-eater/protocol wire.ts:
// values and shape ids, no key names) in a one-byte string: a round's events take about a third of their JSON text
// and a tenth of their objects. Read back rarely (a catch-up, the end), each read decodes it whole.
import { packMessage, unpackMessage } from '@star-eater/protocol';
import type { RecordRound } from '../engine.js';

/** `value` (plain data: objects, arrays, strings, numbers, booleans, null) as packed text. */
export function keep(value: unknown): string {
  return keepPacked(packMessage(value));
}

/** What packMessage made of a value (a message packed to be sent, kept as it went), as packed text. */
export function keepPacked(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** The value `keep` was given. */
export function kept<T>(text: string): T {
  // The type only names the table in the error of a foreign frame, which a string packed here never is.
  return unpackMessage('round-so-far', Buffer.from(text, 'latin1')) as T;
}

type Receipt = RecordRound['receipts'] extends (infer R)[] | undefined ? R : never;
type Bytes = { hash: Uint8Array; salt: Uint8Array } | null;

/** A played round (a record's round) as packed text, its receipts' hex as the bytes they spell: half the length. */
export function keepRound(round: RecordRound): string {
  if (!round.receipts) return keep(round);
  const bytes = (r: Receipt): Bytes => r && { hash: Buffer.from(r.hash, 'hex'), salt: Buffer.from(r.salt, 'hex') };
  return keep({ ...round, receipts: round.receipts.map(bytes) });
}

/** The round `keepRound` was given (its receipts lowercase hex, as the engine writes them). */
export function keptRound(text: string): RecordRound {
  const { receipts, ...round } = kept<Omit<RecordRound, 'receipts'> & { receipts?: [Bytes, Bytes] }>(text);
  if (!receipts) return round;
  const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
  const asHex = (r: Bytes): Receipt => r && { hash: hex(r.hash), salt: hex(r.salt) };
  return { ...round, receipts: [asHex(receipts[0]), asHex(receipts[1])] };
}
