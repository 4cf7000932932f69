// What the rulebook calls things: the eight commitment cards (RULES §4.1), the components and loadout slots (RULES §3,
// §5) and the phases of a round (RULES §4). Every screen and log line shows these words; no client keeps its own.
import type { Phase } from '../events.js';
import type { CardId, Component, Slot } from '../types.js';

/** The commitment cards by id, as RULES §4.1 lists them. */
export const CARD_NAMES: Readonly<Record<CardId, string>> = {
  'fire-main': 'Fire Main',
  'port-broadside': 'Port Broadside',
  'starboard-broadside': 'Starboard Broadside',
  'launch-squadron': 'Launch Squadron',
  'defence-stations': 'Defence Stations',
  'vent-coolant': 'Vent Coolant',
  'squadron-maintenance': 'Squadron Maintenance',
  'special-ability': 'Special Ability',
};

/** The components that take cooldown (RULES §4.6), in the rulebook's lower case. */
export const COMPONENT_NAMES: Readonly<Record<Component, string>> = {
  main: 'main weapon',
  broadside: 'broadside',
  fighterBay: 'fighter bay',
  pointDefence: 'point defence',
};

/** The loadout slots of the draft (RULES §5): the four components and the squadrons. */
export const SLOT_NAMES: Readonly<Record<Slot, string>> = { ...COMPONENT_NAMES, squadrons: 'squadrons' };

/** The phases of a round (RULES §4.2–4.6). */
export const PHASE_NAMES: Readonly<Record<Phase, string>> = {
  momentum: 'Momentum phase',
  action: 'Action phase',
  fighter: 'Fighter phase',
  weapons: 'Weapons phase',
  cleanup: 'Cleanup',
};
