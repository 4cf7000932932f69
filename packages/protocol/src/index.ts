// @star-eater/protocol — the one typed definition of every message between a Star Eater client and the server.
// Clients send the types of ClientMessages; the server answers with ServerMessages. Payloads are validated on arrival
// with parseClientMessage, which returns a Result naming the offending field instead of throwing.
import * as v from 'valibot';
import type {
  Commitment,
  Decision,
  DraftAction,
  FactionId,
  MatchEvent,
  Munitions,
  Prompt,
  Seat,
  SingleSlot,
  Triple,
} from '@star-eater/engine';
import { clientMessageSchemas, joinOptionsSchema, type PRACTICE_LEVELS } from './schemas.js';
import type { TIMER_PRESET_NAMES } from './presets.js';
import type { Emote } from './emotes.js';

export { clientMessageSchemas, commitmentSchema, decisionSchema, targetSchema, joinOptionsSchema } from './schemas.js';
export { PRACTICE_LEVELS } from './schemas.js';
/** A level a player is offered: easy, medium, hard. */
export type PracticeLevel = (typeof PRACTICE_LEVELS)[number];
export * from './presets.js';
export * from './emotes.js';
export * from './board-state.js';

/** A draft pick or swap: one card for a single slot, three for the squadrons (RULES §5). */
export type DraftPick = { slot: SingleSlot; card: string } | { slot: 'squadrons'; cards: Triple };

/** What a client sends, by message type: the engine's own types. */
export interface ClientMessages {
  faction: { faction: FactionId };
  pick: DraftPick;
  swap: DraftPick | { skip: true };
  munitions: { munitions: Munitions };
  commit: { round: number; commitment: Commitment };
  revise: { round: number };
  decide: { prompt: number; decision: Decision };
  concede: Record<string, never> | undefined;
  rematch: Record<string, never> | undefined;
  animated: { round: number; events: number };
  emote: { emote: Emote };
  'play-computer': { level: PracticeLevel };
  'decline-computer': Record<string, never> | undefined;
}
export type ClientMessageType = keyof typeof clientMessageSchemas;
/** A message as the server receives it once checked: draft messages are the engine's draft actions. */
export type ParsedMessages = { [K in ClientMessageType]: v.InferOutput<(typeof clientMessageSchemas)[K]> };
export const CLIENT_MESSAGE_TYPES = Object.keys(clientMessageSchemas) as ClientMessageType[];

// Compile-time proof that the protocol's messages are the engine's shapes.
type Assert<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type _TypesMatch = Assert<Same<ClientMessageType, keyof ClientMessages>>;
export type _CommitFits = Assert<ParsedMessages['commit']['commitment'] extends Commitment ? true : false>;
export type _DecisionFits = Assert<ParsedMessages['decide']['decision'] extends Decision ? true : false>;
export type _DecisionSent = Assert<
  Decision extends v.InferInput<typeof clientMessageSchemas.decide>['decision'] ? true : false
>;
export type _DraftFits = Assert<ParsedMessages['pick' | 'swap' | 'munitions'] extends DraftAction ? true : false>;

/** Error codes of the `error` message (RULES-level reasons come from the engine's own codes). */
export type ErrorCode =
  | 'bad-type' // no such message type
  | 'bad-payload' // a field has the wrong type, range or is not allowed
  | 'wrong-phase' // the message does not fit the match phase
  | 'not-your-turn' // the other seat acts now
  | 'spectator' // spectators can change nothing
  | 'stale' // the round or prompt it answers is over
  | 'illegal' // the engine refused it (the engine's code is in `detail`)
  | 'rate-limited' // too many messages
  | 'replaced'; // your seat moved to a newer connection with your reconnection token

export interface ErrorMessage {
  code: ErrorCode;
  /** What was wrong, naming the field where there is one. */
  message: string;
  /** The message type that caused it. */
  type: string;
  /** The engine's own error code, for 'illegal'. */
  detail?: string;
}

/** A checked message: one member per type (distributive), so a switch on `type` narrows `value`. */
export type ParseResult<K extends ClientMessageType = ClientMessageType> =
  | (K extends ClientMessageType ? { ok: true; type: K; value: ParsedMessages[K] } : never)
  | { ok: false; error: ErrorMessage };

export function isClientMessageType(type: unknown): type is ClientMessageType {
  return typeof type === 'string' && Object.hasOwn(clientMessageSchemas, type);
}

function describe(top: v.BaseIssue<unknown>): string {
  // A union names no field itself: report the sub-issue that got furthest into the payload.
  let issue = top;
  while (issue.issues?.length)
    issue = issue.issues.reduce((a, b) => ((b.path?.length ?? 0) > (a.path?.length ?? 0) ? b : a));
  const path = issue.path
    ?.map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`))
    .join('')
    .replace(/^\./, '');
  // The engine's parsers name the field inside the value they checked (`cards[0].aim: …`), or the value itself.
  const engine = issue.type === 'raw_transform' && path ? /^([\w.[\]]+): (.*)$/s.exec(issue.message) : null;
  if (engine) {
    const last = issue.path?.at(-1)?.key;
    return engine[1] === last ? `${path}: ${engine[2]}` : `${path}.${engine[1]}: ${engine[2]}`;
  }
  // A strict object's extra key: say so in words (valibot says 'Expected never').
  const message = issue.expected === 'never' ? 'unknown key: not allowed here' : issue.message;
  return path ? `${path}: ${message}` : message;
}

/** Validates one incoming message. The error text names the message type and the bad field. */
export function parseClientMessage(type: unknown, payload: unknown): ParseResult {
  if (!isClientMessageType(type)) {
    const shown = typeof type === 'string' ? `"${type.slice(0, 40)}"` : typeof type;
    return {
      ok: false,
      error: {
        code: 'bad-type',
        type: String(type).slice(0, 40),
        message: `unknown message type ${shown}; expected one of ${CLIENT_MESSAGE_TYPES.join(', ')}`,
      },
    };
  }
  const result = v.safeParse(clientMessageSchemas[type] as v.GenericSchema, payload, { abortPipeEarly: true });
  if (!result.success) {
    return { ok: false, error: { code: 'bad-payload', type, message: `${type}: ${describe(result.issues[0])}` } };
  }
  return { ok: true, type, value: result.output } as ParseResult;
}

// ---------------------------------------------------------------- server → client
export type Role = 'player' | 'spectator';

export interface ServerMessages {
  /** Sent on join: who you are in this room. `invite` only to the creator of a private room. */
  welcome: { role: Role; seat: Seat | null; roomId: string; invite?: string };
  /** Your own sealed commitment, echoed to you alone. */
  commitment: { round: number; commitment: Commitment | null; lockedIn: boolean };
  /**
   * A decision the engine needs from you; answer with `decide` and this id before `deadline`. `deadline` is 0 while
   * the room waits for the clients to finish animating (state `animating`); the synced `deadline` then says when.
   */
  prompt: { id: number; round: number; prompt: Prompt; deadline: number };
  /** The prompt with this id is closed (answered, or the default was taken). */
  'prompt-closed': { id: number; defaulted: boolean };
  /**
   * Your timer ran out and the RULES §7 default was taken for you: the orders of a commitment window, a prompt of
   * this kind, or a step of the faction choice and draft. To that seat alone, just before what the default led to.
   */
  'timed-out': { step: TimedOutStep };
  /** Resolution events of `round`, from index `from` of that round's stream. */
  events: { round: number; from: number; events: MatchEvent[]; done: boolean };
  /**
   * Catch-up for a client that (re)joins (reconnection, reload, a spectator): the events of the current round so far
   * and, once a round has resolved, all the events of the last completed round (`previous`, public since it resolved).
   * The server keeps only that one round; the client appends what it has not shown yet (it knows what it played).
   */
  'round-so-far': { round: number; events: MatchEvent[]; previous?: { round: number; events: MatchEvent[] } };
  /** A seat's quick emote, to both seats and the spectators. */
  emote: { seat: Seat; emote: Emote };
  /** Your own sealed faction choice, echoed to you alone; both are revealed together in the synced state. */
  faction: { faction: FactionId };
  /**
   * A seat locked in (its commit receipt): SHA-256 of its canonical commitment and a secret 128-bit salt
   * (@star-eater/engine commitmentHash), as its 32 bytes (receipts.ts), to both seats and the spectators; null when it
   * withdrew (revise). A client that comes back is sent the hashes of the open window and of the last reveal again.
   */
  receipt: { round: number; seat: Seat; hash: Uint8Array | null };
  /**
   * The reveal: each seat's salt as its 16 bytes (null for a seat that never locked in), sent just before the round's
   * events, whose `cards-revealed` carries the commitments; each is checked against the hash its `receipt` published
   * (receiptMatches).
   */
  'receipts-revealed': { round: number; salts: [Uint8Array | null, Uint8Array | null] };
  /**
   * Quick match: nobody has come for `waitedSeconds`; the waiting player may play the computer instead
   * (`play-computer` with one of `levels`) or keep waiting (`decline-computer`). Never a silent swap.
   */
  'computer-offer': { levels: PracticeLevel[]; waitedSeconds: number };
  /** The match is over; the seed is revealed and the record stored under `recordId`. */
  ended: { winner: Seat | 'draw'; reason: string; seed: string; recordId: string | null };
  /**
   * After `ended`, once the result is stored: what it counted for each seat held by a player with a session (null:
   * a guest or the computer). `rated` false says why (`casualBecause`: unrated-room, computer, guest, same-player,
   * pair-limit — the pair's 3 rated matches in 24 h were played) or the match was `aborted` (before round 1
   * resolved). Ratings are Glicko-2; provisional while the deviation is 110 or more.
   */
  rated: { recordId: string | null; seats: [SeatResult | null, SeatResult | null] };
  error: ErrorMessage;
}
export type ServerMessageType = keyof ServerMessages;

/** One seat's line of the `rated` message. */
export interface SeatResult {
  playerId: string;
  result: 'win' | 'loss' | 'draw' | 'aborted';
  rated: boolean;
  casualBecause: string | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
  provisional: boolean | null;
}

/** What a seat let run out (`timed-out`): its orders, a prompt by kind, or a step of the draft. */
export const TIMED_OUT_STEPS = [
  'orders',
  'direct-fire',
  'point-defence',
  'fighter',
  'faction',
  'pick',
  'swap',
  'munitions',
] as const satisfies readonly (Prompt['kind'] | 'orders' | 'faction' | DraftAction['kind'])[];
export type TimedOutStep = (typeof TIMED_OUT_STEPS)[number];

export { MATCH_GONE, MATCH_GONE_STATUS, SEAT_TAKEN } from './refusals.js';
export { bytesToHex, hexToBytes } from './receipts.js';
export {
  decodeServerMessage,
  isPackedType,
  PACKED_TYPES,
  packMessage,
  packPlain,
  unpackMessage,
  WIRE_TAG,
  type PackedType,
} from './wire.js';

/** Options of `create('match', …)`, `joinOrCreate('match', …)` and `joinById(id, …)`. */
export interface JoinOptions {
  name?: string;
  /** A private practice match against the computer at this level, which takes seat 1 (implies `private`). */
  bot?: PracticeLevel;
  private?: boolean;
  /** Private rooms only (the creator): the match is rated when both players hold a session (quick match always is). */
  rated?: boolean;
  invite?: string;
  spectate?: boolean;
  /** Private rooms only (the creator): a timer preset (default standard), timers in seconds that override it. */
  preset?: (typeof TIMER_PRESET_NAMES)[number];
  /** Private rooms only (the creator): timers in seconds and the Arclight variants. */
  timers?: { draft?: number; commit?: number; prompt?: number };
  variants?: { rangeBands?: boolean; initiativeRoll?: boolean; criticalHits?: boolean };
}

export { NAME_MAX_GRAPHEMES, NAME_MAX_INPUT, sanitizeName } from './names.js';

export function parseJoinOptions(options: unknown): { ok: true; value: JoinOptions } | { ok: false; message: string } {
  const r = v.safeParse(joinOptionsSchema, options ?? {});
  if (!r.success) return { ok: false, message: `join options: ${describe(r.issues[0])}` };
  return { ok: true, value: r.output as JoinOptions };
}
export { NEW_PLAYER, PROVISIONAL_RD, isProvisional } from './ratings.js';
