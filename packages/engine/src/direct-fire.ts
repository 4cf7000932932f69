// Direct fire (RULES §4.5, draft §7.4): rolling an attack and the weapons-phase fire of a warship's direct weapon.
// Target listing and the formula live in targeting.ts.
import { arcsOf } from './arcs.js';
import { weaponCard } from './content/index.js';
import type { Ctx } from './context.js';
import type { Source } from './events.js';
import {
  affectedBy,
  attackArcFor,
  HIT_DIE,
  attackerObstructions,
  attackOdds,
  hasTarget,
  legalTarget,
  reach,
  sameTarget,
  targetHex,
  targetOptions,
  type Candidate,
  type DirectAttacker,
} from './targeting.js';
import { destroySmallToken, findSquadron, findWeaponToken, weaponRef } from './tokens.js';
import { applyDamage, shipHexes } from './warship.js';
import { mountArcs, mountCard, mountComponent, mountHex } from './mounts.js';
import { distance } from './hex.js';
import type { PublicState, Result, Seat, TurretSetting } from './types.js';
import type { Decision, DecisionError, Prompt, Target, TargetOption, WeaponMount } from './decision.js';

export * from './targeting.js';

/**
 * A warship's direct-fire weapon (RULES §3 mounts, mounts.ts): main on the bow with the card's arc, port broadside
 * on the port hex with the left arc, starboard broadside on the starboard hex with the right arc.
 */
export function warshipAttacker(
  s: PublicState,
  seat: Seat,
  mount: WeaponMount,
  turret?: TurretSetting,
): DirectAttacker {
  const ship = s.ships[seat];
  const card = weaponCard(ship.loadout[mountComponent(mount)]);
  return {
    seat,
    from: mountHex(ship, mount),
    facing: ship.facing,
    arcs: mountArcs(ship, mount, card, turret),
    range: card.range ?? 0,
    accuracy: card.accuracy ?? 0,
    damage: card.damage,
    ...(card.aoe ? { aoe: card.aoe } : {}),
    ownHexes: shipHexes(ship),
    source: { seat, by: mount, weapon: card.id },
  };
}

/** The decision check of a target prompt: only one of the listed options, deep-equal (RULES §8). */
export function checkTarget(kind: 'direct-fire' | 'point-defence', options: readonly TargetOption[]) {
  return (d: Decision): Result<Target, DecisionError> => {
    if (d.kind !== kind)
      return { ok: false, error: { code: 'wrong-kind', message: `expected a ${kind} decision, got ${d.kind}` } };
    const t = d.target as Target | undefined;
    const o = t && typeof t === 'object' ? options.find((x) => sameTarget(x.target, t)) : undefined;
    if (!o)
      return { ok: false, error: { code: 'not-a-legal-target', message: `not a legal target: ${JSON.stringify(t)}` } };
    return { ok: true, value: o.target };
  };
}

/**
 * The target of a direct-fire or point-defence prompt, or null with nothing to shoot at (RULES §4.5). An answer given
 * in advance is checked against the one target it names (`legalTarget`: the rules `targetOptions` lists by); the
 * prompt, every option listed, is built only when it is asked or that answer is not legal (`decide` rejects it then).
 */
export function chooseTarget(
  ctx: Ctx,
  kind: 'direct-fire' | 'point-defence',
  attacker: DirectAttacker,
  prompt: (options: TargetOption[]) => Prompt,
): Target | null {
  const given = ctx.decideGiven((d) => (d.kind === kind ? legalTarget(ctx.s, attacker, d.target) : null));
  if (given) return given;
  const options = targetOptions(ctx.s, attacker);
  if (!hasTarget(options)) return null;
  return ctx.decide(prompt(options), checkTarget(kind, options));
}

/** Roll one d12 against one target and apply a hit (RULES §4.5). */
function rollAgainst(
  ctx: Ctx,
  attacker: DirectAttacker,
  c: Candidate,
  from: DirectAttacker['from'],
  dist: number,
  aim: Candidate | null,
): void {
  const odds = attackOdds(ctx.s, attacker, c.target, dist);
  const d12 = ctx.roll(HIT_DIE);
  const hit = d12 > odds.needAbove;
  const source: Source = {
    ...attacker.source,
    attackArc: attackArcFor(attacker, aim ? aim.at : c.at),
    targetArcs: arcsOf(attacker.from, attacker.facing, c.at),
  };
  ctx.emit({
    type: 'attack',
    source,
    from,
    target: c.target,
    ...(aim ? { aimedAt: aim.at } : {}),
    detail: {
      roll: d12,
      evasion: odds.evasion,
      accuracy: odds.accuracy,
      baseAccuracy: odds.baseAccuracy,
      modifiers: odds.modifiers,
      needAbove: odds.needAbove,
      hit,
    },
  });
  if (!hit) return;
  const t = c.target;
  if (t.kind === 'section') applyDamage(ctx, t.seat, t.section, attacker.damage, source);
  else if (t.kind === 'squadron') {
    const f = findSquadron(ctx.s, t.id);
    if (f) destroySmallToken(ctx, { kind: 'squadron', id: t.id, owner: f.seat }, 'direct-fire', source);
  } else if (t.kind === 'torpedo') {
    const tok = findWeaponToken(ctx.s, t.id);
    if (tok) destroySmallToken(ctx, weaponRef(tok), 'direct-fire', source);
  }
}

/**
 * Resolve an attack on a chosen target: one d12 against it, or for an AOE hex one d12 against every enemy target
 * within `aoe` of it, in the fixed order (sections bow, core, port, starboard; squadrons; torpedoes).
 */
export function resolveAttack(ctx: Ctx, attacker: DirectAttacker, target: Target): void {
  const at = targetHex(ctx.s, target);
  if (!at) return; // gone since it was chosen: nothing to roll against
  const r = reach(attacker, attackerObstructions(ctx.s, attacker), at) ?? {
    from: attacker.from,
    distance: distance(attacker.from, at),
  };
  if (target.kind === 'hex') {
    const affected = affectedBy(ctx.s, attacker, at);
    const radius = attacker.aoe ?? 0;
    const source: Source = {
      ...attacker.source,
      attackArc: attackArcFor(attacker, at),
      targetArcs: arcsOf(attacker.from, attacker.facing, at),
    };
    ctx.emit({ type: 'aoe-fired', source, from: r.from, at, radius, targets: affected.length });
    for (const c of affected) rollAgainst(ctx, attacker, c, r.from, r.distance, { target, at });
  } else {
    rollAgainst(ctx, attacker, { target, at }, r.from, r.distance, null);
  }
}

/**
 * Weapons-phase direct fire of a warship weapon whose card was played (RULES §4.5). A weapon with cooldown, or with
 * nothing to shoot at, does not fire and takes no cooldown. Returns whether it fired.
 */
export function fireWarshipDirect(ctx: Ctx, seat: Seat, mount: WeaponMount): boolean {
  const ship = ctx.s.ships[seat];
  const component = mountComponent(mount);
  const card = mountCard(mount);
  if (ship.cooldown[component] > 0) {
    ctx.emit({ type: 'card-ignored', seat, card, reason: 'cooldown' });
    return false;
  }
  const play = ctx.commitments[seat].cards.find((c) => c.card === 'fire-main');
  const turret = mount === 'main' && play && 'turret' in play ? play.turret : undefined;
  const attacker = warshipAttacker(ctx.s, seat, mount, turret);
  const target = chooseTarget(ctx, 'direct-fire', attacker, (options) => ({
    kind: 'direct-fire',
    seat,
    mount,
    weapon: attacker.source.weapon!,
    options,
  }));
  if (!target) {
    ctx.emit({ type: 'card-ignored', seat, card, reason: 'no-target' });
    return false;
  }
  resolveAttack(ctx, attacker, target);
  ctx.activated[seat].add(component);
  return true;
}
