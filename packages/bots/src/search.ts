// Choosing a commitment by search (the medium and hard levels). A round is a simultaneous sealed move, so the search
// builds the stage game: a short list of its own plausible commitments and the opponent's (screened by one playout
// each against a passive opponent), a payoff matrix estimated by playouts of the round (own dice, quick answers to
// prompts) and the evaluation, solved for its equilibrium by regret matching; it plays the best reply to the
// opponent's equilibrium mix. `budget` counts playouts, so the same seed and budget give the same choice.
import { ENGINE_SETTINGS, type Commitment, type MatchState, type Rng, type Seat } from '@star-eater/engine';
import { sampleOf, usefulCardSets } from './candidates.js';
import { solveZeroSum } from './matrix.js';
import { type Dice, diceFrom, NONE, pair, playout } from './simulate.js';

const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/**
 * The `keep` best of `list` by one playout each against a passive opponent (ties keep the engine's order); a list
 * longer than `limit` is first cut to a random `limit` of it (the first entry always stays).
 */
function screen(s: MatchState, seat: Seat, list: Commitment[], keep: number, rng: Rng, limit = Infinity): Commitment[] {
  const pool = sampleOf(list, limit, rng);
  const dice = diceFrom(rng);
  const scored = pool.map((c, i) => ({ c, i, v: playout(s, seat, pair(seat, c, NONE), dice) }));
  scored.sort((a, b) => b.v - a.v || a.i - b.i);
  return scored.slice(0, keep).map((x) => x.c);
}

/** Plausible commitments of a seat: the best card sets (moving as now), then every engine setting with them. */
export function shortlist(s: MatchState, seat: Seat, shape: SearchShape, sets: number, keep: number, rng: Rng) {
  const cardSets = usefulCardSets(s, seat).map((cards) => ({ engine: 'NONE' as const, cards }));
  const best = screen(s, seat, cardSets, sets, rng, shape.limit);
  const full = ENGINE_SETTINGS.flatMap((engine) => best.map((c) => ({ engine, cards: c.cards })));
  return screen(s, seat, full, keep, rng, shape.limit);
}

export interface SearchShape {
  /** Card sets kept per seat, commitments kept for the searching seat and for the opponent. */
  sets: number;
  mine: number;
  theirs: number;
  /** Playouts per cell of the matrix. */
  samples: number;
  /** At most this many commitments are screened in each list (small budgets). */
  limit: number;
  /** Rounds each matrix playout looks ahead (the later ones with `follow`'s continuation). */
  depth: number;
}

/** The shape of the search a budget (in playouts) pays for. */
export function shapeFor(budget: number): SearchShape {
  if (budget < 60)
    return { sets: 2, mine: 2, theirs: 2, samples: 1, limit: Math.max(2, Math.floor(budget / 4)), depth: 1 };
  if (budget <= 120) return { sets: 3, mine: 6, theirs: 3, samples: 1, limit: Infinity, depth: 2 };
  if (budget <= 400) return { sets: 4, mine: 8, theirs: 5, samples: 2, limit: Infinity, depth: 1 };
  const samples = Math.max(1, Math.floor((budget - 300) / 140));
  return { sets: 4, mine: 10, theirs: 7, samples, limit: Infinity, depth: 2 };
}

/** A commitment with its expected value against the opponent's equilibrium mix (the evaluation's units). */
export interface RankedCommitment {
  commitment: Commitment;
  value: number;
}

/** The searching seat's shortlist, best first (ties keep the shortlist's order), valued by the stage game's solution. */
export function rankCommitments(s: MatchState, seat: Seat, budget: number, rng: Rng): RankedCommitment[] {
  const shape = shapeFor(budget);
  const mine = shortlist(s, seat, shape, shape.sets, shape.mine, rng);
  const theirs = shortlist(s, other(seat), shape, Math.max(2, shape.sets - 1), shape.theirs, rng);
  const dice: Dice[] = Array.from({ length: shape.samples }, () => diceFrom(rng));
  const m = mine.map((c) =>
    theirs.map((o) => {
      let v = 0;
      for (const d of dice) v += playout(s, seat, pair(seat, c, o), d, shape.depth);
      return v / shape.samples;
    }),
  );
  const { col } = solveZeroSum(m);
  const ranked = m.map((row, i) => ({ commitment: mine[i]!, value: row.reduce((a, x, j) => a + x * col[j]!, 0) }));
  return ranked.sort((a, b) => b.value - a.value); // a stable sort: the first of equal values stays first
}

export function searchCommitment(s: MatchState, seat: Seat, budget: number, rng: Rng): Commitment {
  return rankCommitments(s, seat, budget, rng)[0]?.commitment ?? NONE;
}
