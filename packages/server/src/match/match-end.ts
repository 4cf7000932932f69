// A finished match as the players' results see it (players/result.ts): its key, its seats' players, the winner and
// how many rounds resolved. The key is the record's id, from the seed, so a match rebuilt from its log after a crash
// (restore.ts) writes its result under the same key as the first try: once.
import { createHash } from 'node:crypto';
import type { Seat } from '@star-eater/engine';
import type { ServerMessages } from '@star-eater/protocol';
import { isProvisional } from '../players/glicko.js';
import type { MatchEnd } from '../players/result.js';
import type { ResultWritten } from '../storage/player-store.js';
import type { MatchRoomState } from '../output/state.js';

/** The match's key and its record's id. */
export const matchIdOf = (seed: string): string =>
  createHash('sha256').update(`${seed}:record`).digest().subarray(0, 9).toString('base64url');

export function matchEndOf(
  st: MatchRoomState,
  m: { seed: string; endedAt: number; rounds: number; hasRecord: boolean },
): MatchEnd {
  const seat = (i: Seat) => {
    const s = st.seats[i]!;
    return { playerId: s.playerId || null, name: s.name, bot: s.bot };
  };
  const w = st.winner;
  return {
    matchId: matchIdOf(m.seed),
    endedAt: m.endedAt,
    seats: [seat(0), seat(1)],
    winner: w === 2 ? 'draw' : w === 0 || w === 1 ? w : null,
    reason: st.endReason || null,
    rounds: m.rounds,
    ratedRoom: st.settings.rated,
    hasRecord: m.hasRecord,
  };
}

/** The `rated` message of a stored result: each seat's line (null for a guest or the computer). */
export function ratedMessage(end: MatchEnd, written: ResultWritten): ServerMessages['rated'] {
  const line = (seat: Seat) => {
    const row = written.rows.find((r) => r.seat === seat);
    if (!row) return null;
    return {
      playerId: row.playerId,
      result: row.result,
      rated: row.rated,
      casualBecause: row.casualBecause,
      ratingBefore: row.ratingBefore,
      ratingAfter: row.after?.rating ?? null,
      provisional: row.after ? isProvisional(row.after) : null,
    };
  };
  return { recordId: end.hasRecord ? end.matchId : null, seats: [line(0), line(1)] };
}
