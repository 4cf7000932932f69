// A withdrawn or never-revealed lock-in stays sealed after the match (RULES §4.1: a player revises until both are
// locked; a withdrawn order was never played). The attack a spectator can run once the match is over: it kept every
// hash published at lock-in, the end publishes the seed, and it tries every legal commitment of that seat in that
// round with every salt it can derive from the seed. It recovers none of the withdrawn or unrevealed commitments,
// while every revealed one verifies with the salt published at its reveal; the record keeps the unrevealed hashes
// and no salt for them.
import { createHash, createHmac } from 'node:crypto';
import {
  canonicalCommitment,
  type Commitment,
  legalCommitments,
  type MatchRecord,
  parseRecord,
  RECEIPT_FORMAT,
  receiptMatches,
  replayRecord,
  type Seat,
} from '@star-eater/engine';
import { bytesToHex } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { botMatch, joinById, serverForFile, type TestClient } from './harness.js';
import { getJson } from './processes.js';

const server = serverForFile();

const hashOf = (c: Commitment, salt: string) =>
  createHash('sha256')
    .update(`${RECEIPT_FORMAT}:${salt}:${canonicalCommitment(c)}`)
    .digest('hex');

/** Every salt the attacker can derive from the published seed for a lock-in: keyed HMACs of the lock-in's label. */
function saltGuesses(seed: string, round: number, seat: Seat): string[] {
  const out: string[] = [];
  for (let nth = 0; nth < 4; nth++) {
    const mac = createHmac('sha256', seed).update(`receipt:${round}:${seat}:${nth}`).digest('hex');
    out.push(mac.slice(0, 32), mac);
  }
  return out;
}

/** The commitments among `legal` (either order of the cards) whose hash with a guessed salt is `hash`. */
function recover(hash: string, legal: Commitment[], salts: string[]): Commitment[] {
  const found: Commitment[] = [];
  for (const c of legal)
    for (const cards of c.cards.length === 2 ? [c.cards, [...c.cards].reverse()] : [c.cards])
      for (const salt of salts) if (hashOf({ engine: c.engine, cards }, salt) === hash) found.push(c);
  return found;
}

const lockIn = async (who: TestClient, all: TestClient[], round: number, commitment: Commitment) => {
  const n = all.map((c) => c.of('receipt').length);
  who.send('commit', { round, commitment });
  await Promise.all(all.map((c, i) => c.until(() => c.of('receipt').length > n[i]!, `${round}: the hash`)));
};
const withdraw = async (who: TestClient, all: TestClient[], round: number) => {
  const n = all.map((c) => c.of('receipt').length);
  who.send('revise', { round });
  await Promise.all(all.map((c, i) => c.until(() => c.of('receipt').length > n[i]!, `${round}: the withdrawal`)));
};

describe('receipts after the end', () => {
  it('a spectator with every hash, the seed and every legal commitment recovers no withdrawn or unrevealed one', async () => {
    const s = server.get();
    const { a, b, spec } = await botMatch(server, 'sealed', { manualCommit: true });
    const all = [a, b, spec];
    const c = (engine: Commitment['engine']): Commitment => ({ engine, cards: [] });
    // Round 1: Ada locks in N, thinks again (withdrawn) and locks in S; Bo locks in CW: revealed S and CW.
    await lockIn(a, all, 1, c('N'));
    await withdraw(a, all, 1);
    await lockIn(a, all, 1, c('S'));
    await lockIn(b, all, 1, c('CW'));
    await spec.until(() => spec.state.round === 2 && spec.state.phase === 'commit', 'round 2');
    // Round 2: Bo locks in NONE, withdraws it, locks in CCW; Ada concedes before locking in: CCW is never revealed.
    await lockIn(b, all, 2, c('NONE'));
    await withdraw(b, all, 2);
    await lockIn(b, all, 2, c('CCW'));
    a.send('concede');
    const ended = await spec.until(() => spec.of('ended')[0], 'the end');
    const record = (await getJson<MatchRecord>(`${s.url}/api/records/${ended.recordId}`)).body;
    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(`record: ${parsed.error.path}: ${parsed.error.message}`);

    // What the spectator kept: every hash published, in order, as the engine's hex.
    const published = spec.of('receipt').filter((r) => r.hash !== null);
    const hex = (h: Uint8Array) => bytesToHex(h)!;
    const lockIns = published.map((r) => ({ round: r.round, seat: r.seat as Seat, hash: hex(r.hash!) }));
    const [ada, bo] = [a.seat, b.seat];
    expect(lockIns.map((r) => [r.round, r.seat])).toEqual([
      [1, ada],
      [1, ada],
      [1, bo],
      [2, bo],
      [2, bo],
    ]);
    const revealed = parsed.value.rounds[0]!.receipts!;
    expect([revealed[ada]?.hash, revealed[bo]?.hash]).toEqual([lockIns[1]!.hash, lockIns[2]!.hash]);
    // The record keeps round 2's standing hash, without a salt; no withdrawn hash is in it.
    const unrevealed: (string | null)[] = [null, null];
    unrevealed[bo] = lockIns[4]!.hash;
    expect(parsed.value.end).toEqual({ winner: bo, reason: 'concede', unrevealed });
    for (const withdrawn of [lockIns[0]!, lockIns[3]!]) expect(JSON.stringify(record)).not.toContain(withdrawn.hash);

    // The attack, with the published seed: the state of each round from the record's replay, every legal commitment.
    const seed = ended.seed;
    expect(seed).toBe(record.seed);
    const before = (round: number) => {
      const r = replayRecord({ ...parsed.value, rounds: parsed.value.rounds.slice(0, round - 1), end: undefined });
      if (!r.ok) throw new Error(`replay to round ${round}: ${r.error.message}`);
      return r.value.state;
    };
    // The attack works where salts come from the seed: a receipt salted so is found at once.
    const oldSalt = saltGuesses(seed, 2, a.seat)[0]!;
    expect(recover(hashOf(c('CCW'), oldSalt), legalCommitments(before(2), a.seat), [oldSalt])).toEqual([c('CCW')]);
    let hidden = 0;
    for (const r of lockIns) {
      const legal = legalCommitments(before(r.round), r.seat);
      expect(legal.length).toBeGreaterThan(100);
      if (revealed.some((x) => x?.hash === r.hash)) {
        const rc = revealed[r.seat]!;
        expect(receiptMatches(parsed.value.rounds[0]!.commitments[r.seat], rc.salt, r.hash)).toBe(true);
        continue;
      }
      hidden += 1;
      expect(recover(r.hash, legal, saltGuesses(seed, r.round, r.seat)), `${r.round}:${r.seat}`).toEqual([]);
    }
    expect(hidden).toBe(3); // Ada's withdrawn N, Bo's withdrawn NONE and his unrevealed CCW
  });

  it('a round conceded at a prompt keeps its receipts in the record; they verify, and a tampered salt is refused', async () => {
    const s = server.get();
    const bots = { faction: 'fpa', manualCommit: true, manualDecide: true } as const;
    const { a, b, spec } = await botMatch(server, 'cut', bots);
    const launch: Commitment = { engine: 'NONE', cards: [{ card: 'launch-squadron' }] };
    const none: Commitment = { engine: 'NONE', cards: [] };
    await lockIn(a, [a, b, spec], 1, launch);
    b.send('commit', { round: 1, commitment: none });
    await a.until(() => a.of('prompt')[0], 'the fighter prompt');
    // Another socket: the spectator's frames of that turn may come a moment after the player's.
    const reveal = await spec.until(() => spec.of('receipts-revealed')[0], 'the reveal');
    a.send('concede');
    const ended = await spec.until(() => spec.of('ended')[0], 'the end');
    const record = (await getJson<MatchRecord>(`${s.url}/api/records/${ended.recordId}`)).body;
    const parsed = parseRecord(record);
    if (!parsed.ok) throw new Error(`record: ${parsed.error.path}: ${parsed.error.message}`);
    expect(record.rounds).toEqual([]);
    const cut = record.end!.interrupted!;
    // The hashes everyone was sent at lock-in and the salts of the reveal, as the record's hex.
    const hashes = [0, 1].map((seat) => bytesToHex(spec.of('receipt').findLast((r) => r.seat === seat)!.hash!));
    const salts = reveal.salts.map((x) => bytesToHex(x!));
    expect(cut.receipts).toEqual([0, 1].map((seat) => ({ hash: hashes[seat], salt: salts[seat] })));
    expect(cut.commitments[a.seat]).toEqual(launch);
    for (const seat of [0, 1] as const)
      expect(receiptMatches(cut.commitments[seat], cut.receipts![seat]!.salt, cut.receipts![seat]!.hash)).toBe(true);
    expect(replayRecord(parsed.value).ok).toBe(true);
    // A client that comes in after the end is sent that reveal again, after the hashes it is checked against.
    const late = await joinById(s, a.room.roomId, { spectate: true });
    server.open.push(late);
    expect(await late.until(() => late.of('receipts-revealed')[0], 'the reveal again')).toEqual(reveal);
    expect(late.of('receipt').map((r) => bytesToHex(r.hash!))).toEqual(hashes);
    // Another salt (or another commitment) in the interrupted round: refused, naming it.
    const tampered = structuredClone(record);
    tampered.end!.interrupted!.receipts![b.seat]!.salt = 'ab'.repeat(16);
    expect(parseRecord(tampered)).toEqual({
      ok: false,
      error: {
        path: `record.end.interrupted.receipts[${b.seat}]`,
        message: 'the commitment and salt do not give this hash',
      },
    });
  });
});
