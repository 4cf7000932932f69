// The weapons phase (RULES §4.5, draft §6.5): classes Laser → Projectile → Torpedo → Direct Fire; within a class the
// tokens already on the board move first, then this round's fired weapons, faster / longer-ranged first.
import { weaponCard } from '../content/index.js';
import type { Ctx, DirectFirePlace } from '../context.js';
import { fireWarshipDirect } from '../direct-fire.js';
import { cardMount, firingDirection, MOUNTS, mountArcs, mountCard, mountComponent, mountHex } from '../mounts.js';
import type { Aim, Seat, TurretSetting, WeaponCard, WeaponClass, WeaponToken } from '../types.js';
import type { WeaponMount } from '../decision.js';
import { fireLaser } from './laser.js';
import { moveProjectile, resolveProjectileCollisions, spawnWeaponToken, type Sweep } from './projectile.js';
import { moveTorpedo } from './torpedo.js';

/** A warship weapon whose card was played this round. */
export interface FiredWeapon {
  seat: Seat;
  mount: WeaponMount;
  card: WeaponCard;
  aim?: Aim;
  turret?: TurretSetting;
}

/** The warship weapons fired this round, from the commitments (warship weapons only; squadrons fire in §4.4). */
export function firedWeapons(ctx: Pick<Ctx, 's' | 'commitments'>): FiredWeapon[] {
  const out: FiredWeapon[] = [];
  for (const seat of [0, 1] as const) {
    const ship = ctx.s.ships[seat];
    for (const play of ctx.commitments[seat].cards) {
      const mount = cardMount(play.card);
      if (!mount) continue;
      const w: FiredWeapon = { seat, mount, card: weaponCard(ship.loadout[mountComponent(mount)]) };
      if ('aim' in play && play.aim) w.aim = play.aim;
      if ('turret' in play && play.turret) w.turret = play.turret;
      out.push(w);
    }
  }
  return out;
}

/**
 * The fired weapons of one class in firing order (RULES §4.5): higher speed (token weapons) or range (lasers, direct
 * fire) first; ties to the initiative holder; one player's equal weapons main, then port, then starboard (ruling).
 */
export function firingOrder(fired: readonly FiredWeapon[], cls: WeaponClass, initiative: Seat): FiredWeapon[] {
  const of: FiredWeapon[] = [];
  for (const w of fired) if (w.card.class === cls) of.push(w);
  if (of.length < 2) return of; // nothing to order
  // sort is stable: weapons equal on all three keep their listed order
  return of.sort(
    (a, b) =>
      firingStat(b) - firingStat(a) ||
      Number(a.seat !== initiative) - Number(b.seat !== initiative) ||
      MOUNTS.indexOf(a.mount) - MOUNTS.indexOf(b.mount),
  );
}

/** What orders a class: speed for token weapons, range for lasers and direct fire (RULES §4.5). */
const firingStat = (w: FiredWeapon): number =>
  (w.card.class === 'projectile' || w.card.class === 'torpedo' ? w.card.speed : w.card.range) ?? 0;

/** A weapon fires only with no cooldown on its component and, for token weapons, a token in supply (RULES §4.5). */
function mayFire(ctx: Ctx, w: FiredWeapon): boolean {
  const ship = ctx.s.ships[w.seat];
  const component = mountComponent(w.mount);
  const card = mountCard(w.mount);
  if (ship.cooldown[component] > 0) {
    ctx.emit({ type: 'card-ignored', seat: w.seat, card, reason: 'cooldown' });
    return false;
  }
  if ((w.card.class === 'projectile' || w.card.class === 'torpedo') && ship.supply[component] <= 0) {
    ctx.emit({ type: 'card-ignored', seat: w.seat, card, reason: 'no-tokens' });
    return false;
  }
  ctx.activated[w.seat].add(component);
  return true;
}

function fireMountedLaser(ctx: Ctx, w: FiredWeapon): void {
  if (!mayFire(ctx, w)) return;
  const ship = ctx.s.ships[w.seat];
  const attackArc = mountArcs(ship, w.mount, w.card, w.turret)[0];
  fireLaser(ctx, {
    seat: w.seat,
    from: mountHex(ship, w.mount),
    dir: firingDirection(ship, w.mount, w.aim),
    range: w.card.range ?? 0,
    damage: w.card.damage,
    source: { seat: w.seat, by: w.mount, weapon: w.card.id, ...(attackArc ? { attackArc } : {}) },
  });
}

/** A fired token weapon's token starts on its mount hex (RULES §4.5). */
function fireMountedToken(ctx: Ctx, w: FiredWeapon): WeaponToken | null {
  if (!mayFire(ctx, w)) return null;
  const ship = ctx.s.ships[w.seat];
  return spawnWeaponToken(ctx, {
    seat: w.seat,
    kind: w.card.class === 'torpedo' ? 'torpedo' : 'projectile',
    source: mountComponent(w.mount),
    at: mountHex(ship, w.mount),
    facing: firingDirection(ship, w.mount, w.aim),
    damage: w.card.damage,
    speed: w.card.speed ?? 0,
    weapon: w.card.id,
  });
}

const tokenNumber = (t: WeaponToken): number => Number(t.id.slice(1));

/** The weapon tokens of a kind already on the board, in creation order. */
function tokensOnBoard(ctx: Ctx, kind: WeaponToken['kind']): WeaponToken[] {
  const out: WeaponToken[] = [];
  for (const t of ctx.s.tokens) if (t.kind === kind) out.push(t);
  return out.length < 2 ? out : out.sort((a, b) => tokenNumber(a) - tokenNumber(b));
}

/**
 * RULES §4.5. Projectiles: the on-board ones move (in creation order), then each fired one is spawned on its mount
 * and moves at once; the collision check runs after all of them (ruling). Torpedoes: each on-board one in creation
 * order, then each fired one, spawned and moved in firing order.
 */
export function resolveWeaponsPhase(ctx: Ctx): void {
  ctx.emit({ type: 'phase', phase: 'weapons' });
  const fired = firedWeapons(ctx);
  const initiative = ctx.s.initiative;

  for (const w of firingOrder(fired, 'laser', initiative)) fireMountedLaser(ctx, w);

  const sweeps: (Sweep | null)[] = [];
  for (const t of tokensOnBoard(ctx, 'projectile')) sweeps.push(moveProjectile(ctx, t));
  for (const w of firingOrder(fired, 'projectile', initiative)) {
    const t = fireMountedToken(ctx, w);
    if (t) sweeps.push(moveProjectile(ctx, t));
  }
  resolveProjectileCollisions(ctx, sweeps);

  for (const t of tokensOnBoard(ctx, 'torpedo')) moveTorpedo(ctx, t);
  for (const w of firingOrder(fired, 'torpedo', initiative)) {
    const t = fireMountedToken(ctx, w);
    if (t) moveTorpedo(ctx, t);
  }

  fireDirectFrom(ctx, firingOrder(fired, 'direct', initiative), 0);
}

/**
 * The direct-fire weapons in firing order from `from` on, the weapons phase's last step (RULES §4.5). Each weapon's
 * place is left on the context while it fires: a prompt it raises can be answered by going on from that weapon
 * (round.ts), since nothing before its prompt changes the state.
 */
export function fireDirectFrom(ctx: Ctx, direct: DirectFirePlace['weapons'], from: number): void {
  // One place for the step, moved along (a prompt ends the context's run, so its place stays where it stopped).
  const place: DirectFirePlace = { step: 'direct-fire', weapons: direct, index: from };
  ctx.resumeAt = place;
  for (; place.index < direct.length; place.index++) {
    const w = direct[place.index]!;
    fireWarshipDirect(ctx, w.seat, w.mount);
  }
  ctx.resumeAt = null;
}
