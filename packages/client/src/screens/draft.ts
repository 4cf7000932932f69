// Faction choice and the draft (RULES §5): the cards from the engine's content with their figures, whose pick it is,
// both players' picks, the swap step, munition placement, countdowns.
import {
  checkSquadrons,
  FACTIONS,
  type AnyCard,
  type Faction,
  type FactionId,
  type Seat,
  type SquadronCard,
} from '@star-eater/engine';
import type { SeatInfo } from '../net/room-state.js';
import type { Session } from '../net/session.js';
import { css, seatColour } from '../board/theme.js';
import { h } from '../ui/dom.js';
import { munitionsView, pickBar, suggest, type DraftSelection } from './draft-choice.js';

const SLOT_NAME: Record<string, string> = {
  main: 'Main weapon',
  broadside: 'Broadside',
  fighterBay: 'Fighter bay',
  pointDefence: 'Point defence',
  squadrons: 'Squadrons',
};
const SINGLE = ['main', 'broadside', 'fighterBay', 'pointDefence'] as const;

function stat(label: string, v: unknown): HTMLElement | null {
  return v === undefined || v === null || v === '' ? null : h('span', null, `${label} `, h('b', null, String(v)));
}

export function cardFigures(c: AnyCard): HTMLElement {
  const x = c as unknown as Record<string, unknown>;
  if ('weapon' in c) {
    const s = c as SquadronCard;
    const w = s.weapon as Record<string, unknown>;
    return h(
      'div.stats',
      null,
      stat('spd', s.speed),
      stat('eva', s.evasion),
      stat('cap', s.capacity + (s.munition === 'torpedo' ? ' torp' : '')),
      s.heavy ? h('span.warn', null, 'heavy') : null,
      stat('max', s.max),
      stat(
        String(w.kind),
        [
          w.range !== undefined ? `rng ${w.range}` : '',
          w.accuracy !== undefined ? `acc ${w.accuracy}` : '',
          w.damage !== undefined ? `dmg ${w.damage}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      ),
    );
  }
  return h(
    'div.stats',
    null,
    stat('', x.class),
    stat('dmg', x.damage),
    stat('spd', x.speed),
    stat('rng', x.range),
    stat('acc', x.accuracy),
    stat('aoe', x.aoe),
    stat('shots', x.shots),
    stat('launch', x.launch),
    stat('recall', x.recall),
    stat('cd', x.cooldown),
    stat('tok', x.tokens),
    stat('arc', x.arc),
  );
}

function cardButton(
  c: AnyCard,
  o: { selected?: boolean; disabled?: boolean; why?: string; onclick?: () => void; count?: number },
): HTMLElement {
  const text = (c as { text?: string }).text;
  // A disabled button says why (issue 12), on hover and to a screen reader.
  const title = o.disabled && o.why ? o.why : (text ?? '');
  return h(
    'button.gcard',
    {
      class: o.selected ? 'selected' : '',
      disabled: o.disabled,
      onclick: o.onclick,
      'aria-pressed': o.selected ? 'true' : 'false',
      dataset: { card: c.id },
      title,
    },
    h('span.name', null, c.name, o.count ? ` ×${o.count}` : ''),
    cardFigures(c),
    text ? h('span.dim', { style: { fontSize: '12px' } }, text) : null,
  );
}

export function factionView(session: Session, seats: SeatInfo[], you: Seat | null): HTMLElement {
  const mine = you === null ? '' : seats[you]!.faction;
  return h(
    'div.col',
    null,
    h('p.dim', null, 'Choose your faction. Both players may choose the same one; each has a deck of their own.'),
    h(
      'div.factions',
      null,
      (Object.values(FACTIONS) as Faction[]).map((f) =>
        h(
          'button.card.faction',
          {
            id: `faction-${f.id}`,
            disabled: you === null,
            'aria-pressed': mine === f.id ? 'true' : 'false',
            class: mine === f.id ? 'gcard selected' : '',
            onclick: () => session.send('faction', { faction: f.id }),
            style: { borderColor: css(seatColour([f.id, f.id], 0)) },
          },
          h('h2', { style: { color: css(seatColour([f.id, f.id], 0)) } }, f.name),
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
            (['main', 'broadside', 'fighterBay', 'pointDefence', 'squadrons'] as const).flatMap((slot) => [
              h('dt', null, SLOT_NAME[slot]),
              h('dd', null, (f[slot] as AnyCard[]).map((c) => c.name).join(', ')),
            ]),
          ),
        ),
      ),
    ),
  );
}

export function picksView(seats: SeatInfo[], names: [string, string], factions: [FactionId, FactionId]): HTMLElement {
  return h(
    'div.picks',
    null,
    ([0, 1] as Seat[]).map((s) => {
      const p = seats[s]!.picks;
      const fac = FACTIONS[factions[s]];
      const name = (id: string) =>
        id
          ? ([...fac.main, ...fac.broadside, ...fac.fighterBay, ...fac.pointDefence, ...fac.squadrons].find(
              (c) => c.id === id,
            )?.name ?? id)
          : '—';
      return h(
        'section.card',
        { dataset: { seat: String(s) }, 'aria-label': `${names[s]}'s picks` },
        h(
          'div.row',
          null,
          h('span.dot', { style: { background: css(seatColour(factions, s)) } }),
          h('b', null, names[s]),
          h('span.dim', null, fac.name),
        ),
        h(
          'dl',
          null,
          SINGLE.flatMap((slot) => [h('dt', null, SLOT_NAME[slot]), h('dd', { style: { margin: 0 } }, name(p[slot]))]),
          h('dt', null, 'Squadrons'),
          h('dd', { style: { margin: 0 } }, p.squadrons.length ? p.squadrons.map(name).join(', ') : '—'),
          seats[s]!.munitions.length
            ? [h('dt', null, 'Munitions'), h('dd', { style: { margin: 0 } }, seats[s]!.munitions.join(' / '))]
            : null,
        ),
      );
    }),
  );
}

/** The acting part of the draft for the seat to move: pick, swap, or munitions. */
export function draftActions(
  session: Session,
  step: string,
  me: SeatInfo,
  faction: FactionId,
  myTurn: boolean,
  sel: DraftSelection,
  rerender: () => void,
): HTMLElement {
  const f = FACTIONS[faction];
  if (sel.pending) return h('p.dim', { id: 'draft-sending' }, h('span.spinner'), ' Sent…');
  const sendRaw = session.send.bind(session);
  session = {
    send: ((type: never, payload: never) => {
      sendRaw(type, payload);
      sel.pending = true;
      rerender();
    }) as Session['send'],
  } as Session;
  if (!myTurn && step === 'munitions')
    return h('p.dim', { id: 'draft-wait' }, h('span.spinner'), ' Waiting for the opponent…');
  const notYours = myTurn ? undefined : 'The opponent is picking: wait for your turn';
  if (step === 'munitions') return munitionsView(f, me, sel, session, rerender);
  const swapping = step === 'swap';
  const open = swapping
    ? [...SINGLE, 'squadrons']
    : [...SINGLE.filter((s) => !me.picks[s]), ...(me.picks.squadrons.length ? [] : ['squadrons'])];
  const send = (slot: string, card?: string) => {
    if (slot === 'squadrons')
      session.send(swapping ? 'swap' : 'pick', {
        slot: 'squadrons',
        cards: [sel.squadrons[0]!, sel.squadrons[1]!, sel.squadrons[2]!],
      });
    else session.send(swapping ? 'swap' : 'pick', { slot: slot as (typeof SINGLE)[number], card: card! });
  };
  const sectionOf = (slot: string): HTMLElement => {
    if (slot === 'squadrons') {
      const counts = new Map<string, number>();
      for (const id of sel.squadrons) counts.set(id, (counts.get(id) ?? 0) + 1);
      const ok = sel.squadrons.length === 3 && checkSquadrons(f, sel.squadrons).ok;
      return h(
        'section.col.squadrons',
        { 'aria-label': SLOT_NAME.squadrons },
        h('h3', null, `${SLOT_NAME.squadrons} — choose three (${sel.squadrons.length}/3)`),
        h(
          'div.cards',
          null,
          f.squadrons.map((c) =>
            cardButton(c, {
              disabled: !myTurn,
              ...(notYours ? { why: notYours } : {}),
              selected: counts.has(c.id),
              ...(counts.get(c.id) ? { count: counts.get(c.id)! } : {}),
              onclick: () => {
                if (sel.squadrons.length < 3 && (counts.get(c.id) ?? 0) < c.max) sel.squadrons.push(c.id);
                else sel.squadrons = sel.squadrons.filter((x) => x !== c.id);
                sel.card = null;
                rerender();
              },
            }),
          ),
        ),
        !myTurn
          ? null
          : h(
              'div.row',
              null,
              h(
                'button',
                {
                  onclick: () => {
                    sel.squadrons = [];
                    rerender();
                  },
                },
                'Clear',
              ),
              h(
                'button.primary',
                {
                  id: 'confirm-squadrons',
                  disabled: !ok,
                  title: ok
                    ? ''
                    : sel.squadrons.length < 3
                      ? `Choose ${3 - sel.squadrons.length} more squadron${sel.squadrons.length === 2 ? '' : 's'}`
                      : 'Not allowed: copy limit or three heavy squadrons',
                  onclick: () => send('squadrons'),
                },
                swapping ? 'Swap squadrons' : 'Take these squadrons',
              ),
              sel.squadrons.length === 3 && !ok
                ? h('span.bad', null, 'Not allowed: copy limit or three heavy squadrons.')
                : null,
            ),
      );
    }
    const cards = (f as unknown as Record<string, AnyCard[]>)[slot]!;
    return h(
      'section.col.slot',
      { 'aria-label': SLOT_NAME[slot] },
      h('h3', null, SLOT_NAME[slot]),
      h(
        'div.cards',
        null,
        cards.map((c) => {
          const held = swapping && (me.picks as unknown as Record<string, string>)[slot] === c.id;
          const why = notYours ?? (held ? 'You hold this card already' : undefined);
          return cardButton(c, {
            disabled: !myTurn || held,
            ...(why ? { why } : {}),
            selected: sel.card?.id === c.id,
            // A pick is chosen, then confirmed (issue 12: one click used to commit it, with no undo).
            onclick: () => {
              // A suggested card clicked becomes the player's own choice; their own choice clicked again is undone.
              sel.card = sel.card?.id === c.id && !sel.card.suggested ? null : { slot, id: c.id, name: c.name };
              rerender();
            },
          });
        }),
      ),
    );
  };
  // The single-card slots side by side (two cards each, stacked), the squadrons in a row below: the whole choice fits
  // a 1280×720 screen without hunting for the squadrons.
  const singles = open.filter((slot) => slot !== 'squadrons');
  // A newcomer who follows the defaults drafts in a click per pick (issue 12: lobby to board in under 45 s).
  if (myTurn && !swapping) suggest(sel, f, singles);
  return h(
    'div.col',
    { class: myTurn ? '' : 'preview' },
    !myTurn
      ? h(
          'p.dim',
          { id: 'draft-wait', style: { margin: 0 } },
          h('span.spinner'),
          ' Waiting for the opponent… Your open slots, for planning:',
        )
      : swapping
        ? h(
            'div.row',
            null,
            h(
              'p',
              { style: { margin: 0 } },
              'You may swap one slot for another card of that slot (the card you hold is greyed out).',
            ),
            h('button', { id: 'skip-swap', onclick: () => session.send('swap', { skip: true }) }, 'No swap'),
          )
        : h('p', { style: { margin: 0 } }, 'Your pick: choose a card for an empty slot.'),
    singles.length ? h('div.slots', null, singles.map(sectionOf)) : null,
    open.includes('squadrons') ? sectionOf('squadrons') : null,
    myTurn && singles.length ? pickBar(sel, SLOT_NAME, (c) => send(c.slot, c.id), rerender) : null,
  );
}
