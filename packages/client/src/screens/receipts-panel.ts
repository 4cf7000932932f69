// The commit receipts on the match screen: the hashes published at this round's lock-ins (the locking
// player sees its own receipt), then, once the round is revealed, whether every hash checked out — computed in this
// browser (net/receipts.ts) — or which seat's commitment does not match its receipt. Players and spectators alike.
import type { Seat } from '@star-eater/engine';
import type { ReceiptBook } from '../net/receipts.js';
import { h, replace } from '../ui/dom.js';

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

export class ReceiptsPanel {
  // An aside, not a div: the log's lines are its div children.
  readonly el = h('aside.receipts', { id: 'receipts', 'aria-label': 'Commit receipts' });

  constructor(
    private readonly book: ReceiptBook,
    private readonly you: Seat | null,
    private readonly names: () => [string, string],
  ) {}

  /** Redraws for the current round (its hashes) and the last revealed one (its verdict): two short lines. */
  render(round: number): void {
    const names = this.names();
    const hashes = this.book.hashes(round);
    const seat = (s: Seat) => {
      const hash = hashes[s];
      return h(
        'span',
        { id: `receipt-${s}`, class: s === this.you ? 'mine' : '' },
        h('span.who', { title: names[s] }, s === this.you ? 'You' : names[s]),
        ' ',
        hash
          ? h('span.mono', { title: `SHA-256 receipt: ${hash}`, 'data-hash': hash }, short(hash))
          : h('span.dim', null, 'not locked in'),
      );
    };
    replace(
      this.el,
      h('div.receipts-line', null, h('b', null, `Receipts R${round}`), ' · ', seat(0), ' · ', seat(1)),
      this.verdictLine(round, names),
    );
  }

  private verdictLine(round: number, names: [string, string]): HTMLElement | null {
    // The round being played is sealed; the one before it was revealed (or this one, while it resolves).
    for (const r of [round, round - 1]) {
      const v = this.book.verdict(r);
      if (v.kind === 'sealed') continue;
      if (v.kind === 'verified')
        return h(
          'div.good',
          { id: 'receipts-verdict', 'data-round': String(r), 'data-verdict': 'verified' },
          `✓ Round ${r} verified: ${v.seats.length === 2 ? 'both commitments match their receipts' : 'the commitment matches its receipt'}.`,
        );
      const who = v.seats.map((s) => (s === this.you ? 'your' : `${names[s]}'s`)).join(' and ');
      return h(
        'div.bad',
        { id: 'receipts-verdict', 'data-round': String(r), 'data-verdict': 'mismatch' },
        `✗ Round ${r}: ${who} revealed commitment does not match the receipt published at lock-in.`,
      );
    }
    return null;
  }
}
