// Defence Stations (RULES §4.3, draft §7.4.3): point defence fires in the action phase at enemy squadrons and
// torpedoes, in any direction, never at warships; its own ship does not block it; it makes `shots` attacks.
import { pointDefenceCard } from './content/index.js';
import type { Ctx, DefenceShot } from './context.js';
import { chooseTarget, resolveAttack } from './direct-fire.js';
import type { DirectAttacker } from './targeting.js';
import { shipHexes } from './warship.js';
import type { PublicState, Seat } from './types.js';

/**
 * A ship's point defence as an attacker. Its range and line of sight are measured from the nearest of its ship's
 * hexes that has line of sight to the target; `from` is the core, for the ship-level arcs on events (RULES §2).
 */
export function pointDefenceAttacker(s: PublicState, seat: Seat): DirectAttacker {
  const ship = s.ships[seat];
  const card = pointDefenceCard(ship.loadout.pointDefence);
  return {
    seat,
    from: ship.core,
    facing: ship.facing,
    arcs: 'any',
    range: card.range,
    accuracy: card.accuracy,
    damage: 1, // any damage destroys a squadron or torpedo
    ...(card.aoe ? { aoe: card.aoe } : {}),
    noWarships: true,
    pointDefence: true,
    ownHexes: shipHexes(ship),
    source: { seat, by: 'point-defence', weapon: card.id },
  };
}

/**
 * The Defence Stations card: one prompt per shot, the targets listed again after each shot. With nothing to shoot
 * at the first shot it does not fire and takes no cooldown; shots left with nothing to shoot at are lost.
 * Returns whether it fired. A shot's prompt leaves its place on the context: a round stopped there goes on from that
 * shot (`from`, round.ts), which has a target (it asked), so the card fires whatever the shots before it did.
 */
export function fireDefenceStations(ctx: Ctx, seat: Seat, from = 1): boolean {
  const ship = ctx.s.ships[seat];
  if (ship.cooldown.pointDefence > 0) {
    ctx.emit({ type: 'card-ignored', seat, card: 'defence-stations', reason: 'cooldown' });
    return false;
  }
  const attacker = pointDefenceAttacker(ctx.s, seat);
  const shots = pointDefenceCard(ship.loadout.pointDefence).shots;
  let fired = false;
  const place: DefenceShot = { step: 'defence-stations', seat, shot: from };
  for (; place.shot <= shots; place.shot++) {
    const weapon = attacker.source.weapon!;
    const shot = place.shot;
    ctx.resumeAt = place;
    const target = chooseTarget(ctx, 'point-defence', attacker, (options) => ({
      kind: 'point-defence',
      seat,
      weapon,
      shot,
      shots,
      options,
    }));
    ctx.resumeAt = null;
    if (!target) {
      if (shot === 1) ctx.emit({ type: 'card-ignored', seat, card: 'defence-stations', reason: 'no-target' });
      break;
    }
    resolveAttack(ctx, attacker, target);
    ctx.activated[seat].add('pointDefence');
    fired = true;
  }
  return fired;
}
