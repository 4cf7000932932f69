// Lasers (RULES §4.5, draft §7.1): an instantaneous straight beam that pierces small tokens and stops at a warship.
import { onBoard } from '../board.js';
import type { Ctx } from '../context.js';
import type { Source } from '../events.js';
import { neighbour } from '../hex.js';
import { destroySmallToken, smallTokensAt, type SmallToken } from '../tokens.js';
import type { Dir, Hex, PublicState, SectionName, Seat } from '../types.js';
import { applyDamage, warshipAt } from '../warship.js';

export interface LaserShot {
  seat: Seat;
  /** The mount (or squadron) hex; the beam starts on the next hex. */
  from: Hex;
  dir: Dir;
  range: number;
  damage: number;
  source: Source;
}

export interface BeamResult {
  path: Hex[];
  destroyed: SmallToken[];
  damageEnd: number;
  stoppedAt: { seat: Seat; section: SectionName } | null;
}

/** Where a beam would go and what it would do, without doing it (also for the client's preview). */
export function traceBeam(ctx: { s: PublicState }, shot: Omit<LaserShot, 'source' | 'seat'>): BeamResult {
  const path: Hex[] = [];
  const destroyed: SmallToken[] = [];
  let damage = shot.damage;
  let at = shot.from;
  for (let k = 1; k <= shot.range; k++) {
    at = neighbour(at, shot.dir);
    if (!onBoard(ctx.s.scenario, at)) break; // the beam stops at the board edge
    path.push(at);
    const ship = warshipAt(ctx.s.ships, at);
    // The first warship hex (any ship) stops the beam and takes what is left of its damage.
    if (ship) return { path, destroyed, damageEnd: damage, stoppedAt: ship };
    // Every small token on the path is destroyed and lowers the damage by 1, not below 0.
    for (const t of smallTokensAt(ctx.s, at)) {
      destroyed.push(t);
      damage = Math.max(0, damage - 1);
    }
  }
  return { path, destroyed, damageEnd: 0, stoppedAt: null };
}

/** Fire a beam: emit it, destroy the tokens on its path in order, then damage the warship it stopped at. */
export function fireLaser(ctx: Ctx, shot: LaserShot): BeamResult {
  const result = traceBeam(ctx, shot);
  ctx.emit({
    type: 'beam',
    source: shot.source,
    from: shot.from,
    dir: shot.dir,
    path: result.path,
    damageStart: shot.damage,
    damageEnd: result.damageEnd,
    stoppedAt: result.stoppedAt,
  });
  for (const t of result.destroyed) destroySmallToken(ctx, t.ref, 'laser', shot.source);
  if (result.stoppedAt)
    applyDamage(ctx, result.stoppedAt.seat, result.stoppedAt.section, result.damageEnd, shot.source);
  return result;
}
