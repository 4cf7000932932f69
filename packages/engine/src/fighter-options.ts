// Every legal fighter activation, listed (RULES §4.4, §8: "the legal options"), compactly: per squadron, a tree of
// the hexes its path may step on and every placement (hex and facing) it may end on, each with every end it may
// choose there (recall, each action with its target and turret setting; ending with none is always legal).
//
// Completeness: a path is legal exactly when it has at most `speed` steps, each to an adjacent hex of `reach`, and
// it ends on a listed placement (the hex of its last step, facing that step's direction; an empty path ends where
// the squadron stands, facing as it does; a launch may face any way). Paths to the same placement differ only in the
// hexes passed, which no rule looks at (a squadron passes small tokens harmlessly), so `placementAnswer` builds one
// shortest path per placement from the tree.
import { squadronCard } from './content/index.js';
import { DIRS, distance, hexId, neighbour, neighbourId, opposite } from './hex.js';
import { obstructions } from './los.js';
import {
  markTargets,
  recallTest,
  spawnHex,
  squadronTargets,
  TURRET_SETTINGS,
  withSquadronAt,
} from './squadron-action.js';
import { canEndAt, canEnter } from './squadron-move.js';
import { smallTokens } from './tokens.js';
import type { Dir, Hex, PublicState, Seat, SquadronWeapon } from './types.js';
import type {
  FighterAnswer,
  PlacementOption,
  ReachNode,
  Prompt,
  SquadronEnd,
  SquadronMoves,
  SquadronOption,
} from './decision.js';
import { shipHexes } from './warship.js';

/** Fewest moves from the start hexes to every enterable hex within `moves` (breadth first, fixed direction order). */
function reachFrom(
  s: PublicState,
  starts: readonly Hex[],
  moves: number,
): { nodes: ReachNode[]; index: Map<number, number> } {
  const nodes: ReachNode[] = [];
  const index = new Map<number, number>();
  for (const h of starts) {
    if (index.has(hexId(h))) continue;
    index.set(hexId(h), nodes.length);
    nodes.push({ at: h, moves: 0, from: -1 });
  }
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.moves >= moves) continue;
    for (const d of DIRS) {
      const id = neighbourId(n.at, d);
      if (index.has(id)) continue;
      const h = neighbour(n.at, d);
      if (!canEnter(s, h)) continue;
      index.set(id, nodes.length);
      nodes.push({ at: h, moves: n.moves + 1, from: i });
    }
  }
  return { nodes, index };
}

/**
 * The actions a squadron may take at a placement (munitions, weapon, targets), in the engine's order: what
 * `squadronEndOptions` says there, each turret setting apart, judged once on the squadron as it would stand there.
 * `obstructed` gives the obstructions with the squadron there (a listing shares them between a hex's facings).
 */
export function actionsAt(
  s: PublicState,
  seat: Seat,
  squadron: number,
  at: Hex,
  facing: Dir,
  near: readonly Hex[],
  obstructed: (after: PublicState) => ReadonlySet<number> = obstructions,
): SquadronEnd[] {
  const w = squadronCard(s.ships[seat].squadrons[squadron]!.card).weapon;
  return nothingInReach(w, at, near) ? [] : actionsInReach(s, seat, squadron, at, facing, obstructed);
}

/** `actionsAt` where something may be in the weapon's range (`nothingInReach` said no, once for a hex's facings). */
function actionsInReach(
  s: PublicState,
  seat: Seat,
  squadron: number,
  at: Hex,
  facing: Dir,
  obstructed: (after: PublicState) => ReadonlySet<number>,
): SquadronEnd[] {
  const here = s.ships[seat].squadrons[squadron]!;
  if (here.munitions <= 0) return [];
  const w = squadronCard(here.card).weapon;
  if (w.kind === 'laser') return [{ kind: 'action' }];
  const after = withSquadronAt(s, seat, squadron, { at, facing });
  const sq = after.ships[seat].squadrons[squadron]!;
  if (w.kind === 'torpedo') return spawnHex(after, sq) ? [{ kind: 'action' }] : [];
  if (w.kind === 'mark')
    return markTargets(after, seat, sq).map((t) => ({
      kind: 'action',
      target: { kind: 'section', seat: t, section: 'core' },
    }));
  // every turret setting sees the same obstructions: the squadron stands where it stands
  const blocked = obstructed(after);
  if (w.arc !== 'turret')
    return squadronTargets(after, seat, sq, undefined, blocked).map((t) => ({ kind: 'action', target: t.target }));
  const out: SquadronEnd[] = [];
  for (const turret of TURRET_SETTINGS) {
    for (const t of squadronTargets(after, seat, sq, turret, blocked))
      out.push({ kind: 'action', target: t.target, turret });
  }
  return out;
}

/**
 * A weapon that aims (direct fire, a mark) has nothing within its range of `at` among the `near` hexes (the enemy's
 * sections and the small tokens): no need to ask for targets there, whatever the facing (the common case, and the
 * costly one).
 */
function nothingInReach(w: SquadronWeapon, at: Hex, near: readonly Hex[]): boolean {
  return (w.kind === 'direct' || w.kind === 'mark') && !near.some((h) => distance(h, at) <= w.range);
}

/** Each facing's opposite: where a squadron that ends with that facing arrived from. */
const BEHIND: readonly Dir[] = DIRS.map(opposite);

/** Every legal activation of one squadron option of a fighter prompt. */
export function squadronMoves(s: PublicState, seat: Seat, option: SquadronOption): SquadronMoves {
  const sq = s.ships[seat].squadrons[option.squadron]!;
  const launch = option.mode === 'launch';
  const { nodes, index } = reachFrom(s, launch ? (option.launchHexes ?? []) : [sq.at!], option.speed);
  const enemy = s.ships[seat === 0 ? 1 : 0];
  const near = [...shipHexes(enemy), ...smallTokens(s).map((t) => t.at)];
  const placements: PlacementOption[] = [];
  // the warships stand still while a squadron's moves are listed: the bays' reach is looked up once
  const inRecall = recallTest(s, seat);
  // the obstructions with the squadron on a hex are the same whatever its facing: built once per hex, when needed
  let blockedHex = -1;
  let blocked: ReadonlySet<number> = new Set();
  let current = -1;
  const obstructed = (after: PublicState): ReadonlySet<number> => {
    if (blockedHex !== current) {
      blocked = obstructions(after);
      blockedHex = current;
    }
    return blocked;
  };
  const weapon = squadronCard(sq.card).weapon;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (!canEndAt(s, n.at, sq.id)) continue;
    current = i;
    const recall = inRecall(n.at);
    // the same for the hex's six facings, so asked once here
    const aimless = nothingInReach(weapon, n.at, near);
    for (let k = 0; k < DIRS.length; k++) {
      const facing = DIRS[k]!;
      // empty path: where it stands (any facing for a launch); else arrive from a neighbour with a move to spare
      const stays = n.moves === 0 && (launch || facing === sq.facing);
      const prev = index.get(neighbourId(n.at, BEHIND[k]!));
      if (!stays && (prev === undefined || nodes[prev]!.moves > option.speed - 1)) continue;
      const actions = aimless ? [] : actionsInReach(s, seat, option.squadron, n.at, facing, obstructed);
      // the keys in this order, each only when it says something
      const p: PlacementOption = { hex: i, facing };
      if (recall) p.recall = true;
      if (actions.length) p.actions = actions;
      placements.push(p);
    }
  }
  return { reach: nodes, placements };
}

function treePath(reach: readonly ReachNode[], i: number): Hex[] {
  const out: Hex[] = [];
  for (let k = i; reach[k]!.from !== -1; k = reach[k]!.from) out.push(reach[k]!.at);
  return out.reverse();
}
function treeRoot(reach: readonly ReachNode[], i: number): Hex {
  let k = i;
  while (reach[k]!.from !== -1) k = reach[k]!.from;
  return reach[k]!.at;
}

/** The answer that ends a squadron option's activation at a listed placement with one of its ends. */
export function placementAnswer(
  option: SquadronOption,
  moves: SquadronMoves,
  placement: PlacementOption,
  end: SquadronEnd = { kind: 'none' },
): FighterAnswer {
  const n = moves.reach[placement.hex]!;
  const back = moves.reach.findIndex(
    (m) => m.at.q === n.at.q - dq(placement.facing) && m.at.r === n.at.r - dr(placement.facing),
  );
  const arrives = back !== -1 && moves.reach[back]!.moves <= option.speed - 1;
  const stays = n.moves === 0 && (option.mode === 'launch' || !arrives);
  const path = stays ? [] : [...treePath(moves.reach, back), n.at];
  if (option.mode === 'activate') return { kind: 'activate', squadron: option.squadron, path, end };
  const at = stays ? n.at : treeRoot(moves.reach, back);
  return { kind: 'launch', squadron: option.squadron, at, facing: placement.facing, path, end };
}
const dq = (d: Dir): number => neighbour({ q: 0, r: 0 }, d).q;
const dr = (d: Dir): number => neighbour({ q: 0, r: 0 }, d).r;

/** A fighter prompt with every squadron's legal activations listed (`moves`). */
export function withFighterMoves<P extends Prompt>(s: PublicState, prompt: P): P {
  if (prompt.kind !== 'fighter') return prompt;
  const squadrons = prompt.squadrons.map((o) => ({ ...o, moves: squadronMoves(s, prompt.seat, o) }));
  return { ...prompt, squadrons };
}
