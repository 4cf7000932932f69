// Weapon tokens: spawning (RULES §4.4–4.5) and projectile movement and collisions (RULES §4.5, draft §7.2).
import { onBoard } from '../board.js';
import type { Ctx } from '../context.js';
import type { Source } from '../events.js';
import { dirVector, neighbour, opposite, sub } from '../hex.js';
import {
  destroySmallToken,
  newTokenId,
  returnWeaponToken,
  smallTokensAt,
  weaponRef,
  type SmallToken,
} from '../tokens.js';
import type { Dir, Hex, PublicState, Seat, TokenSource, WeaponToken, WeaponTokenKind } from '../types.js';
import { applyDamage, warshipAt } from '../warship.js';

/** Torpedo tokens have evasion 2 (RULES §6); projectiles are never direct-fire targets. */
export const TOKEN_EVASION: Readonly<Record<WeaponTokenKind, number>> = { projectile: 0, torpedo: 2 };

export interface SpawnSpec {
  seat: Seat;
  kind: WeaponTokenKind;
  source: TokenSource;
  at: Hex;
  facing: Dir;
  damage: number;
  speed: number;
  /** The weapon's card id. */
  weapon: string;
}

/** Take a token from the owner's supply and put it on the board; null when that supply is empty. */
export function spawnWeaponToken(ctx: Ctx, spec: SpawnSpec): WeaponToken | null {
  const supply = ctx.s.ships[spec.seat].supply;
  if (supply[spec.source] <= 0) return null;
  supply[spec.source]--;
  const token: WeaponToken = {
    id: newTokenId(ctx.s, spec.kind),
    kind: spec.kind,
    owner: spec.seat,
    source: spec.source,
    at: spec.at,
    facing: spec.facing,
    damage: spec.damage,
    speed: spec.speed,
    firedRound: ctx.s.round,
    evasion: TOKEN_EVASION[spec.kind],
    weapon: spec.weapon,
  };
  ctx.s.tokens.push(token);
  ctx.emit({ type: 'token-spawned', token: weaponRef(token), at: token.at, facing: token.facing, weapon: spec.weapon });
  return token;
}

/** What a weapon token's hit or kill is attributed to. */
export const tokenSource = (t: WeaponToken): Source => ({
  seat: t.owner,
  by: `token:${t.id}`,
  ...(t.weapon !== undefined ? { weapon: t.weapon } : {}),
});

/**
 * RULES §4.5: the firing warship's own hexes never count as entered by its own shot in the round it was fired.
 * Squadron torpedoes are not the warship's shot (ruling: they hit their own warship like any other).
 */
export function ownHexExempt(s: PublicState, t: WeaponToken, seat: Seat): boolean {
  return t.firedRound === s.round && seat === t.owner && t.source !== 'squadronTorpedo';
}

/** One projectile's straight move this phase, for the collision check. */
export interface Sweep {
  token: WeaponToken;
  from: Hex;
  /** Hexes entered in order (empty if it did not move). */
  path: Hex[];
}

/**
 * Move one projectile `speed` hexes straight on (RULES §4.5). It destroys the squadrons and torpedoes it passes and
 * goes on; the first warship hex it enters takes its damage and the token returns; leaving the board returns it.
 * Returns its sweep, or null when it is no longer on the board.
 */
export function moveProjectile(ctx: Ctx, t: WeaponToken): Sweep | null {
  if (!ctx.s.tokens.includes(t)) return null;
  const from = t.at;
  const path: Hex[] = [];
  const passed: SmallToken[] = [];
  let end: 'hit' | 'left-board' | null = null;
  let hit: ReturnType<typeof warshipAt> = null;
  let at = from;
  for (let k = 0; k < t.speed; k++) {
    const next = neighbour(at, t.facing);
    if (!onBoard(ctx.s.scenario, next)) {
      end = 'left-board';
      break;
    }
    at = next;
    path.push(at);
    const ship = warshipAt(ctx.s.ships, at);
    if (ship && !ownHexExempt(ctx.s, t, ship.seat)) {
      hit = ship;
      end = 'hit';
      break;
    }
    for (const o of smallTokensAt(ctx.s, at)) if (o.ref.kind !== 'projectile') passed.push(o);
  }
  t.at = at;
  if (path.length > 0) {
    ctx.emit({
      type: 'token-moved',
      token: weaponRef(t),
      path,
      facings: path.map(() => t.facing),
      from,
      fromFacing: t.facing,
    });
  }
  // most moves pass through empty space: the source is made only for what it destroys or hits
  if (passed.length > 0 || hit) {
    const source = tokenSource(t);
    for (const o of passed) destroySmallToken(ctx, o.ref, 'projectile', source);
    if (end === 'hit' && hit) {
      applyDamage(ctx, hit.seat, hit.section, t.damage, source);
      returnWeaponToken(ctx, t, 'hit');
      return null;
    }
  }
  if (end === 'left-board') {
    returnWeaponToken(ctx, t, 'left-board');
    return null;
  }
  return { token: t, from, path };
}

/**
 * Two swept projectiles moved head-on through each other: opposite headings on one line, and their swept segments
 * crossed or met (draft §7.2 figure 8). Positions are counted along a's heading from a's start.
 */
export function headOn(a: Sweep, b: Sweep): boolean {
  if (b.token.facing !== opposite(a.token.facing)) return false;
  const u = dirVector(a.token.facing);
  const v = sub(b.from, a.from);
  const k = u.q !== 0 ? v.q / u.q : v.r / u.r;
  if (!Number.isInteger(k) || v.q !== k * u.q || v.r !== k * u.r) return false; // not on one line
  // a covers [0, |a.path|], b covers [k − |b.path|, k]; b must start ahead of a (moving towards it).
  return k >= 0 && a.path.length >= k - b.path.length;
}

/**
 * After all projectiles of the phase have moved (RULES §4.5): two on the same hex, or two that moved head-on through
 * each other, are both removed and return to supply, whatever their damage.
 */
export function resolveProjectileCollisions(ctx: Ctx, sweeps: readonly (Sweep | null)[]): void {
  const live = sweeps.filter((w): w is Sweep => w !== null && ctx.s.tokens.includes(w.token));
  if (live.length < 2) return; // a collision takes two
  const hit = new Set<WeaponToken>();
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i]!;
      const b = live[j]!;
      const same = a.token.at.q === b.token.at.q && a.token.at.r === b.token.at.r;
      if (same || headOn(a, b) || headOn(b, a)) {
        hit.add(a.token);
        hit.add(b.token);
      }
    }
  }
  for (const w of live) if (hit.has(w.token)) returnWeaponToken(ctx, w.token, 'collided');
}

/** Move the given projectiles in order, then remove the ones that collided (RULES §4.5). */
export function moveProjectiles(ctx: Ctx, tokens: readonly WeaponToken[]): void {
  const sweeps = tokens.filter((t) => t.kind === 'projectile').map((t) => moveProjectile(ctx, t));
  resolveProjectileCollisions(ctx, sweeps);
}
