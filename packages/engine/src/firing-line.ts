// Where a warship's beam or token weapon would go from the position as it stands (RULES §4.5), for the commit panel's
// preview and its friendly-fire warning: a laser's beam (traceBeam: its range, it destroys every small token on the
// way, the first warship hex stops it), a projectile's straight line (it destroys the squadrons and torpedoes it
// passes; the first warship hex other than its own warship's stops it; the edge ends it), a torpedo's launch line (it
// homes later: the straight line, destroying nothing on the way). Advisory: everything still moves before the
// weapons phase, and a direct-fire weapon has no line (null).
import { onBoard } from './board.js';
import { findCard } from './content/index.js';
import type { TokenRef } from './events.js';
import { neighbour } from './hex.js';
import { cardMount, firingDirection, mountComponent, mountHex } from './mounts.js';
import { smallTokensAt } from './tokens.js';
import type { CardPlay, Hex, PublicState, Seat, WeaponCard } from './types.js';
import { warshipAt } from './warship.js';
import { traceBeam } from './weapons/laser.js';

export interface FiringLine {
  weapon: WeaponCard;
  /** The hexes after the mount, in order, up to where the shot would stop. */
  path: Hex[];
  /** The small tokens on the path the shot would destroy, in order (any owner). */
  destroys: TokenRef[];
}

export function firingLine(s: PublicState, seat: Seat, play: CardPlay): FiringLine | null {
  const mount = cardMount(play.card);
  if (!mount) return null;
  const ship = s.ships[seat];
  const found = findCard<WeaponCard>(ship.loadout[mountComponent(mount)], ['main', 'broadside']);
  if (!found.ok || found.value.class === 'direct') return null;
  const weapon = found.value;
  const from = mountHex(ship, mount);
  const dir = firingDirection(ship, mount, 'aim' in play ? play.aim : undefined);
  if (weapon.class === 'laser') {
    const beam = traceBeam({ s }, { from, dir, range: weapon.range ?? 0, damage: weapon.damage });
    return { weapon, path: beam.path, destroys: beam.destroyed.map((t) => t.ref) };
  }
  const path: Hex[] = [];
  const destroys: TokenRef[] = [];
  for (let at = neighbour(from, dir); onBoard(s.scenario, at); at = neighbour(at, dir)) {
    path.push(at);
    const hit = warshipAt(s.ships, at);
    // The firing warship's own hexes never count as entered by its own shot; any other warship hex stops it.
    if (hit && hit.seat !== seat) break;
    if (weapon.class !== 'projectile') continue;
    for (const t of smallTokensAt(s, at)) if (t.ref.kind !== 'projectile') destroys.push(t.ref);
  }
  return { weapon, path, destroys };
}
