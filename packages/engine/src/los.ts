// Line of sight for direct fire (RULES §4.5, draft §7.4.1): draw the hex line between the two centres; any hex
// strictly between them holding a warship section, squadron, torpedo or projectile blocks it.
import { distance, equals, hexId, lineHex } from './hex.js';
import { addShipHexIds } from './warship.js';
import { smallTokenHexes } from './tokens.js';
import type { Hex, PublicState, Seat } from './types.js';

export interface LosOptions {
  /** That warship's own hexes do not block (its point defence, RULES §4.5 / draft §7.4.3). */
  ignoreSeat?: Seat;
}

/**
 * Every obstructed hex (hexId): warship sections (but the ignored seat's) and every small token in space. Numbers, not
 * text keys: a fighter prompt's options build this set for every placement a squadron may end on.
 */
export function obstructions(s: PublicState, opts: LosOptions = {}): Set<number> {
  const out = new Set<number>();
  for (const ship of s.ships) {
    if (ship.seat === opts.ignoreSeat) continue;
    addShipHexIds(ship, out);
  }
  for (const at of smallTokenHexes(s)) out.add(hexId(at));
  return out;
}

/**
 * Line of sight over a precomputed obstruction set. The endpoints never block. A line running exactly along hex
 * edges is drawn both ways (hex.ts `line` nudges); it is clear if either way is clear (the lenient table reading).
 */
export function clearLine(blocked: ReadonlySet<number>, from: Hex, to: Hex): boolean {
  if (equals(from, to)) return true;
  return clearWay(blocked, from, to, 1) || clearWay(blocked, from, to, -1);
}

/** The line drawn one way (`nudge`) passes no obstructed hex between its ends. */
function clearWay(blocked: ReadonlySet<number>, from: Hex, to: Hex, nudge: 1 | -1): boolean {
  const n = distance(from, to);
  for (let i = 1; i < n; i++) if (blocked.has(hexId(lineHex(from, to, n, i, nudge)))) return false;
  return true;
}

export function lineOfSight(s: PublicState, from: Hex, to: Hex, opts: LosOptions = {}): boolean {
  return clearLine(obstructions(s, opts), from, to);
}
