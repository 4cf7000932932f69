// A commitment card's parameters, offered from the engine's list of its legal plays (cardPlays, RULES §4.1): the
// panel shows one choice per card with more than one play, and never builds a play the engine would refuse.
import {
  cardPlays,
  CARD_NAMES,
  COMPONENT_NAMES,
  FACTIONS,
  maintenanceShortfall,
  type SECTIONS,
  type CardId,
  type CardPlay,
  type PublicState,
  type Seat,
  type Warship,
} from '@star-eater/engine';

/** Plays compare by their parameters, whatever the order of their fields. */
export const playKey = (p: CardPlay): string =>
  JSON.stringify(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The label of a card's parameter choice. */
export function paramLabel(card: CardId, ship: Warship): string {
  switch (card) {
    case 'fire-main':
      return 'Main turret';
    case 'vent-coolant':
      return `${CARD_NAMES['vent-coolant']} on`;
    case 'squadron-maintenance':
      return 'Maintenance';
    case 'special-ability':
      return FACTIONS[ship.faction].special.name;
    default:
      return `${CARD_NAMES[card]} aim`;
  }
}

/** What one play does, in words. */
export function playLabel(p: CardPlay, ship: Warship): string {
  const sq = (i: number) => `squadron ${i + 1} (has ${ship.squadrons[i]?.munitions ?? 0})`;
  switch (p.card) {
    case 'fire-main':
      return p.turret ?? 'front';
    case 'port-broadside':
    case 'starboard-broadside':
      return p.aim ?? 'fore';
    case 'vent-coolant':
      return `${COMPONENT_NAMES[p.component]} (${ship.cooldown[p.component]})`;
    case 'squadron-maintenance': {
      if (p.repair !== undefined) return `repair squadron ${p.repair + 1}`;
      const [a, b] = p.munitions ?? [];
      if (b === undefined) return `+1 munition: ${sq(a!)}`;
      return a === b ? `+2 munitions: ${sq(a!)}` : `+1 each: squadrons ${a! + 1}, ${b + 1}`;
    }
    case 'special-ability':
      return p.section
        ? `${p.section} (${ship.armour[p.section]}/${ship.startArmour[p.section]})`
        : `${COMPONENT_NAMES[p.component!]} (${ship.cooldown[p.component!]})`;
    default:
      return p.card;
  }
}

/**
 * The plays to offer: every listed one that would do all it says on this position (the engine's maintenanceShortfall:
 * no munition for a squadron in space or full, no repair with nothing destroyed); two munitions to the same pair of
 * squadrons are offered once. A card with no such play is unusable (cardAvailability) and offers the engine's first.
 */
export function offeredPlays(s: PublicState, seat: Seat, card: CardId): CardPlay[] {
  const plays = cardPlays(s, seat, card).filter(
    (p) =>
      p.card !== 'squadron-maintenance' || !p.munitions || p.munitions.length < 2 || p.munitions[0]! <= p.munitions[1]!,
  );
  const useful = plays.filter((p) => maintenanceShortfall(s, seat, p) === null);
  return useful.length ? useful : plays.slice(0, 1);
}

/** The play a card starts with when chosen: a listed play, the one most likely to be wanted. */
export function defaultPlay(card: CardId, s: PublicState, seat: Seat): CardPlay {
  const ship = s.ships[seat];
  const plays = offeredPlays(s, seat, card);
  const damage = (x: (typeof SECTIONS)[number]) => ship.startArmour[x] - ship.armour[x];
  const score = (p: CardPlay): number => {
    switch (p.card) {
      case 'vent-coolant':
        return ship.cooldown[p.component];
      case 'special-ability':
        return p.section ? damage(p.section) : ship.cooldown[p.component!];
      case 'squadron-maintenance':
        return p.munitions?.length ?? 1;
      default:
        return 0;
    }
  };
  let best = plays[0]!;
  for (const p of plays) if (score(p) > score(best)) best = p;
  return structuredClone(best);
}
