// The sealed commitment (RULES §4.1, §10): structural validation of untrusted JSON against the player's loadout.
// Which cards can act this round: card-availability.ts.
import { getFaction, weaponCard } from './content/index.js';
import type { CardPlay, Commitment, PublicState, Result, Seat, Warship } from './types.js';
import {
  AIMS,
  CARD_IDS,
  COMPONENTS,
  ENGINE_SETTINGS,
  err,
  MAX_CARDS,
  ok,
  SECTIONS,
  TURRET_SETTINGS,
  type CardId,
} from './types.js';

export type CommitmentErrorCode =
  | 'bad-type'
  | 'unknown-field'
  | 'missing-field'
  | 'bad-value'
  | 'too-many-cards'
  | 'unknown-card'
  | 'duplicate-card'
  | 'not-applicable'
  | 'conflicting-fields';
export interface CommitmentError {
  code: CommitmentErrorCode;
  message: string;
}

/** The time-out commitment (RULES §4.1, §7): no thrust, no cards. */
export const NONE_COMMITMENT: Commitment = Object.freeze({
  engine: 'NONE',
  cards: Object.freeze([]) as unknown as CardPlay[],
});

const list = (xs: readonly (string | number)[]): string => {
  const q = xs.map((x) => (typeof x === 'string' ? `"${x}"` : String(x)));
  return q.length === 2 ? `${q[0]} or ${q[1]}` : `one of ${q.join(', ')}`;
};

type Fail = Result<never, CommitmentError>;
const fail = (code: CommitmentErrorCode, message: string): Fail => err({ code, message });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const has = (o: Record<string, unknown>, k: string): boolean => Object.hasOwn(o, k);

/** The parameters each card may carry (RULES §4.1). */
const PARAMS: Record<CardId, readonly string[]> = {
  'fire-main': ['turret'],
  'port-broadside': ['aim'],
  'starboard-broadside': ['aim'],
  'launch-squadron': [],
  'defence-stations': [],
  'vent-coolant': ['component'],
  'squadron-maintenance': ['munitions', 'repair'],
  'special-ability': ['section', 'component'],
};

/**
 * The shape of a commitment (RULES §4.1, §10), whoever's it is: the fields, the engine setting, at most two distinct
 * cards, each with only its own parameters and their values from the rule's lists. What depends on the ship (a turret
 * for a turret weapon, the faction's special ability) is validateCommitment's. The protocol checks messages with it.
 */
export function parseCommitment(input: unknown): Result<Commitment, CommitmentError> {
  if (!isObject(input)) return fail('bad-type', 'commitment: expected an object');
  for (const k of Object.keys(input))
    if (k !== 'engine' && k !== 'cards') return fail('unknown-field', `${k}: unknown field`);
  if (!has(input, 'engine')) return fail('missing-field', 'engine: required');
  const engine = input.engine;
  if (!isOneOf(engine, ENGINE_SETTINGS)) return fail('bad-value', `engine: expected ${list(ENGINE_SETTINGS)}`);
  if (!has(input, 'cards')) return fail('missing-field', 'cards: required');
  const raw = input.cards;
  if (!Array.isArray(raw)) return fail('bad-type', 'cards: expected an array');
  if (raw.length > MAX_CARDS) return fail('too-many-cards', `cards: ${raw.length} cards, at most two`);
  const cards: CardPlay[] = [];
  for (let i = 0; i < raw.length; i++) {
    const r = parseCard(raw[i], `cards[${i}]`);
    if (!r.ok) return r;
    if (cards.some((c) => c.card === r.value.card)) {
      return fail('duplicate-card', `cards[${i}].card: "${r.value.card}" is already played; the two cards must differ`);
    }
    cards.push(r.value);
  }
  return ok({ engine, cards });
}

/** A commitment from untrusted JSON for this seat: its shape (parseCommitment), then what its ship allows. */
export function validateCommitment(s: PublicState, seat: Seat, input: unknown): Result<Commitment, CommitmentError> {
  const c = parseCommitment(input);
  if (!c.ok) return c;
  const cards: CardPlay[] = [];
  for (let i = 0; i < c.value.cards.length; i++) {
    const r = checkForShip(s.ships[seat], c.value.cards[i]!, `cards[${i}]`);
    if (!r.ok) return r;
    cards.push(r.value);
  }
  return ok({ engine: c.value.engine, cards });
}

function isOneOf<T extends string>(v: unknown, values: readonly T[]): v is T {
  return typeof v === 'string' && (values as readonly string[]).includes(v);
}

function parseCard(input: unknown, at: string): Result<CardPlay, CommitmentError> {
  if (!isObject(input)) return fail('bad-type', `${at}: expected an object`);
  if (!has(input, 'card')) return fail('missing-field', `${at}.card: required`);
  const card = input.card;
  if (typeof card !== 'string') return fail('bad-type', `${at}.card: expected a card id`);
  if (!isOneOf(card, CARD_IDS))
    return fail('unknown-card', `${at}.card: unknown card "${card}"; expected ${list(CARD_IDS)}`);
  const out: Record<string, unknown> = { card };
  for (const k of Object.keys(input)) {
    if (k === 'card') continue;
    if (!PARAMS[card].includes(k)) return fail('unknown-field', `${at}.${k}: unknown field for ${card}`);
    const r = parseParam(k, input[k], `${at}.${k}`);
    if (!r.ok) return r;
    out[k] = r.value;
  }
  if (card === 'vent-coolant' && !has(out, 'component'))
    return fail('missing-field', `${at}.component: required: ${list(COMPONENTS)}`);
  if (card === 'squadron-maintenance') {
    // RULES §4.3: two munitions to squadrons aboard, or instead return one destroyed squadron.
    if (has(out, 'munitions') && has(out, 'repair'))
      return fail('conflicting-fields', `${at}.repair: give either munitions or repair, not both`);
    if (!has(out, 'munitions') && !has(out, 'repair'))
      return fail('missing-field', `${at}.munitions: required (or ${at}.repair)`);
  }
  return ok(out as CardPlay);
}

/** A card's parameter: one of its rule's values (RULES §2 turrets, §3 aims, §4.3 squadron indices). */
function parseParam(k: string, v: unknown, at: string): Result<unknown, CommitmentError> {
  const pick = <T extends string>(values: readonly T[]): Result<T, CommitmentError> =>
    isOneOf(v, values)
      ? ok(v)
      : fail(typeof v === 'string' ? 'bad-value' : 'bad-type', `${at}: expected ${list(values)}`);
  switch (k) {
    case 'turret':
      return pick(TURRET_SETTINGS);
    case 'aim':
      return pick(AIMS);
    case 'component':
      return pick(COMPONENTS);
    case 'section':
      return pick(SECTIONS);
    case 'repair':
      return squadronIndex(v, at);
    default: {
      if (!Array.isArray(v)) return fail('bad-type', `${at}: expected an array of one or two squadron indices`);
      if (v.length < 1 || v.length > 2) return fail('bad-value', `${at}: expected one or two squadron indices`);
      const out: number[] = [];
      for (let i = 0; i < v.length; i++) {
        const r = squadronIndex(v[i], `${at}[${i}]`);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return ok(out);
    }
  }
}

/** What a shape-valid card play needs from the ship it is played on: its weapons and its faction's ability. */
function checkForShip(ship: Warship, play: CardPlay, at: string): Result<CardPlay, CommitmentError> {
  switch (play.card) {
    case 'fire-main': {
      // RULES §2: a warship turret's setting is part of the commitment.
      const main = weaponCard(ship.loadout.main);
      if (main.arc !== 'turret') {
        if (play.turret === undefined) return ok(play);
        return fail('not-applicable', `${at}.turret: ${main.name} is not a turret weapon`);
      }
      if (play.turret === undefined)
        return fail('missing-field', `${at}.turret: required for ${main.name}: ${list(TURRET_SETTINGS)}`);
      return ok(play);
    }
    case 'port-broadside':
    case 'starboard-broadside': {
      // RULES §3: a token or beam broadside fires fore or aft; a direct-fire broadside aims at a target instead.
      const w = weaponCard(ship.loadout.broadside);
      // A direct-fire broadside takes no aim: one given is ignored (the value is checked, then dropped).
      if (w.class === 'direct') return ok({ card: play.card });
      if (play.aim === undefined) return fail('missing-field', `${at}.aim: required for ${w.name}: ${list(AIMS)}`);
      return ok(play);
    }
    case 'special-ability': {
      const special = getFaction(ship.faction).special;
      const [need, other] =
        special.kind === 'emergencyRepairs' ? (['section', 'component'] as const) : (['component', 'section'] as const);
      if (play[other] !== undefined)
        return fail('not-applicable', `${at}.${other}: ${special.name} takes a ${need}, not a ${other}`);
      if (play[need] === undefined) {
        const values = need === 'section' ? SECTIONS : COMPONENTS;
        return fail('missing-field', `${at}.${need}: required for ${special.name}: ${list(values)}`);
      }
      return ok(play);
    }
    default:
      return ok(play);
  }
}

function squadronIndex(v: unknown, at: string): Result<number, CommitmentError> {
  if (v === 0 || v === 1 || v === 2) return ok(v);
  return fail(typeof v === 'number' ? 'bad-value' : 'bad-type', `${at}: expected a squadron index 0, 1 or 2`);
}
