// The bots' request and answer types, apart from index.ts so the levels can name them without an import cycle.
import type { Commitment, Decision, Draft, DraftAction, FactionId, MatchState, Prompt, Seat } from '@star-eater/engine';
import type { PracticeLevel } from '@star-eater/protocol';

/**
 * The bots' levels: the ones a player is offered, named by @star-eater/protocol (PRACTICE_LEVELS), and `random`, for
 * the arena and the tests. A level offered that no bot plays fails to compile where the server seats the computer.
 */
export const BOT_LEVELS = ['random', 'easy', 'medium', 'hard'] as const satisfies readonly ('random' | PracticeLevel)[];
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface BotOptions {
  seed: string;
  /** Search effort, deterministic (iterations / playouts, never milliseconds); default `defaultBudget(level)`. */
  budget?: number;
}

export type BotRequest =
  | { kind: 'faction'; seat: Seat }
  /** The engine's draft: picks are public. */
  | { kind: 'draft'; seat: Seat; draft: Draft }
  /** The public state at the commitment window. */
  | { kind: 'commit'; seat: Seat; state: MatchState }
  /**
   * A prompt of the round being resolved; both commitments were revealed before any prompt (RULES §4.3). `state` is
   * the position at the prompt (the awaiting progress' state). To look past the prompt, a bot re-runs the round from
   * `start` (the state before the round) with the `decisions` given so far and the dice already rolled (`rolls`, the
   * awaiting progress' `rolls`: public, every one is in the events), then dice of its own.
   */
  | {
      kind: 'decide';
      seat: Seat;
      state: MatchState;
      prompt: Prompt;
      commitments: [Commitment, Commitment];
      start: MatchState;
      decisions: Decision[];
      rolls: number[];
    };

export type BotAnswer =
  | { kind: 'faction'; faction: FactionId }
  | { kind: 'draft'; action: DraftAction }
  | { kind: 'commit'; commitment: Commitment }
  | { kind: 'decide'; decision: Decision };
