// Commit receipts on the wire. The engine hashes, and the record stores, receipts as lowercase hex text
// (@star-eater/engine commitmentHash, RULES §10's record unchanged); the `receipt` and `receipts-revealed` messages
// carry the bytes that text spells (msgpack bin): a SHA-256 hash in 32 bytes instead of 64 characters (43 as
// base64url), a 128-bit salt in 16. The client turns them back into hex before it checks them, so what it verifies and
// shows is the engine's text.

/** The bytes a hex text spells. The hex text must be whole bytes of lowercase hex. */
export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error(`hexToBytes: not whole bytes of lowercase hex: "${hex}"`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * Bytes from the wire as lowercase hex, or null when they are not bytes (a receipt that is not bytes checks nothing).
 */
export function bytesToHex(bytes: unknown): string | null {
  if (!(bytes instanceof Uint8Array)) return null;
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
