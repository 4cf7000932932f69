// What the commit panel shows about each card: whether it can act this round and why not, and the hexes a weapon
// covers. Advisory display only (the server's engine validates); built from the engine's content, arcs and mounts.
import { inArc } from '@star-eater/engine/arcs';
import { weaponCard, squadronCard } from '@star-eater/engine/content/index';
import { neighbour } from '@star-eater/engine/hex';
import { firingDirection, mountArcs, mountHex } from '@star-eater/engine/mounts';
import { onBoard, boardHexes } from '@star-eater/engine/board';
import type { CardId, CardPlay, Component, Hex, MatchState, Seat, WeaponMount } from '@star-eater/engine/types';
import { FACTIONS } from '@star-eater/engine/content/index';
import { COMPONENT_NAME } from '../animation/describe.js';

/** Cooldown the component will still have when its card acts, after Vent Coolant / Capacitor Dump in this commitment. */
export function cooldownWhenActing(ship: MatchState['ships'][0], comp: Component, cards: readonly CardPlay[]): number {
  let cd = ship.cooldown[comp];
  for (const c of cards) {
    if (c.card === 'vent-coolant' && c.component === comp) cd = Math.max(0, cd - 1);
    if (c.card === 'special-ability' && ship.faction === 'lamais' && c.component === comp) cd = 0;
  }
  return cd;
}

const MOUNT_OF: Partial<Record<CardId, WeaponMount>> = { 'fire-main': 'main', 'port-broadside': 'port-broadside', 'starboard-broadside': 'starboard-broadside' };

/** Why a card cannot act this round (null when it can), given the other cards chosen with it. */
export function disabledReason(s: MatchState, seat: Seat, card: CardId, cards: readonly CardPlay[]): string | null {
  const ship = s.ships[seat];
  const others = cards.filter((c) => c.card !== card);
  const cooling = (comp: Component) => {
    const cd = cooldownWhenActing(ship, comp, others);
    return cd > 0 ? `${COMPONENT_NAME[comp]} cooling down (${cd})` : null;
  };
  switch (card) {
    case 'fire-main':
    case 'port-broadside':
    case 'starboard-broadside': {
      const comp = card === 'fire-main' ? 'main' : 'broadside';
      const r = cooling(comp);
      if (r) return r;
      const id = card === 'fire-main' ? ship.loadout.main : ship.loadout.broadside;
      const w = id ? safe(() => weaponCard(id)) : null;
      if (w && (w.class === 'projectile' || w.class === 'torpedo') && ship.supply[comp] <= 0) return 'no tokens in supply';
      return null;
    }
    case 'launch-squadron': {
      const r = cooling('fighterBay');
      if (r) return r;
      return ship.squadrons.some((q) => q.status === 'aboard') ? null : 'no squadron aboard';
    }
    case 'defence-stations':
      return cooling('pointDefence');
    case 'vent-coolant':
      return (Object.values(ship.cooldown) as number[]).some((v) => v > 0) ? null : 'nothing to vent';
    case 'squadron-maintenance': {
      const canArm = ship.squadrons.some((q) => q.status !== 'destroyed' && q.munitions < (safe(() => squadronCard(q.card).capacity) ?? 0));
      const canRepair = ship.squadrons.some((q) => q.status === 'destroyed');
      return canArm || canRepair ? null : 'squadrons full, none to repair';
    }
    case 'special-ability': {
      const cost = FACTIONS[ship.faction].special.power;
      return ship.power >= cost ? null : `needs ${cost} power (${ship.power})`;
    }
  }
}

function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

/** The hexes a warship weapon covers: its firing line for beams and tokens, its arcs within range for direct fire. */
export function weaponHexes(s: MatchState, seat: Seat, play: CardPlay): Hex[] {
  const mount = MOUNT_OF[play.card];
  if (!mount) return [];
  const ship = s.ships[seat];
  const id = mount === 'main' ? ship.loadout.main : ship.loadout.broadside;
  const w = id ? safe(() => weaponCard(id)) : null;
  if (!w) return [];
  const from = mountHex(ship, mount);
  if (w.class !== 'direct') {
    const dir = firingDirection(ship, mount, 'aim' in play ? play.aim : undefined);
    const out: Hex[] = [];
    let h = from;
    const reach = w.class === 'laser' ? (w.range ?? 6) : 30;
    for (let i = 0; i < reach; i++) {
      h = neighbour(h, dir);
      if (!onBoard(s.scenario, h)) break;
      out.push(h);
    }
    return out;
  }
  const arcs = mountArcs(ship, mount, w, 'turret' in play ? play.turret : undefined);
  const range = w.range ?? 1;
  return boardHexes(s.scenario).filter((h) => {
    const d = (Math.abs(h.q - from.q) + Math.abs(h.r - from.r) + Math.abs(h.q + h.r - from.q - from.r)) / 2;
    return d >= 1 && d <= range && arcs.some((a) => inArc(a, from, ship.facing, h));
  });
}
