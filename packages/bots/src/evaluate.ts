// A static evaluation of a position for one seat (higher is better for `seat`), in rough "structure points": what a
// search compares at its leaves. Material (structure, armour, squadrons, munitions, weapon tokens) and a little
// position: which weapons bear on the enemy warship now, and how close the squadrons are to it.
import {
  distance,
  getFaction,
  inArc,
  neighbour,
  mountArcs,
  mountHex,
  shipHexes,
  squadronCard,
  weaponCard,
  type MatchState,
  type Seat,
  type Warship,
  type WeaponMount,
} from '@star-eater/engine';

export const WIN = 1000;
const MOUNTS: readonly WeaponMount[] = ['main', 'port-broadside', 'starboard-broadside'];

/** Hull: structure counts most; armour shields it (a section with none lets hits through to structure). */
function hull(ship: Warship): number {
  let v = ship.structure * 3;
  for (const sec of ['bow', 'core', 'port', 'starboard'] as const) v += Math.min(ship.armour[sec], 4) * 0.9;
  return v;
}

function squadrons(ship: Warship, enemy: Warship): number {
  let v = 0;
  const target = enemy.core;
  for (const q of ship.squadrons) {
    if (q.status === 'destroyed') continue;
    const card = squadronCard(q.card);
    v += 1.6 + 0.6 * q.munitions;
    if (q.status === 'space' && q.at && q.munitions > 0)
      v += 0.08 * Math.max(0, 8 - distance(q.at, target)) + 0 * card.speed;
  }
  return v;
}

/** How much of this ship's firepower bears on the enemy warship from where it stands (weapons ready). */
function bearing(ship: Warship, enemy: Warship): number {
  const hexes = shipHexes(enemy);
  let v = 0;
  for (const mount of MOUNTS) {
    const card = weaponCard(mount === 'main' ? ship.loadout.main : ship.loadout.broadside);
    const comp = mount === 'main' ? 'main' : 'broadside';
    if (ship.cooldown[comp] > 1) continue;
    const reach = card.class === 'projectile' || card.class === 'torpedo' ? (card.speed ?? 2) * 2.5 : (card.range ?? 3);
    const from = mountHex(ship, mount);
    const arcs = mountArcs(ship, mount, card);
    const bears = hexes.some((h) => distance(from, h) <= reach && arcs.some((a) => inArc(a, from, ship.facing, h)));
    if (bears) v += card.damage * (ship.cooldown[comp] === 0 ? 0.35 : 0.15);
  }
  return v;
}

/** Expected damage on its way to this ship: enemy projectiles whose line crosses it, torpedoes closing on it. */
function incoming(s: MatchState, ship: Warship): number {
  const hexes = shipHexes(ship);
  const hit = (h: { q: number; r: number }) => hexes.some((x) => x.q === h.q && x.r === h.r);
  let v = 0;
  for (const t of s.tokens) {
    if (t.owner === ship.seat) continue;
    if (t.kind === 'projectile') {
      let h = t.at;
      for (let k = 0; k < t.speed * 2; k++) {
        h = neighbour(h, t.facing);
        if (hit(h)) {
          v += t.damage * (k < t.speed ? 0.9 : 0.6);
          break;
        }
      }
    } else if (distance(t.at, ship.core) <= t.speed * 2 + 1 && inArc('fullFront', t.at, t.facing, ship.core)) {
      v += t.damage * 0.6;
    }
  }
  return v * 1.2;
}

function supply(ship: Warship): number {
  return 0.15 * (ship.supply.main + ship.supply.broadside) + 0.1 * ship.power * getFaction(ship.faction).special.power;
}

/**
 * Closing in, per hex between the warships' cores. Counted for the evaluating seat only (the rest is zero-sum and a
 * shared distance would cancel out): a bot far from an opponent who sits still would otherwise see every move as
 * worth the same and never come to finish it. Small against a structure point (3), so it breaks ties only.
 */
const ENGAGE = 0.02;

/** The value of the position for `seat`: a win is worth WIN, a draw 0. */
export function evaluate(s: MatchState, seat: Seat): number {
  if (s.winner !== null) return s.winner === 'draw' ? 0 : s.winner === seat ? WIN : -WIN;
  const me = s.ships[seat];
  const them = s.ships[seat === 0 ? 1 : 0];
  const side = (a: Warship, b: Warship) => hull(a) + squadrons(a, b) + bearing(a, b) + supply(a) - incoming(s, a);
  return side(me, them) - side(them, me) - ENGAGE * distance(me.core, them.core);
}
