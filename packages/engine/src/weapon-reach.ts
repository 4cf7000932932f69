// Where a warship weapon would reach when it fires this round (RULES §4.5), for the commit panel's preview: warships
// move only in the momentum phase, so a warship fires from where its drift leaves it (previewDrift: the other warship
// taken as stationary), not from where it stands during the commitment. A beam or token weapon covers its firing line
// (firingLine), a direct-fire weapon every hex of its arcs within range. Advisory, like the drift it starts from.
import { boardHexes } from './board.js';
import { findCard } from './content/index.js';
import { firingLine } from './firing-line.js';
import { distance } from './hex.js';
import { inArc } from './arcs.js';
import { cardMount, mountArcs, mountComponent, mountHex } from './mounts.js';
import { previewDrift } from './movement.js';
import type { CardPlay, EngineSetting, Hex, PublicState, Seat, WeaponCard } from './types.js';

/** The position as it will stand in the weapons phase, as far as `seat` can tell: its warship where it drifts to. */
export function stateWhenFiring(s: PublicState, seat: Seat, engine: EngineSetting): PublicState {
  const end = previewDrift(s, seat, engine).path.at(-1);
  if (!end) return s;
  const ships = [...s.ships] as PublicState['ships'];
  ships[seat] = { ...ships[seat], core: { ...end.core }, facing: end.facing };
  return { ...s, ships };
}

/** The hexes a warship weapon card covers from the warship's position in `s` ([] for a card that fires nothing). */
export function weaponReach(s: PublicState, seat: Seat, play: CardPlay): Hex[] {
  const line = firingLine(s, seat, play);
  if (line) return line.path;
  const mount = cardMount(play.card);
  if (!mount) return [];
  const ship = s.ships[seat];
  const found = findCard<WeaponCard>(ship.loadout[mountComponent(mount)], ['main', 'broadside']);
  if (!found.ok) return [];
  const from = mountHex(ship, mount);
  const arcs = mountArcs(ship, mount, found.value, 'turret' in play ? play.turret : undefined);
  const range = found.value.range ?? 0;
  return boardHexes(s.scenario).filter((h) => {
    const d = distance(from, h);
    return d >= 1 && d <= range && arcs.some((a) => inArc(a, from, ship.facing, h));
  });
}
