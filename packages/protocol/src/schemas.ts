// Valibot schemas of every client → server message payload. Shapes only (type, range, allowed fields): whether a
// move is legal in the current match is the engine's business (validateCommitment, resolveRound, applyDraftAction).
import * as v from 'valibot';
import { EMOTES } from './emotes.js';

const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export const ENGINE_VALUES = [...DIRS, 'DOUBLE', 'CW', 'CCW', 'NONE'] as const;
export const FACTIONS = ['fpa', 'lamais'] as const;
export const SECTION_NAMES = ['bow', 'core', 'port', 'starboard'] as const;
export const COMPONENT_NAMES = ['main', 'broadside', 'fighterBay', 'pointDefence'] as const;
export const SINGLE_SLOTS = ['main', 'broadside', 'fighterBay', 'pointDefence'] as const;
export const TURRETS = ['front', 'left', 'right', 'rear'] as const;

/** A card id of the content files: short, lower-case words joined by dashes. */
const cardId = v.pipe(v.string(), v.minLength(1), v.maxLength(64), v.regex(/^[a-z0-9-]+$/, 'must be a card id'));
const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const squadronIndex = int(0, 2);
/** Axial coordinates; boards are scenario data, so only a generous sanity bound here. */
const hex = v.strictObject({ q: int(-64, 64), r: int(-64, 64) });
const dir = v.picklist(DIRS);

// ---------------------------------------------------------------- commitment (RULES §4.1)
export const cardPlaySchema = v.variant('card', [
  v.strictObject({ card: v.literal('fire-main'), turret: v.optional(v.picklist(TURRETS)) }),
  v.strictObject({ card: v.literal('port-broadside'), aim: v.optional(v.picklist(['fore', 'aft'])) }),
  v.strictObject({ card: v.literal('starboard-broadside'), aim: v.optional(v.picklist(['fore', 'aft'])) }),
  v.strictObject({ card: v.literal('launch-squadron') }),
  v.strictObject({ card: v.literal('defence-stations') }),
  v.strictObject({ card: v.literal('vent-coolant'), component: v.picklist(COMPONENT_NAMES) }),
  v.strictObject({
    card: v.literal('squadron-maintenance'),
    munitions: v.optional(v.pipe(v.array(squadronIndex), v.maxLength(2))),
    repair: v.optional(squadronIndex),
  }),
  v.strictObject({
    card: v.literal('special-ability'),
    section: v.optional(v.picklist(SECTION_NAMES)),
    component: v.optional(v.picklist(COMPONENT_NAMES)),
  }),
]);

export const commitmentSchema = v.strictObject({
  engine: v.picklist(ENGINE_VALUES),
  cards: v.pipe(
    v.array(cardPlaySchema),
    v.maxLength(2, 'at most two commitment cards'),
    v.check((cards) => new Set(cards.map((c) => c.card)).size === cards.length, 'the cards must be distinct'),
  ),
});

// ---------------------------------------------------------------- decisions (RULES §4.3–4.5)
export const targetSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('section'), seat: v.picklist([0, 1]), section: v.picklist(SECTION_NAMES) }),
  v.strictObject({ kind: v.literal('squadron'), id: v.pipe(v.string(), v.maxLength(32)) }),
  v.strictObject({ kind: v.literal('torpedo'), id: v.pipe(v.string(), v.maxLength(32)) }),
  v.strictObject({ kind: v.literal('hex'), at: hex }),
]);

const squadronEnd = v.variant('kind', [
  v.strictObject({ kind: v.literal('none') }),
  v.strictObject({ kind: v.literal('recall') }),
  v.strictObject({
    kind: v.literal('action'),
    target: v.optional(targetSchema),
    turret: v.optional(v.picklist(TURRETS)),
  }),
]);
const path = v.pipe(v.array(hex), v.maxLength(12));

export const fighterAnswerSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('pass') }),
  v.strictObject({ kind: v.literal('activate'), squadron: squadronIndex, path, end: squadronEnd }),
  v.strictObject({ kind: v.literal('launch'), squadron: squadronIndex, at: hex, facing: dir, path, end: squadronEnd }),
]);

export const decisionSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('direct-fire'), target: targetSchema }),
  v.strictObject({ kind: v.literal('point-defence'), target: targetSchema }),
  v.strictObject({ kind: v.literal('fighter'), answer: fighterAnswerSchema }),
]);

// ---------------------------------------------------------------- draft (RULES §5)
const pickSchema = v.variant('slot', [
  v.strictObject({ slot: v.picklist(SINGLE_SLOTS), card: cardId }),
  v.strictObject({ slot: v.literal('squadrons'), cards: v.tuple([cardId, cardId, cardId]) }),
]);

// ---------------------------------------------------------------- every client message, by type
export const clientMessageSchemas = {
  /** Faction choice before the draft. */
  faction: v.strictObject({ faction: v.picklist(FACTIONS) }),
  /** A draft pick for an empty slot. */
  pick: pickSchema,
  /** The swap step: swap one slot for another card of that slot, or skip. */
  swap: v.union([pickSchema, v.strictObject({ skip: v.literal(true) })]),
  /** Munition placement on the three squadrons (4 in all, within capacity: the engine checks). */
  munitions: v.strictObject({ munitions: v.tuple([int(0, 4), int(0, 4), int(0, 4)]) }),
  /** Lock in a sealed commitment for `round` (replaces an earlier one while the window is open). */
  commit: v.strictObject({ round: int(1, 100000), commitment: commitmentSchema }),
  /** Withdraw the lock to think again (allowed until both are locked). */
  revise: v.strictObject({ round: int(1, 100000) }),
  /** The answer to the prompt with this id. */
  decide: v.strictObject({ prompt: int(0, 1e9), decision: decisionSchema }),
  /**
   * The client has finished animating `round`'s first `events` events: the room starts the next timer once every
   * connected seat has (or after a cap), so a prompt or a commitment window never counts down under an animation.
   */
  animated: v.strictObject({ round: int(1, 100000), events: int(0, 100000) }),
  /** A quick emote from the fixed set (never free text); the room limits how often. */
  emote: v.strictObject({ emote: v.picklist(EMOTES) }),
  concede: v.optional(v.strictObject({})),
  rematch: v.optional(v.strictObject({})),
} as const;
