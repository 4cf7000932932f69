// The commit receipts on the match screen: the hashes published at this round's lock-ins (the locking
// player sees its own receipt), then, once the round is revealed, whether every hash checked out — computed in this
// browser (net/receipts.ts) — or which seat's commitment does not match its receipt. Players and spectators alike.
// A hash shows as its first characters, so that the line fits whole even in a laptop's smallest log card; a click or
// a tap (a phone has no hover for its title) shows it in full, over the page, where no card clips it.
import type { Seat } from '@star-eater/engine';
import type { ReceiptBook } from '../net/receipts.js';
import { h, replace } from '../ui/dom.js';
import { hideTip, showTipAbove } from '../ui/tooltip.js';

/** The short form: a hash's first characters, as a commit is named by its first characters. */
const SHORT = 8;
/** How long a hash shown in full stays. */
const WHOLE_MS = 8000;

function hashButton(hash: string, whose: string): HTMLElement {
  const full = `${whose} receipt (SHA-256): ${hash}`;
  const b = h(
    'button.hash.mono',
    {
      'data-hash': hash,
      title: full,
      'aria-label': `${whose} receipt ${hash.slice(0, SHORT)}: show it in full`,
      onclick: () => showTipAbove(full, b.getBoundingClientRect(), WHOLE_MS),
    },
    hash.slice(0, SHORT),
  );
  return b;
}

/** What of a match's synced state the panel draws. */
interface MatchAt {
  round: number;
  phase: string;
}

/** The round drawn (from 1), and whether the match is over. */
const drawnOf = (st: MatchAt | null): [number, boolean] => [Math.max(st?.round ?? 1, 1), st?.phase === 'finished'];

export class ReceiptsPanel {
  // An aside, not a div: the log's lines are its div children.
  readonly el = h('aside.receipts', { id: 'receipts', 'aria-label': 'Commit receipts' });

  constructor(
    private readonly book: ReceiptBook,
    private readonly you: Seat | null,
    private readonly names: () => [string, string],
  ) {}

  private round = 0;
  private over = false;

  /** Whether the last render was of this state's round, and of a match over or not. */
  shows(st: MatchAt | null): boolean {
    const [round, over] = drawnOf(st);
    return this.round === round && this.over === over;
  }

  /**
   * Redraws for the state's round (its hashes) and the last revealed one (its verdict): two short lines. Once the
   * match is `over`, a round nobody locked in (the one a concession cut short, or the one after the last) is no
   * round to wait for: the first line says the match is over instead of listing two seats "not locked in".
   */
  render(st: MatchAt | null): void {
    const [round, over] = drawnOf(st);
    // A hash shown in full belongs to the round it was shown in.
    if (round !== this.round) hideTip();
    this.round = round;
    this.over = over;
    const names = this.names();
    const hashes = this.book.hashes(round);
    const seat = (s: Seat) => {
      const hash = hashes[s];
      return h(
        'span',
        { id: `receipt-${s}`, class: s === this.you ? 'mine' : '' },
        h('span.who', { title: names[s] }, s === this.you ? 'You' : names[s]),
        ' ',
        hash ? hashButton(hash, s === this.you ? 'Your' : `${names[s]}'s`) : h('span.dim', null, 'not locked in'),
      );
    };
    const line =
      over && !hashes[0] && !hashes[1]
        ? [h('b', null, 'Receipts'), ' · ', h('span.dim', null, 'the match is over')]
        : [h('b', null, `Receipts R${round}`), ' · ', seat(0), ' · ', seat(1)];
    replace(this.el, h('div.receipts-line', null, ...line), this.verdictLine(round, names));
  }

  /** Pinned above the log's scroll box, in its card (placed once: a redraw keeps its place). */
  pinAbove(log: Element | null | undefined): void {
    if (log && this.el.nextElementSibling !== log) log.before(this.el);
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
          // One line, even in a laptop's smallest log card.
          `✓ Round ${r}: ${v.seats.length === 2 ? 'both commitments match their receipts' : 'the commitment matches its receipt'}.`,
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
