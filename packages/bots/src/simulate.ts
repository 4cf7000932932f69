// Playing a round forward inside a search: the bot's own dice (never the match's), quick answers to every prompt,
// and the evaluation of where it ends.
import {
  cardAvailability,
  resolveRoundWith,
  type Commitment,
  type MatchState,
  type Rng,
  type Seat,
} from '@star-eater/engine';
import { ownDice } from './blind.js';
import { evaluate } from './evaluate.js';
import { quickDecision } from './policy.js';

/** Dice for playouts: the generator state a playout starts from (see `diceFrom`). */
export type Dice = MatchState['rng'];

/** A fresh set of dice from the bot's generator. */
export const diceFrom = (rng: Rng): Dice => ownDice(rng);

/**
 * The value for `seat` of one round played from `s` with these commitments, on the given dice. Comparing candidates
 * on the same dice (common random numbers) leaves the difference to the choices, not to luck.
 */
export function playout(
  s: MatchState,
  seat: Seat,
  commitments: readonly [Commitment, Commitment],
  dice: Dice,
  depth = 1,
): number {
  let state: MatchState = { ...s, rng: [...dice] };
  let round = commitments;
  for (let d = 0; d < depth && state.winner === null; d++) {
    const p = resolveRoundWith(state, round, (prompt, _i, now) => quickDecision(now, prompt));
    if (p.status !== 'done') throw new Error(`bot playout: the round ended ${p.status}`);
    state = p.state;
    round = [follow(state, 0, commitments[0]), follow(state, 1, commitments[1])];
  }
  return evaluate(state, seat);
}

/**
 * The next round of a deeper playout: no thrust (momentum carries on), and the same cards again where they can
 * still act: what the position after the first round leads to if both keep doing what they did.
 */
function follow(s: MatchState, seat: Seat, c: Commitment): Commitment {
  const usable = new Set(
    cardAvailability(s, seat)
      .filter((a) => a.usable && !a.requires)
      .map((a) => a.card),
  );
  return { engine: 'NONE', cards: c.cards.filter((p) => usable.has(p.card)) };
}

export const NONE: Commitment = { engine: 'NONE', cards: [] };

/** Both seats' commitments in seat order, `mine` for `seat`. */
export const pair = (seat: Seat, mine: Commitment, theirs: Commitment): [Commitment, Commitment] =>
  seat === 0 ? [mine, theirs] : [theirs, mine];
