// How the log and the panels name cards, pieces, sources, targets and hexes: the rulebook's words, from the engine's
// content (CARD_NAMES, COMPONENT_NAMES, each card's name) and its hit formula (HIT_DIE, HIT_BASE); the client keeps no
// copy. A hex is never named by its coordinates, which the board does not show: it is named from a warship, as a
// distance and a clock position (12 o'clock = where the warship points), the way the player sees it on the board.
import {
  CARD_NAMES,
  COMPONENT_NAMES,
  distance,
  findCard,
  HIT_BASE,
  HIT_DIE,
  toPixel,
  type CardPlay,
  type Commitment,
  type Dir,
  type Hex,
  type RollDetail,
  type Source,
  type Target,
  type TokenRef,
} from '@star-eater/engine';
import { dirDegrees } from '../board/layout.js';

export type Names = readonly [string, string];

/** A content card's name (a weapon, a bay, a squadron) by its id; an id the engine does not know shows as it is. */
export function cardName(id: string): string {
  const c = findCard(id);
  return c.ok ? c.value.name : id;
}

/** A squadron's number as players count them (ids are `seat:index`, index from 0). */
export const squadronNo = (id: string): number => Number(id.split(':')[1] ?? 0) + 1;

export function cardLabel(p: CardPlay): string {
  let s = CARD_NAMES[p.card];
  if ('aim' in p && p.aim) s += ` (${p.aim})`;
  if ('turret' in p && p.turret) s += ` (turret ${p.turret})`;
  if (p.card === 'vent-coolant') s += ` (${COMPONENT_NAMES[p.component]})`;
  if (p.card === 'squadron-maintenance') {
    if (p.repair !== undefined) s += ` (repair squadron ${p.repair + 1})`;
    else if (p.munitions?.length) s += ` (munitions to ${p.munitions.map((i) => i + 1).join(', ')})`;
  }
  if (p.card === 'special-ability' && (p.section || p.component))
    s += ` (${p.section ?? COMPONENT_NAMES[p.component!]})`;
  return s;
}

export function commitmentLabel(c: Commitment): string {
  const cards = c.cards.length ? c.cards.map(cardLabel).join(' + ') : 'no cards';
  return `engine ${c.engine}, ${cards}`;
}

export function tokenName(t: TokenRef, names: Names): string {
  if (t.kind === 'squadron') return `${names[t.owner]}'s squadron ${squadronNo(t.id)}`;
  return `${names[t.owner]}'s ${t.kind}`;
}

/** Sources that are no player's weapon, named for the middle of a sentence (a line opening with one capitalises it). */
const UNOWNED: Readonly<Record<string, string>> = {
  collision: 'the collision',
  edge: 'the board edge',
  critical: 'a critical hit',
};

export function sourceName(s: Source, names: Names): string {
  const who = s.seat === null ? '' : `${names[s.seat]}'s `;
  const unowned = UNOWNED[s.by];
  if (unowned) return unowned;
  if (s.by.startsWith('squadron:')) return `${who}squadron ${Number(s.by.split(':')[2] ?? 0) + 1}`;
  if (s.by.startsWith('token:')) return `${who}${s.weapon ? cardName(s.weapon) : 'token'}`;
  if (s.by === 'point-defence') return `${who}point defence`;
  return `${who}${s.weapon ? cardName(s.weapon) : s.by}`;
}

/**
 * The source as a sentence's subject, its verb (given in the -s form) agreeing: "Ana's Flak Batteries fire", "Ana's
 * Siege Battery fires". A weapon named in the plural takes the plural verb.
 */
export function sourceDoes(s: Source, names: Names, verb: string): string {
  const who = sourceName(s, names);
  // A player's name is kept as they typed it; "the collision" opens the sentence capitalised.
  const subject = UNOWNED[s.by] ? who.charAt(0).toUpperCase() + who.slice(1) : who;
  return `${subject} ${/[^s]s$/.test(who) ? verb.slice(0, -1) : verb}`;
}

/** A warship's position and heading (the engine's Dir, or the board's sixths clockwise from north). */
export interface Heading {
  core: Hex;
  facing: Dir | number;
}

/** The clock position (1–12) of `to` seen from `from`, with 12 o'clock along `facing`. */
export function clockOf(from: Hex, to: Hex, facing: Dir | number): number {
  const a = toPixel(from);
  const b = toPixel(to);
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const rel = deg - dirDegrees(facing);
  const hour = Math.round((((rel % 360) + 360) % 360) / 30) % 12;
  return hour === 0 ? 12 : hour;
}

/** Where a hex lies from a warship: "2 hexes at 3 o'clock". */
export function whereFrom(ship: Heading, at: Hex): string {
  const d = distance(ship.core, at);
  return `${d} hex${d === 1 ? '' : 'es'} at ${clockOf(ship.core, at, ship.facing)} o'clock`;
}

/** A target by name; a hex (an AOE weapon's aim) from the firing warship, when it is known. */
export function targetName(t: Target, names: Names, firer?: Heading): string {
  switch (t.kind) {
    case 'section':
      return `${names[t.seat]}'s ${t.section}`;
    case 'squadron':
      return `${names[Number(t.id.split(':')[0]) as 0 | 1] ?? '?'}'s squadron ${squadronNo(t.id)}`;
    case 'torpedo':
      return 'a torpedo';
    case 'hex':
      return firer ? `the hex ${whereFrom(firer, t.at)}` : 'a hex';
  }
}

/** The direct-fire formula with its numbers (RULES §4.5): hit when d12 > 6 + evasion − accuracy. */
export function rollFormula(d: RollDetail): string {
  const mods = d.modifiers.map((m) => ` ${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} ${m.reason}`).join('');
  const formula = `${HIT_BASE} + ${d.evasion} evasion − ${d.accuracy} accuracy${mods ? ` (${mods.trim()})` : ''}`;
  return `d${HIT_DIE} = ${d.roll} ${d.hit ? '>' : '≤'} ${formula} = ${d.needAbove} → ${d.hit ? 'HIT' : 'miss'}`;
}
