// The loadout draft (RULES §5) as pure functions over plain data: picks, the swap step, munitions.
// Every function returns a new Draft; an illegal action is a typed error and leaves the draft as it was.
import { getFaction, isFactionId } from './content/index.js';
import {
  checkCard,
  checkMunitions,
  checkSquadrons,
  fail,
  defaultMunitions,
  munitionPlacements,
  munitionRules,
  MUNITIONS_TOTAL,
  SINGLE_SLOTS,
  squadronTriples,
  type DraftError,
  type MunitionRules,
  type Munitions,
  type SingleSlot,
  type Triple,
} from './loadout-check.js';
import type { Rng } from './rng.js';
import type { Faction, FactionId, Loadout, Result, Seat } from './types.js';
import { ok, SLOTS } from './types.js';

export type DraftAction =
  | { kind: 'pick' | 'swap'; slot: SingleSlot; card: string }
  | { kind: 'pick' | 'swap'; slot: 'squadrons'; cards: Triple }
  | { kind: 'no-swap' }
  | { kind: 'munitions'; munitions: Munitions };

export interface DraftLogEntry {
  seat: Seat;
  action: DraftAction;
}

export type PartialLoadout = Partial<Omit<Loadout, 'squadrons'>> & { squadrons?: Triple };
export type DraftStage = 'pick' | 'swap' | 'munitions' | 'done';

export interface Draft {
  factions: [FactionId, FactionId];
  /** The coin toss winner (RULES §5): picks first, may swap first, starts round 1 with initiative. */
  initiative: Seat;
  /** Filled slots; picks are public. */
  loadouts: [PartialLoadout, PartialLoadout];
  /** The swap step: null until that seat has swapped or declined. */
  swaps: [SwapChoice | null, SwapChoice | null];
  munitions: [Munitions | null, Munitions | null];
  /** Every accepted action in order: the record's `draft` array. */
  log: DraftLogEntry[];
}
export type SwapChoice = 'swapped' | 'declined';

export interface DraftTurn {
  stage: DraftStage;
  /** The one seat to act in the pick and swap stages; null during munitions (both at once) and when done. */
  seat: Seat | null;
  /** Every seat that may act now. */
  seats: Seat[];
}

export interface DraftOptions {
  stage: DraftStage;
  /** This seat may act now; if not, the lists below are empty. */
  toMove: boolean;
  /** pick: the seat's empty single slots; swap: its filled ones; each with the cards it may take. */
  slots: { slot: SingleSlot; cards: string[] }[];
  /** The legal squadron triples when the squadrons slot is open to this seat (one order per choice). */
  squadrons: Triple[] | null;
  noSwap: boolean;
  munitions: MunitionRules | null;
  /** Every legal action in the engine's fixed order; the first is the time-out default (RULES §7). */
  actions: DraftAction[];
}

const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

export function createDraft(opts: { factions: [FactionId, FactionId]; initiative: Seat }): Draft {
  const [a, b] = opts.factions;
  if (!isFactionId(a) || !isFactionId(b))
    throw new Error(`createDraft: unknown faction in ${JSON.stringify(opts.factions)}`);
  if (opts.initiative !== 0 && opts.initiative !== 1)
    throw new Error(`createDraft: bad initiative ${String(opts.initiative)}`);
  return {
    factions: [a, b],
    initiative: opts.initiative,
    loadouts: [{}, {}],
    swaps: [null, null],
    munitions: [null, null],
    log: [],
  };
}

const filled = (l: PartialLoadout): number => SLOTS.filter((s) => l[s] !== undefined).length;

export function draftTurn(d: Draft): DraftTurn {
  const picks = filled(d.loadouts[0]) + filled(d.loadouts[1]);
  if (picks < 2 * SLOTS.length) {
    // RULES §5: alternate, initiative first, until both have all five slots.
    const seat = picks % 2 === 0 ? d.initiative : other(d.initiative);
    return { stage: 'pick', seat, seats: [seat] };
  }
  const first = d.initiative;
  if (d.swaps[first] === null) return { stage: 'swap', seat: first, seats: [first] };
  // The opponent may swap only if the initiative holder did.
  if (d.swaps[first] === 'swapped' && d.swaps[other(first)] === null) {
    return { stage: 'swap', seat: other(first), seats: [other(first)] };
  }
  const seats = ([0, 1] as Seat[]).filter((s) => d.munitions[s] === null);
  return seats.length > 0 ? { stage: 'munitions', seat: null, seats } : { stage: 'done', seat: null, seats: [] };
}

const sameMultiset = (a: readonly string[], b: readonly string[]): boolean =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

export function legalDraftActions(d: Draft, seat: Seat): DraftOptions {
  const turn = draftTurn(d);
  const none: DraftOptions = {
    stage: turn.stage,
    toMove: false,
    slots: [],
    squadrons: null,
    noSwap: false,
    munitions: null,
    actions: [],
  };
  if (!turn.seats.includes(seat)) return none;
  const faction = getFaction(d.factions[seat]);
  const mine = d.loadouts[seat];
  if (turn.stage === 'munitions') {
    const rules = munitionRules(faction, mine.squadrons!);
    const actions = munitionPlacements(rules).map((m): DraftAction => ({ kind: 'munitions', munitions: m }));
    return { ...none, toMove: true, munitions: rules, actions };
  }
  const swap = turn.stage === 'swap';
  const kind = swap ? 'swap' : 'pick';
  const slots: DraftOptions['slots'] = [];
  const actions: DraftAction[] = swap ? [{ kind: 'no-swap' }] : [];
  for (const slot of SINGLE_SLOTS) {
    if ((mine[slot] !== undefined) !== swap) continue;
    const cards = faction[slot].map((c) => c.id).filter((id) => id !== mine[slot]);
    slots.push({ slot, cards });
    for (const card of cards) actions.push({ kind, slot, card });
  }
  let squadrons: Triple[] | null = null;
  if ((mine.squadrons !== undefined) === swap) {
    squadrons = squadronTriples(faction).filter((t) => !mine.squadrons || !sameMultiset(t, mine.squadrons));
    for (const cards of squadrons) actions.push({ kind, slot: 'squadrons', cards });
  }
  return { stage: turn.stage, toMove: true, slots, squadrons, noSwap: swap, munitions: null, actions };
}

/** The time-out action (RULES §7): the first legal card, no swap, munitions spread over the squadrons (defaultMunitions). */
export function defaultDraftAction(d: Draft, seat: Seat): DraftAction | null {
  const options = legalDraftActions(d, seat);
  if (options.munitions) return { kind: 'munitions', munitions: defaultMunitions(options.munitions) };
  return options.actions[0] ?? null;
}

/** A uniformly random legal action, for bots and simulate. */
export function randomDraftAction(d: Draft, seat: Seat, rng: Rng): DraftAction | null {
  const { actions } = legalDraftActions(d, seat);
  return actions.length > 0 ? rng.pick(actions) : null;
}

// ---------------------------------------------------------------- applying an action

const KEYS: Record<string, readonly string[]> = {
  pick: ['kind', 'slot', 'card', 'cards'],
  swap: ['kind', 'slot', 'card', 'cards'],
  'no-swap': ['kind'],
  munitions: ['kind', 'munitions'],
};

/**
 * The shape of a draft action, whoever's it is (RULES §5): its kind with only that kind's fields, a slot of the
 * loadout, a card id for a single slot or three for the squadrons, three whole numbers of munitions. Whose turn it is,
 * which cards a deck holds and what fits are applyDraftAction's. The protocol checks draft messages with it.
 */
export function parseDraftAction(input: unknown): Result<DraftAction, DraftError> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail('malformed', 'action: expected an object');
  const a = input as Record<string, unknown>;
  const kind = a.kind;
  const keys = typeof kind === 'string' ? KEYS[kind] : undefined;
  if (!keys) return fail('malformed', 'kind: expected "pick", "swap", "no-swap" or "munitions"');
  for (const k of Object.keys(a)) if (!keys.includes(k)) return fail('malformed', `${k}: unknown field`);
  if (kind === 'no-swap') return ok({ kind });
  if (kind === 'munitions') {
    const m = a.munitions;
    if (!Array.isArray(m) || m.length !== 3) return fail('malformed', 'munitions: expected three numbers');
    for (let i = 0; i < 3; i++) {
      const n: unknown = m[i];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MUNITIONS_TOTAL)
        return fail('malformed', `munitions[${i}]: expected a whole number from 0 to ${MUNITIONS_TOTAL}`);
    }
    return ok({ kind, munitions: [m[0], m[1], m[2]] as Munitions });
  }
  const pickOrSwap = kind as 'pick' | 'swap';
  const slot = a.slot;
  if (typeof slot !== 'string' || !(SLOTS as readonly string[]).includes(slot)) {
    return fail('malformed', `slot: expected one of ${SLOTS.map((x) => `"${x}"`).join(', ')}`);
  }
  if (slot === 'squadrons') {
    if ('card' in a) return fail('malformed', 'card: unknown field for slot "squadrons"');
    const c = a.cards;
    if (!Array.isArray(c) || c.length !== 3) return fail('malformed', 'cards: expected three squadron card ids');
    for (let i = 0; i < 3; i++)
      if (typeof c[i] !== 'string') return fail('malformed', `cards[${i}]: expected a card id`);
    return ok({ kind: pickOrSwap, slot, cards: [c[0], c[1], c[2]] as Triple });
  }
  if ('cards' in a) return fail('malformed', `cards: unknown field for slot "${slot}"`);
  if (typeof a.card !== 'string') return fail('malformed', 'card: expected a card id');
  return ok({ kind: pickOrSwap, slot: slot as SingleSlot, card: a.card });
}

export function applyDraftAction(d: Draft, seat: Seat, input: unknown): Result<Draft, DraftError> {
  const parsed = parseDraftAction(input);
  if (!parsed.ok) return parsed;
  const a = parsed.value;
  if (seat !== 0 && seat !== 1) return fail('malformed', 'seat: expected 0 or 1');

  const turn = draftTurn(d);
  const stageOf: Record<DraftAction['kind'], DraftStage> = {
    pick: 'pick',
    swap: 'swap',
    'no-swap': 'swap',
    munitions: 'munitions',
  };
  if (stageOf[a.kind] !== turn.stage) {
    return fail('wrong-stage', `kind: "${a.kind}" is not allowed in the ${turn.stage} stage`);
  }
  if (!turn.seats.includes(seat)) {
    return turn.stage === 'munitions'
      ? fail('already-placed', 'munitions: already placed')
      : fail('not-your-turn', `seat ${seat}: not your turn`);
  }
  const faction = getFaction(d.factions[seat]);
  const mine = d.loadouts[seat];

  if (a.kind === 'munitions') {
    const r = checkMunitions(munitionRules(faction, mine.squadrons!), a.munitions);
    if (!r.ok) return r;
    const munitions: Draft['munitions'] = [...d.munitions];
    munitions[seat] = r.value;
    return ok(next(d, { munitions }, { seat, action: { kind: 'munitions', munitions: [...r.value] } }));
  }
  if (a.kind === 'no-swap') {
    return ok(next(d, { swaps: withSeat(d.swaps, seat, 'declined') }, { seat, action: { kind: 'no-swap' } }));
  }
  return pickOrSwap(d, seat, faction, a);
}

/** A pick into an empty slot or the swap of a filled one (RULES §5), shape already checked. */
function pickOrSwap(
  d: Draft,
  seat: Seat,
  faction: Faction,
  a: Extract<DraftAction, { kind: 'pick' | 'swap' }>,
): Result<Draft, DraftError> {
  const { kind, slot } = a;
  const current = d.loadouts[seat][slot];
  if (kind === 'pick' && current !== undefined) return fail('slot-filled', `slot: your ${slot} slot is already filled`);
  let action: DraftAction;
  let value: string | Triple;
  if (a.slot !== 'squadrons') {
    const r = checkCard(faction, a.slot, a.card, 'card');
    if (!r.ok) return r;
    if (kind === 'swap' && r.value === current) return fail('same-card', `card: "${r.value}" is already your ${slot}`);
    value = r.value;
    action = { kind, slot: a.slot, card: r.value };
  } else {
    const r = checkSquadrons(faction, a.cards);
    if (!r.ok) return r;
    if (kind === 'swap' && sameMultiset(r.value, current as Triple)) {
      return fail('same-card', 'cards: the same three squadrons; a swap must change the slot');
    }
    value = r.value;
    action = { kind, slot: 'squadrons', cards: [...r.value] };
  }
  const loadouts: Draft['loadouts'] = [{ ...d.loadouts[0] }, { ...d.loadouts[1] }];
  (loadouts[seat] as Record<string, string | Triple>)[slot] = value;
  const patch: Partial<Draft> = { loadouts };
  if (kind === 'swap') patch.swaps = withSeat(d.swaps, seat, 'swapped');
  return ok(next(d, patch, { seat, action }));
}

function withSeat<T>(pair: [T, T], seat: Seat, v: T): [T, T] {
  const out: [T, T] = [...pair];
  out[seat] = v;
  return out;
}

function next(d: Draft, patch: Partial<Draft>, entry: DraftLogEntry): Draft {
  return { ...d, ...patch, log: [...d.log, entry] };
}

/** Both loadouts once the picks and the swap step are over (the munitions stage or later), else null. */
export function draftLoadouts(d: Draft): [Loadout, Loadout] | null {
  const stage = draftTurn(d).stage;
  if (stage !== 'munitions' && stage !== 'done') return null;
  const full = (l: PartialLoadout): Loadout => ({
    main: l.main!,
    broadside: l.broadside!,
    fighterBay: l.fighterBay!,
    pointDefence: l.pointDefence!,
    squadrons: [...l.squadrons!],
  });
  return [full(d.loadouts[0]), full(d.loadouts[1])];
}

/** Both munition placements once the draft is done, else null. */
export function draftMunitions(d: Draft): [Munitions, Munitions] | null {
  const [a, b] = d.munitions;
  return a && b ? [[...a], [...b]] : null;
}
