// Commit receipts on the wire. The engine hashes, and the record stores, receipts as lowercase hex text
// (@star-eater/engine commitmentHash, RULES §10's record unchanged); the `receipt` and `receipts-revealed` messages
// carry the bytes that text spells (msgpack bin): a SHA-256 hash in 32 bytes instead of 64 characters (43 as
// base64url), a 128-bit salt in 16. The client turns them back into hex before it checks them, so what it verifies and
// shows is the engine's text.

/** The bytes a hex text spells. The hex text must be whole bytes of lowercase hex. */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  let bad = hex.length & 1;
  for (let i = 0; i < out.length; i++) {
    const byte = (digit(hex.charCodeAt(2 * i)) << 4) | digit(hex.charCodeAt(2 * i + 1));
    bad |= byte >> 8; // a digit that is none set bit 8 and up
    out[i] = byte;
  }
  if (bad) throw new Error(`hexToBytes: not whole bytes of lowercase hex: "${hex}"`);
  return out;
}

/** A lowercase hex digit's value, or 0x100 (past any byte) for anything else. */
const digit = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : 0x100);

/**
 * Bytes from the wire as lowercase hex, or null when they are not bytes (a receipt that is not bytes checks nothing).
 */
export function bytesToHex(bytes: unknown): string | null {
  if (!(bytes instanceof Uint8Array)) return null;
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
