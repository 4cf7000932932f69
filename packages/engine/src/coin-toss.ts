// Who starts a match with initiative (RULES §5 "a server coin toss", §7 rematch "initiative to the previous loser"),
// decided by the engine from the match's seed, so the revealed seed proves it like every die (RULES §7 fair dice).
// The toss has its own stream of the seeded generator (seeded from "coin-toss:" + seed): the match's dice stream
// (createMatch's rng) stays exactly as it was, and records stored before the toss came from the engine still replay.
import { nextInt, seedRng } from './rng.js';
import type { Seat } from './types.js';

/** How the record's `initiative` was decided: the coin toss (a first match, or a rematch after a draw), or the loser. */
export type InitiativeFrom = 'coin-toss' | 'previous-loser';

/** RULES §5: the coin toss of the match with this seed. */
export const coinToss = (seed: string): Seat => nextInt(seedRng(`coin-toss:${seed}`), 2) as Seat;

/**
 * The initiative of a new match with this seed: after a match with a winner, the previous loser (RULES §7); a first
 * match, or a rematch after a draw, tosses the coin.
 */
export function matchInitiative(
  seed: string,
  previousWinner: Seat | 'draw' | null = null,
): { initiative: Seat; from: InitiativeFrom } {
  if (previousWinner === 0 || previousWinner === 1)
    return { initiative: previousWinner === 0 ? 1 : 0, from: 'previous-loser' };
  return { initiative: coinToss(seed), from: 'coin-toss' };
}
