// The rules for players, in short sections: the learn page's text. Numbers a rule sets (the mat's size, the
// hit formula, the timers) are the engine's and the protocol's, not copies.
import { HIT_BASE, HIT_DIE, MAX_LINEAR } from '@star-eater/engine';
import { TIMER_PRESETS } from '@star-eater/protocol';

const { relaxed, standard } = TIMER_PRESETS;

/** id, title, paragraphs. */
export const SECTIONS: [string, string, string[]][] = [
  [
    'goal',
    'The goal',
    [
      'Two warships fight on a hex board. Destroy the other warship (bring its structure to 0) and you win; if both go at once it is a draw.',
      'Every round both captains give their orders in secret, then everything happens at once. Planning ahead is the game.',
    ],
  ],
  [
    'round',
    'A round',
    [
      'Orders (sealed): pick an engine card — a thrust N … NW, DOUBLE, a turn CW/CCW, or NONE — and up to two commitment cards. Lock in. Nobody sees your orders until both are locked in.',
      'Momentum: your thrust is added to the momentum mat, then both ships move along their mats in lock-step.',
      'Actions: Vent Coolant, Squadron Maintenance, Special Ability, Defence Stations resolve.',
      'Fighters: players take turns activating squadrons (or launching one if they played Launch Squadron).',
      'Weapons: lasers, then projectiles, then torpedoes, then direct fire.',
      'Cleanup: one cooldown token comes off every component; what fired this round cools down; the initiative passes.',
    ],
  ],
  [
    'momentum',
    'Momentum',
    [
      `Momentum never goes away by itself: the arrows on your mat move your warship every round. A thrust opposite an arrow removes it (you slow down); a thrust two edges away bends it; otherwise it adds an arrow (up to ${MAX_LINEAR}).`,
      'Running off the board edge or into the other warship costs that step and deals 1 damage to the sections involved.',
    ],
  ],
  [
    'arcs',
    'Firing arcs',
    [
      'Each weapon fires from its mount: the main weapon from the bow (usually straight ahead: the bullseye), the broadsides from the rear-left and rear-right sections, sideways.',
      'The commitment panel draws what a weapon covers when you point at its card.',
    ],
  ],
  [
    'damage',
    'Damage',
    [
      'A warship has four sections, each with armour, and one structure pool. A hit on a section with armour lowers the armour (the excess is lost); a hit on a section with no armour left comes off the structure.',
      `Direct fire rolls a d${HIT_DIE}: it hits when the roll beats ${HIT_BASE} + the target’s evasion − the weapon’s accuracy. The log shows every number.`,
    ],
  ],
  [
    'fighters',
    'Fighters',
    [
      'Play Launch Squadron and, in the fighter phase, place a squadron next to a fighter bay, move it and attack. Each attack spends a munition. Any damage destroys a squadron.',
      'Point defence (Defence Stations) shoots at enemy squadrons and torpedoes near you.',
    ],
  ],
  [
    'cooldown',
    'Cooldown',
    [
      'A component that acts gets cooldown tokens and cannot act again until they are gone: one comes off each cleanup. A card whose component is cooling down does nothing — the panel greys it out and says why.',
      'Vent Coolant removes a token at once, so a weapon can fire again sooner.',
    ],
  ],
  [
    'timers',
    'Timers',
    [
      `Orders, prompts and draft picks have timers. Relaxed gives ${relaxed.commit} s for orders and ${relaxed.prompt} s for prompts, Standard ${standard.commit} s for orders and ${standard.prompt} s for prompts, Blitz less. When time runs out the default is taken (no thrust and no cards; the safest prompt answer).`,
      'The clock of the next step starts only after the round’s animation has played.',
    ],
  ],
];
