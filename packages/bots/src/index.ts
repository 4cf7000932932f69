// @star-eater/bots — computer opponents on the engine's public surface (issue 10). Pure and synchronous: no I/O,
// no timers, no server code; requests and answers are plain structured-clonable data, so a server can run them in
// worker threads.
//
// What a bot sees: the public state and its own hand. Every prompt of a round comes after the action phase's reveal
// (RULES §4.3: `cards-revealed` opens the action phase; point defence, fighter activations and direct-fire targets
// all come later; the momentum phase asks nothing), so a `decide` request carries both commitments, already public.
// A `commit` request carries only the state at the commitment window. The match's generator (`state.rng`) is never
// read: a bot searches with its own, seeded from `options.seed` and the request's public content, so the same seed
// and budget give the same answer, and poisoning the hidden fields changes nothing.
import type { Commitment, Decision, Draft, DraftAction, FactionId, MatchState, Prompt, Seat } from '@star-eater/engine';
import { botRng } from './blind.js';
import { easyAnswer, searchAnswer } from './levels.js';
import { randomAnswer } from './random.js';

export type BotLevel = 'random' | 'easy' | 'medium' | 'hard';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'easy', 'medium', 'hard'];

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

const BUDGETS: Record<BotLevel, number> = { random: 0, easy: 1, medium: 100, hard: 600 };

/** The default search effort of a level (iterations; 0 for `random`). */
export function defaultBudget(level: BotLevel): number {
  return BUDGETS[level];
}

export const isBotLevel = (x: unknown): x is BotLevel => BOT_LEVELS.includes(x as BotLevel);

/** The bot's answer to a request: synchronous and deterministic in (level, request's public content, seed, budget). */
export function botAnswer(level: BotLevel, request: BotRequest, options: BotOptions): BotAnswer {
  if (!isBotLevel(level)) throw new Error(`bot: unknown level ${String(level)}`);
  const budget = options.budget ?? defaultBudget(level);
  const rng = botRng(options.seed, `${level}/${budget}`, request);
  switch (level) {
    case 'random':
      return randomAnswer(request, rng);
    case 'easy':
      return easyAnswer(request, rng);
    default:
      return searchAnswer(request, budget, rng);
  }
}
