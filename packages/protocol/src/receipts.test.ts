// Commit receipts on the wire: the bytes the engine's hex spells, half its length.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './receipts.js';

describe('receipt bytes on the wire', () => {
  it('are the bytes of the hex text: 32 for a SHA-256 hash, 16 for a 128-bit salt, and back to the same text', () => {
    const hash = createHash('sha256').update('x').digest();
    expect(hexToBytes(hash.toString('hex'))).toEqual(new Uint8Array(hash));
    expect(hexToBytes('00'.repeat(16))).toHaveLength(16);
    for (let n = 0; n < 40; n++) {
      const bytes = randomBytes(n);
      expect(bytesToHex(hexToBytes(bytes.toString('hex')))).toBe(bytes.toString('hex'));
    }
  });

  it('refuses hex that is not whole bytes of lowercase hex; what is not bytes gives no hex', () => {
    expect(() => hexToBytes('ABCD')).toThrow(/lowercase hex/);
    expect(() => hexToBytes('abc')).toThrow(/whole bytes/);
    for (const bad of ['0g', 'g0', '/0', '0:', '`0', '0 ', '\u00e9a', 'ab\u0130c'])
      expect(() => hexToBytes(bad)).toThrow(/hex/);
    expect(hexToBytes('')).toHaveLength(0);
    expect([...hexToBytes('00ff7fa9')]).toEqual([0, 255, 127, 169]);
    expect(bytesToHex('abcd')).toBeNull();
    expect(bytesToHex(null)).toBeNull();
    expect(bytesToHex(new Uint8Array([0, 255]))).toBe('00ff');
  });
});
