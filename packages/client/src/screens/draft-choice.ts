// The draft's choices made safe: a pick is selected first, then confirmed (or undone); munition placement
// cannot go past the total or a squadron's capacity, and a button that cannot be pressed says why.
import {
  defaultMunitions,
  munitionRules,
  slotCards,
  squadronTriples,
  type Faction,
  type SingleSlot,
} from '@star-eater/engine';
import type { SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { h } from '../ui/dom.js';
import { slotTitle } from './draft-cards.js';

/** Where the draft's choices go: the room's session, or the tutorial's draft kept on the page. */
export type DraftSender = Pick<Session, 'send'>;

export interface DraftSelection {
  squadrons: string[];
  munitions: number[];
  /** The single card selected for a pick or swap, awaiting its confirmation. */
  card?: { slot: SingleSlot; id: string; name: string; suggested?: boolean } | null;
  pending?: boolean;
  /** The step a suggestion was made for: an undone suggestion is not made again. */
  suggestedFor?: string;
}

/**
 * Pre-selects a sensible choice on the player's turn, marked as a suggestion (Confirm takes it, Undo clears it): the
 * first card of the first open slot, or the faction's first legal squadron trio when only the squadrons are left.
 */
export function suggest(sel: DraftSelection, f: Faction, singles: readonly SingleSlot[]): void {
  const step = `${singles.join(',')}|${singles.length ? '' : 'squadrons'}`;
  if (sel.suggestedFor === step) return;
  sel.suggestedFor = step;
  if (singles.length) {
    if (sel.card) return;
    const slot = singles[0]!;
    const c = slotCards(f.id, slot)[0];
    if (c) sel.card = { slot, id: c.id, name: c.name, suggested: true };
  } else if (!sel.squadrons.length) {
    const t = squadronTriples(f)[0];
    if (t) sel.squadrons = [...t];
  }
}

/** The bar under the cards: what is selected, Undo, Confirm. */
export function pickBar(
  sel: DraftSelection,
  send: (c: { slot: SingleSlot; id: string }) => void,
  rerender: () => void,
): HTMLElement {
  const c = sel.card;
  return h(
    'div.row.pick-bar',
    { id: 'pick-bar' },
    h(
      'span.grow',
      { id: 'pick-selected' },
      c
        ? [c.suggested ? 'Suggested: ' : 'Selected: ', h('b', null, c.name), ` (${slotTitle(c.slot)})`]
        : 'Choose a card above.',
    ),
    h(
      'button',
      {
        id: 'undo-pick',
        disabled: !c,
        title: c ? 'Clear the selection' : 'Nothing is selected',
        onclick: () => {
          sel.card = null;
          rerender();
        },
      },
      'Undo',
    ),
    h(
      'button.primary',
      {
        id: 'confirm-pick',
        disabled: !c,
        title: c ? `Take ${c.name}` : 'Choose a card first',
        onclick: () => c && send(c),
      },
      'Confirm pick',
    ),
  );
}

/** Munition placement (RULES §5): + stops at a squadron's capacity and at the total, with the reason shown. */
export function munitionsView(
  f: Faction,
  me: SeatInfo,
  sel: DraftSelection,
  session: DraftSender,
  rerender: () => void,
): HTMLElement {
  const sqIds = me.picks.squadrons;
  const rules = munitionRules(f, [sqIds[0]!, sqIds[1]!, sqIds[2]!]);
  // A suggested placement to start from (the first legal one), so Confirm works at once for a newcomer.
  if (sel.munitions.length !== 3) sel.munitions = [...defaultMunitions(rules)];
  const m = sel.munitions;
  const sum = m.reduce((a, b) => a + b, 0);
  const set = (i: number, d: number) => {
    const n = [...m];
    const room = rules.total - sum;
    n[i] = Math.max(0, Math.min(rules.capacity[i]!, n[i]! + Math.min(d, room)));
    sel.munitions = n;
    rerender();
  };
  const plusWhy = (i: number) =>
    m[i]! >= rules.capacity[i]!
      ? `Squadron ${i + 1} is full (capacity ${rules.capacity[i]})`
      : sum >= rules.total
        ? `All ${rules.total} munitions are placed: take one off another squadron first`
        : '';
  const missing = rules.total - sum;
  const confirmWhy = missing > 0 ? `Place ${missing} more munition${missing === 1 ? '' : 's'}` : '';
  return h(
    'div.col',
    null,
    h('p', null, `Place ${rules.total} munitions on your squadrons (within capacity).`),
    sqIds.map((id, i) => {
      const why = plusWhy(i);
      return h(
        'div.row',
        null,
        h('span', { style: { minWidth: '160px' } }, `${i + 1}. ${f.squadrons.find((c) => c.id === id)?.name ?? id}`),
        h(
          'button.small',
          {
            onclick: () => set(i, -1),
            disabled: m[i] === 0,
            title: m[i] === 0 ? `Squadron ${i + 1} has none` : '',
            'aria-label': `Fewer munitions on squadron ${i + 1}`,
          },
          '−',
        ),
        h('b', { id: `mun-${i}` }, `${m[i]} / ${rules.capacity[i]}`),
        h(
          'button.small',
          {
            onclick: () => set(i, 1),
            disabled: !!why,
            title: why,
            'aria-label': `More munitions on squadron ${i + 1}`,
          },
          '+',
        ),
      );
    }),
    h(
      'div.row',
      null,
      h(
        'button.primary',
        {
          id: 'confirm-munitions',
          disabled: sum !== rules.total,
          title: confirmWhy,
          'aria-describedby': confirmWhy ? 'munitions-why' : undefined,
          onclick: () => session.send('munitions', { munitions: [m[0]!, m[1]!, m[2]!] }),
        },
        `Confirm (${sum}/${rules.total})`,
      ),
      confirmWhy ? h('span.dim', { id: 'munitions-why' }, confirmWhy) : null,
    ),
  );
}
