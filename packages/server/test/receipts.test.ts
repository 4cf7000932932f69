// The faction choice is sealed like a commitment (raw frames), and commit receipts: a hash at every
// lock-in to both seats and the spectators, the salts at the reveal, and both in the stored record.
import { createHmac } from 'node:crypto';
import { type Commitment, commitmentHash, parseRecord, receiptMatches } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { frameKind } from '../src/colyseus-internals.js';
import { Receipts, SaltKey, saltOf } from '../src/match/receipts.js';
import { botMatch, joinById, quickMatch, serverForFile } from './harness.js';
import { bytesToHex } from '@star-eater/protocol';

const server = serverForFile();

const text = (frames: Uint8Array[]) => Buffer.concat(frames).toString('latin1');

describe('the faction choice', () => {
  it('is sealed until both have chosen, then revealed in one patch', async () => {
    const s = server.get();
    const a = await quickMatch(s, 'Fen');
    const b = await quickMatch(s, 'Gil');
    server.open.push(a, b);
    await a.until(() => a.state.phase === 'factions', 'factions');
    const spec = await joinById(s, a.room.roomId, { spectate: true });
    server.open.push(spec);
    const starts = [b, spec].map((o) => o.frames.length);
    const n = a.messages.length;
    a.send('faction', { faction: 'lamais' });
    expect(await a.next('faction', n)).toEqual({ faction: 'lamais' });
    for (const o of [b, spec]) await o.until(() => o.state.seats[a.seat].lockedIn, 'a has chosen');
    await b.roundTrip();
    await spec.roundTrip();
    [b, spec].forEach((o, i) => {
      expect(o.state.seats[a.seat].faction).toBe('');
      expect(o.of('faction')).toEqual([]);
      expect(text(o.frames.slice(starts[i]))).not.toMatch(/lamais/);
    });
    b.send('faction', { faction: 'fpa' });
    await spec.until(() => spec.state.phase === 'draft', 'the draft');
    expect(spec.state.seats[a.seat].faction).toBe('lamais');
    expect(spec.state.seats[b.seat].faction).toBe('fpa');
    expect(spec.state.seats.map((x: { lockedIn: boolean }) => x.lockedIn)).toEqual([false, false]);
  });
});

describe('commit receipts', () => {
  it('are published at lock-in, revealed with their salts, and kept in the record', async () => {
    const s = server.get();
    const { a, b, spec } = await botMatch(server, 'receipts', { manualCommit: true });
    const mine = { engine: 'N' as const, cards: [] };
    const theirs = { engine: 'S' as const, cards: [] };
    a.send('commit', { round: 1, commitment: mine });
    // Everyone gets a's hash; nobody can tell anything from it yet.
    const hashes = await Promise.all(
      [a, b, spec].map((c) => c.until(() => c.of('receipt').find((r) => r.seat === a.seat)?.hash, 'a receipt')),
    );
    expect(new Set(hashes.map(bytesToHex)).size).toBe(1);
    // SHA-256 as its 32 bytes.
    expect(hashes[0]).toHaveLength(32);
    b.send('commit', { round: 1, commitment: theirs });
    const reveal = await spec.until(() => spec.of('receipts-revealed')[0], 'the reveal');
    // The reveal is the salts alone (128 bits: 16 bytes); the hashes were published at lock-in.
    expect(reveal).toEqual({ round: 1, salts: [expect.any(Uint8Array), expect.any(Uint8Array)] });
    expect(reveal.salts.map((x) => x!.length)).toEqual([16, 16]);
    const published = spec.of('receipt').map((r) => ({ ...r, hash: bytesToHex(r.hash!)! }));
    const hashOf = (s: 0 | 1) => published.findLast((r) => r.seat === s)!.hash;
    const saltOf = (s: 0 | 1) => bytesToHex(reveal.salts[s]!)!;
    expect(saltOf(a.seat)).toMatch(/^[0-9a-f]{32}$/);
    expect(receiptMatches(mine, saltOf(a.seat), hashOf(a.seat))).toBe(true);
    expect(receiptMatches(theirs, saltOf(b.seat), hashOf(b.seat))).toBe(true);
    // A tampered reveal shows: another commitment, or another salt.
    expect(receiptMatches(theirs, saltOf(a.seat), hashOf(a.seat))).toBe(false);
    expect(receiptMatches(mine, saltOf(b.seat), hashOf(a.seat))).toBe(false);
    await spec.until(() => spec.state.round === 2, 'round 2');
    // Sizes on the wire (the bandwidth goal): whole frames, message name included. With hex hashes, 256-bit
    // salts and the hashes repeated in the reveal they would be 99 and 306 bytes; as base64url text, 75 and 82.
    const sizes = (type: string) => spec.frames.filter((f) => frameKind(f) === type).map((f) => f.byteLength);
    expect(sizes('receipt')).toHaveLength(2);
    for (const n of sizes('receipt')) expect(n).toBeLessThan(66);
    expect(sizes('receipts-revealed')).toHaveLength(1);
    expect(sizes('receipts-revealed')[0]).toBeLessThan(74);
    // A spectator who comes after the reveal gets the hashes published before it, then the salts: it can check too.
    const late = await joinById(s, a.room.roomId, { spectate: true });
    server.open.push(late);
    const caught = await late.until(() => late.of('receipts-revealed')[0], 'the reveal again');
    expect(caught).toEqual(reveal);
    const lateHash = (s: 0 | 1) => bytesToHex(late.of('receipt').find((r) => r.round === 1 && r.seat === s)!.hash!);
    expect([lateHash(0), lateHash(1)]).toEqual([hashOf(0), hashOf(1)]);
    const lateOrder = late.messages.map((m) => m.type).filter((t) => t.startsWith('receipt'));
    expect(lateOrder).toEqual(['receipt', 'receipt', 'receipts-revealed']);
    a.send('concede');
    const ended = await spec.until(() => spec.of('ended')[0], 'the end');
    const stored = (await (await fetch(`${s.url}/api/records/${ended.recordId}`)).json()) as {
      rounds: { receipts: { hash: string; salt: string }[] }[];
    };
    const parsed = parseRecord(stored);
    expect(parsed.ok).toBe(true);
    // The record keeps both as the engine's hex text (RULES §10's optional receipts, unchanged).
    expect(stored.rounds[0]!.receipts).toEqual(([0, 1] as const).map((s) => ({ hash: hashOf(s), salt: saltOf(s) })));
    expect(stored.rounds[0]!.receipts[a.seat]!.hash).toBe(commitmentHash(mine, saltOf(a.seat)));
  });
});

describe('a lock-in salt', () => {
  it('is HMAC-SHA256 of its round, seat and lock-in count under the salt key’s text, a new one per lock-in', () => {
    const key = 'a-match-salt-key-as-drawn';
    const receipts = new Receipts(key);
    const commitment: Commitment = { engine: 'N', cards: [] };
    const hmac = (m: string) => createHmac('sha256', key).update(m).digest('hex').slice(0, 32);
    receipts.lock(1, commitment, 3);
    receipts.lock(1, commitment, 3);
    const [, second] = receipts.reveal([false, true]);
    expect(second!.salt).toBe(hmac('receipt:3:1:1'));
    expect(second!.hash).toBe(commitmentHash(commitment, hmac('receipt:3:1:1')));
    expect(saltOf(new SaltKey(key), 3, 0, 0)).toBe(hmac('receipt:3:0:0'));
  });

  it('is signed as createHmac signs, whatever the key: short, a whole block, longer, not ASCII', () => {
    const keys = [
      '',
      'k',
      'a'.repeat(64),
      'b'.repeat(65),
      'f'.repeat(200),
      'clé-ñ-鍵-🔑',
      '0123456789abcdef'.repeat(4),
    ];
    for (const key of keys) {
      const signer = new SaltKey(key);
      for (const message of ['receipt:1:0:0', 'receipt:37:1:12', '', 'x'.repeat(64)])
        expect(signer.sign(message), `${key} / ${message}`).toBe(
          createHmac('sha256', key).update(message).digest('hex'),
        );
    }
    // Two keys in turn (their signatures share scratch space): each still signs as its own.
    const [a, b] = [new SaltKey('one'), new SaltKey('two')];
    expect([a.sign('m'), b.sign('m'), a.sign('m')]).toEqual(
      ['one', 'two', 'one'].map((k) => createHmac('sha256', k).update('m').digest('hex')),
    );
  });

  it('refuses a message it could not sign as createHmac does, rather than sign another', () => {
    const signer = new SaltKey('k');
    expect(() => signer.sign('x'.repeat(65))).toThrow(/cannot sign/);
    expect(() => signer.sign('é')).toThrow(/cannot sign/);
  });
});
