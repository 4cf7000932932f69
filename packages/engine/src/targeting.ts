// Direct-fire targeting (RULES §4.5, draft §7.4): which targets a direct-fire weapon may pick, the hit formula with
// its modifiers, and the time-out default (RULES §7). Pure functions over the state; rolling is in direct-fire.ts.
import { inArc, relativePosition } from './arcs.js';
import { onBoard } from './board.js';
import { getFaction, squadronCard } from './content/index.js';
import type { Source } from './events.js';
import { distance, equals, hexId, range as hexRange } from './hex.js';
import { clearLine, obstructions } from './los.js';
import { findSquadron, findWeaponToken } from './tokens.js';
import { sectionHex, shipEvasion } from './warship.js';
import { SECTIONS, type ArcName, type Dir, type Hex, type PublicState, type Seat } from './types.js';
import type { Target, TargetOption } from './decision.js';

/** Anything that makes a direct-fire attack: a warship weapon, a squadron weapon, point defence. */
export interface DirectAttacker {
  seat: Seat;
  /** The mount hex (warship weapon), the squadron's hex, or the core (point defence: ship-level arcs, RULES §2). */
  from: Hex;
  facing: Dir;
  /** The arcs the weapon may attack through; 'any' ignores arcs. */
  arcs: ArcName[] | 'any';
  range: number;
  accuracy: number;
  damage: number;
  aoe?: number;
  /** Squadrons and torpedoes only (Warden). */
  noWarships?: boolean;
  /** Wisp: extra accuracy when the attacker's hex is behind the target warship. */
  behindBonus?: number;
  /** Point defence: never at warships, any direction, measured from the nearest own hex, own ship never blocks. */
  pointDefence?: boolean;
  /** The attacker's own hexes: never in its own arcs, and point defence measures from them. */
  ownHexes: Hex[];
  /** by: 'main' | 'port-broadside' | 'starboard-broadside' | 'point-defence' | `squadron:<id>`; weapon: card id. */
  source: Source;
}

/** An enemy target on the board, at its hex. */
export interface Candidate {
  target: Target;
  at: Hex;
}

/** The numbers of the formula before the roll: hit when d12 > needAbove = 6 + evasion − accuracy (RULES §4.5). */
export interface Odds {
  evasion: number;
  baseAccuracy: number;
  modifiers: { reason: string; value: number }[];
  accuracy: number;
  needAbove: number;
  /** d12 faces that hit. */
  hitTwelfths: number;
}

/** The hit formula's die and base (RULES §4.5): hit when d12 > 6 + evasion − accuracy. */
export const HIT_DIE = 12;
export const HIT_BASE = 6;

/** Faces of a d12 strictly above needAbove: 0 when it needs 12 or more, 12 when it needs below 1. */
export const hitTwelfths = (needAbove: number): number => Math.max(0, Math.min(HIT_DIE, HIT_DIE - needAbove));

const SECTION_ORDER = ['bow', 'core', 'port', 'starboard'];
const KIND_ORDER = ['section', 'squadron', 'torpedo', 'hex'];
/** Ids in natural order (t9 before t10). */
const idOrder = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The engine's fixed order of targets (RULES §7): sections bow, core, port, starboard; tokens by id; hexes by q, r. */
export function targetOrder(a: Target, b: Target): number {
  if (a.kind !== b.kind) return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (a.kind === 'section' && b.kind === 'section') {
    return a.seat - b.seat || SECTION_ORDER.indexOf(a.section) - SECTION_ORDER.indexOf(b.section);
  }
  if (a.kind === 'hex' && b.kind === 'hex') return a.at.q - b.at.q || a.at.r - b.at.r;
  if ((a.kind === 'squadron' || a.kind === 'torpedo') && (b.kind === 'squadron' || b.kind === 'torpedo')) {
    return idOrder(a.id, b.id);
  }
  return 0;
}

export function sameTarget(a: Target, b: Target): boolean {
  switch (a.kind) {
    case 'section':
      return b.kind === 'section' && a.seat === b.seat && a.section === b.section;
    case 'squadron':
    case 'torpedo':
      return b.kind === a.kind && a.id === b.id;
    case 'hex':
      return b.kind === 'hex' && equals(a.at, b.at);
  }
}

/** Where a target is now, or null if it is gone. */
export function targetHex(s: PublicState, t: Target): Hex | null {
  switch (t.kind) {
    case 'section':
      return sectionHex(s.ships[t.seat], t.section);
    case 'squadron': {
      const f = findSquadron(s, t.id);
      return f && f.squadron.status === 'space' && f.squadron.at ? f.squadron.at : null;
    }
    case 'torpedo': {
      const tok = findWeaponToken(s, t.id);
      return tok && tok.kind === 'torpedo' ? tok.at : null;
    }
    case 'hex':
      return t.at;
  }
}

/**
 * Every valid enemy target on the board in the fixed order (draft §7.4): the enemy warship's sections (not for
 * point defence or squadrons-only weapons), enemy squadrons in space, enemy torpedoes. Projectiles are never targets.
 */
export function enemyTargets(s: PublicState, attacker: DirectAttacker): Candidate[] {
  const enemy = s.ships[attacker.seat === 0 ? 1 : 0];
  const out: Candidate[] = [];
  if (!attacker.noWarships && !attacker.pointDefence) {
    for (const section of SECTIONS) {
      out.push({ target: { kind: 'section', seat: enemy.seat, section }, at: sectionHex(enemy, section) });
    }
  }
  // then the tokens, sorted among themselves when there is more than one
  const first = out.length;
  for (const sq of enemy.squadrons) {
    if (sq.status === 'space' && sq.at) out.push({ target: { kind: 'squadron', id: sq.id }, at: sq.at });
  }
  for (const t of s.tokens) {
    if (t.kind === 'torpedo' && t.owner === enemy.seat) out.push({ target: { kind: 'torpedo', id: t.id }, at: t.at });
  }
  if (out.length - first < 2) return out;
  const tokens = out.splice(first).sort((a, b) => targetOrder(a.target, b.target));
  for (const c of tokens) out.push(c);
  return out;
}

/** Evasion of a target now: squadron card, torpedo token, or faction evasion with "screens fail" (RULES §6, §9). */
export function targetEvasion(s: PublicState, t: Target): number {
  switch (t.kind) {
    case 'section': {
      const ship = s.ships[t.seat];
      return shipEvasion(ship, getFaction(ship.faction).evasion, s.round);
    }
    case 'squadron': {
      const f = findSquadron(s, t.id);
      return f ? squadronCard(f.squadron.card).evasion : 0;
    }
    case 'torpedo':
      return findWeaponToken(s, t.id)?.evasion ?? 2;
    case 'hex':
      return 0;
  }
}

/**
 * The formula's numbers for one target at `dist` (for AOE, the distance to the aimed hex): Pathfinder mark (attacks
 * on the marked ship's sections), Wisp behind bonus (attacker's hex behind the target warship, RULES §2), and the
 * Arclight range bands (RULES §9: distance 1 → +1; at full range when range ≥ 3 → −1).
 */
export function attackOdds(s: PublicState, attacker: DirectAttacker, t: Target, dist: number): Odds {
  const evasion = targetEvasion(s, t);
  const modifiers: { reason: string; value: number }[] = [];
  if (t.kind === 'section') {
    const ship = s.ships[t.seat];
    if (ship.effects.markedBonus > 0) modifiers.push({ reason: 'mark', value: ship.effects.markedBonus });
    if (attacker.behindBonus && relativePosition(ship.core, ship.facing, [attacker.from]) === 'behind') {
      modifiers.push({ reason: 'behind', value: attacker.behindBonus });
    }
  }
  if (s.variants.rangeBands) {
    if (dist <= 1) modifiers.push({ reason: 'range-band-close', value: 1 });
    else if (attacker.range >= 3 && dist >= attacker.range) modifiers.push({ reason: 'range-band-long', value: -1 });
  }
  const accuracy = attacker.accuracy + modifiers.reduce((n, m) => n + m.value, 0);
  const needAbove = HIT_BASE + evasion - accuracy;
  return {
    evasion,
    baseAccuracy: attacker.accuracy,
    modifiers,
    accuracy,
    needAbove,
    hitTwelfths: hitTwelfths(needAbove),
  };
}

/**
 * Can the attacker aim at hex h: in its arc(s), within range, with line of sight? Returns the hex the attack is
 * measured from and the distance. Point defence measures from the nearest of its ship's hexes that has line of
 * sight to h (its own ship never blocks it).
 */
export function reach(
  attacker: DirectAttacker,
  blocked: ReadonlySet<number>,
  h: Hex,
): { from: Hex; distance: number } | null {
  for (const x of attacker.ownHexes) if (equals(x, h)) return null; // a ship is never in its own arc
  if (attacker.arcs !== 'any' && attackArc(attacker, h) === undefined) return null;
  if (!attacker.pointDefence) {
    const d = distance(attacker.from, h);
    return d <= attacker.range && clearLine(blocked, attacker.from, h) ? { from: attacker.from, distance: d } : null;
  }
  let from: Hex | null = null;
  let best = attacker.range + 1;
  for (const o of attacker.ownHexes) {
    const d = distance(o, h);
    if (d < best && clearLine(blocked, o, h)) {
      from = o;
      best = d;
    }
  }
  return from && { from, distance: best };
}

/** The first of the attacker's arcs that holds h, if any (none when it ignores arcs). */
function attackArc(attacker: DirectAttacker, h: Hex): ArcName | undefined {
  if (attacker.arcs === 'any') return undefined;
  for (const a of attacker.arcs) if (inArc(a, attacker.from, attacker.facing, h)) return a;
  return undefined;
}

/** The obstructions that apply to this attacker (its own ship is ignored for point defence). */
export const attackerObstructions = (s: PublicState, attacker: DirectAttacker): Set<number> =>
  obstructions(s, attacker.pointDefence ? { ignoreSeat: attacker.seat } : {});

/** The arc the weapon attacks h through (the attack arc, RULES §2). */
export function attackArcFor(attacker: DirectAttacker, h: Hex): string {
  if (attacker.arcs === 'any') return 'any';
  return attackArc(attacker, h) ?? attacker.arcs[0] ?? 'any';
}

/** The enemy targets an AOE aimed at h rolls against: within `aoe` of h, even beyond range, no line of sight needed. */
export function affectedBy(s: PublicState, attacker: DirectAttacker, h: Hex): Candidate[] {
  return withinAoe(enemyTargets(s, attacker), attacker, h);
}

/** The candidates within the attacker's `aoe` of h, in their order. */
const withinAoe = (candidates: readonly Candidate[], attacker: DirectAttacker, h: Hex): Candidate[] =>
  candidates.filter((c) => distance(c.at, h) <= (attacker.aoe ?? 0));

/** The hexes within range of the attack's origins (point defence: its ship's hexes), by q then r; some off the board. */
function hexesInRange(attacker: DirectAttacker): Hex[] {
  // hex.ts `range` lists by q then r: one origin needs no merging
  if (!attacker.pointDefence) return hexRange(attacker.from, attacker.range);
  const seen = new Set<number>();
  const hexes: Hex[] = [];
  for (const o of attacker.ownHexes) {
    for (const h of hexRange(o, attacker.range)) {
      const id = hexId(h);
      if (seen.has(id)) continue;
      seen.add(id);
      hexes.push(h);
    }
  }
  return hexes.sort((a, b) => a.q - b.q || a.r - b.r);
}

/**
 * Whether an AOE weapon may aim at hex h (RULES §4.5, draft §7.4.2): a board hex in arc, range and line of sight.
 * The one rule for AOE aims: `targetOptions` lists the hexes it allows, `legalTarget` checks one hex with it.
 */
const aimAt = (s: PublicState, attacker: DirectAttacker, blocked: ReadonlySet<number>, h: Hex) =>
  onBoard(s.scenario, h) ? reach(attacker, blocked, h) : null;

/**
 * The legal options (RULES §4.5), in the fixed order. Single-target weapons: every enemy target in arc, range and
 * line of sight. AOE weapons: every board hex in arc, range and line of sight, with the targets it would roll
 * against; its hitTwelfths is the sum over them (the expected hits, in twelfths).
 */
export function targetOptions(
  s: PublicState,
  attacker: DirectAttacker,
  blocked: ReadonlySet<number> = attackerObstructions(s, attacker),
): TargetOption[] {
  if (!attacker.aoe) {
    const out: TargetOption[] = [];
    for (const c of enemyTargets(s, attacker)) {
      const r = reach(attacker, blocked, c.at);
      if (!r) continue;
      out.push({
        target: c.target,
        hitTwelfths: attackOdds(s, attacker, c.target, r.distance).hitTwelfths,
        distance: r.distance,
      });
    }
    return out;
  }
  // The enemy targets are listed once for every hex: nothing moves while the options are listed.
  const enemies = enemyTargets(s, attacker);
  const out: TargetOption[] = [];
  for (const h of hexesInRange(attacker)) {
    const r = aimAt(s, attacker, blocked, h);
    if (!r) continue;
    // the enemies within the area (as `withinAoe`), each option its own copies as if listed alone
    const affected: Target[] = [];
    let twelfths = 0;
    for (const c of enemies) {
      if (distance(c.at, h) > (attacker.aoe ?? 0)) continue;
      affected.push({ ...c.target });
      twelfths += attackOdds(s, attacker, c.target, r.distance).hitTwelfths;
    }
    out.push({ target: { kind: 'hex', at: h }, hitTwelfths: twelfths, distance: r.distance, affected });
  }
  return out;
}

/**
 * The option a given answer names, as `targetOptions` lists it (the same object shape and key order), or null when it
 * names none of them: the same rules (enemy targets and `reach`; AOE `aimAt`) applied to the one target named,
 * without listing the others. It never throws on malformed input: null then, and the full check reports it.
 */
export function legalTarget(s: PublicState, attacker: DirectAttacker, given: unknown): Target | null {
  if (typeof given !== 'object' || given === null) return null;
  const t = given as Target;
  const blocked = attackerObstructions(s, attacker);
  if (attacker.aoe) {
    const at = (t as { at?: unknown }).at as Partial<Hex> | null | undefined;
    if (t.kind !== 'hex' || typeof at !== 'object' || at === null) return null;
    if (!Number.isInteger(at.q) || !Number.isInteger(at.r)) return null;
    // a listed hex is never −0 (hex.ts `range` adds integers to a board hex)
    const h: Hex = { q: at.q! + 0, r: at.r! + 0 };
    return aimAt(s, attacker, blocked, h) ? { kind: 'hex', at: h } : null;
  }
  const c = enemyTargets(s, attacker).find((x) => sameTarget(x.target, t) && reach(attacker, blocked, x.at));
  return c ? c.target : null;
}

/**
 * Whether the options hold anything to shoot at. An AOE weapon may aim at any hex in arc, range and line of sight,
 * whether or not a target is in its area (RULES §4.5, draft §7.4.2), so any listed hex counts.
 */
export const hasTarget = (options: readonly TargetOption[]): boolean => options.length > 0;

/**
 * The RULES §7 time-out default: the best hit chance (AOE: the most expected hits), then the nearest, then the fixed
 * order. Prompts are only made with at least one option.
 */
export function bestTargetOption(options: readonly TargetOption[]): TargetOption {
  if (options.length === 0) throw new Error('bestTargetOption: no options');
  return [...options].sort(
    (a, b) => (b.hitTwelfths ?? 0) - (a.hitTwelfths ?? 0) || a.distance - b.distance || targetOrder(a.target, b.target),
  )[0]!;
}
