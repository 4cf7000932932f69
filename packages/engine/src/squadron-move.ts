// A squadron's movement: its speed, launch placement, the hexes it may enter and end on, and walking a path
// (RULES §4.4, draft §6.4.2–6.4.3). Validating a whole answer is fighter-answer.ts; listing every legal activation is
// fighter-options.ts; the end of an activation (recall or action) is squadron-action.ts.
import { onBoard } from './board.js';
import { fighterBayCard, squadronCard } from './content/index.js';
import { DIRS, directionTo, hexId, neighbour, range } from './hex.js';
import { bayHexes } from './squadron-action.js';
import { smallTokenOn, smallTokens } from './tokens.js';
import { err, ok } from './types.js';
import { warshipAt } from './warship.js';
import type { Dir, Hex, PublicState, Result, Seat, Squadron, Warship } from './types.js';

export { bayHexes, inRecallRange, withSquadronAt } from './squadron-action.js';

export interface Placement {
  at: Hex;
  facing: Dir;
}

/** Launch Rails: a squadron launched this round has +1 speed (RULES §6). */
function railsBonus(ship: Warship): number {
  return fighterBayCard(ship.loadout.fighterBay).effect === 'launchSpeed' ? 1 : 0;
}

/** Moves a squadron in space may make on its activation. */
export function squadronSpeed(ship: Warship, sq: Squadron): number {
  return squadronCard(sq.card).speed + (sq.launchedThisRound ? railsBonus(ship) : 0);
}

/** Moves left after launching: placing the token counts as one move (draft §6.4.2). */
export const launchMoves = (ship: Warship, sq: Squadron): number => squadronCard(sq.card).speed + railsBonus(ship) - 1;

/** A squadron may end its move only on a hex with no other small token (RULES §4.4; ruling: any owner, any kind). */
export const canEndAt = (s: PublicState, h: Hex, self?: string): boolean =>
  onBoard(s.scenario, h) && !warshipAt(s.ships, h) && !smallTokenOn(s, h, self);

/** A squadron may enter any on-board hex that holds no warship section; it may pass through small tokens. */
export const canEnter = (s: PublicState, h: Hex): boolean => onBoard(s.scenario, h) && !warshipAt(s.ships, h);

/** Legal launch hexes: within the bay's launch range of a bay hex, on the board, empty (RULES §4.4). */
export function launchHexes(s: PublicState, seat: Seat): Hex[] {
  const ship = s.ships[seat];
  const reach = fighterBayCard(ship.loadout.fighterBay).launch;
  const out: Hex[] = [];
  // one pass over the tokens, not one per candidate hex: this runs on every fighter prompt
  const seen = new Set<number>(smallTokens(s).map((t) => hexId(t.at)));
  for (const bay of bayHexes(ship)) {
    for (const h of range(bay, reach)) {
      const k = hexId(h);
      if (seen.has(k)) continue;
      seen.add(k);
      if (onBoard(s.scenario, h) && !warshipAt(s.ships, h)) out.push(h);
    }
  }
  return out.sort((a, b) => a.q - b.q || a.r - b.r);
}

/** May this squadron be launched now? Aboard, not yet activated this round, launches left, bay not in cooldown. */
export function canLaunch(s: PublicState, seat: Seat, sq: Squadron, launchesLeft: number): boolean {
  return sq.status === 'aboard' && !sq.activated && launchesLeft > 0 && s.ships[seat].cooldown.fighterBay === 0;
}

export const canActivate = (sq: Squadron): boolean =>
  sq.status === 'space' && !sq.activated && !!sq.at && sq.facing !== undefined;

/**
 * Follow a path from a start: each move to an adjacent enterable hex, at most `moves` of them; the facing becomes the
 * direction of the last move (no turning in place). Returns the placements after each move, or an error message.
 */
export function walkPath(
  s: PublicState,
  start: Placement,
  path: readonly Hex[],
  moves: number,
): Result<Placement[], string> {
  if (path.length > moves) return err(`${path.length} moves, but only ${moves} allowed`);
  const out: Placement[] = [];
  let cur = start;
  for (const [i, h] of path.entries()) {
    const d = directionTo(cur.at, h);
    if (d === null) return err(`move ${i + 1} to (${h.q},${h.r}) is not to an adjacent hex`);
    if (!onBoard(s.scenario, h)) return err(`move ${i + 1} leaves the board`);
    if (warshipAt(s.ships, h)) return err(`move ${i + 1} enters a warship hex`);
    cur = { at: { q: h.q, r: h.r }, facing: d };
    out.push(cur);
  }
  return ok(out);
}

/** Legal next hexes for a path under construction (UI helper). `start` is the launch placement when launching. */
export function squadronNextSteps(
  s: PublicState,
  seat: Seat,
  squadron: number,
  path: readonly Hex[],
  start?: Placement,
): Hex[] {
  const ship = s.ships[seat];
  const sq = ship.squadrons[squadron];
  if (!sq) return [];
  let from: Placement;
  let moves: number;
  if (start) {
    from = start;
    moves = launchMoves(ship, sq);
  } else {
    if (!canActivate(sq)) return [];
    from = { at: sq.at!, facing: sq.facing! };
    moves = squadronSpeed(ship, sq);
  }
  const walked = walkPath(s, from, path, moves);
  if (!walked.ok || path.length >= moves) return [];
  const cur = walked.value.at(-1) ?? from;
  const last = path.length + 1 === moves;
  const out: Hex[] = [];
  for (const d of DIRS) {
    const h = neighbour(cur.at, d);
    // On the last move the hex must also be one the squadron may end on.
    if (last ? canEndAt(s, h, sq.id) : canEnter(s, h)) out.push(h);
  }
  return out;
}
