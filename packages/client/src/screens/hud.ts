// Ship cards beside the board: structure, armour, the momentum mat, cooldown tokens, power, supply, squadrons,
// the initiative token and the locked-in light. Pure DOM from the headless board model.
import {
  COMPONENT_NAMES,
  COMPONENTS,
  MAX_LINEAR,
  MAX_ROTATIONAL,
  type Component,
  type Dir,
  type SectionName,
  type Seat,
} from '@star-eater/engine';
import { dirDegrees } from '../board/layout.js';
import type { BoardModel, ShipView } from '../board/model.js';
import { css, FACTION_NAME } from '../board/theme.js';
import { h } from '../ui/dom.js';

/** An arrow for a board direction, turned to match the board's orientation. */
export function dirArrow(d: Dir, flipped: boolean): HTMLElement {
  return h(
    'span',
    {
      style: { display: 'inline-block', transform: `rotate(${dirDegrees(d) + 90 + (flipped ? 180 : 0)}deg)` },
      'aria-hidden': 'true',
    },
    '↑',
  );
}

function mat(ship: ShipView, flipped: boolean): HTMLElement {
  const slots: HTMLElement[] = [];
  // The mat's slots (RULES §4.2): the engine's limits, filled in the order placed.
  for (let i = 0; i < MAX_LINEAR; i++) {
    const d = ship.momentum.linear[i];
    slots.push(
      d === undefined
        ? h('span.mtok.empty', { title: 'empty linear slot' }, '·')
        : h('span.mtok', { title: `linear ${d}` }, dirArrow(d, flipped)),
    );
  }
  for (let i = 0; i < MAX_ROTATIONAL; i++) {
    const r = ship.momentum.rotational[i];
    slots.push(
      r ? h('span.mtok.rot', { title: `rotation ${r}` }, r === 'CW' ? '↻' : '↺') : h('span.mtok.rot.empty', null, '·'),
    );
  }
  const label = `Momentum: ${ship.momentum.linear.join(' ') || 'none'}${ship.momentum.rotational.length ? `, ${ship.momentum.rotational.join(' ')}` : ''}`;
  return h('div.mat', { 'aria-label': label, role: 'img' }, ...slots);
}

/** A warship's armour as its card shows it: each section's letter and points, bow, core, port, starboard (RULES §3). */
export function armourText(a: Readonly<Record<SectionName, number>>): string {
  return `B${a.bow} C${a.core} P${a.port} S${a.starboard}`;
}

/** The components' short labels on a ship card (the glossary explains them). */
const CD_LABEL: Record<Component, string> = {
  main: 'Main',
  broadside: 'Broadside',
  fighterBay: 'Bay',
  pointDefence: 'PD',
};

export interface ShipCardOptions {
  colour: number;
  you: boolean;
  initiative: boolean;
  locked?: boolean | null;
  connected?: boolean;
  flipped: boolean;
}

export function shipCard(ship: ShipView, o: ShipCardOptions): HTMLElement {
  const sq = ship.squadrons.map((q, i) =>
    h(
      'span',
      {
        title: `${q.card}: ${q.status}, ${q.munitions} munitions`,
        class: q.status === 'destroyed' ? 'bad' : q.status === 'space' ? 'good' : 'dim',
      },
      `S${i + 1}${q.status === 'destroyed' ? '✕' : q.status === 'space' ? '▲' : '⌂'}${'•'.repeat(q.munitions)}`,
    ),
  );
  return h(
    'section.card.shipcard',
    { 'aria-label': `${ship.name}${o.you ? ' (you)' : ''}`, dataset: { seat: String(ship.seat) } },
    h(
      'div.who',
      null,
      h('span.dot', { style: { background: css(o.colour) } }),
      // Whole on one line: the tags after it wrap under it instead of the name breaking at a hyphen.
      h('span.name', { title: ship.name }, ship.name),
      o.you ? h('span.dim', null, '(you)') : null,
      o.initiative ? h('span', { title: 'Holds the initiative token', class: 'warn' }, '★') : null,
      o.connected === false
        ? h('span.tag.bad', { title: 'Disconnected: the seat is held for reconnection' }, 'offline')
        : null,
      // RULES §3: structure 0 destroys the ship.
      ship.structure <= 0
        ? h('span.tag.bad.destroyed', { title: 'Structure 0: the warship is destroyed' }, 'destroyed')
        : null,
    ),
    h(
      'div.row',
      { style: { justifyContent: 'flex-end' } },
      o.locked === null || o.locked === undefined
        ? null
        : h(
            'span.row',
            { title: o.locked ? 'Locked in' : 'Not locked in' },
            h('span.light', { class: o.locked ? 'on' : '' }),
            h('span.dim', null, o.locked ? 'locked' : 'thinking'),
          ),
    ),
    h(
      'div.dim',
      null,
      `${FACTION_NAME[ship.faction]} · structure `,
      h('b.structure', { class: ship.structure <= 3 ? 'bad' : '' }, `${ship.structure}/${ship.maxStructure}`),
    ),
    h('div.dim', { style: { textAlign: 'right' } }, `power ${'◆'.repeat(ship.power) || '–'}`),
    h('div.dim', null, `armour ${armourText(ship.armour)}`),
    h(
      'div.dim',
      { style: { textAlign: 'right' } },
      `ammo ${ship.supply.main}/${ship.supply.broadside}${ship.supply.squadronTorpedo ? `/${ship.supply.squadronTorpedo}t` : ''}`,
    ),
    mat(ship, o.flipped),
    h('div.row', { style: { justifyContent: 'flex-end', fontSize: '12px', gap: '6px' } }, ...sq),
    h(
      'div.cd',
      { style: { gridColumn: '1 / -1' } },
      ...COMPONENTS.map((k) => {
        const v = ship.cooldown[k];
        return h(
          'span',
          { class: v > 0 ? 'hot' : '', title: `${COMPONENT_NAMES[k]} cooldown ${v}` },
          `${CD_LABEL[k]} ${v > 0 ? `cd ${v}` : '✓'}`,
        );
      }),
    ),
  );
}

export function shipCards(
  m: BoardModel,
  o: {
    colourOf: (s: number) => number;
    you: Seat | null;
    flipped: boolean;
    locked?: [boolean, boolean] | null;
    connected?: [boolean, boolean];
  },
): HTMLElement[] {
  const order: Seat[] = o.you === 1 ? [1, 0] : [0, 1];
  return order.map((seat) =>
    shipCard(m.ships[seat], {
      colour: o.colourOf(seat),
      you: o.you === seat,
      initiative: m.initiative === seat,
      locked: o.locked ? o.locked[seat] : null,
      ...(o.connected ? { connected: o.connected[seat] } : {}),
      flipped: o.flipped,
    }),
  );
}
