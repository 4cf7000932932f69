// The sealed commitment (RULES §4.1, §10): structural validation of untrusted JSON against the player's loadout,
// and which cards can act this round (for the client; an unusable card is still legal and just does nothing, §4.3).
import { getFaction, weaponCard } from './content/index.js';
import type { CardPlay, Commitment, Component, MatchState, Result, Seat, TokenSource, Warship } from './types.js';
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
export function validateCommitment(s: MatchState, seat: Seat, input: unknown): Result<Commitment, CommitmentError> {
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

// ---------------------------------------------------------------- availability (for the client)

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

const COMPONENT_NAME: Record<Component, string> = {
  main: 'Main weapon',
  broadside: 'Broadsides',
  fighterBay: 'Fighter bay',
  pointDefence: 'Point defence',
};

/**
 * What each of the eight cards can do this round, from the state at commit time (RULES §4.3: a card whose component
 * has cooldown when it would act does nothing). Vent Coolant and Capacitor Dump resolve in the action phase, before
 * Defence Stations and every later phase, so they can clear a cooldown in time for the other card played.
 */
export function cardAvailability(s: MatchState, seat: Seat): CardAvailability[] {
  const ship = s.ships[seat];
  const special = getFaction(ship.faction).special;
  const dumpReady = special.kind === 'capacitorDump' && ship.power > 0;

  const cooled = (card: CardId, comp: Component): CardAvailability | null => {
    const c = ship.cooldown[comp];
    if (c === 0) return null;
    const clears: CardId[] = [];
    if (c === 1) clears.push('vent-coolant');
    if (dumpReady) clears.push('special-ability');
    const what = `${COMPONENT_NAME[comp]} has ${c} cooldown`;
    if (clears.length === 0) return { card, usable: false, reason: what };
    const how = clears.map((x) => (x === 'vent-coolant' ? 'Vent Coolant' : special.name)).join(' or ');
    return { card, usable: true, reason: `${what}: play ${how} on it too`, requires: clears, component: comp };
  };
  const tokens = (card: CardId, weapon: string, source: TokenSource): CardAvailability | null => {
    const w = weaponCard(weapon);
    if (w.class !== 'projectile' && w.class !== 'torpedo') return null;
    if (ship.supply[source as 'main' | 'broadside'] > 0) return null;
    const onBoard = s.tokens.some((t) => t.owner === seat && t.source === source);
    return onBoard
      ? { card, usable: true, reason: `No ${w.name} tokens in supply: fires only if one returns first` }
      : { card, usable: false, reason: `No ${w.name} tokens left` };
  };
  const weapon = (card: CardId, comp: 'main' | 'broadside'): CardAvailability => {
    const t = tokens(card, ship.loadout[comp], comp);
    if (t && !t.usable) return t;
    return cooled(card, comp) ?? t ?? { card, usable: true };
  };

  const anyCooldown = Object.values(ship.cooldown).some((c) => c > 0);
  const aboard = ship.squadrons.filter((q) => q.status === 'aboard');
  const out: CardAvailability[] = [];
  for (const card of CARD_IDS) {
    switch (card) {
      case 'fire-main':
        out.push(weapon(card, 'main'));
        break;
      case 'port-broadside':
      case 'starboard-broadside':
        out.push(weapon(card, 'broadside'));
        break;
      case 'launch-squadron':
        if (aboard.length === 0) out.push({ card, usable: false, reason: 'No squadron aboard' });
        else out.push(cooled(card, 'fighterBay') ?? { card, usable: true });
        break;
      case 'defence-stations':
        out.push(cooled(card, 'pointDefence') ?? { card, usable: true });
        break;
      case 'vent-coolant':
        out.push(anyCooldown ? { card, usable: true } : { card, usable: false, reason: 'No component has cooldown' });
        break;
      case 'squadron-maintenance': {
        const room = aboard.some((q) => {
          const sc = getFaction(ship.faction).squadrons.find((c) => c.id === q.card);
          return (
            sc !== undefined &&
            q.munitions < sc.capacity &&
            (sc.munition === 'fighter' || ship.supply.squadronTorpedo > 0)
          );
        });
        const destroyed = ship.squadrons.some((q) => q.status === 'destroyed');
        const reason = 'No squadron aboard with room for munitions, and none destroyed';
        out.push(room || destroyed ? { card, usable: true } : { card, usable: false, reason });
        break;
      }
      case 'special-ability':
        if (ship.power <= 0) out.push({ card, usable: false, reason: `No power left for ${special.name}` });
        else if (special.kind === 'capacitorDump' && !anyCooldown)
          out.push({ card, usable: false, reason: 'No component has cooldown' });
        else if (
          special.kind === 'emergencyRepairs' &&
          ship.startArmour &&
          SECTIONS.every((x) => ship.armour[x] >= ship.startArmour[x])
        ) {
          // Still legal: a collision in the momentum phase may damage armour before the action phase.
          out.push({
            card,
            usable: true,
            reason: 'No armour damaged yet: repairs only what the momentum phase damages',
          });
        } else out.push({ card, usable: true });
        break;
    }
  }
  return out;
}
