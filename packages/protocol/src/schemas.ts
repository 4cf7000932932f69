// The payload of every client → server message. The engine is the one source of the game's values and shapes: the
// lists (factions, sections, components, turret settings, directions) are its exports, and a commitment or a draft
// action is checked by the engine's own parsers (parseCommitment, parseDraftAction), whose messages name the field.
// The protocol adds the envelope: which fields a message has, the round or prompt it answers. Whether a move is legal
// in the current match is the engine's business too (validateCommitment, applyDraftAction, resolveRound).
import * as v from 'valibot';
import {
  err,
  FACTION_IDS,
  hexes,
  parseCommitment,
  parseDraftAction,
  SECTIONS,
  TURRET_SETTINGS,
  VARIANT_NAMES,
  type DraftAction,
  type Result,
  type Seat,
} from '@star-eater/engine';
import { EMOTES } from './emotes.js';
import { TIMER_PRESET_NAMES } from './presets.js';
import { NAME_MAX_INPUT, sanitizeName } from './names.js';

/**
 * A value the engine checks: its parser's Result becomes a valibot outcome, its message (which names the field inside
 * the value, `cards[0].aim: …`) kept for the error that names the message's field.
 */
export function engineChecked<T>(parse: (input: unknown) => Result<T, { message: string }>) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, T>(({ dataset, addIssue, NEVER }) => {
      const r = parse(dataset.value);
      if (r.ok) return r.value;
      addIssue({ message: r.error.message });
      return NEVER;
    }),
  );
}

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const squadronIndex = int(0, 2);
/** Axial coordinates; boards are scenario data, so only a generous sanity bound here. */
const hex = v.strictObject({ q: int(-64, 64), r: int(-64, 64) });
const seat = v.picklist([0, 1] as Seat[]);

// ---------------------------------------------------------------- commitment (RULES §4.1): the engine's parser
export const commitmentSchema = engineChecked(parseCommitment);

// ---------------------------------------------------------------- decisions (RULES §4.3–4.5)
export const targetSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('section'), seat, section: v.picklist(SECTIONS) }),
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
    turret: v.optional(v.picklist(TURRET_SETTINGS)),
  }),
]);
const path = v.pipe(v.array(hex), v.maxLength(12));

export const fighterAnswerSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('pass') }),
  v.strictObject({ kind: v.literal('activate'), squadron: squadronIndex, path, end: squadronEnd }),
  v.strictObject({
    kind: v.literal('launch'),
    squadron: squadronIndex,
    at: hex,
    facing: v.picklist(hexes.DIRS),
    path,
    end: squadronEnd,
  }),
]);

export const decisionSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('direct-fire'), target: targetSchema }),
  v.strictObject({ kind: v.literal('point-defence'), target: targetSchema }),
  v.strictObject({ kind: v.literal('fighter'), answer: fighterAnswerSchema }),
]);

// ---------------------------------------------------------------- draft (RULES §5): the engine's parser
/** A draft message as the engine's draft action of that kind (`{ skip: true }` is the swap step declined). */
const draftAction = (kind: 'pick' | 'swap' | 'munitions') =>
  engineChecked<DraftAction>((input) => {
    const obj = typeof input === 'object' && input !== null && !Array.isArray(input);
    if (kind === 'swap' && obj && 'skip' in input) {
      const only = Object.keys(input).length === 1 && (input as { skip: unknown }).skip === true;
      return only ? parseDraftAction({ kind: 'no-swap' }) : err({ message: 'skip: expected exactly { "skip": true }' });
    }
    if (obj && 'kind' in input) return err({ message: 'kind: unknown field (the message type says it)' });
    return parseDraftAction(obj ? { ...input, kind } : input);
  });

/** An object schema that also refuses an array (valibot's object schemas take `[]` for `{}`). */
export const notArray = <T extends v.GenericSchema>(schema: T) =>
  v.pipe(
    v.custom<unknown>((x) => !Array.isArray(x), 'Invalid type: Expected Object but received Array'),
    schema,
  );

/** `concede` and `rematch` carry nothing: no payload, or `{}` (anything else is refused). */
const empty = v.optional(notArray(v.strictObject({})));

/**
 * The computer opponents a player is offered, by name: the lobby's practice match and quick match's offer. The one
 * list of them: @star-eater/bots checks its own levels against it, and the wire accepts no other.
 */
export const PRACTICE_LEVELS = ['easy', 'medium', 'hard'] as const;

// ---------------------------------------------------------------- every client message, by type
export const clientMessageSchemas = {
  /** Faction choice before the draft. */
  faction: v.strictObject({ faction: v.picklist(FACTION_IDS) }),
  /** A draft pick for an empty slot. */
  pick: draftAction('pick'),
  /** The swap step: swap one slot for another card of that slot, or skip. */
  swap: draftAction('swap'),
  /** Munition placement on the three squadrons (within capacity and the total: the engine checks in the match). */
  munitions: draftAction('munitions'),
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
  concede: empty,
  rematch: empty,
  /** Quick match, after the `computer-offer`: play the computer at this level instead of waiting. */
  'play-computer': v.strictObject({ level: v.picklist(PRACTICE_LEVELS) }),
  /** Quick match: keep waiting for a player (the offer is not made again in this room). */
  'decline-computer': empty,
} as const;

// ---------------------------------------------------------------- join options
const seconds = v.optional(v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)));
/** Strict: a key not listed is refused by name, as is a value of the wrong type. */
export const joinOptionsSchema = notArray(
  v.strictObject({
    /** Cleaned (names.ts); a name with nothing showable left, only spaces or invisible characters, is refused. */
    name: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(NAME_MAX_INPUT),
        v.transform(sanitizeName),
        v.nonEmpty(
          'nothing showable is left once spaces, controls and invisible characters (zero-width, bidi) are removed; leave it out for the default',
        ),
      ),
    ),
    /** A computer opponent of a level the lobby offers. */
    bot: v.optional(v.picklist(PRACTICE_LEVELS)),
    private: v.optional(v.boolean()),
    /** A private room's creator: the match counts for rating when both players hold a session. */
    rated: v.optional(v.boolean()),
    invite: v.optional(v.pipe(v.string(), v.maxLength(64))),
    spectate: v.optional(v.boolean()),
    preset: v.optional(v.picklist(TIMER_PRESET_NAMES)),
    timers: v.optional(v.strictObject({ draft: seconds, commit: seconds, prompt: seconds })),
    /** The Arclight variants (RULES §9), by the engine's names. */
    variants: v.optional(
      v.strictObject(Object.fromEntries(VARIANT_NAMES.map((n) => [n, v.optional(v.boolean())])) as VariantEntries),
    ),
  }),
);
type VariantEntries = Record<(typeof VARIANT_NAMES)[number], v.OptionalSchema<v.BooleanSchema<undefined>, undefined>>;
