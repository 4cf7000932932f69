// The squadron-action tests' helpers (squadron-action.test.ts, squadron-weapons.test.ts): squadrons put in space by
// hand, the next d12 fixed by seed search, one action validated and resolved as the fighter phase does.
import { testCtx } from './fixtures.js';
import { roll, seedRng, type RngState } from './rng.js';
import { resolveSquadronAction, validateSquadronEnd } from './squadron-action.js';
import type { Dir, Hex, MatchState, Seat, Squadron } from './types.js';
import type { SquadronEnd } from './decision.js';

// Default position: seat 0 (FPA) core (7,10) facing N — bow (7,9), port (6,11), starboard (8,10);
// seat 1 (Lamais) core (7,0) facing S — bow (7,1), port (8,-1), starboard (6,0).
export function space(
  s: MatchState,
  seat: Seat,
  i: number,
  card: string,
  at: Hex,
  facing: Dir,
  munitions = 1,
): Squadron {
  const sq = s.ships[seat].squadrons[i]!;
  Object.assign(sq, { card, status: 'space', at, facing, munitions });
  return sq;
}
/** Seed the match RNG so that the next d12 satisfies `pred` (deterministic search). */
export function rigNextRoll(s: MatchState, pred: (d12: number) => boolean): number {
  for (let i = 0; ; i++) {
    const st = seedRng(`rig-${i}`);
    const d12 = roll([...st] as RngState, 12);
    if (pred(d12)) {
      s.rng = st;
      return d12;
    }
  }
}
/** Validate then resolve one squadron action, as the fighter phase does. */
export function act(s: MatchState, seat: Seat, index: number, end: Record<string, unknown>) {
  const v = validateSquadronEnd(s, seat, index, end);
  if (!v.ok) throw new Error(v.error.message);
  const ctx = testCtx(s);
  resolveSquadronAction(
    ctx,
    seat,
    s.ships[seat].squadrons[index]!,
    v.value as Extract<SquadronEnd, { kind: 'action' }>,
  );
  return ctx.events;
}
