// The draft (RULES §5): both players' picks, and for the seat to move the cards of its open slots (pick or swap),
// the squadron trio, or munition placement. Slots, cards and the squadron rules are the engine's.
import {
  checkSquadrons,
  FACTIONS,
  SINGLE_SLOTS,
  SQUADRON_COUNT,
  slotCards,
  type Faction,
  type FactionId,
  type Seat,
  type SingleSlot,
} from '@star-eater/engine';
import { cardName } from '../animation/names.js';
import { css, seatColour } from '../board/theme.js';
import type { SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { h } from '../ui/dom.js';
import { cardButton, slotTitle } from './draft-cards.js';
import { munitionsView, pickBar, suggest, type DraftSelection, type DraftSender } from './draft-choice.js';

export { factionView } from './factions.js';

const pickName = (id: string): string => (id ? cardName(id) : '—');

export function picksView(
  seats: SeatInfo[],
  names: [string, string],
  factions: [FactionId, FactionId],
  you: Seat | null,
): HTMLElement {
  const dd = (text: string) => h('dd', { style: { margin: 0 } }, text);
  return h(
    'div.picks',
    null,
    ([0, 1] as Seat[]).map((s) => {
      const p = seats[s]!.picks;
      const munitions = seats[s]!.munitions;
      return h(
        'section.card',
        { dataset: { seat: String(s) }, 'aria-label': `${names[s]}'s picks` },
        h(
          'div.row',
          null,
          h('span.dot', { style: { background: css(seatColour(factions, s, you)) } }),
          h('b', null, names[s]),
          h('span.dim', null, FACTIONS[factions[s]].name),
        ),
        h(
          'dl',
          null,
          SINGLE_SLOTS.flatMap((slot) => [h('dt', null, slotTitle(slot)), dd(pickName(p[slot]))]),
          h('dt', null, slotTitle('squadrons')),
          dd(p.squadrons.length ? p.squadrons.map(pickName).join(', ') : '—'),
          munitions.length ? [h('dt', null, 'Munitions'), dd(munitions.join(' / '))] : null,
        ),
      );
    }),
  );
}

/** What the acting part of the draft works with: the seat's faction, its turn, the selection, how to send. */
interface DraftTurn {
  f: Faction;
  me: SeatInfo;
  myTurn: boolean;
  swapping: boolean;
  sel: DraftSelection;
  rerender: () => void;
  /** Why the cards are disabled while the opponent picks. */
  notYours: string | undefined;
  sendSquadrons: () => void;
  sendCard: (slot: SingleSlot, card: string) => void;
}

function squadronControls(t: DraftTurn): HTMLElement {
  const { sel } = t;
  const check = sel.squadrons.length === SQUADRON_COUNT ? checkSquadrons(t.f, sel.squadrons) : null;
  const more = SQUADRON_COUNT - sel.squadrons.length;
  // The engine's own reason when the trio breaks a rule (copy limit, all heavy).
  const why = !check ? `Choose ${more} more squadron${more === 1 ? '' : 's'}` : check.ok ? '' : check.error.message;
  const clear = () => {
    sel.squadrons = [];
    t.rerender();
  };
  return h(
    'div.row',
    null,
    h('button', { onclick: clear }, 'Clear'),
    h(
      'button.primary',
      { id: 'confirm-squadrons', disabled: !check?.ok, title: why, onclick: t.sendSquadrons },
      t.swapping ? 'Swap squadrons' : 'Take these squadrons',
    ),
    check && !check.ok ? h('span.bad', null, `Not allowed: ${check.error.message}.`) : null,
  );
}

function squadronSection(t: DraftTurn): HTMLElement {
  const { sel } = t;
  const counts = new Map<string, number>();
  for (const id of sel.squadrons) counts.set(id, (counts.get(id) ?? 0) + 1);
  const title = slotTitle('squadrons');
  return h(
    'section.col.squadrons',
    { 'aria-label': title },
    h('h3', null, `${title} — choose ${SQUADRON_COUNT} (${sel.squadrons.length}/${SQUADRON_COUNT})`),
    h(
      'div.cards',
      null,
      t.f.squadrons.map((c) =>
        cardButton(c, {
          disabled: !t.myTurn,
          ...(t.notYours ? { why: t.notYours } : {}),
          selected: counts.has(c.id),
          ...(counts.get(c.id) ? { count: counts.get(c.id)! } : {}),
          onclick: () => {
            if (sel.squadrons.length < SQUADRON_COUNT && (counts.get(c.id) ?? 0) < c.max) sel.squadrons.push(c.id);
            else sel.squadrons = sel.squadrons.filter((x) => x !== c.id);
            sel.card = null;
            t.rerender();
          },
        }),
      ),
    ),
    t.myTurn ? squadronControls(t) : null,
  );
}

function slotSection(t: DraftTurn, slot: SingleSlot): HTMLElement {
  const { sel } = t;
  return h(
    'section.col.slot',
    { 'aria-label': slotTitle(slot) },
    h('h3', null, slotTitle(slot)),
    h(
      'div.cards',
      null,
      slotCards(t.f.id, slot).map((c) => {
        const held = t.swapping && t.me.picks[slot] === c.id;
        const why = t.notYours ?? (held ? 'You hold this card already' : undefined);
        return cardButton(c, {
          disabled: !t.myTurn || held,
          ...(why ? { why } : {}),
          selected: sel.card?.id === c.id,
          // A pick is chosen, then confirmed (or undone): one click never commits it.
          onclick: () => {
            // A suggested card clicked becomes the player's own choice; their own choice clicked again is undone.
            sel.card = sel.card?.id === c.id && !sel.card.suggested ? null : { slot, id: c.id, name: c.name };
            t.rerender();
          },
        });
      }),
    ),
  );
}

function turnLine(t: DraftTurn, session: DraftSender): HTMLElement {
  if (!t.myTurn)
    return h(
      'p.dim',
      { id: 'draft-wait', style: { margin: 0 } },
      h('span.spinner'),
      ' Waiting for the opponent… Your open slots, for planning:',
    );
  if (!t.swapping) return h('p', { style: { margin: 0 } }, 'Your pick: choose a card for an empty slot.');
  return h(
    'div.row',
    null,
    h(
      'p',
      { style: { margin: 0 } },
      'You may swap one slot for another card of that slot (the card you hold is greyed out).',
    ),
    h('button', { id: 'skip-swap', onclick: () => session.send('swap', { skip: true }) }, 'No swap'),
  );
}

/** A session whose sends mark the selection as pending (the screen shows "Sent…" until the server answers). */
function pendingSession(session: DraftSender, sel: DraftSelection, rerender: () => void): DraftSender {
  const sendRaw = session.send.bind(session);
  return {
    send: ((type: never, payload: never) => {
      sendRaw(type, payload);
      sel.pending = true;
      rerender();
    }) as Session['send'],
  };
}

/** The acting part of the draft for the seat to move: pick, swap, or munitions. */
export function draftActions(
  session: DraftSender,
  step: string,
  me: SeatInfo,
  faction: FactionId,
  myTurn: boolean,
  sel: DraftSelection,
  rerender: () => void,
): HTMLElement {
  const f = FACTIONS[faction];
  if (sel.pending) return h('p.dim', { id: 'draft-sending' }, h('span.spinner'), ' Sent…');
  session = pendingSession(session, sel, rerender);
  if (!myTurn && step === 'munitions')
    return h('p.dim', { id: 'draft-wait' }, h('span.spinner'), ' Waiting for the opponent…');
  if (step === 'munitions') return munitionsView(f, me, sel, session, rerender);
  const swapping = step === 'swap';
  const kind = swapping ? 'swap' : 'pick';
  const t: DraftTurn = {
    f,
    me,
    myTurn,
    swapping,
    sel,
    rerender,
    notYours: myTurn ? undefined : 'The opponent is picking: wait for your turn',
    sendSquadrons: () =>
      session.send(kind, { slot: 'squadrons', cards: [sel.squadrons[0]!, sel.squadrons[1]!, sel.squadrons[2]!] }),
    sendCard: (slot, card) => session.send(kind, { slot, card }),
  };
  // The single-card slots side by side (two cards each, stacked), the squadrons in a row below: the whole choice fits
  // a 1280×720 screen without hunting for the squadrons.
  const singles = SINGLE_SLOTS.filter((s) => swapping || !me.picks[s]);
  const squadronsOpen = swapping || !me.picks.squadrons.length;
  // A newcomer who follows the defaults drafts in a click per pick (lobby to board in under 45 s).
  if (myTurn && !swapping) suggest(sel, f, singles);
  return h(
    'div.col',
    { class: myTurn ? '' : 'preview' },
    turnLine(t, session),
    singles.length
      ? h(
          'div.slots',
          null,
          singles.map((slot) => slotSection(t, slot)),
        )
      : null,
    squadronsOpen ? squadronSection(t) : null,
    myTurn && singles.length ? pickBar(sel, (c) => t.sendCard(c.slot, c.id), rerender) : null,
  );
}
