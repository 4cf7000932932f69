// What a computer seat may see (a bot sees only what its seat may see): the public match state without the
// match's random generator, and the draft without the opponent's munitions before both are placed (RULES §5, like
// draft-view.ts shows them). The opponent's sealed commitment is never in a request: the bot is asked to commit when
// the window opens, and a decision's commitments are asked for only after the reveal (RULES §4.3).
import type { Draft, MatchState, Seat } from '@star-eater/engine';

/** The rng is the one secret of a match state: the bot searches with its own seeded generator. */
export const BLANK_RNG: MatchState['rng'] = [0, 0, 0, 0];

export function seatState(s: MatchState): MatchState {
  return { ...s, rng: [...BLANK_RNG] };
}

export function seatDraft(d: Draft, seat: Seat): Draft {
  if (d.munitions[0] !== null && d.munitions[1] !== null) return d;
  const other: Seat = seat === 0 ? 1 : 0;
  const munitions: Draft['munitions'] = [...d.munitions];
  munitions[other] = null;
  return { ...d, munitions, log: d.log.filter((e) => e.seat === seat || e.action.kind !== 'munitions') };
}
