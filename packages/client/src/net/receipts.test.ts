// A client checks every commit receipt itself; a tampered reveal (another commitment, another salt, another
// hash) names the seat. Hashes and salts arrive as bytes (protocol receipts.ts), as the server sends them.
import { commitmentHash, type Commitment } from '@star-eater/engine';
import { hexToBytes } from '@star-eater/protocol/receipts';
import { describe, expect, it } from 'vitest';
import { ReceiptBook } from './receipts.js';

const c0: Commitment = { engine: 'N', cards: [{ card: 'fire-main' }] };
const c1: Commitment = { engine: 'S', cards: [] };
const s0 = `${'0'.repeat(31)}1`;
const s1 = `${'0'.repeat(31)}2`;
const wire = hexToBytes;

function book(
  reveal: [Commitment, Commitment],
  salts = [s0, s1],
  hashes = [commitmentHash(c0, s0), commitmentHash(c1, s1)],
) {
  const b = new ReceiptBook();
  b.receipt({ round: 2, seat: 0, hash: wire(hashes[0]!) });
  b.receipt({ round: 2, seat: 1, hash: wire(hashes[1]!) });
  expect(b.verdict(2)).toEqual({ kind: 'sealed' });
  expect(b.hashes(2)).toEqual(hashes);
  b.revealed({ round: 2, salts: [wire(salts[0]!), wire(salts[1]!)] });
  b.events(2, [{ type: 'cards-revealed', commitments: reveal } as never]);
  return b.verdict(2);
}

describe('ReceiptBook', () => {
  it('verifies both seats when the reveal matches what was published', () => {
    expect(book([c0, c1])).toEqual({ kind: 'verified', seats: [0, 1] });
  });

  it('names the seat whose commitment, salt or hash was changed', () => {
    expect(book([c0, { engine: 'N', cards: [] }])).toEqual({ kind: 'mismatch', seats: [1] });
    expect(book([c0, c1], [s1, s1])).toEqual({ kind: 'mismatch', seats: [0] });
    const other = { engine: 'SW', cards: [] } as Commitment;
    expect(book([other, c1], [s0, s1], [commitmentHash(other, s0), commitmentHash(c1, s1)])).toEqual({
      kind: 'verified',
      seats: [0, 1],
    });
    expect(book([c0, c1], [s0, s1], [commitmentHash(other, s0), commitmentHash(c1, s1)])).toEqual({
      kind: 'mismatch',
      seats: [0],
    });
  });

  it('a salt or hash that is not bytes, or a salt missing for a published hash, is a mismatch', () => {
    const b = new ReceiptBook();
    b.receipt({ round: 1, seat: 0, hash: wire(commitmentHash(c0, s0)) });
    b.receipt({ round: 1, seat: 1, hash: '#not-a-hash' as unknown as Uint8Array });
    b.revealed({ round: 1, salts: [null, wire(s1)] });
    b.events(1, [{ type: 'cards-revealed', commitments: [c0, c1] } as never]);
    expect(b.verdict(1)).toEqual({ kind: 'mismatch', seats: [0, 1] });
  });

  it('still checks the 256-bit salts older servers sent', () => {
    const long = 'ab'.repeat(32);
    const b = new ReceiptBook();
    b.receipt({ round: 1, seat: 0, hash: wire(commitmentHash(c0, long)) });
    b.revealed({ round: 1, salts: [wire(long), null] });
    b.events(1, [{ type: 'cards-revealed', commitments: [c0, { engine: 'NONE', cards: [] }] } as never]);
    expect(b.verdict(1)).toEqual({ kind: 'verified', seats: [0] });
  });

  it('a seat that never locked in has no receipt and is not a mismatch', () => {
    const b = new ReceiptBook();
    b.receipt({ round: 1, seat: 0, hash: wire(commitmentHash(c0, s0)) });
    b.revealed({ round: 1, salts: [wire(s0), null] });
    b.events(1, [{ type: 'cards-revealed', commitments: [c0, { engine: 'NONE', cards: [] }] } as never]);
    expect(b.verdict(1)).toEqual({ kind: 'verified', seats: [0] });
  });
});
