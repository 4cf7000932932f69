// Line of sight for direct fire (RULES §4.5, draft §7.4.1): draw the hex line between the two centres; any hex
// strictly between them holding a warship section, squadron, torpedo or projectile blocks it.
import { equals, key, line } from './hex.js';
import { shipHexes } from './warship.js';
import { smallTokens } from './tokens.js';
import type { Hex, PublicState, Seat } from './types.js';

export interface LosOptions {
  /** That warship's own hexes do not block (its point defence, RULES §4.5 / draft §7.4.3). */
  ignoreSeat?: Seat;
}

/** The keys of every obstructed hex: warship sections (but the ignored seat's) and every small token in space. */
export function obstructions(s: PublicState, opts: LosOptions = {}): Set<string> {
  const out = new Set<string>();
  for (const ship of s.ships) {
    if (ship.seat === opts.ignoreSeat) continue;
    for (const h of shipHexes(ship)) out.add(key(h));
  }
  for (const t of smallTokens(s)) out.add(key(t.at));
  return out;
}

/**
 * Line of sight over a precomputed obstruction set. The endpoints never block. A line running exactly along hex
 * edges is drawn both ways (hex.ts `line` nudges); it is clear if either way is clear (the lenient table reading).
 */
export function clearLine(blocked: ReadonlySet<string>, from: Hex, to: Hex): boolean {
  if (equals(from, to)) return true;
  return ([1, -1] as const).some((nudge) => {
    const hexes = line(from, to, nudge);
    for (let i = 1; i < hexes.length - 1; i++) if (blocked.has(key(hexes[i]!))) return false;
    return true;
  });
}

export function lineOfSight(s: PublicState, from: Hex, to: Hex, opts: LosOptions = {}): boolean {
  return clearLine(obstructions(s, opts), from, to);
}
