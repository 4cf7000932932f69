// The computer levels' strength on the players' rating scale. Glicko-2 rates on Elo's scale (a gap of 400 is odds of
// 10 to 1), so the round robin's Bradley–Terry Elo (`pnpm bench bots`, bench/elo.ts) carries over once one point is
// fixed: the random player is anchored at RANDOM_ANCHOR. A new player starts at 1500, between easy and medium.
import type { BotLevel } from './request.js';

/** Where the random player sits on the rating scale. */
export const RANDOM_ANCHOR = 500;

/**
 * Elo with the random player at 0, from `pnpm bench bots --matches 200 --seed readme --workers 2` (25 Nov 2026,
 * commit a19fc21: docs/benchmarks.md "Computer opponents"). Measured again, the bench prints the new values.
 */
export const MEASURED_ELO = { random: 0, easy: 865, medium: 1304, hard: 1660 } as const satisfies Record<
  BotLevel,
  number
>;

/** A level's calibrated rating (or a bench's Elo with random at 0) on the players' scale. */
export const onRatingScale = (elo: number): number => RANDOM_ANCHOR + elo;
export const calibratedRating = (level: BotLevel): number => onRatingScale(MEASURED_ELO[level]);
