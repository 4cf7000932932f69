// The rules for players, in short sections: the learn page's text. Written for someone who has never seen the
// rulebook (no section numbers). Numbers a rule sets (the mat's size, the hit formula, the munitions, the timers) and
// the names of factions and cards are the engine's and the protocol's, not copies.
import {
  CARD_NAMES,
  HIT_BASE,
  HIT_DIE,
  MAX_LINEAR,
  MAX_ROTATIONAL,
  MUNITIONS_TOTAL,
  SQUADRON_COUNT,
  TOKEN_EVASION,
} from '@star-eater/engine';
import { TIMER_PRESETS } from '@star-eater/protocol';
import { areaCards, factionTexts, familyCards, pointDefenceCards } from './content-text.js';

const { relaxed, standard } = TIMER_PRESETS;
const C = CARD_NAMES;

/** id, title, paragraphs. */
export const SECTIONS: [string, string, string[]][] = [
  [
    'goal',
    'The goal',
    [
      'Two warships fight on a hex board. Destroy the other warship (bring its structure to 0) and you win; if both go at once it is a draw.',
      'Every round both captains give their orders in secret, then everything happens at once. Planning ahead is the game.',
      'Your warship starts at the bottom of your screen. The directions N, NE, SE, S, SW and NW are the board’s: N points up for the player who sits first; for the other player the board is turned so that their warship still starts at the bottom, and N points down. The arrows on the engine wheel always show each direction as it looks on your screen, and the Flip button beside the speed controls turns the board the other way up.',
      'The − and + buttons beside Flip zoom the board: on a phone pinch it with two fingers, on a computer use the mouse wheel; drag a zoomed board to move it. When a decision asks you for a hex, a phone zooms in on the hexes to choose from, and shows the whole board again once you have chosen.',
    ],
  ],
  [
    'factions',
    'Factions',
    [
      'Before the draft each player chooses a faction: its warship and its deck of cards. Both players may choose the same one.',
      ...factionTexts(),
      'A warship fills four hexes: the bow (the point), the core, and the port (rear-left) and starboard (rear-right) sections.',
    ],
  ],
  [
    'draft',
    'The draft',
    [
      `Players take turns picking one card for an empty slot — main weapon, broadside, fighter bay, point defence, or all ${SQUADRON_COUNT} squadrons at once — from their own faction’s deck, until both warships are complete. Every pick is public, so you can answer what the other captain takes.`,
      'Swap step: once all slots are full, the player with the initiative may swap one slot for another card of that slot; if they do, the other player may swap one too. The draft screen suggests a pick at every step.',
      `Munitions: last, you place ${MUNITIONS_TOTAL} munitions on your squadrons, up to each one’s capacity. A squadron spends one for every attack (a torpedo bomber’s munition is its torpedo), so an empty one can only move. ${C['squadron-maintenance']} reloads squadrons that are aboard.`,
    ],
  ],
  [
    'round',
    'A round',
    [
      'Orders (sealed): pick an engine card — a thrust N … NW, DOUBLE, a turn CW/CCW, or NONE — and up to two commitment cards. Lock in. Nobody sees your orders until both are locked in.',
      'Momentum: your thrust is added to the momentum mat, then both ships move along their mats in lock-step.',
      `Actions: ${C['vent-coolant']}, ${C['squadron-maintenance']}, ${C['special-ability']}, ${C['defence-stations']} resolve.`,
      `Fighters: players take turns activating squadrons (or launching one if they played ${C['launch-squadron']}).`,
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
    'turning',
    'Turning',
    [
      `The engine card CW or CCW puts a turn token (↻ or ↺) on the mat: your warship turns 60° every round while it stays there, after its moves. Up to ${MAX_ROTATIONAL} turn tokens; the opposite turn removes one, which is how you stop turning.`,
      'Your thrusts move you the way the board says, whatever way you face; DOUBLE is two thrusts towards where the bow points. Turning is how you bring a weapon to bear: the main weapon shoots where the bow points, the broadsides to the sides.',
    ],
  ],
  [
    'arcs',
    'Firing arcs',
    [
      'Each weapon fires from its mount: the main weapon from the bow (usually straight ahead: the bullseye), the broadsides from the rear-left and rear-right sections, sideways — fore or aft, you choose with the card.',
      'Point at a weapon’s card in the orders panel and the board shows what it will cover from where your warship will be when it fires (after this round’s drift).',
    ],
  ],
  [
    'weapons',
    'Weapons',
    [
      `Lasers and beams (${familyCards('laser')}) fire first: a straight beam of the weapon’s range. Every small token on the way — squadron or torpedo, yours too — is destroyed and takes 1 off the damage; the first warship hex stops it.`,
      `Projectiles (${familyCards('projectile')}) are tokens that fly straight at their speed each weapons phase, destroying squadrons and torpedoes they pass, until they enter a warship hex (it takes the damage) or leave the board. They can stay in flight for several rounds.`,
      `Torpedoes (${familyCards('torpedo')}) are slow tokens that home in on the nearest enemy warship ahead of them and turn towards it. Point defence can shoot them down (evasion ${TOKEN_EVASION.torpedo}).`,
      `Direct fire (${familyCards('direct')}) is an instant shot at one target you pick in arc, range and line of sight: a squadron, a torpedo or one section of a warship. It hits when a d${HIT_DIE} beats ${HIT_BASE} + the target’s evasion − the weapon’s accuracy; the target list shows each one’s chance.`,
      `Area weapons, AOE (${areaCards()}): you aim at a hex, and one roll is made against every enemy target within the area around it.`,
      `Point defence (${pointDefenceCards()}) fires when you play ${C['defence-stations']}: several quick direct-fire shots at enemy squadrons and torpedoes near you, in any direction, never at warships.`,
    ],
  ],
  [
    'damage',
    'Damage',
    [
      'A warship has four sections, each with armour, and one structure pool. A hit on a section with armour lowers the armour (the excess is lost); a hit on a section with no armour left comes off the structure.',
      'The log shows every roll and every number: hover a line or a piece on the board to see what it is.',
    ],
  ],
  [
    'fighters',
    'Fighters',
    [
      `Launch: play ${C['launch-squadron']} and, in the fighter phase, place one squadron on a highlighted hex near a fighter bay (within the bay’s launch range). Placing it is its first move: it can then move its speed minus one, and attack.`,
      'Each later round a squadron in space moves up to its speed, one hex at a time (it faces the way it last moved), then may attack, spending a munition. Any damage destroys a squadron.',
      `Recall: a squadron within recall range of a fighter bay (your warship’s rear-left and rear-right hexes) can come back aboard, free, ending its activation; aboard it can be reloaded by ${C['squadron-maintenance']} and launched again.`,
    ],
  ],
  [
    'cooldown',
    'Cooldown',
    [
      'A component that acts gets cooldown tokens and cannot act again until they are gone: one comes off each cleanup. A card whose component is cooling down does nothing — the panel greys it out and says why.',
      `${C['vent-coolant']} removes a token at once, so a weapon can fire again sooner.`,
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
