// Commit receipts as a client checks them (issue 14): the hashes published at lock-in, the salts at the reveal, and
// the commitments the round's `cards-revealed` event carries. Each seat's hash is recomputed here, in the browser,
// with the engine's own commitmentHash: "verified", or which seat's commitment does not match its receipt.
import { type Commitment, type MatchEvent, receiptMatches, type Seat } from '@star-eater/engine';
import type { ServerMessages } from '@star-eater/protocol';

export type ReceiptVerdict =
  | { kind: 'sealed' }
  /** Every seat that locked in has a matching receipt (a seat that never locked in played NONE and had none). */
  | { kind: 'verified'; seats: Seat[] }
  /** These seats' revealed commitments (or salts) do not give the hashes published at lock-in. */
  | { kind: 'mismatch'; seats: Seat[] };

interface RoundReceipts {
  hashes: [string | null, string | null];
  reveal?: ServerMessages['receipts-revealed']['receipts'];
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
    this.at(m.round).hashes[m.seat] = m.hash;
  }

  revealed(m: ServerMessages['receipts-revealed']): void {
    this.at(m.round).reveal = m.receipts;
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
      const rc = r.reveal[s];
      // What was published at lock-in is what counts: a reveal may not bring a hash of its own choosing.
      const published = r.hashes[s] ?? rc?.hash ?? null;
      if (!rc && !published) continue;
      if (!rc || rc.hash !== published || !receiptMatches(r.commitments[s], rc.salt, published)) bad.push(s);
      else ok.push(s);
    }
    return bad.length ? { kind: 'mismatch', seats: bad } : { kind: 'verified', seats: ok };
  }
}
