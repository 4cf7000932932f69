// Commit receipts on the wire: base64url carries exactly the engine's hex bytes, in fewer characters.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64urlToHex, hexToBase64url } from './receipts.js';

describe('receipt text on the wire', () => {
  it('is base64url of the same bytes: 43 characters for a SHA-256 hash, 22 for a 128-bit salt', () => {
    const hash = createHash('sha256').update('x').digest();
    expect(hexToBase64url(hash.toString('hex'))).toBe(hash.toString('base64url'));
    expect(hexToBase64url(hash.toString('hex'))).toHaveLength(43);
    expect(hexToBase64url('00'.repeat(16))).toHaveLength(22);
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(n);
      const wire = hexToBase64url(bytes.toString('hex'));
      expect(wire).toBe(bytes.toString('base64url'));
      expect(base64urlToHex(wire)).toBe(bytes.toString('hex'));
    }
  });

  it('refuses what is not canonical base64url or not hex', () => {
    expect(base64urlToHex('ab+d')).toBeNull();
    expect(base64urlToHex('abcde')).toBeNull();
    expect(base64urlToHex('AB')).toBeNull(); // stray bits after the one byte "AA" would carry
    expect(base64urlToHex('AA')).toBe('00');
    expect(() => hexToBase64url('ABCD')).toThrow(/lowercase hex/);
    expect(() => hexToBase64url('abc')).toThrow(/whole bytes/);
  });
});
