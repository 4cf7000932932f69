// Commit receipts (RULES §7 fair play): canonical text, hash, and what a tampered reveal looks like.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalCommitment, commitmentHash, receiptMatches } from './receipt.js';
import type { Commitment } from './types.js';

const salt = 'ab'.repeat(32);
const c: Commitment = { engine: 'N', cards: [{ card: 'port-broadside', aim: 'fore' }, { card: 'fire-main' }] };

describe('commit receipts', () => {
  it('canonical text: sorted keys, no spaces, undefined fields left out, card order kept', () => {
    const shuffled = {
      cards: [
        { aim: 'fore', card: 'port-broadside' },
        { card: 'fire-main', turret: undefined },
      ],
      engine: 'N',
    };
    expect(canonicalCommitment(shuffled as Commitment)).toBe(
      '{"cards":[{"aim":"fore","card":"port-broadside"},{"card":"fire-main"}],"engine":"N"}',
    );
    expect(canonicalCommitment(shuffled as Commitment)).toBe(canonicalCommitment(c));
  });

  it('canonical text of any value: nested arrays and objects, escaped keys and strings, as JSON writes them', () => {
    const odd = { z: [1, [2, { b: 'q"\u2028', a: null }], undefined, -0.5], 'k"\n': true, y: {}, x: [] };
    expect(canonicalCommitment(odd as never)).toBe(
      '{"k\\"\\n":true,"x":[],"y":{},"z":[1,[2,{"a":null,"b":"q\\"\u2028"}],,-0.5]}',
    );
  });

  it('the hash is SHA-256 of the tagged text, as node:crypto computes it', () => {
    const text = `star-eater-commitment/1:${salt}:${canonicalCommitment(c)}`;
    expect(commitmentHash(c, salt)).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('another SHA-256 given to it hashes the same text (the server passes its native one)', () => {
    const seen: string[] = [];
    const native = (t: string) => {
      seen.push(t);
      return createHash('sha256').update(t).digest('hex');
    };
    expect(commitmentHash(c, salt, native)).toBe(commitmentHash(c, salt));
    expect(seen).toEqual([`star-eater-commitment/1:${salt}:${canonicalCommitment(c)}`]);
  });

  it('detects another commitment, another salt, or a malformed salt', () => {
    const h = commitmentHash(c, salt);
    expect(receiptMatches(c, salt, h)).toBe(true);
    expect(receiptMatches({ ...c, engine: 'S' }, salt, h)).toBe(false);
    expect(receiptMatches(c, `${'ab'.repeat(31)}ac`, h)).toBe(false);
    expect(receiptMatches(c, 'AB'.repeat(32), commitmentHash(c, 'AB'.repeat(32)))).toBe(false);
  });

  it('takes a 128-bit salt (32 hex digits) and the 256-bit salts of older records, nothing shorter or between', () => {
    const short = 'cd'.repeat(16);
    expect(receiptMatches(c, short, commitmentHash(c, short))).toBe(true);
    expect(receiptMatches(c, short, commitmentHash(c, salt))).toBe(false);
    for (const bad of ['cd'.repeat(8), 'cd'.repeat(24), 'cd'.repeat(33)])
      expect(receiptMatches(c, bad, commitmentHash(c, bad))).toBe(false);
  });
});
