// Playing a round forward inside a search: the bot's own dice (never the match's), quick answers to every prompt,
// and the evaluation of where it ends.
import { resolveRoundWith, type Commitment, type MatchState, type Rng, type Seat } from '@star-eater/engine';
import { blindState } from './blind.js';
import { evaluate } from './evaluate.js';
import { quickDecision } from './policy.js';

/** The value for `seat` of one round played from `s` with these commitments, on dice drawn from `rng`. */
export function playout(s: MatchState, seat: Seat, commitments: readonly [Commitment, Commitment], rng: Rng): number {
  const p = resolveRoundWith(blindState(s, rng), commitments, (prompt, _i, now) => quickDecision(now, prompt));
  if (p.status !== 'done') throw new Error(`bot playout: the round ended ${p.status}`);
  return evaluate(p.state, seat);
}

export const NONE: Commitment = { engine: 'NONE', cards: [] };

/** Both seats' commitments in seat order, `mine` for `seat`. */
export const pair = (seat: Seat, mine: Commitment, theirs: Commitment): [Commitment, Commitment] =>
  seat === 0 ? [mine, theirs] : [theirs, mine];
