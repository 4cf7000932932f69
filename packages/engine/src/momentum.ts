// The momentum mat and the engine card (RULES §4.2 steps 1–3, draft §6.2–6.2.1).
import type { Ctx } from './context.js';
import { opposite, turn } from './hex.js';
import type { Dir, EngineSetting, Momentum, PublicState, Rotation, Seat } from './types.js';

export type Thrust = Dir | Rotation;
export type ThrustEffect = 'added' | 'cancelled' | 'modified' | 'ignored';
export interface ThrustResult {
  momentum: Momentum;
  effect: ThrustEffect;
  /** Index on the mat (in `linear` or `rotational`, by the thrust's kind) that was added, removed or turned. */
  index: number | null;
}

/** Up to 4 linear and 2 rotational tokens (RULES §4.2, draft §6.2). */
export const MAX_LINEAR = 4;
export const MAX_ROTATIONAL = 2;

export const isRotation = (t: Thrust): t is Rotation => t === 'CW' || t === 'CCW';
export const oppositeRotation = (r: Rotation): Rotation => (r === 'CW' ? 'CCW' : 'CW');

const copy = (m: Momentum): Momentum => ({ linear: [...m.linear], rotational: [...m.rotational] });

function lastIndexWhere<T>(xs: readonly T[], pred: (x: T) => boolean): number {
  for (let i = xs.length - 1; i >= 0; i--) if (pred(xs[i]!)) return i;
  return -1;
}

/**
 * Apply one thrust to a mat; pure (RULES §4.2). Cancelling beats modifying beats adding. When tokens two edges away
 * lie on both sides of d, the one turned is the last on the mat of either kind (ruling: "the last such token").
 */
export function applyThrust(m: Momentum, t: Thrust): ThrustResult {
  const next = copy(m);
  if (isRotation(t)) {
    // Step 1: the opposite rotation cancels the last one; else add while fewer than 2.
    const i = next.rotational.lastIndexOf(oppositeRotation(t));
    if (i >= 0) {
      next.rotational.splice(i, 1);
      return { momentum: next, effect: 'cancelled', index: i };
    }
    if (next.rotational.length < MAX_ROTATIONAL) {
      next.rotational.push(t);
      return { momentum: next, effect: 'added', index: next.rotational.length - 1 };
    }
    return { momentum: next, effect: 'ignored', index: null };
  }
  // Step 2: opposite → remove the last such token (later ones close the gap, draft §6.2).
  const back = opposite(t);
  const c = next.linear.lastIndexOf(back);
  if (c >= 0) {
    next.linear.splice(c, 1);
    return { momentum: next, effect: 'cancelled', index: c };
  }
  // Two edges away → the last such token turns to the direction between it and d ([N] + SE → [NE]).
  const cw = turn(t, 2);
  const ccw = turn(t, -2);
  const k = lastIndexWhere(next.linear, (x) => x === cw || x === ccw);
  if (k >= 0) {
    const a = next.linear[k]!;
    next.linear[k] = a === cw ? turn(t, 1) : turn(t, -1);
    return { momentum: next, effect: 'modified', index: k };
  }
  if (next.linear.length < MAX_LINEAR) {
    next.linear.push(t);
    return { momentum: next, effect: 'added', index: next.linear.length - 1 };
  }
  return { momentum: next, effect: 'ignored', index: null };
}

/** The thrusts an engine card applies, in turn: DOUBLE is the current facing twice (RULES §4.2 step 3). */
export function engineThrusts(engine: EngineSetting, facing: Dir): Thrust[] {
  switch (engine) {
    case 'NONE':
      return [];
    case 'DOUBLE':
      return [facing, facing];
    case 'CW':
    case 'CCW':
      return [engine];
    default:
      return [engine];
  }
}

/**
 * The engine card as the critical-hit effects let it act (RULES §9): a locked thruster makes the next engine card
 * count as NONE (consumed by that card, whatever it was); a fuel leak turns DOUBLE into NONE for good.
 * `consume` clears the thruster lock on the ship passed in.
 */
export function effectiveEngine(
  ship: { effects: { thrusterLocked: boolean; fuelLeak: boolean } },
  engine: EngineSetting,
  consume: boolean,
): { engine: EngineSetting; blocked: 'thruster-locked' | 'fuel-leak' | null } {
  if (ship.effects.thrusterLocked) {
    if (consume) ship.effects.thrusterLocked = false;
    return { engine: 'NONE', blocked: engine === 'NONE' ? null : 'thruster-locked' };
  }
  if (ship.effects.fuelLeak && engine === 'DOUBLE') return { engine: 'NONE', blocked: 'fuel-leak' };
  return { engine, blocked: null };
}

/** Apply the seat's committed engine card to its mat, one 'thrust' event per thrust (RULES §4.2, §8). No dice. */
export function applyEngine(ctx: { s: PublicState } & Pick<Ctx, 'commitments' | 'emit'>, seat: Seat): void {
  const ship = ctx.s.ships[seat];
  const committed = ctx.commitments[seat].engine;
  const { engine, blocked } = effectiveEngine(ship, committed, true);
  if (blocked) ctx.emit({ type: 'engine-blocked', seat, engine: committed, reason: blocked });
  for (const thrust of engineThrusts(engine, ship.facing)) {
    const before = ship.momentum;
    const r = applyThrust(before, thrust);
    ship.momentum = r.momentum;
    ctx.emit({
      type: 'thrust',
      seat,
      thrust,
      effect: r.effect,
      index: r.index,
      before: copy(before),
      after: copy(r.momentum),
    });
  }
}
