// Turns engine events into animation steps on a BoardState. Each step's `finish` leaves the board exactly as the
// event says it ends (so skipping is exact); `update` only interpolates positions and effects in between. One table
// entry per kind of event: the warships' in play-ship.ts, tokens' and squadrons' in play-tokens.ts.
import type { MatchEvent } from '@star-eater/engine';
import type { BoardState } from '../board/state.js';
import type { Names } from './names.js';
import { ROUND_STEPS, SHIP_STEPS, type Steps } from './play-ship.js';
import { SQUADRON_STEPS, TOKEN_STEPS } from './play-tokens.js';
import type { AnimStep } from './queue.js';
import { DURATION } from './steps.js';

export { DURATION };

// Every kind of event has an entry: the compiler checks the table is complete.
const STEPS: Steps = { ...ROUND_STEPS, ...SHIP_STEPS, ...TOKEN_STEPS, ...SQUADRON_STEPS };

/** The animation steps of one event (usually one; none for bookkeeping events). */
export function stepsFor(s: BoardState, e: MatchEvent, names: Names): AnimStep[] {
  return (STEPS[e.type] as (s: BoardState, e: MatchEvent, names: Names) => AnimStep[])(s, e, names);
}
