// The match log's line for each kind of engine event, as a table: a kind without a line says null. Split by what the
// event is about: the round and the warships here, weapons and squadrons in lines-weapons.ts.
import type { RoundEvent, ShipEvent } from './event-groups.js';
import { CARD_NAMES, COMPONENT_NAMES, PHASE_NAMES, type MatchEvent } from '@star-eater/engine';
import { commitmentLabel, sourceDoes, type Heading, type Names } from './names.js';

/** The warships as they stand when the event happens (the board at that moment), to name hexes from them. */
export type Warships = readonly [Heading, Heading];
export type Line<T extends MatchEvent['type']> = (
  e: Extract<MatchEvent, { type: T }>,
  names: Names,
  ships: Warships,
) => string | null;
export type Lines<K extends MatchEvent['type'] = MatchEvent['type']> = { [T in K]: Line<T> };

const THRUST = {
  added: 'adds a token',
  cancelled: 'cancels a token',
  modified: 'turns a token',
  ignored: 'has no effect',
};

/** The round's frame: its start, phases, reveals, initiative and the end. */
export const ROUND_LINES: Lines<RoundEvent> = {
  'round-started': (e, n) => `Round ${e.round} begins. ${n[e.initiative]} holds the initiative.`,
  phase: (e) => PHASE_NAMES[e.phase],
  'engine-revealed': (e, n) => `Engine cards: ${n[0]} ${e.engines[0]}, ${n[1]} ${e.engines[1]}.`,
  'cards-revealed': (e, n) =>
    `Commitments revealed: ${n[0]} — ${commitmentLabel(e.commitments[0])}; ${n[1]} — ${commitmentLabel(e.commitments[1])}.`,
  'initiative-roll': (e) => `Initiative roll: ${e.rolls[0]} vs ${e.rolls[1]}.`,
  initiative: (e, n) => `The initiative token passes to ${n[e.seat]}.`,
  'match-ended': (e, n) => (e.winner === 'draw' ? `The match ends in a draw.` : `${n[e.winner]} wins (${e.reason}).`),
};

/** A warship: its momentum and steps, damage, its cards' effects, cooldown and power. */
export const SHIP_LINES: Lines<ShipEvent> = {
  thrust: (e, n) => `${n[e.seat]} thrusts ${e.thrust}: ${THRUST[e.effect]} on the momentum mat.`,
  'engine-blocked': (e, n) => `${n[e.seat]}'s engine card ${e.engine} is blocked (${e.reason.replace('-', ' ')}).`,
  step: (e, n) =>
    e.token === 'CW' || e.token === 'CCW'
      ? `${n[e.seat]}'s warship rotates ${e.token === 'CW' ? 'clockwise' : 'counter-clockwise'}.`
      : `${n[e.seat]}'s warship drifts ${e.token}.`,
  collision: (e, n) =>
    e.kind === 'edge'
      ? `${n[e.seat]}'s warship hits the board edge and stops; the step is undone.`
      : `${n[e.seat]}'s warship collides with the other warship; the step is undone.`,
  damage: (e, n) => {
    const hit =
      e.armourBefore > 0
        ? `armour ${e.armourBefore} → ${e.armourAfter}`
        : `structure ${e.structureBefore} → ${e.structureAfter}`;
    const lost = e.lost ? `, ${e.lost} lost` : '';
    return `${sourceDoes(e.source, n, 'deals')} ${e.amount} to ${n[e.seat]}'s ${e.section} (${hit}${lost}).`;
  },
  'ship-destroyed': (e, n) => `${n[e.seat]}'s warship is destroyed!`,
  'card-ignored': (e, n) => `${n[e.seat]}'s ${CARD_NAMES[e.card]} does nothing (${e.reason.replace(/-/g, ' ')}).`,
  'card-resolved': () => null,
  'armour-restored': (e, n) => `${n[e.seat]} restores armour on the ${e.section}: ${e.before} → ${e.after}.`,
  'power-spent': (e, n) => `${n[e.seat]} spends power: ${e.before} → ${e.after}.`,
  cooldown: (e, n) => `${n[e.seat]}'s ${COMPONENT_NAMES[e.component]}: cooldown ${e.before} → ${e.after}.`,
  critical: (e, n) => (e.effect ? `Critical hit on ${n[e.seat]}: ${e.effect}.` : null),
};
