// One line of the match log for each engine event, in the rulebook's words. Returns null for events not worth a line.
import type { MatchEvent } from '@star-eater/engine';
import { ROUND_LINES, SHIP_LINES, type Lines, type Warships } from './lines.js';
import { SQUADRON_LINES, WEAPON_LINES } from './lines-weapons.js';
import { addressed } from './grammar.js';
import type { Names } from './names.js';

export type { Names } from './names.js';
export type { Warships } from './lines.js';
export { rollFormula } from './names.js';

// Every kind of event has an entry: the compiler checks the table is complete.
const LINES: Lines = { ...ROUND_LINES, ...SHIP_LINES, ...WEAPON_LINES, ...SQUADRON_LINES };

/** `ships`: the warships as they stand when the event happens (hexes are named from them, never by coordinates). */
export function describeEvent(e: MatchEvent, names: Names, ships: Warships): string | null {
  const line = (LINES[e.type] as (e: MatchEvent, names: Names, ships: Warships) => string | null)(e, names, ships);
  return line === null ? null : addressed(line);
}
