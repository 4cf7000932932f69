// Card lookup over both faction decks (RULES §6). Card ids are unique across factions.
import type {
  Faction,
  FactionId,
  FighterBayCard,
  PointDefenceCard,
  Result,
  Slot,
  SquadronCard,
  WeaponCard,
} from '../types.js';
import { err, ok } from '../types.js';
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

/** Why a lookup of external input found nothing. */
export interface ContentError {
  code: 'unknown-faction' | 'unknown-card' | 'wrong-slot';
  message: string;
}

/** External input named in a message without ever throwing (String() can throw on odd objects). */
const named = (x: unknown): string =>
  typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || x == null ? String(x) : `a ${typeof x}`;

/** The faction with this id, from external input: a Result naming what was wrong, never a throw. */
export function findFaction(id: unknown): Result<Faction, ContentError> {
  return isFactionId(id)
    ? ok(FACTIONS[id])
    : err({ code: 'unknown-faction', message: `unknown faction: ${named(id)}` });
}

/**
 * The card with this id, from external input (a record, a message, the synced state): a Result naming what was
 * wrong. With `slots`, the card must fill one of them (e.g. ['main', 'broadside'] for a warship weapon).
 */
export function findCard<C extends AnyCard = AnyCard>(id: unknown, slots?: readonly Slot[]): Result<C, ContentError> {
  const e = typeof id === 'string' ? INDEX.get(id) : undefined;
  if (!e) return err({ code: 'unknown-card', message: `unknown card: ${named(id)}` });
  if (slots && !slots.includes(e.slot))
    return err({ code: 'wrong-slot', message: `${e.card.id} is a ${e.slot} card, not ${slots.join(' or ')}` });
  return ok(e.card as C);
}

/**
 * The faction of an id the engine already validated (a MatchState's, a Draft's): an unknown one is a bug and throws.
 * External input goes through findFaction.
 */
export function getFaction(id: FactionId): Faction {
  const f = findFaction(id);
  if (!f.ok) throw new Error(f.error.message);
  return f.value;
}

/** The card with this id and where it belongs, or undefined. */
export const findCardEntry = (id: string): CardEntry | undefined => INDEX.get(id);
/** The loadout slot a card fills, or undefined for an unknown id. */
export const cardSlot = (id: string): Slot | undefined => INDEX.get(id)?.slot;
/** The faction whose deck holds the card, or undefined for an unknown id. */
export const cardFaction = (id: string): FactionId | undefined => INDEX.get(id)?.faction;

/** The typed lookups below are for loadouts the engine already validated: an unknown id is a bug and throws. */
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
