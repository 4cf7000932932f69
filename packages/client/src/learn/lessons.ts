// The tutorial's lessons: fixed positions driven through the engine, each teaching one idea with a task the
// player does with the real controls — commitment, momentum, turning, firing arcs, damage, direct fire, torpedoes,
// fighters, cooldown. The opponent
// holds still (engine NONE, no cards): target practice. Data and checks only; tutorial.ts runs them.
import { CARD_NAMES, weaponCard, type Commitment } from '@star-eater/engine';
import { card, has, type Lesson, position } from './lesson-kit.js';
import { directFireLesson, torpedoLesson, turningLesson } from './lessons-weapons.js';
import { LOADOUTS } from './positions.js';

export type { Lesson } from './lesson-kit.js';

/** Your main weapon in every lesson, as the content has it. */
const LANCE = weaponCard(LOADOUTS[0].main);
const FIRE = CARD_NAMES['fire-main'];
const LAUNCH = CARD_NAMES['launch-squadron'];
const VENT = CARD_NAMES['vent-coolant'];

export const LESSONS: readonly Lesson[] = [
  {
    id: 'commitment',
    title: 'Orders',
    teach: [
      'Each round you give sealed orders: one engine card (the wheel) and up to two commitment cards.',
      'Nobody sees them until both captains are locked in; then the round plays out.',
    ],
    task: 'Choose the engine card N (the N button on the wheel, or press 1) and lock in.',
    setup: () => position([7, 13, 'N'], [7, 3, 'S']),
    check: (c) => (c.engine === 'N' ? null : 'Choose N on the engine wheel (key 1), then Lock in.'),
    after:
      'Your thrust went onto the momentum mat (the arrows on your ship card) and moved your warship one hex north.',
  },
  {
    id: 'momentum',
    title: 'Momentum',
    teach: [
      'Momentum stays: the arrows on your mat move you every round, even with engine NONE.',
      'You already drift north (one N arrow). A thrust opposite an arrow removes it.',
    ],
    task: 'Stop the drift: choose engine S (press 4) and lock in. The see-through ship shows where you will end.',
    setup: () => {
      const s = position([7, 12, 'N'], [7, 3, 'S']);
      s.ships[0].momentum = { linear: ['N'], rotational: [] };
      return s;
    },
    check: (c) => (c.engine === 'S' ? null : 'S is opposite your N arrow: choose S (key 4).'),
    after:
      'S cancelled N: the mat is empty and your warship stayed put. Plan two moves ahead — drift never stops by itself.',
  },
  turningLesson,
  {
    id: 'arcs',
    title: 'Firing arcs',
    teach: [
      `Your main weapon, the ${LANCE.name}, is a laser in the bullseye arc: the straight line ahead of your bow, ${LANCE.range} hexes.`,
      `The target sits dead ahead. Point at ${FIRE} to see the line it covers on the board.`,
    ],
    task: `Play ${FIRE} (key Q) with engine NONE (key 0), and lock in.`,
    setup: () => position([7, 12, 'N'], [7, 6, 'S']),
    check: (c) =>
      !has(c, 'fire-main')
        ? `Choose the ${card('fire-main', 'Q')}.`
        : c.engine !== 'NONE'
          ? 'Keep still so the line stays on target: engine NONE (key 0).'
          : null,
    after: 'The beam hit the target’s bow. Its armour took the damage first — see its ship card (B is the bow).',
  },
  {
    id: 'damage',
    title: 'Damage',
    teach: [
      'Each of the four sections has its own armour; the ship has one structure pool.',
      'A hit on a section with armour left only wears the armour down (extra damage is lost). A hit on a bare section comes off the structure — at 0 the warship is destroyed.',
      'The target’s bow armour is gone.',
    ],
    task: `${FIRE} again (Q) with engine NONE (0) and watch the structure.`,
    setup: () => {
      const s = position([7, 12, 'N'], [7, 6, 'S']);
      s.ships[1].armour.bow = 0;
      return s;
    },
    check: (c) => (has(c, 'fire-main') && c.engine === 'NONE' ? null : `${FIRE} (Q) and engine NONE (0).`),
    after: `All ${LANCE.damage} damage went into the structure this time. Aim for sections whose armour is gone.`,
  },
  directFireLesson,
  torpedoLesson,
  {
    id: 'fighters',
    title: 'Fighters',
    teach: [
      `${LAUNCH} puts one of your squadrons into space in the fighter phase, next to a fighter bay (your ship’s rear-left and rear-right hexes).`,
      'You will be asked where: pick a highlighted hex on the board, then move it hex by hex through the green ones, and confirm.',
    ],
    task: `Play ${LAUNCH} (key R), lock in, then place and confirm your squadron.`,
    setup: () => position([7, 12, 'N'], [7, 4, 'S']),
    check: (c) => (has(c, 'launch-squadron') ? null : `Choose ${card('launch-squadron', 'R')}.`),
    after: 'Your squadron is out (▲ on your ship card). Next rounds it can move and attack; any hit destroys it.',
  },
  {
    id: 'cooldown',
    title: 'Cooldown',
    teach: [
      `A component that acted cools down: the ${LANCE.name} gets ${LANCE.cooldown} cooldown tokens, and one comes off each round. While it has any, ${CARD_NAMES['fire-main']} does nothing — the card says why.`,
      `${VENT} removes one token before the weapons fire.`,
    ],
    task: `Your lance still has 1 cooldown token. Play ${VENT} on the main weapon and ${FIRE} together, then lock in.`,
    setup: () => {
      const s = position([7, 12, 'N'], [7, 7, 'S']);
      s.ships[0].cooldown.main = 1;
      return s;
    },
    check: (c) =>
      has(c, 'vent-coolant') &&
      has(c, 'fire-main') &&
      c.cards.some((x) => x.card === 'vent-coolant' && x.component === 'main')
        ? null
        : `Choose ${VENT} (Y) on the main weapon, and ${FIRE} (Q).`,
    after: `${VENT} cleared the token and the lance fired in the same round. You know the basics — good hunting!`,
  },
];

/** The opponent holds still. */
export const HOLD: Commitment = { engine: 'NONE', cards: [] };

/** The tutorial's lessons: the rounds above, then the draft (draft-lesson.ts), which comes before a real match. */
export const TUTORIAL_LENGTH = LESSONS.length + 1;
