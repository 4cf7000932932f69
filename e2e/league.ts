// A league of players with rating histories, for the leaderboard and game-list tests: written through the server's
// own result path (storage.saveResult: the games, the Glicko-2 periods, the pair limit), as finished matches would
// have written them. Six established players, each stronger one beating each weaker one three times in four, so
// their ratings come out in a known order; one newcomer (provisional) and two who have not played for two months, whom the
// leaderboard leaves out; and a few casual matches in the strongest player's list.
import type { Storage } from '../packages/server/src/storage/types.js';

/** The established players, strongest first (each wins three in four against those after it). */
export const LEAGUE = ['Vega', 'Rigel', 'Deneb', 'Altair', 'Sirius', 'Mira'] as const;
export const NEWCOMER = 'Nova';
/** Two players who played each other often, but two months ago. */
export const LAPSED = ['Lyra', 'Orion'] as const;
/** Round robins of the established players, and the strongest one's casual matches. */
export const ROUND_ROBINS = 6;
export const CASUAL = 3;

const HOUR = 3_600_000;
const idOf = (name: string) => `league-${name.toLowerCase()}`;

export async function seedLeague(storage: Storage, now: number): Promise<void> {
  for (const name of [...LEAGUE, NEWCOMER, ...LAPSED])
    await storage.players.create(idOf(name), name, now - 60 * 24 * HOUR);
  const matches: [string, string, boolean][] = []; // winner, loser, rated
  for (let r = 0; r < ROUND_ROBINS; r++)
    for (let i = 0; i < LEAGUE.length; i++)
      for (let j = i + 1; j < LEAGUE.length; j++)
        matches.push(r % 4 === 3 ? [LEAGUE[j]!, LEAGUE[i]!, true] : [LEAGUE[i]!, LEAGUE[j]!, true]);
  for (let k = 0; k < CASUAL; k++) matches.push([LEAGUE.at(-1)!, LEAGUE[0], false]);
  matches.push([LEAGUE[0], NEWCOMER, true], [NEWCOMER, LEAGUE[1], true]);
  // Six hours apart, the last an hour ago: a pair meets again days later (never 3 rated matches in 24 h).
  let endedAt = now - HOUR - matches.length * 6 * HOUR;
  let n = 0;
  for (const [winner, loser, rated] of matches) {
    endedAt += 6 * HOUR;
    await played(storage, `league-${n++}`, winner, loser, rated, endedAt, n % 2);
  }
  // From two months to five weeks ago, a day apart: rated, settled, but no longer active.
  for (let k = 0; k < 28; k++)
    await played(storage, `lapsed-${k}`, LAPSED[k % 2]!, LAPSED[1 - (k % 2)]!, true, now - (62 - k) * 24 * HOUR, 0);
}

/** One finished match, the winner in seat `winnerSeat`. */
async function played(
  storage: Storage,
  matchId: string,
  winner: string,
  loser: string,
  rated: boolean,
  endedAt: number,
  winnerSeat: number,
): Promise<void> {
  const w = { playerId: idOf(winner), name: winner, bot: '' };
  const l = { playerId: idOf(loser), name: loser, bot: '' };
  await storage.saveResult(
    {
      matchId,
      endedAt,
      seats: winnerSeat === 0 ? [w, l] : [l, w],
      winner: winnerSeat === 0 ? 0 : 1,
      reason: 'destroyed',
      rounds: 6,
      ratedRoom: rated,
      hasRecord: false,
    },
    null,
  );
}
