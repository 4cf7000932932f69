// The faction choice before the draft (RULES §5): each faction's warship figures, special ability and the deck the
// draft will offer, all from the engine's content.
import { FACTIONS, SLOTS, slotCards, type Faction, type Seat } from '@star-eater/engine';
import { css, seatColour } from '../board/theme.js';
import type { SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { h } from '../ui/dom.js';
import { slotTitle, stat } from './draft-cards.js';

function factionCard(f: Faction, session: Session, you: Seat | null, mine: string): HTMLElement {
  const colour = css(seatColour([f.id, f.id], 0));
  return h(
    'button.card.faction',
    {
      id: `faction-${f.id}`,
      disabled: you === null,
      'aria-pressed': mine === f.id ? 'true' : 'false',
      class: mine === f.id ? 'selected' : '',
      onclick: () => session.send('faction', { faction: f.id }),
      style: { borderColor: colour },
    },
    h('h2', { style: { color: colour } }, f.name),
    h(
      'div.stats',
      null,
      stat('bow', f.armour.bow),
      stat('core', f.armour.core),
      stat('port', f.armour.port),
      stat('stbd', f.armour.starboard),
      stat('structure', f.structure),
      stat('evasion', f.evasion),
    ),
    h(
      'div',
      { style: { marginTop: '6px' } },
      h('b', null, f.special.name),
      h('span.dim', null, ` (${f.special.power} power) — ${f.special.text}`),
    ),
    // The deck the draft will offer, so the choice is an informed one.
    h(
      'dl.deck',
      null,
      SLOTS.flatMap((slot) => [
        h('dt', null, slotTitle(slot)),
        h(
          'dd',
          null,
          slotCards(f.id, slot)
            .map((c) => c.name)
            .join(', '),
        ),
      ]),
    ),
  );
}

export function factionView(session: Session, seats: SeatInfo[], you: Seat | null): HTMLElement {
  const mine = you === null ? '' : seats[you]!.faction;
  return h(
    'div.col',
    null,
    h(
      'p.dim',
      { id: 'factions-lead' },
      you === null
        ? 'You are watching: each player chooses a faction. Both may choose the same one; each has a deck of their own.'
        : 'Choose your faction. Both players may choose the same one; each has a deck of their own.',
    ),
    h(
      'div.factions',
      null,
      Object.values(FACTIONS).map((f) => factionCard(f, session, you, mine)),
    ),
  );
}
