// Animation steps for the round's frame and the warships: captions, momentum, steps and collisions, damage and
// repairs, cooldown, power, initiative, the end. Each `finish` leaves the board as the event says.
import type { RoundEvent, ShipEvent } from './event-groups.js';
import {
  CARD_NAMES,
  dirAt,
  dirIndex,
  PHASE_NAMES,
  type Hex,
  type MatchEvent,
  type Seat,
  type SectionName,
} from '@star-eater/engine';
import { lerpDir, lerpHex } from '../board/layout.js';
import { shipHexes } from '../board/model.js';
import type { BoardState } from '../board/state.js';
import { THEME } from '../board/theme.js';
import type { Names } from './names.js';
import type { AnimStep } from './queue.js';
import { captionStep, DURATION, floatStep } from './steps.js';

export type StepsOf<T extends MatchEvent['type']> = (
  s: BoardState,
  e: Extract<MatchEvent, { type: T }>,
  names: Names,
) => AnimStep[];
export type Steps<K extends MatchEvent['type'] = MatchEvent['type']> = { [T in K]: StepsOf<T> };

/** A caption-only step that changes nothing on the board. */
const quiet = (s: BoardState, e: MatchEvent): AnimStep[] => [captionStep(s, e.type, '', DURATION.small)];

/** Where a section of a warship is drawn now. */
const sectionHex = (s: BoardState, seat: Seat, section: SectionName): Hex => {
  const ship = s.model.ships[seat];
  return shipHexes(ship.core, dirAt(Math.round(ship.facing)))[section];
};

export const ROUND_STEPS: Steps<RoundEvent> = {
  'round-started': (s, e) => [
    captionStep(s, e.type, `Round ${e.round}`, DURATION.caption, () => {
      s.model.round = e.round;
      s.model.initiative = e.initiative;
    }),
  ],
  phase: (s, e) => [captionStep(s, e.type, PHASE_NAMES[e.phase], DURATION.caption)],
  'engine-revealed': (s, e, n) => [
    captionStep(s, e.type, `Engines: ${n[0]} ${e.engines[0]} · ${n[1]} ${e.engines[1]}`, DURATION.caption * 1.5),
  ],
  'cards-revealed': (s, e) => [captionStep(s, e.type, 'Commitments revealed', DURATION.caption)],
  initiative: (s, e, n) => [
    captionStep(s, e.type, `Initiative → ${n[e.seat]}`, DURATION.caption, () => {
      s.model.initiative = e.seat;
    }),
  ],
  'initiative-roll': quiet,
  'match-ended': (s, e, n) => [
    captionStep(s, e.type, e.winner === 'draw' ? 'Draw' : `${n[e.winner]} wins`, DURATION.end, () => {
      s.model.winner = e.winner;
    }),
  ],
};

export const SHIP_STEPS: Steps<ShipEvent> = {
  thrust: (s, e) => [
    captionStep(s, e.type, '', DURATION.thrust, () => {
      s.model.ships[e.seat].momentum = structuredClone(e.after);
    }),
  ],
  'engine-blocked': quiet,
  step: (s, e) => [
    {
      label: e.type,
      duration: DURATION.step,
      update(t) {
        const ship = s.model.ships[e.seat];
        ship.core = lerpHex(e.from.core, e.to.core, t);
        ship.facing = lerpDir(dirIndex(e.from.facing), dirIndex(e.to.facing), t);
        s.dirty = true;
      },
      finish() {
        const ship = s.model.ships[e.seat];
        ship.core = { ...e.to.core };
        ship.facing = dirIndex(e.to.facing);
        s.dirty = true;
      },
    },
  ],
  collision: (s, e) => {
    const ship = () => s.model.ships[e.seat];
    const text = e.kind === 'edge' ? 'EDGE!' : 'CRASH!';
    return [
      floatStep(s, e.type, ship().core, text, 0xffd166, DURATION.collision, () => {
        ship().core = { ...e.undoneTo.core };
        ship().facing = dirIndex(e.undoneTo.facing);
        // The mat as the engine left it: which of two like tokens went is its rule (RULES §4.2), not the board's.
        ship().momentum = { linear: [...e.momentum.linear], rotational: [...e.momentum.rotational] };
      }),
    ];
  },
  damage: (s, e) => [
    floatStep(s, e.type, sectionHex(s, e.seat, e.section), `−${e.amount}`, THEME.damage, DURATION.damage, () => {
      const sh = s.model.ships[e.seat];
      sh.armour[e.section] = e.armourAfter;
      sh.structure = e.structureAfter;
    }),
  ],
  'ship-destroyed': (s, e, n) => [
    captionStep(s, e.type, `${n[e.seat]}'s warship is destroyed!`, DURATION.end, () => {
      s.model.ships[e.seat].destroyed = true;
    }),
  ],
  'armour-restored': (s, e) => [
    floatStep(
      s,
      e.type,
      sectionHex(s, e.seat, e.section),
      `+${e.after - e.before}`,
      THEME.heal,
      DURATION.damage,
      () => {
        s.model.ships[e.seat].armour[e.section] = e.after;
      },
    ),
  ],
  'power-spent': (s, e) => [
    captionStep(s, e.type, '', DURATION.small, () => {
      s.model.ships[e.seat].power = e.after;
    }),
  ],
  cooldown: (s, e) => [
    captionStep(s, e.type, '', DURATION.small, () => {
      s.model.ships[e.seat].cooldown[e.component] = e.after;
    }),
  ],
  critical: quiet,
  'card-ignored': (s, e, n) => [
    captionStep(
      s,
      e.type,
      `${n[e.seat]}: ${CARD_NAMES[e.card]} does nothing (${e.reason.replace(/-/g, ' ')})`,
      DURATION.caption,
    ),
  ],
  'card-resolved': () => [],
};
