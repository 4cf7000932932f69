// @star-eater/bots — computer opponents on the engine's public surface. Pure and synchronous: no I/O,
// no timers, no server code; requests and answers are plain structured-clonable data, so a server can run them in
// worker threads.
//
// What a bot sees: the public state and its own hand. Every prompt of a round comes after the action phase's reveal
// (RULES §4.3: `cards-revealed` opens the action phase; point defence, fighter activations and direct-fire targets
// all come later; the momentum phase asks nothing), so a `decide` request carries both commitments, already public.
// A `commit` request carries only the state at the commitment window. The match's generator (`state.rng`) is never
// read: a bot searches with its own, seeded from `options.seed` and the request's public content, so the same seed
// and budget give the same answer, and poisoning the hidden fields changes nothing.
import { BOT_LEVELS, type BotAnswer, type BotLevel, type BotOptions, type BotRequest } from './request.js';
import { botRng } from './blind.js';
import { easyAnswer, searchAnswer } from './levels.js';
import { randomAnswer } from './random.js';
import { rankCommitments, type RankedCommitment } from './search.js';

export type { BotAnswer, BotLevel, BotOptions, BotRequest } from './request.js';
export { BOT_LEVELS } from './request.js';
export { calibratedRating, onRatingScale, RANDOM_ANCHOR } from './calibration.js';
export type { RankedCommitment } from './search.js';

// easy: more playouts than any position has card sets (144 + 10 engine settings seen in 1,575 random ones), so it
// tries every one; medium and hard: see search.ts' shapeFor.
const BUDGETS: Record<BotLevel, number> = { random: 0, easy: 200, medium: 100, hard: 600 };

/** The default search effort of a level (playouts; 0 for `random`). */
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
      return easyAnswer(request, budget, rng);
    case 'medium':
      return searchAnswer(request, budget, rng, false);
    case 'hard':
      return searchAnswer(request, budget, rng, true);
  }
}

/**
 * The hard level's view of a commitment window, for a player reviewing it: its shortlist ranked by the value it
 * expects against the opponent's equilibrium mix. The first is what `botAnswer('hard', request, options)` plays: the
 * same generator, drawn from the same seed and public content.
 */
export function suggestCommitments(
  request: Extract<BotRequest, { kind: 'commit' }>,
  options: BotOptions,
): RankedCommitment[] {
  const budget = options.budget ?? defaultBudget('hard');
  return rankCommitments(request.state, request.seat, budget, botRng(options.seed, `hard/${budget}`, request));
}
