// Names for launch hexes that a player understands (RULES §4.4: a squadron launches within the bay's launch range of
// one of its parent's bay hexes, which are the port and starboard sections). Each hex is named from the nearer bay as
// a distance and a clock position relative to the warship's heading (12 o'clock = where the warship points), e.g.
// "Port bay, 2 hexes at 10 o'clock". Within two hexes of a bay every hex has its own clock position (ring 1: the
// even hours, ring 2: all twelve), so the names are unique.
import { distance, toPixel, type Dir, type Hex } from '@star-eater/engine';
import { dirDegrees } from '../board/layout.js';
import { shipHexes } from '../board/model.js';

/** The clock position (1–12) of `to` seen from `from`, with 12 o'clock along `facing`. */
export function clockOf(from: Hex, to: Hex, facing: Dir): number {
  const a = toPixel(from);
  const b = toPixel(to);
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  const rel = deg - dirDegrees(facing);
  const hour = Math.round((((rel % 360) + 360) % 360) / 30) % 12;
  return hour === 0 ? 12 : hour;
}

/** "Port bay, 1 hex at 10 o'clock" for each launch hex (in the given order), relative to the launching warship. */
export function launchHexNames(ship: { core: Hex; facing: Dir }, hexes: readonly Hex[]): string[] {
  const bays = shipHexes(ship.core, ship.facing);
  return hexes.map((at) => {
    const dp = distance(bays.port, at);
    const ds = distance(bays.starboard, at);
    const [bay, from, d] = dp <= ds ? ['Port', bays.port, dp] : ['Starboard', bays.starboard, ds];
    return `${bay} bay, ${d} hex${d === 1 ? '' : 'es'} at ${clockOf(from, at, ship.facing)} o'clock`;
  });
}
