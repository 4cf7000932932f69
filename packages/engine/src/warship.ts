// Warship geometry, armour, structure and destruction (RULES §3).
import { directionTo, hexId, neighbour, neighbourId, turn, turnsBetween } from './hex.js';
import type { Ctx } from './context.js';
import type { Source } from './events.js';
import { rollCritical } from './critical.js';
import { dealDamage } from './damage.js';
import type { Dir, Hex, SectionName, Seat, Warship } from './types.js';

export interface SectionHex {
  section: SectionName;
  at: Hex;
}

/** A side section stands on the core's neighbour this many sixths clockwise of the facing (RULES §3). */
const SIDE_TURN = { bow: 0, port: 4, starboard: 2 } as const;

/** The hex of one section: the core, or the neighbour its `SIDE_TURN` names. */
const hexOf = (core: Hex, facing: Dir, section: SectionName): Hex =>
  section === 'core' ? core : neighbour(core, turn(facing, SIDE_TURN[section]));

/** The four hexes of a warship: bow C+dir(f), port C+dir(f+4), starboard C+dir(f+2), and the core (RULES §3). */
export function sectionHexes(core: Hex, facing: Dir): SectionHex[] {
  return [
    { section: 'bow', at: hexOf(core, facing, 'bow') },
    { section: 'core', at: core },
    { section: 'port', at: hexOf(core, facing, 'port') },
    { section: 'starboard', at: hexOf(core, facing, 'starboard') },
  ];
}

/** The hexes of `sectionHexes`, in its order (bow, core, port, starboard), without naming the sections. */
export const shipHexes = ({ core, facing }: Pick<Warship, 'core' | 'facing'>): Hex[] => [
  hexOf(core, facing, 'bow'),
  core,
  hexOf(core, facing, 'port'),
  hexOf(core, facing, 'starboard'),
];

/** Adds the hexIds of the warship's four hexes (as `sectionHexes` places them) to `into`, building no hex. */
export function addShipHexIds(ship: Pick<Warship, 'core' | 'facing'>, into: Set<number>): void {
  const { core, facing } = ship;
  into.add(hexId(core)).add(neighbourId(core, turn(facing, SIDE_TURN.bow)));
  into.add(neighbourId(core, turn(facing, SIDE_TURN.port))).add(neighbourId(core, turn(facing, SIDE_TURN.starboard)));
}

export function sectionAt(ship: Pick<Warship, 'core' | 'facing'>, h: Hex): SectionName | null {
  // allocation-free: this is the hottest query of movement, collisions and line of sight
  const dq = h.q - ship.core.q;
  const dr = h.r - ship.core.r;
  if (dq === 0 && dr === 0) return 'core';
  if (Math.abs(dq) > 1 || Math.abs(dr) > 1 || Math.abs(dq + dr) > 1) return null;
  const d = directionTo({ q: 0, r: 0 }, { q: dq, r: dr });
  if (d === null) return null;
  const rel = turnsBetween(ship.facing, d);
  return rel === 0 ? 'bow' : rel === 4 ? 'port' : rel === 2 ? 'starboard' : null;
}

export function sectionHex(ship: Pick<Warship, 'core' | 'facing'>, section: SectionName): Hex {
  return hexOf(ship.core, ship.facing, section);
}

/** Which warship (if any) has a section on h. */
export function warshipAt(ships: readonly Warship[], h: Hex): { seat: Seat; section: SectionName } | null {
  for (const ship of ships) {
    const section = sectionAt(ship, h);
    if (section) return { seat: ship.seat, section };
  }
  return null;
}

/** A hit of D on a section (RULES §3, damage.ts); structure damage rolls a critical hit with the variant (RULES §9). */
export function applyDamage(ctx: Ctx, seat: Seat, section: SectionName, amount: number, source: Source): void {
  const structureBefore = ctx.s.ships[seat].structure;
  dealDamage(ctx, seat, section, amount, source);
  if (ctx.s.ships[seat].structure < structureBefore && ctx.s.variants.criticalHits && source.by !== 'critical') {
    rollCritical(ctx, seat);
  }
}

export const isDestroyed = (ship: Warship): boolean => ship.structure <= 0;

/** Evasion of a warship now, with the "screens fail" critical (RULES §9). */
export function shipEvasion(ship: Warship, baseEvasion: number, round: number): number {
  return Math.max(0, baseEvasion - (ship.effects.screensFailUntil >= round ? 1 : 0));
}
