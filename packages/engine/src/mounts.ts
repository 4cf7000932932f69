// Warship weapon mounts, their firing directions and arcs (RULES §3).
import { turretArcs } from './arcs.js';
import { turn } from './hex.js';
import type { Aim, ArcName, CardId, Component, Dir, Hex, TurretSetting, Warship, WeaponCard } from './types.js';
import type { WeaponMount } from './decision.js';
import { sectionHex } from './warship.js';

export const MOUNTS: readonly WeaponMount[] = ['main', 'port-broadside', 'starboard-broadside'];

/** The commitment card that fires a mount: the mount ids are the card ids, except the main weapon's. */
export const mountCard = (mount: WeaponMount): CardId => (mount === 'main' ? 'fire-main' : mount);

/** The commitment card's mount, or null for a card that fires no warship weapon. */
export function cardMount(card: CardId): WeaponMount | null {
  if (card === 'fire-main') return 'main';
  if (card === 'port-broadside' || card === 'starboard-broadside') return card;
  return null;
}

/** Both broadside cards share the one broadside component and its cooldown (draft §3.2.2). */
export const mountComponent = (mount: WeaponMount): Extract<Component, 'main' | 'broadside'> =>
  mount === 'main' ? 'main' : 'broadside';

/** RULES §3: main weapon on the bow, port broadside on the port hex, starboard broadside on the starboard hex. */
export function mountHex(ship: Pick<Warship, 'core' | 'facing'>, mount: WeaponMount): Hex {
  if (mount === 'main') return sectionHex(ship, 'bow');
  return sectionHex(ship, mount === 'port-broadside' ? 'port' : 'starboard');
}

/**
 * The hex direction a beam or token leaves a mount in (RULES §3): main along the facing; port fore f+5 / aft f+4;
 * starboard fore f+1 / aft f+2. A broadside with no aim given fires fore.
 */
export function firingDirection(ship: Pick<Warship, 'facing'>, mount: WeaponMount, aim: Aim = 'fore'): Dir {
  const f = ship.facing;
  if (mount === 'main') return f;
  if (mount === 'port-broadside') return turn(f, aim === 'fore' ? 5 : 4);
  return turn(f, aim === 'fore' ? 1 : 2);
}

const ALL_ARCS: ArcName[] = ['front', 'left', 'right', 'rear'];

/**
 * The standard arcs a mounted weapon attacks through, measured from mountHex with the ship's facing (RULES §2–3):
 * 'side' is left on the port mount and right on the starboard mount; a turret covers the arc it is set to
 * (front when unset); 'any' covers all four standard arcs.
 */
export function mountArcs(
  _ship: Pick<Warship, 'facing'>,
  mount: WeaponMount,
  card: Pick<WeaponCard, 'arc'>,
  turret?: TurretSetting,
): ArcName[] {
  switch (card.arc) {
    case 'side':
      return mount === 'starboard-broadside' ? ['right'] : mount === 'port-broadside' ? ['left'] : ['front'];
    case 'turret':
      return turretArcs(turret ?? 'front');
    case 'any':
      return [...ALL_ARCS];
    default:
      return [card.arc];
  }
}
