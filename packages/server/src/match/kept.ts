// What a live match keeps only for later — the last round's events for a client that comes back, the played rounds
// and the draft's log for the record at the end — is kept as the wire's packed bytes (@star-eater/protocol wire.ts:
// values and shape ids, no key names) in a one-byte string: a round's events take about a third of their JSON text
// and a tenth of their objects. Read back rarely (a catch-up, the end), each read decodes it whole.
import { packMessage, unpackMessage } from '@star-eater/protocol';

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
