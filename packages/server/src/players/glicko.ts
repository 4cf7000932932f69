// Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), computed by the glicko2-lite library: this module
// only holds the project's constants and treats each rated match as one rating period for both players, from both
// players' ratings before the match. It knows nothing of rooms or storage.
import rate from 'glicko2-lite';
import { NEW_PLAYER } from '@star-eater/protocol';
export { isProvisional, NEW_PLAYER, PROVISIONAL_RD } from '@star-eater/protocol';

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

/** The system constant τ (constrains the volatility's change over time). */
export const TAU = 0.5;

/** 1 a win, 0 a loss, 0.5 a draw: the score of the first player. */
export type Score = 0 | 0.5 | 1;

/** One rating period against several opponents (Glickman's worked example is one period against three). */
export function ratePeriod(player: Rating, games: ReadonlyArray<{ opponent: Rating; score: Score }>): Rating {
  const r = rate(
    player.rating,
    player.rd,
    player.volatility,
    games.map((g) => [g.opponent.rating, g.opponent.rd, g.score] as [number, number, number]),
    { rating: NEW_PLAYER.rating, tau: TAU },
  );
  return { rating: r.rating, rd: r.rd, volatility: r.vol };
}

/** A rated match between a and b (`score`: a's), each rated from both players' ratings before it. */
export function rateMatch(a: Rating, b: Rating, score: Score): [Rating, Rating] {
  return [ratePeriod(a, [{ opponent: b, score }]), ratePeriod(b, [{ opponent: a, score: (1 - score) as Score }])];
}
