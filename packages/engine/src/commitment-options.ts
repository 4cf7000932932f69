// Every legal commitment of a seat (RULES §4.1): an engine setting and up to two distinct commitment cards, each
// with every value of the parameters it takes. `validateCommitment` accepts exactly these (up to the order of the two
// cards, and a direct-fire broadside's aim, which it ignores); each card also says whether it can act this round
// given cooldowns, power and tokens (`cardAvailability`, RULES §4.3: a card that cannot act is legal and does nothing).
import { cardAvailability, type CardAvailability } from './card-availability.js';
import { getFaction, weaponCard } from './content/index.js';
import { TURRET_SETTINGS } from './squadron-action.js';
import type { CardId, CardPlay, Commitment, EngineSetting, PublicState, Seat } from './types.js';
import { CARD_IDS, COMPONENTS, ENGINE_SETTINGS, SECTIONS } from './types.js';

export interface CardOptions extends CardAvailability {
  /** Every legal play of this card: its parameters' values, in the engine's order. */
  plays: CardPlay[];
}

export interface CommitmentOptions {
  engines: EngineSetting[];
  /** The eight cards, each with its plays; a commitment holds up to `maxCards` distinct ones. */
  cards: CardOptions[];
  maxCards: 2;
}

const SQUADRONS = [0, 1, 2] as const;

/** Every legal play of one card for this seat's loadout (RULES §2–§4.3). */
export function cardPlays(s: PublicState, seat: Seat, card: CardId): CardPlay[] {
  const ship = s.ships[seat];
  switch (card) {
    case 'fire-main':
      return weaponCard(ship.loadout.main).arc === 'turret'
        ? TURRET_SETTINGS.map((turret) => ({ card, turret }))
        : [{ card }];
    case 'port-broadside':
    case 'starboard-broadside':
      // RULES §3: a token or beam broadside fires fore or aft; a direct-fire one aims at a target in the weapons phase
      return weaponCard(ship.loadout.broadside).class === 'direct'
        ? [{ card }]
        : [
            { card, aim: 'fore' },
            { card, aim: 'aft' },
          ];
    case 'launch-squadron':
    case 'defence-stations':
      return [{ card }];
    case 'vent-coolant':
      return COMPONENTS.map((component) => ({ card, component }));
    case 'squadron-maintenance':
      // RULES §4.3: one or two munitions to squadrons (indices, may repeat), or return one destroyed squadron
      return [
        ...SQUADRONS.map((i) => ({ card, munitions: [i] })),
        ...SQUADRONS.flatMap((i) => SQUADRONS.map((j) => ({ card, munitions: [i, j] }))),
        ...SQUADRONS.map((i) => ({ card, repair: i })),
      ];
    case 'special-ability':
      return getFaction(ship.faction).special.kind === 'emergencyRepairs'
        ? SECTIONS.map((section) => ({ card, section }))
        : COMPONENTS.map((component) => ({ card, component }));
  }
}

/** The commitment options of a seat: engine settings and every card with its plays and availability. */
export function commitmentOptions(s: PublicState, seat: Seat): CommitmentOptions {
  const availability = cardAvailability(s, seat);
  const cards = CARD_IDS.map((card, i) => ({ ...availability[i]!, plays: cardPlays(s, seat, card) }));
  return { engines: [...ENGINE_SETTINGS], cards, maxCards: 2 };
}

/** Every card set of a commitment, as lists of plays: none, each single play, each pair of plays of distinct cards. */
export function cardSets(options: CommitmentOptions): CardPlay[][] {
  const out: CardPlay[][] = [[]];
  const { cards } = options;
  for (let a = 0; a < cards.length; a++) {
    for (const pa of cards[a]!.plays) {
      out.push([pa]);
      for (let b = a + 1; b < cards.length; b++) for (const pb of cards[b]!.plays) out.push([pa, pb]);
    }
  }
  return out;
}

/** Every legal commitment of a seat (engine setting × card set × parameters): 3,470 for most loadouts. */
export function legalCommitments(s: PublicState, seat: Seat): Commitment[] {
  const options = commitmentOptions(s, seat);
  const sets = cardSets(options);
  return options.engines.flatMap((engine) => sets.map((cards) => ({ engine, cards })));
}
