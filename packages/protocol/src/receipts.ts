// Commit receipts on the wire. The engine hashes, and the record stores, receipts as lowercase hex text
// (@star-eater/engine commitmentHash, RULES §10's record unchanged); the `receipt` and `receipts-revealed` messages
// carry the same bytes as base64url without padding: a SHA-256 hash in 43 characters instead of 64, a 128-bit salt in
// 22 instead of 32. The client turns them back into hex before it checks them, so what it verifies and shows is the
// engine's text.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** The hex text's bytes as base64url (no padding). The hex text must be whole bytes of lowercase hex. */
export function hexToBase64url(hex: string): string {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error(`hexToBase64url: not whole bytes of lowercase hex: "${hex}"`);
  let out = '';
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < hex.length; i += 2) {
    acc = (acc << 8) | Number.parseInt(hex.slice(i, i + 2), 16);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(acc >> bits) & 63];
    }
    acc &= (1 << bits) - 1;
  }
  return bits ? out + ALPHABET[(acc << (6 - bits)) & 63] : out;
}

/**
 * The bytes of base64url text (no padding) as lowercase hex, or null when it is not canonical base64url (a character
 * outside the alphabet, an impossible length, or stray bits in the last character): such a receipt checks nothing.
 */
export function base64urlToHex(b64: string): string | null {
  if (b64.length % 4 === 1) return null;
  let out = '';
  let bits = 0;
  let acc = 0;
  for (const ch of b64) {
    const v = INDEX.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += ((acc >> bits) & 255).toString(16).padStart(2, '0');
    }
    acc &= (1 << bits) - 1;
  }
  return acc === 0 ? out : null;
}
