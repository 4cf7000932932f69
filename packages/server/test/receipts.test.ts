// Issue 14: the faction choice is sealed like a commitment (raw frames), and commit receipts: a hash at every
// lock-in to both seats and the spectators, the salts at the reveal, and both in the stored record.
import { commitmentHash, parseRecord, receiptMatches } from '@star-eater/engine';
import type { Room } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { joinById, quickMatch, serverForFile } from './harness.js';

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
    const a = await quickMatch(s, 'Hana');
    const b = await quickMatch(s, 'Ivo');
    const spec = await joinById(s, a.room.roomId, { spectate: true });
    server.open.push(a, b, spec);
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `${c.seat}-receipts`, manualCommit: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    await a.until(() => a.state.phase === 'commit', 'round 1', 15_000);
    const mine = { engine: 'N' as const, cards: [] };
    const theirs = { engine: 'S' as const, cards: [] };
    a.send('commit', { round: 1, commitment: mine });
    // Everyone gets a's hash; nobody can tell anything from it yet.
    const hashes = await Promise.all(
      [a, b, spec].map((c) => c.until(() => c.of('receipt').find((r) => r.seat === a.seat)?.hash, 'a receipt')),
    );
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    b.send('commit', { round: 1, commitment: theirs });
    const reveal = await spec.until(() => spec.of('receipts-revealed')[0], 'the reveal');
    expect(reveal.receipts[a.seat]).toEqual({ hash: hashes[0], salt: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(receiptMatches(mine, reveal.receipts[a.seat]!.salt, hashes[0]!)).toBe(true);
    expect(receiptMatches(theirs, reveal.receipts[b.seat]!.salt, reveal.receipts[b.seat]!.hash)).toBe(true);
    // A tampered reveal shows: another commitment, or another salt.
    expect(receiptMatches(theirs, reveal.receipts[a.seat]!.salt, hashes[0]!)).toBe(false);
    expect(receiptMatches(mine, reveal.receipts[b.seat]!.salt, hashes[0]!)).toBe(false);
    await spec.until(() => spec.state.round === 2, 'round 2');
    a.send('concede');
    const ended = await spec.until(() => spec.of('ended')[0], 'the end');
    const stored = (await (await fetch(`${s.url}/api/records/${ended.recordId}`)).json()) as {
      rounds: { receipts: { hash: string; salt: string }[] }[];
    };
    const parsed = parseRecord(stored);
    expect(parsed.ok).toBe(true);
    expect(stored.rounds[0]!.receipts).toEqual(reveal.receipts);
    expect(stored.rounds[0]!.receipts[a.seat]!.hash).toBe(commitmentHash(mine, reveal.receipts[a.seat]!.salt));
  });
});
