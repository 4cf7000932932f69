// The momentum phase tests' scene (movement.test.ts, collision.test.ts, drift-preview.test.ts): a warship placed by
// hand with a momentum mat written as words ("N NW", "CW"), the phase run with chosen engine settings, and the events
// read back as steps, paths and damage.
import { testCtx } from './fixtures.js';
import type { MatchEvent } from './events.js';
import { parseDir } from './hex.js';
import { resolveMomentumPhase, type Pose } from './movement.js';
import type { Dir, EngineSetting, Hex, MatchState, Momentum, Rotation, Seat } from './types.js';

export const [N, NE, SE, S, SW, NW] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

export function mat(linear = '', rotational = ''): Momentum {
  const words = (x: string) => x.split(' ').filter(Boolean);
  return { linear: words(linear).map((w) => parseDir(w)!), rotational: words(rotational) as Rotation[] };
}
/** Put a warship at an axial core with a facing and a mat. */
export function place(s: MatchState, seat: Seat, core: Hex, facing: Dir, m: Momentum = mat()): void {
  const ship = s.ships[seat];
  ship.core = core;
  ship.facing = facing;
  ship.momentum = m;
}
/** Resolves the momentum phase with these engine settings; its events. */
export function run(s: MatchState, engines: [EngineSetting, EngineSetting] = ['NONE', 'NONE']) {
  const ctx = testCtx(s, [], engines);
  resolveMomentumPhase(ctx);
  return ctx.events;
}
export const pose = (core: Hex, facing: Dir): Pose => ({ core, facing });
/** The step events as [seat, step, token, core, facing]. */
export const steps = (events: MatchEvent[]) =>
  events.flatMap((e) => (e.type === 'step' ? [[e.seat, e.step, e.token, e.to.core, e.to.facing]] : []));
/** The pose of a seat after each of its steps, read back from the events (step, then any undo). */
export function pathFromEvents(events: MatchEvent[], seat: Seat): Pose[] {
  const out: Pose[] = [];
  for (const e of events) {
    if (e.type === 'step' && e.seat === seat) out.push(e.to);
    if (e.type === 'collision' && e.seat === seat) out[e.step] = e.undoneTo;
  }
  return out;
}
/** A damage event as the momentum phase emits it (structure unchanged unless `lost`). */
export const damage = (
  seat: Seat,
  section: string,
  armourBefore: number,
  armourAfter: number,
  structure: number,
  source: object,
  lost = 0,
) => ({
  type: 'damage',
  seat,
  section,
  amount: armourBefore - armourAfter + lost,
  armourBefore,
  armourAfter,
  structureBefore: structure,
  structureAfter: structure,
  lost,
  source,
});
