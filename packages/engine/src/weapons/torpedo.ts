// Torpedoes (RULES §4.5, draft §7.3): each torpedo in turn does Targeting, Movement (with homing) and Angle adjustment.
import { bearing, inArc, onRay } from '../arcs.js';
import { onBoard } from '../board.js';
import type { Ctx } from '../context.js';
import { other } from '../context.js';
import { distance, neighbour, turn } from '../hex.js';
import { returnWeaponToken, weaponRef } from '../tokens.js';
import type { Dir, Hex, Seat, WeaponToken } from '../types.js';
import { applyDamage, shipHexes, warshipAt } from '../warship.js';
import { ownHexExempt, tokenSource } from './projectile.js';

const EPS = 1e-6;

export interface TorpedoCandidate {
  id: string | number;
  hexes: readonly Hex[];
  core: Hex;
}

/**
 * Targeting (RULES §4.5): candidates with a hex in the torpedo's front arc; the closest (to its nearest hex), then
 * the smallest |θ| of its core, then the clockwise one (θ > 0); a full tie keeps the first given.
 */
export function pickTorpedoTarget<C extends TorpedoCandidate>(
  torpedo: { at: Hex; facing: Dir },
  candidates: readonly C[],
): C | null {
  let best: { c: C; d: number; t: number } | null = null;
  for (const c of candidates) {
    let inFront = false;
    let d = Infinity;
    for (const h of c.hexes) {
      inFront ||= inArc('front', torpedo.at, torpedo.facing, h);
      d = Math.min(d, distance(torpedo.at, h));
    }
    if (!inFront) continue;
    const t = bearing(torpedo.at, torpedo.facing, c.core);
    if (!best || better(d, t, best)) best = { c, d, t };
  }
  return best ? best.c : null;
}

/** Whether a candidate at distance d and bearing t beats the best so far. */
function better(d: number, t: number, best: { d: number; t: number }): boolean {
  if (d !== best.d) return d < best.d;
  if (Math.abs(Math.abs(t) - Math.abs(best.t)) > EPS) return Math.abs(t) < Math.abs(best.t);
  return t > EPS && best.t <= EPS;
}

/** The nearest k ≥ 1 at which o + k·dir(d) is one of the hexes, or null. */
function rayDistance(o: Hex, d: Dir, hexes: readonly Hex[]): number | null {
  let best: number | null = null;
  for (const h of hexes) if (onRay(o, d, h)) best = Math.min(best ?? Infinity, distance(o, h));
  return best;
}

/**
 * Homing (RULES §4.5): a target hex on the forward-left (f−1) or forward-right (f+1) line turns the torpedo to it.
 * Rulings: no turn while a target hex is already straight ahead; with both lines, the nearer target hex wins, then
 * the clockwise line (as in targeting).
 */
export function homingTurn(at: Hex, facing: Dir, target: readonly Hex[]): Dir | null {
  if (rayDistance(at, facing, target) !== null) return null;
  const left = rayDistance(at, turn(facing, -1), target);
  const right = rayDistance(at, turn(facing, 1), target);
  if (right !== null && (left === null || right <= left)) return turn(facing, 1);
  if (left !== null) return turn(facing, -1);
  return null;
}

/** Hex distance from h to the ray o + k·dir(d), k ≥ 1 (only values up to `cap` matter). */
function distanceToRay(o: Hex, d: Dir, h: Hex, cap: number): number {
  let best = Infinity;
  const reach = distance(o, h) + cap;
  for (let k = 1; k <= reach; k++) best = Math.min(best, distance(neighbour(o, d, k), h));
  return best;
}

/**
 * Angle adjustment (RULES §4.5): unless the target's core is straight ahead, a core within 2 hexes of the
 * forward-left or forward-right line turns the torpedo 60° to that side. Ruling: within 2 of both lines, the nearer
 * line wins, then the side the core is on (θ > 0: clockwise).
 */
export function adjustmentTurn(at: Hex, facing: Dir, core: Hex): Dir | null {
  if (onRay(at, facing, core)) return null;
  const left = distanceToRay(at, turn(facing, -1), core, 2);
  const right = distanceToRay(at, turn(facing, 1), core, 2);
  if (left > 2 && right > 2) return null;
  if (left !== right) return turn(facing, left < right ? -1 : 1);
  return turn(facing, bearing(at, facing, core) > 0 ? 1 : -1);
}

/** Targeting among the enemy warships of the torpedo's owner (one in a real match). */
export function torpedoTarget(ctx: Pick<Ctx, 's'>, t: WeaponToken): Seat | null {
  const enemy = ctx.s.ships[other(t.owner)];
  const pick = pickTorpedoTarget(t, [{ id: enemy.seat, hexes: shipHexes(enemy), core: enemy.core }]);
  return pick ? (pick.id as Seat) : null;
}

/**
 * One torpedo's turn: Targeting, Movement, Angle adjustment (RULES §4.5). The move is emitted as one 'token-moved'
 * per straight segment with a 'torpedo-turned' between them. Rulings: torpedoes pass small tokens harmlessly; the
 * firing warship's own hexes do not count in its firing round (as for projectiles).
 */
export function moveTorpedo(ctx: Ctx, t: WeaponToken): void {
  if (!ctx.s.tokens.includes(t)) return;
  const ref = weaponRef(t);
  const targetSeat = torpedoTarget(ctx, t);
  ctx.emit({ type: 'torpedo-target', token: ref, target: targetSeat });
  const target = targetSeat === null ? null : ctx.s.ships[targetSeat];

  let segFrom = t.at;
  let segFacing = t.facing;
  let path: Hex[] = [];
  const flush = (): void => {
    if (path.length > 0) {
      ctx.emit({
        type: 'token-moved',
        token: ref,
        path,
        facings: path.map(() => segFacing),
        from: segFrom,
        fromFacing: segFacing,
      });
    }
    segFrom = t.at;
    segFacing = t.facing;
    path = [];
  };

  // Homing at every point of the path (draft §7.3 "at any point along the Torpedo's path"): where it starts, and after
  // each step, the last one included, before the angle adjustment.
  // warships move only in the momentum phase: the target's hexes stay where they are
  const targetHexes = target && shipHexes(target);
  const home = (): void => {
    const to = targetHexes ? homingTurn(t.at, t.facing, targetHexes) : null;
    if (to === null) return;
    flush();
    ctx.emit({ type: 'torpedo-turned', token: ref, at: t.at, from: t.facing, to, reason: 'homing' });
    t.facing = to;
    segFacing = to;
  };
  for (let k = 0; k < t.speed; k++) {
    home();
    const next = neighbour(t.at, t.facing);
    if (!onBoard(ctx.s.scenario, next)) {
      flush();
      returnWeaponToken(ctx, t, 'left-board');
      return;
    }
    t.at = next;
    path.push(next);
    const ship = warshipAt(ctx.s.ships, next);
    if (ship && !ownHexExempt(ctx.s, t, ship.seat)) {
      flush();
      applyDamage(ctx, ship.seat, ship.section, t.damage, tokenSource(t));
      returnWeaponToken(ctx, t, 'hit');
      return;
    }
  }
  flush();
  if (!target) return;
  home();
  const adjust = adjustmentTurn(t.at, t.facing, target.core);
  if (adjust !== null) {
    ctx.emit({ type: 'torpedo-turned', token: ref, at: t.at, from: t.facing, to: adjust, reason: 'adjustment' });
    t.facing = adjust;
  }
}
