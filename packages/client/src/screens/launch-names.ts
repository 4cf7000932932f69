// Names for launch hexes that a player understands (RULES §4.4: a squadron launches within the bay's launch range of
// one of its parent's bay hexes, which are the port and starboard sections). Each hex is named from the nearer bay as
// a distance and a clock position relative to the warship's heading (12 o'clock = where the warship points), e.g.
// "Port bay, 2 hexes at 10 o'clock". Within two hexes of a bay every hex has its own clock position (ring 1: the
// even hours, ring 2: all twelve), so the names are unique.
import { distance, type Dir, type Hex } from '@star-eater/engine';
import { whereFrom } from '../animation/names.js';
import { shipHexes } from '../board/model.js';

/** "Port bay, 1 hex at 10 o'clock" for each launch hex (in the given order), relative to the launching warship. */
export function launchHexNames(ship: { core: Hex; facing: Dir }, hexes: readonly Hex[]): string[] {
  const bays = shipHexes(ship.core, ship.facing);
  return hexes.map((at) => {
    const [bay, from] =
      distance(bays.port, at) <= distance(bays.starboard, at) ? ['Port', bays.port] : ['Starboard', bays.starboard];
    return `${bay} bay, ${whereFrom({ core: from, facing: ship.facing }, at)}`;
  });
}
