// The end of a squadron's activation (RULES §4.4, draft §6.4.2, §6.4.4–6.4.5): a recall, or its action — spend one
// munition (even on a miss) to fire its weapon along its facing, drop a torpedo on the hex ahead, or Mark a warship.
import { anyInArc, turretArcs } from './arcs.js';
import { onBoard } from './board.js';
import { fighterBayCard, squadronCard } from './content/index.js';
import type { Ctx } from './context.js';
import { resolveAttack } from './direct-fire.js';
import type { Source } from './events.js';
import { distance, neighbour } from './hex.js';
import { legalTarget, sameTarget, targetOptions, type DirectAttacker } from './targeting.js';
import { obstructions } from './los.js';
import { smallTokensAt } from './tokens.js';
import { err, ok } from './types.js';
import type { Dir, Hex, PublicState, Result, Seat, Squadron, SquadronWeapon, TurretSetting, Warship } from './types.js';
import type { DecisionError, SquadronEnd, Target, TargetOption } from './decision.js';
import { fireLaser } from './weapons/laser.js';
import { spawnWeaponToken } from './weapons/projectile.js';
import { sectionHex, shipHexes, warshipAt } from './warship.js';

type Direct = Extract<SquadronWeapon, { kind: 'direct' }>;
/** Turret settings in the order a missing setting is filled in. */
export const TURRET_SETTINGS: readonly TurretSetting[] = ['front', 'left', 'right', 'rear'];

/** The hexes of a warship's fighter bays: its port and starboard hexes (RULES §3). */
export const bayHexes = (ship: Pick<Warship, 'core' | 'facing'>): Hex[] => [
  sectionHex(ship, 'port'),
  sectionHex(ship, 'starboard'),
];

/** Within recall range of one of the parent's bay hexes (RULES §4.4). */
export const inRecallRange = (s: PublicState, seat: Seat, at: Hex): boolean => recallTest(s, seat)(at);

/** `inRecallRange` for many hexes of one position: the bays and the card's range looked up once. */
export function recallTest(s: PublicState, seat: Seat): (at: Hex) => boolean {
  const ship = s.ships[seat];
  const reach = fighterBayCard(ship.loadout.fighterBay).recall;
  const bays = bayHexes(ship);
  return (at) => distance(bays[0]!, at) <= reach || distance(bays[1]!, at) <= reach;
}

/** A copy of the state with one squadron in space at a placement: what the end of an activation is judged on. */
export function withSquadronAt<S extends PublicState>(s: S, seat: Seat, index: number, p: { at: Hex; facing: Dir }): S {
  const ships = [...s.ships] as [Warship, Warship];
  const squadrons = [...ships[seat].squadrons] as Warship['squadrons'];
  squadrons[index] = { ...squadrons[index]!, status: 'space', at: p.at, facing: p.facing };
  ships[seat] = { ...ships[seat], squadrons };
  return { ...s, ships };
}

export const squadronSource = (seat: Seat, sq: Squadron): Source => ({
  seat,
  by: `squadron:${sq.id}`,
  weapon: sq.card,
});

/** A squadron's direct-fire weapon as an attacker: from its hex, facing its facing (draft §6.4.5). */
export function squadronAttacker(seat: Seat, sq: Squadron, w: Direct, turret?: TurretSetting): DirectAttacker {
  const at = sq.at!;
  // built key by key: a fighter prompt's listing makes one for every placement and turret setting
  const attacker: DirectAttacker = {
    seat,
    from: at,
    facing: sq.facing!,
    arcs: w.arc === 'any' ? 'any' : w.arc === 'turret' ? turretArcs(turret ?? 'front') : ['front'],
    range: w.range,
    accuracy: w.accuracy,
    damage: w.damage,
    ownHexes: [at],
    source: squadronSource(seat, sq),
  };
  if (w.noWarships) attacker.noWarships = true;
  if (w.behindBonus) attacker.behindBonus = w.behindBonus;
  return attacker;
}

/**
 * Direct-fire options; a turret weapon without a setting lists what any setting could reach. `blocked`: the state's
 * obstructions, when the caller has them (a squadron's attack never ignores a ship's hexes as point defence does).
 */
export function squadronTargets(
  s: PublicState,
  seat: Seat,
  sq: Squadron,
  turret?: TurretSetting,
  blocked: ReadonlySet<number> = obstructions(s),
): TargetOption[] {
  const w = squadronCard(sq.card).weapon;
  if (w.kind !== 'direct' || sq.status !== 'space') return [];
  if (w.arc !== 'turret' || turret) return targetOptions(s, squadronAttacker(seat, sq, w, turret), blocked);
  const out: TargetOption[] = [];
  for (const t of TURRET_SETTINGS) {
    for (const o of targetOptions(s, squadronAttacker(seat, sq, w, t), blocked))
      if (!out.some((x) => sameTarget(x.target, o.target))) out.push(o);
  }
  return out;
}

/** The hex a squadron's token weapon spawns on, if it is on the board and completely empty (draft §6.4.5). */
export function spawnHex(s: PublicState, sq: Squadron): Hex | null {
  const h = neighbour(sq.at!, sq.facing!);
  if (!onBoard(s.scenario, h) || warshipAt(s.ships, h) || smallTokensAt(s, h).length > 0) return null;
  return h;
}

/**
 * Mark: the enemy warship, if one of its hexes is within range and in the squadron's front arc (ruling: the same hex
 * must be both, as "within 3 in its front arc" reads at the table). No line of sight is needed.
 */
export function markTargets(s: PublicState, seat: Seat, sq: Squadron): Seat[] {
  const w = squadronCard(sq.card).weapon;
  if (w.kind !== 'mark' || sq.status !== 'space') return [];
  const enemy = s.ships[seat === 0 ? 1 : 0];
  const ok = shipHexes(enemy).some((h) => distance(sq.at!, h) <= w.range && anyInArc('front', sq.at!, sq.facing!, [h]));
  return ok ? [enemy.seat] : [];
}

const fail = (code: DecisionError['code'], message: string): Result<never, DecisionError> => err({ code, message });
const isTurret = (x: unknown): x is TurretSetting => TURRET_SETTINGS.includes(x as TurretSetting);

/**
 * Validate the end of an activation (none, recall or action); `s` has the squadron already at its final placement. A
 * turret weapon without a setting takes the first setting (front, left, right, rear) under which the target is legal.
 */
export function validateSquadronEnd(
  s: PublicState,
  seat: Seat,
  index: number,
  raw: unknown,
): Result<SquadronEnd, DecisionError> {
  if (raw === undefined) return ok({ kind: 'none' });
  if (typeof raw !== 'object' || raw === null) return fail('wrong-kind', 'the end of the activation is not an object');
  const e = raw as Record<string, unknown>;
  const sq = s.ships[seat].squadrons[index]!;
  if (e.kind === 'none') return ok({ kind: 'none' });
  if (e.kind === 'recall') {
    if (!inRecallRange(s, seat, sq.at!))
      return fail('illegal-recall', `squadron ${sq.id} is not within recall range of a fighter bay`);
    return ok({ kind: 'recall' });
  }
  if (e.kind !== 'action') return fail('wrong-kind', `unknown end kind ${String(e.kind)}`);
  if (sq.munitions <= 0) return fail('no-munitions', `squadron ${sq.id} has no munitions`);
  const w = squadronCard(sq.card).weapon;
  switch (w.kind) {
    case 'laser':
      return ok({ kind: 'action' });
    case 'torpedo':
      if (!spawnHex(s, sq))
        return fail('illegal-action', `the hex ahead of squadron ${sq.id} is not an empty hex on the board`);
      return ok({ kind: 'action' });
    case 'mark': {
      const seats = markTargets(s, seat, sq);
      if (seats.length === 0) return fail('not-a-legal-target', 'no enemy warship within range in the front arc');
      const t = e.target as Target | undefined;
      if (t !== undefined && !(typeof t === 'object' && t !== null && t.kind === 'section' && t.seat === seats[0])) {
        return fail('not-a-legal-target', 'Mark targets the enemy warship');
      }
      // Mark targets the warship, not a section: any section given is read as the warship (listed as its core).
      return ok({ kind: 'action', target: { kind: 'section', seat: seats[0]!, section: 'core' } });
    }
    case 'direct': {
      const t = e.target as Target | undefined;
      if (typeof t !== 'object' || t === null) return fail('illegal-action', 'a direct-fire action needs a target');
      if (w.arc === 'turret') {
        if (e.turret !== undefined && !isTurret(e.turret))
          return fail('illegal-action', `unknown turret setting ${String(e.turret)}`);
        const settings = e.turret !== undefined ? [e.turret as TurretSetting] : TURRET_SETTINGS;
        for (const turret of settings) {
          const hit = legalTarget(s, squadronAttacker(seat, sq, w, turret), t);
          if (hit) return ok({ kind: 'action', target: hit, turret });
        }
        return fail('not-a-legal-target', 'not a legal target for this squadron');
      }
      const hit = legalTarget(s, squadronAttacker(seat, sq, w), t);
      if (!hit) return fail('not-a-legal-target', 'not a legal target for this squadron');
      return ok({ kind: 'action', target: hit });
    }
  }
}

/** Resolve a validated action: spend the munition first (it is spent even on a miss, draft §6.4.4), then act. */
export function resolveSquadronAction(
  ctx: Ctx,
  seat: Seat,
  sq: Squadron,
  end: Extract<SquadronEnd, { kind: 'action' }>,
): void {
  const card = squadronCard(sq.card);
  const w = card.weapon;
  const ship = ctx.s.ships[seat];
  ctx.emit({
    type: 'munitions',
    seat,
    squadron: sq.id,
    before: sq.munitions,
    after: sq.munitions - 1,
    reason: 'action',
  });
  sq.munitions--;
  switch (w.kind) {
    case 'direct':
      resolveAttack(ctx, squadronAttacker(seat, sq, w, end.turret), end.target!);
      return;
    case 'laser':
      fireLaser(ctx, {
        seat,
        from: sq.at!,
        dir: sq.facing!,
        range: w.range,
        damage: w.damage,
        source: squadronSource(seat, sq),
      });
      return;
    case 'torpedo': {
      // The munition IS the torpedo token (draft §6.4.1): it passes through the supply onto the board.
      ship.supply.squadronTorpedo++;
      spawnWeaponToken(ctx, {
        seat,
        kind: 'torpedo',
        source: 'squadronTorpedo',
        at: spawnHex(ctx.s, sq)!,
        facing: sq.facing!,
        damage: w.damage,
        speed: w.speed,
        weapon: sq.card,
      });
      return;
    }
    case 'mark': {
      const target = ctx.s.ships[seat === 0 ? 1 : 0];
      target.effects.markedBonus = w.accuracyBonus;
      ctx.emit({ type: 'squadron-marked', seat, squadron: sq.id, target: target.seat, bonus: w.accuracyBonus });
      return;
    }
  }
}

export interface SquadronEndOptions {
  /** Within recall range of a bay hex of its parent. */
  recall: boolean;
  /** Direct fire: the legal targets (a turret weapon without `turret`: what any setting reaches). */
  targets: TargetOption[];
  /** The turret setting the targets are for, when one was given. */
  turret?: TurretSetting;
  /** Torpedo: the hex ahead is on the board and completely empty. */
  spawnClear?: boolean;
  /** Mark: the enemy warship, if it can be marked. */
  markTargets?: Seat[];
  munitions: number;
}

/** What a squadron could do at the end of its moves, at a placement (UI helper; no munition → no action options). */
export function squadronEndOptions(
  s: PublicState,
  seat: Seat,
  squadron: number,
  at: Hex,
  facing: Dir,
  turret?: TurretSetting,
): SquadronEndOptions {
  const after = withSquadronAt(s, seat, squadron, { at, facing });
  const sq = after.ships[seat].squadrons[squadron]!;
  const w = squadronCard(sq.card).weapon;
  const armed = sq.munitions > 0;
  return {
    recall: inRecallRange(after, seat, at),
    targets: armed ? squadronTargets(after, seat, sq, turret) : [],
    ...(turret ? { turret } : {}),
    ...(w.kind === 'torpedo' ? { spawnClear: armed && spawnHex(after, sq) !== null } : {}),
    ...(w.kind === 'mark' ? { markTargets: armed ? markTargets(after, seat, sq) : [] } : {}),
    munitions: sq.munitions,
  };
}
