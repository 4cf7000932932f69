// What a finished match counts for in the players' ratings: rated, casual (and why), or aborted; and each
// seated player's row of it. Pure: storage/player-store.ts reads the players' ratings and the pair's recent rated
// matches, calls these, and writes the rows with the record in one transaction.
import type { Seat } from '@star-eater/engine';
import { type Rating, rateMatch, type Score } from './glicko.js';

/** A seat as the match ended: its player (null: a guest without a session, or the computer), name, computer level. */
export interface EndSeat {
  playerId: string | null;
  name: string;
  /** The computer's level ('' for a person). */
  bot: string;
}

export interface MatchEnd {
  /** The match's key (its record's id, from its seed): a result is written once per match. */
  matchId: string;
  /** When it ended, ms since the epoch. */
  endedAt: number;
  seats: [EndSeat, EndSeat];
  winner: Seat | 'draw' | null;
  reason: string | null;
  /** Rounds resolved (RULES §10: the record's rounds; a round a concession cut short does not count). */
  rounds: number;
  /** The room plays for rating: quick match, or a private room its creator made rated. */
  ratedRoom: boolean;
  /** Whether a record is stored with it (none when the match ended before its draft was over). */
  hasRecord: boolean;
}

/** Why a match that could have counted is casual. */
export type CasualBecause = 'unrated-room' | 'computer' | 'guest' | 'same-player' | 'pair-limit';

export type Verdict = { kind: 'aborted' } | { kind: 'casual'; because: CasualBecause } | { kind: 'rated' };

/** At most this many rated matches between the same two players count per PAIR_WINDOW_MS; later ones are casual. */
export const PAIR_LIMIT = 3;
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Before the pair's count is known: a match that ended before its first round resolved is aborted; a rated room
 * between two different players who both hold a session is rated; anything else is casual, saying why.
 */
export function verdictOf(end: MatchEnd): Verdict {
  if (end.rounds === 0) return { kind: 'aborted' };
  const [a, b] = end.seats;
  if (a.bot || b.bot) return { kind: 'casual', because: 'computer' };
  if (!a.playerId || !b.playerId) return { kind: 'casual', because: 'guest' };
  if (a.playerId === b.playerId) return { kind: 'casual', because: 'same-player' };
  if (!end.ratedRoom) return { kind: 'casual', because: 'unrated-room' };
  return { kind: 'rated' };
}

/** The pair's rated matches in the last PAIR_WINDOW_MS (before this one) turn a rated verdict casual at the limit. */
export function withPairLimit(v: Verdict, ratedByPairLately: number): Verdict {
  return v.kind === 'rated' && ratedByPairLately >= PAIR_LIMIT ? { kind: 'casual', because: 'pair-limit' } : v;
}

/** One seated player's row of a match (storage: player_games). */
export interface GameRow {
  matchId: string;
  seat: Seat;
  playerId: string;
  opponentId: string | null;
  opponentName: string;
  opponentBot: string | null;
  result: 'win' | 'loss' | 'draw' | 'aborted';
  reason: string | null;
  rated: boolean;
  casualBecause: CasualBecause | null;
  ratingBefore: number | null;
  after: Rating | null;
  rounds: number;
  hasRecord: boolean;
  endedAt: number;
}

/** The score of seat 0 (RULES §4.6: a win 1, a draw ½); null when nobody won (no result to rate). */
function scoreOfSeat0(winner: MatchEnd['winner']): Score | null {
  if (winner === 'draw') return 0.5;
  if (winner === 0) return 1;
  if (winner === 1) return 0;
  return null;
}

/**
 * The rows of a match: one per seat a player holds. `ratings`: the seats' players' ratings before it (needed when
 * the verdict is rated: both move by one Glicko-2 period from both pre-match ratings).
 */
export function gameRows(end: MatchEnd, verdict: Verdict, ratings: [Rating | null, Rating | null]): GameRow[] {
  const score = scoreOfSeat0(end.winner);
  const rated = verdict.kind === 'rated' && score !== null && ratings[0] !== null && ratings[1] !== null;
  const after = rated ? rateMatch(ratings[0]!, ratings[1]!, score!) : null;
  const rows: GameRow[] = [];
  for (const seat of [0, 1] as const) {
    const me = end.seats[seat];
    const them = end.seats[(1 - seat) as Seat];
    if (!me.playerId) continue;
    rows.push({
      matchId: end.matchId,
      seat,
      playerId: me.playerId,
      opponentId: them.playerId,
      opponentName: them.name,
      opponentBot: them.bot || null,
      result: resultOf(end.winner, seat, verdict),
      reason: end.reason,
      rated,
      casualBecause: verdict.kind === 'casual' ? verdict.because : null,
      ratingBefore: rated ? ratings[seat]!.rating : null,
      after: after ? after[seat] : null,
      rounds: end.rounds,
      hasRecord: end.hasRecord,
      endedAt: end.endedAt,
    });
  }
  return rows;
}

function resultOf(winner: MatchEnd['winner'], seat: Seat, verdict: Verdict): GameRow['result'] {
  if (verdict.kind === 'aborted' || winner === null) return 'aborted';
  if (winner === 'draw') return 'draw';
  return winner === seat ? 'win' : 'loss';
}
