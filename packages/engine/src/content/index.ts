// Card lookup over both faction decks (RULES §6). Card ids are unique across factions.
import type { Faction, FactionId, FighterBayCard, PointDefenceCard, Slot, SquadronCard, WeaponCard } from '../types.js';
import { FPA } from './fpa.js';
import { LAMAIS } from './lamais.js';

export { FPA, LAMAIS };

export const FACTIONS: Record<FactionId, Faction> = { fpa: FPA, lamais: LAMAIS };
export const FACTION_IDS: readonly FactionId[] = ['fpa', 'lamais'];

export type AnyCard = WeaponCard | FighterBayCard | PointDefenceCard | SquadronCard;
/** A card with where it belongs: its faction's deck and its loadout slot. */
export interface CardEntry {
  faction: FactionId;
  slot: Slot;
  card: AnyCard;
}

const INDEX = new Map<string, CardEntry>();
for (const f of Object.values(FACTIONS)) {
  const add = (slot: Slot, cards: readonly AnyCard[]): void => {
    for (const card of cards) {
      if (INDEX.has(card.id)) throw new Error(`content: duplicate card id ${card.id}`);
      INDEX.set(card.id, { faction: f.id, slot, card });
    }
  };
  add('main', f.main);
  add('broadside', f.broadside);
  add('fighterBay', f.fighterBay);
  add('pointDefence', f.pointDefence);
  add('squadrons', f.squadrons);
}

export const isFactionId = (x: unknown): x is FactionId => x === 'fpa' || x === 'lamais';

export function getFaction(id: FactionId): Faction {
  const f = isFactionId(id) ? FACTIONS[id] : undefined;
  if (!f) throw new Error(`unknown faction: ${String(id)}`);
  return f;
}

/** The card with this id and where it belongs, or undefined. */
export const findCardEntry = (id: string): CardEntry | undefined => INDEX.get(id);
/** The card with this id, or undefined (for validating untrusted ids). */
export const findCard = (id: string): AnyCard | undefined => INDEX.get(id)?.card;
/** The loadout slot a card fills, or undefined for an unknown id. */
export const cardSlot = (id: string): Slot | undefined => INDEX.get(id)?.slot;
/** The faction whose deck holds the card, or undefined for an unknown id. */
export const cardFaction = (id: string): FactionId | undefined => INDEX.get(id)?.faction;

function lookup(id: string, slots: readonly Slot[], what: string): AnyCard {
  const e = INDEX.get(id);
  if (!e || !slots.includes(e.slot)) throw new Error(`unknown ${what} card: ${id}`);
  return e.card;
}

export const weaponCard = (id: string): WeaponCard => lookup(id, ['main', 'broadside'], 'weapon') as WeaponCard;
export const fighterBayCard = (id: string): FighterBayCard =>
  lookup(id, ['fighterBay'], 'fighter bay') as FighterBayCard;
export const pointDefenceCard = (id: string): PointDefenceCard =>
  lookup(id, ['pointDefence'], 'point defence') as PointDefenceCard;
export const squadronCard = (id: string): SquadronCard => lookup(id, ['squadrons'], 'squadron') as SquadronCard;

/** A faction's deck for one slot, in deck order (the order of the content file). */
export function slotCards(faction: FactionId, slot: Slot): readonly AnyCard[] {
  return getFaction(faction)[slot];
}
