// What a loadout may hold (RULES §5): each single slot a card of its faction's deck, three squadrons within their
// copy limits and not all heavy, and munitions within the squadrons' capacity and the torpedo tokens. The draft
// (loadout.ts) checks every pick with these; a match record's loadouts are checked with checkLoadout.
import { findCardEntry } from './content/index.js';
import type { Faction, Loadout, Result, Slot, SquadronCard } from './types.js';
import { err, ok, SLOTS } from './types.js';

export type SingleSlot = Exclude<Slot, 'squadrons'>;
/** A loadout's squadrons: three (RULES §5). */
export const SQUADRON_COUNT = 3;
export const SINGLE_SLOTS: readonly SingleSlot[] = ['main', 'broadside', 'fighterBay', 'pointDefence'];
export type Triple = [string, string, string];
/** Munitions on squadrons 0, 1, 2. */
export type Munitions = [number, number, number];

/** What munitions a squadron triple takes (RULES §5, §6). */
export interface MunitionRules {
  capacity: Munitions;
  /** Squadrons whose munition is a squadron torpedo token. */
  torpedo: [boolean, boolean, boolean];
  torpedoTokens: number;
  /** Munitions to place: 4, or all the (usable) capacity when that is less. */
  total: number;
}

/** The most munitions a warship places in all (RULES §5): no squadron takes more. */
export const MUNITIONS_TOTAL = 4;

/** The draft's errors (loadout.ts), and a loadout's (checkLoadout). */
export type DraftErrorCode =
  | 'malformed'
  | 'wrong-stage'
  | 'not-your-turn'
  | 'slot-filled'
  | 'unknown-card'
  | 'wrong-faction'
  | 'wrong-slot'
  | 'copy-limit'
  | 'three-heavy'
  | 'same-card'
  | 'already-placed'
  | 'over-capacity'
  | 'torpedo-tokens'
  | 'munitions-total';
export interface DraftError {
  code: DraftErrorCode;
  message: string;
}

export const fail = (code: DraftErrorCode, message: string): Result<never, DraftError> => err({ code, message });

// ---------------------------------------------------------------- squadron and munition rules

/** Check a squadron triple against a faction deck: own cards, copy limits, not three heavy (RULES §5). */
export function checkSquadrons(faction: Faction, cards: unknown, field = 'cards'): Result<Triple, DraftError> {
  if (!Array.isArray(cards) || cards.length !== SQUADRON_COUNT)
    return fail('malformed', `${field}: expected three squadron card ids`);
  const found: SquadronCard[] = [];
  for (let i = 0; i < SQUADRON_COUNT; i++) {
    const r = checkCard(faction, 'squadrons', cards[i], `${field}[${i}]`);
    if (!r.ok) return r;
    found.push(faction.squadrons.find((c) => c.id === r.value)!);
  }
  for (const c of found) {
    const n = found.filter((x) => x === c).length;
    if (n > c.max) return fail('copy-limit', `${field}: ${n} × ${c.name}, at most ${c.max}`);
  }
  if (found.every((c) => c.heavy))
    return fail('three-heavy', `${field}: three heavy squadrons; choose at least one other`);
  return ok([found[0]!.id, found[1]!.id, found[2]!.id]);
}

/** Check one card for a slot against a faction deck (RULES §5). */
export function checkCard(faction: Faction, slot: Slot, card: unknown, field: string): Result<string, DraftError> {
  if (typeof card !== 'string') return fail('malformed', `${field}: expected a card id`);
  const e = findCardEntry(card);
  if (!e) return fail('unknown-card', `${field}: unknown card "${card}"`);
  if (e.faction !== faction.id) return fail('wrong-faction', `${field}: "${card}" is not in the ${faction.name} deck`);
  if (e.slot !== slot) return fail('wrong-slot', `${field}: "${card}" is a ${e.slot} card, not ${slot}`);
  return ok(card);
}

/** Check a complete loadout (e.g. from a match record); field names are relative to the loadout. */
export function checkLoadout(faction: Faction, loadout: unknown): Result<Loadout, DraftError> {
  if (typeof loadout !== 'object' || loadout === null || Array.isArray(loadout))
    return fail('malformed', 'loadout: expected an object');
  const l = loadout as Record<string, unknown>;
  for (const k of Object.keys(l))
    if (!(SLOTS as readonly string[]).includes(k)) return fail('malformed', `${k}: unknown field`);
  const out: Partial<Loadout> = {};
  for (const slot of SINGLE_SLOTS) {
    const r = checkCard(faction, slot, l[slot], slot);
    if (!r.ok) return r;
    out[slot] = r.value;
  }
  const sq = checkSquadrons(faction, l.squadrons, 'squadrons');
  if (!sq.ok) return sq;
  return ok({ ...(out as Omit<Loadout, 'squadrons'>), squadrons: sq.value });
}

export function munitionRules(faction: Faction, squadrons: Triple): MunitionRules {
  const cards = squadrons.map((id) => faction.squadrons.find((c) => c.id === id)!);
  const capacity = cards.map((c) => c.capacity) as Munitions;
  const torpedo = cards.map((c) => c.munition === 'torpedo') as [boolean, boolean, boolean];
  const torpedoTokens = faction.squadronTorpedoTokens;
  let fighterCap = 0;
  let torpedoCap = 0;
  for (const c of cards) {
    if (c.munition === 'torpedo') torpedoCap += c.capacity;
    else fighterCap += c.capacity;
  }
  const total = Math.min(MUNITIONS_TOTAL, fighterCap + Math.min(torpedoCap, torpedoTokens));
  return { capacity, torpedo, torpedoTokens, total };
}

/** Check a munitions placement (RULES §5): whole numbers, within capacity and torpedo tokens, `total` in all. */
export function checkMunitions(
  rules: MunitionRules,
  input: unknown,
  field = 'munitions',
): Result<Munitions, DraftError> {
  if (!Array.isArray(input) || input.length !== 3) return fail('malformed', `${field}: expected three numbers`);
  for (let i = 0; i < 3; i++) {
    const n: unknown = input[i];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
      return fail('malformed', `${field}[${i}]: expected a whole number ≥ 0`);
    }
    if (n > rules.capacity[i]!)
      return fail('over-capacity', `${field}[${i}]: ${n} munitions, capacity ${rules.capacity[i]}`);
  }
  const m = [input[0], input[1], input[2]] as Munitions;
  const torpedoes = m.reduce((a, n, i) => a + (rules.torpedo[i] ? n : 0), 0);
  if (torpedoes > rules.torpedoTokens) {
    return fail(
      'torpedo-tokens',
      `${field}: ${torpedoes} torpedo munitions, only ${rules.torpedoTokens} squadron torpedo tokens`,
    );
  }
  const sum = m[0] + m[1] + m[2];
  if (sum !== rules.total) return fail('munitions-total', `${field}: ${sum} munitions placed, must be ${rules.total}`);
  return ok(m);
}

// ---------------------------------------------------------------- enumerating legal choices

/** Every legal squadron triple of a deck, one per multiset, in deck order. */
export function squadronTriples(faction: Faction): Triple[] {
  const deck = faction.squadrons;
  const out: Triple[] = [];
  for (let i = 0; i < deck.length; i++)
    for (let j = i; j < deck.length; j++)
      for (let k = j; k < deck.length; k++) {
        const t: Triple = [deck[i]!.id, deck[j]!.id, deck[k]!.id];
        if (checkSquadrons(faction, t).ok) out.push(t);
      }
  return out;
}

/** Every legal placement, squadron 0 fullest first: the first one fills in squadron order (RULES §7 default). */
export function munitionPlacements(rules: MunitionRules): Munitions[] {
  const out: Munitions[] = [];
  for (let a = rules.capacity[0]; a >= 0; a--)
    for (let b = rules.capacity[1]; b >= 0; b--) {
      const c = rules.total - a - b;
      const m: Munitions = [a, b, c];
      if (c >= 0 && checkMunitions(rules, m).ok) out.push(m);
    }
  return out;
}

/**
 * The placement offered first and taken on a time-out (RULES §5, §7): one munition to each squadron in turn, squadron
 * order, while it has room (capacity; torpedo tokens for a torpedo squadron), so every squadron that can use munitions
 * starts with some (a torpedo bomber left empty is useless).
 */
export function defaultMunitions(rules: MunitionRules): Munitions {
  const m: Munitions = [0, 0, 0];
  let torpedoes = rules.torpedoTokens;
  for (let placed = 0; placed < rules.total; ) {
    const before = placed;
    for (let i = 0; i < 3 && placed < rules.total; i++) {
      if (m[i]! >= rules.capacity[i]! || (rules.torpedo[i] && torpedoes <= 0)) continue;
      if (rules.torpedo[i]) torpedoes--;
      m[i]!++;
      placed++;
    }
    if (placed === before) break;
  }
  return m;
}
