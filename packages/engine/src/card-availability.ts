// Which of the eight cards can act this round, from the state at commit time (for the client and the bots). An
// unusable card is still legal and just does nothing (RULES §4.3): a card whose component has cooldown when it would
// act does nothing. Vent Coolant and Capacitor Dump resolve in the action phase, before Defence Stations and every
// later phase, so they can clear a cooldown in time for the other card played.
import { getFaction, weaponCard } from './content/index.js';
import type { Component, PublicState, Seat, TokenSource, Warship } from './types.js';
import { CARD_IDS, SECTIONS, type CardId } from './types.js';

export interface CardAvailability {
  card: CardId;
  /** False when the card would do nothing this round whatever else is played. */
  usable: boolean;
  /** Why not, or what it depends on. */
  reason?: string;
  /** Usable only if one of these cards is played with it (to clear the component's cooldown first). */
  requires?: CardId[];
  /** The component the required card must be played on (the one whose cooldown this card waits on). */
  component?: Component;
}

/** Each component as a sentence names it, with the verb and pronoun it takes: the broadsides are two. */
const COMPONENT_NAME: Record<Component, { name: string; has: string; it: string }> = {
  main: { name: 'Main weapon', has: 'has', it: 'it' },
  broadside: { name: 'Broadsides', has: 'have', it: 'them' },
  fighterBay: { name: 'Fighter bay', has: 'has', it: 'it' },
  pointDefence: { name: 'Point defence', has: 'has', it: 'it' },
};

export function cardAvailability(s: PublicState, seat: Seat): CardAvailability[] {
  return CARD_IDS.map((card) => availability(s, seat, card));
}

function availability(s: PublicState, seat: Seat, card: CardId): CardAvailability {
  const ship = s.ships[seat];
  switch (card) {
    case 'fire-main':
      return weaponCardAvailability(s, seat, card, 'main');
    case 'port-broadside':
    case 'starboard-broadside':
      return weaponCardAvailability(s, seat, card, 'broadside');
    case 'launch-squadron':
      if (!ship.squadrons.some((q) => q.status === 'aboard'))
        return { card, usable: false, reason: 'No squadron aboard' };
      return cooldown(ship, card, 'fighterBay') ?? { card, usable: true };
    case 'defence-stations':
      return cooldown(ship, card, 'pointDefence') ?? { card, usable: true };
    case 'vent-coolant':
      return anyCooldown(ship) ? { card, usable: true } : { card, usable: false, reason: 'No component has cooldown' };
    case 'squadron-maintenance':
      return maintenance(ship, card);
    case 'special-ability':
      return specialAbility(ship, card);
  }
}

const anyCooldown = (ship: Warship) => Object.values(ship.cooldown).some((c) => c > 0);

/** RULES §4.3: a component with cooldown does nothing, unless a card played with it clears the cooldown first. */
function cooldown(ship: Warship, card: CardId, comp: Component): CardAvailability | null {
  const c = ship.cooldown[comp];
  if (c === 0) return null;
  const special = getFaction(ship.faction).special;
  const clears: CardId[] = [];
  if (c === 1) clears.push('vent-coolant');
  if (special.kind === 'capacitorDump' && ship.power > 0) clears.push('special-ability');
  const named = COMPONENT_NAME[comp];
  const what = `${named.name} ${named.has} ${c} cooldown`;
  if (clears.length === 0) return { card, usable: false, reason: what };
  const how = clears.map((x) => (x === 'vent-coolant' ? 'Vent Coolant' : special.name)).join(' or ');
  const reason = `${what}: play ${how} on ${named.it} too`;
  return { card, usable: true, reason, requires: clears, component: comp };
}

/** A projectile or torpedo weapon fires a token from its supply; one on the board may return to it first. */
function supply(s: PublicState, seat: Seat, card: CardId, source: 'main' | 'broadside'): CardAvailability | null {
  const ship = s.ships[seat];
  const w = weaponCard(ship.loadout[source]);
  if (w.class !== 'projectile' && w.class !== 'torpedo') return null;
  if (ship.supply[source] > 0) return null;
  const onBoard = s.tokens.some((t) => t.owner === seat && t.source === (source satisfies TokenSource));
  return onBoard
    ? { card, usable: true, reason: `No ${w.name} tokens in supply: fires only if one returns first` }
    : { card, usable: false, reason: `No ${w.name} tokens left` };
}

function weaponCardAvailability(
  s: PublicState,
  seat: Seat,
  card: CardId,
  comp: 'main' | 'broadside',
): CardAvailability {
  const t = supply(s, seat, card, comp);
  if (t && !t.usable) return t;
  return cooldown(s.ships[seat], card, comp) ?? t ?? { card, usable: true };
}

/** Squadron Maintenance: rearms a squadron aboard with room for munitions, or rebuilds a destroyed one. */
function maintenance(ship: Warship, card: CardId): CardAvailability {
  const cards = getFaction(ship.faction).squadrons;
  const room = ship.squadrons.some((q) => {
    if (q.status !== 'aboard') return false;
    const sc = cards.find((c) => c.id === q.card);
    return (
      sc !== undefined && q.munitions < sc.capacity && (sc.munition === 'fighter' || ship.supply.squadronTorpedo > 0)
    );
  });
  const destroyed = ship.squadrons.some((q) => q.status === 'destroyed');
  const reason = 'No squadron aboard with room for munitions, and none destroyed';
  return room || destroyed ? { card, usable: true } : { card, usable: false, reason };
}

/** The faction's special ability spends a power token (draft §6.3.7). */
function specialAbility(ship: Warship, card: CardId): CardAvailability {
  const special = getFaction(ship.faction).special;
  if (ship.power <= 0) return { card, usable: false, reason: `No power left for ${special.name}` };
  if (special.kind === 'capacitorDump' && !anyCooldown(ship))
    return { card, usable: false, reason: 'No component has cooldown' };
  const undamaged = ship.startArmour && SECTIONS.every((x) => ship.armour[x] >= ship.startArmour[x]);
  if (special.kind === 'emergencyRepairs' && undamaged) {
    // Still legal: a collision in the momentum phase may damage armour before the action phase.
    return { card, usable: true, reason: 'No armour damaged yet: repairs only what the momentum phase damages' };
  }
  return { card, usable: true };
}
