// Commit receipts as a client checks them (RULES §7 fair play): the hashes published at lock-in, the salts at the reveal, and
// the commitments the round's `cards-revealed` event carries. Each seat's hash is recomputed here, in the browser,
// with the engine's own commitmentHash: "verified", or which seat's commitment does not match its receipt. Hashes and
// salts come as bytes (@star-eater/protocol receipts.ts) and are kept as the engine's hex text.
import { type Commitment, type MatchEvent, receiptMatches, type Seat } from '@star-eater/engine';
import type { ServerMessages } from '@star-eater/protocol';
import { bytesToHex } from '@star-eater/protocol/receipts';

export type ReceiptVerdict =
  | { kind: 'sealed' }
  /** Every seat that locked in has a matching receipt (a seat that never locked in played NONE and had none). */
  | { kind: 'verified'; seats: Seat[] }
  /** These seats' revealed commitments (or salts) do not give the hashes published at lock-in. */
  | { kind: 'mismatch'; seats: Seat[] };

/** Wire bytes as hex; what is not bytes is kept as its text, and checks nothing (receiptMatches). */
const hex = (wire: Uint8Array | null) => (wire === null ? null : (bytesToHex(wire) ?? String(wire)));

interface RoundReceipts {
  hashes: [string | null, string | null];
  /** The salts of the reveal (hex). */
  reveal?: [string | null, string | null];
  commitments?: [Commitment, Commitment];
}

export class ReceiptBook {
  private rounds = new Map<number, RoundReceipts>();
  /** The round last heard of (a lock-in or a reveal). */
  latest = 0;

  private at(round: number): RoundReceipts {
    let r = this.rounds.get(round);
    if (!r) {
      r = { hashes: [null, null] };
      this.rounds.set(round, r);
      // Only the last few rounds matter on screen.
      for (const k of this.rounds.keys()) if (k < round - 3) this.rounds.delete(k);
    }
    this.latest = Math.max(this.latest, round);
    return r;
  }

  /** A new match in the same room (rematch): rounds count from 1 again. */
  reset(): void {
    this.rounds.clear();
    this.latest = 0;
  }

  receipt(m: ServerMessages['receipt']): void {
    this.at(m.round).hashes[m.seat] = hex(m.hash);
  }

  revealed(m: ServerMessages['receipts-revealed']): void {
    this.at(m.round).reveal = [hex(m.salts[0]), hex(m.salts[1])];
  }

  /** A round's events (or the part of them that came): picks up the revealed commitments. */
  events(round: number, events: readonly MatchEvent[]): void {
    const e = events.find((x) => x.type === 'cards-revealed');
    if (e && e.type === 'cards-revealed') this.at(round).commitments = e.commitments;
  }

  hashes(round: number): [string | null, string | null] {
    return this.rounds.get(round)?.hashes ?? [null, null];
  }

  verdict(round: number): ReceiptVerdict {
    const r = this.rounds.get(round);
    if (!r?.reveal || !r.commitments) return { kind: 'sealed' };
    const bad: Seat[] = [];
    const ok: Seat[] = [];
    for (const s of [0, 1] as const) {
      const salt = r.reveal[s];
      // The hash published at lock-in is what the reveal is checked against (the reveal carries no hash of its own).
      const published = r.hashes[s];
      if (salt === null && published === null) continue;
      if (salt === null || published === null || !receiptMatches(r.commitments[s], salt, published)) bad.push(s);
      else ok.push(s);
    }
    return bad.length ? { kind: 'mismatch', seats: bad } : { kind: 'verified', seats: ok };
  }
}
