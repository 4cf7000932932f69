// A finished match's result as the stores take it (players/result.ts): Ada in seat 0, Bo in seat 1, seat 0 won by
// concession after 2 rounds, in a rated room, no record; `over` changes any of it.
import type { MatchEnd } from '../src/players/result.js';

export function matchEnd(
  matchId: string,
  players: [string | null, string | null],
  over: Partial<MatchEnd> = {},
): MatchEnd {
  return {
    matchId,
    endedAt: 1_700_000_000_000,
    seats: [
      { playerId: players[0], name: 'Ada', bot: '' },
      { playerId: players[1], name: 'Bo', bot: '' },
    ],
    winner: 0,
    reason: 'concede',
    rounds: 2,
    ratedRoom: true,
    hasRecord: false,
    ...over,
  };
}
