// What a match needs from its room (state, clock, timers, sending, storage), and the shape of a refused action.
import type { Logger } from 'pino';
import type { ErrorMessage, PackedType, ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import type { MatchEnd } from '../players/result.js';
import type { ResultWritten, SavedRecord } from '../storage/player-store.js';
import type { MatchRoomState } from '../output/state.js';

export type Outcome = { ok: true } | { ok: false; error: Omit<ErrorMessage, 'type'> };
export const OK: Outcome = { ok: true };
export const fail = (code: ErrorMessage['code'], message: string, detail?: string): Outcome => ({
  ok: false,
  error: detail ? { code, message, detail } : { code, message },
});

export interface Timer {
  clear(): void;
}

export interface MatchHost {
  state: MatchRoomState;
  log: Logger;
  /** Room clock, ms. */
  now(): number;
  setTimeout(fn: () => void, ms: number): Timer;
  sendToSeat<K extends keyof ServerMessages>(seat: Seat, type: K, msg: ServerMessages[K]): void;
  broadcast<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void;
  /** `broadcast` of a message the match packed itself (packMessage), to keep the same bytes (kept.ts). */
  broadcastPacked(type: PackedType, body: Uint8Array): void;
  /** The longest a timer waits for the clients' animations, ms (animation-wait.ts); 0: no wait. */
  animationCapMs: number;
  /** The match's result and its record (none before the draft was over), in one write keyed on the match. */
  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten | null>;
  onPhaseChange(): void;
}

/** The phase machine as its parts see it: enter a phase with a timer (RULES §7 timers). */
export interface Phases {
  readonly phase: string;
  /** A round ended with a winner: the match is over. */
  won(): void;
  /** `after`: the round's events the timer waits for the clients to have animated (animation-wait.ts). */
  enter(phase: string, turn: number, step: string, seconds: number, after?: { round: number; events: number }): void;
  seconds(kind: 'draft' | 'commit' | 'prompt'): number;
}

/** A message a client gets on (re)joining, as [type, payload]. */
export type CatchUp = { [K in keyof ServerMessages]: [K, ServerMessages[K]] }[keyof ServerMessages];

export const SEATS = [0, 1] as const;
export const other = (s: Seat): Seat => (s === 0 ? 1 : 0);
