// What the commit panel shows about each card: whether it can act this round and why not, and the hexes a weapon
// covers. Advisory display only (the server's engine validates). Which cards can act comes from the engine's
// cardAvailability (RULES §4.3); this file only resolves its "play X on it too" dependencies against the cards chosen.
import {
  boardHexes,
  cardAvailability,
  firingDirection,
  inArc,
  mountArcs,
  mountHex,
  neighbour,
  onBoard,
  weaponCard,
  type CardAvailability,
  type CardId,
  type CardPlay,
  type Component,
  type Hex,
  type MatchState,
  type Seat,
  type WeaponMount,
} from '@star-eater/engine';

/** Cooldown the component will still have when its card acts, after Vent Coolant / Capacitor Dump in this commitment. */
export function cooldownWhenActing(ship: MatchState['ships'][0], comp: Component, cards: readonly CardPlay[]): number {
  let cd = ship.cooldown[comp];
  for (const c of cards) {
    if (c.card === 'vent-coolant' && c.component === comp) cd = Math.max(0, cd - 1);
    if (c.card === 'special-ability' && ship.faction === 'lamais' && c.component === comp) cd = 0;
  }
  return cd;
}

const MOUNT_OF: Partial<Record<CardId, WeaponMount>> = {
  'fire-main': 'main',
  'port-broadside': 'port-broadside',
  'starboard-broadside': 'starboard-broadside',
};

/** The component whose cooldown a card waits on (the one a `requires` dependency must be played on). */
const COMPONENT_OF: Partial<Record<CardId, Component>> = {
  'fire-main': 'main',
  'port-broadside': 'broadside',
  'starboard-broadside': 'broadside',
  'launch-squadron': 'fighterBay',
  'defence-stations': 'pointDefence',
};

/** The engine's availability of one card for this seat (every card has an entry). */
export function availabilityOf(s: MatchState, seat: Seat, card: CardId): CardAvailability {
  return cardAvailability(s, seat).find((a) => a.card === card) ?? { card, usable: true };
}

/** Whether one of the chosen cards is a dependency of `a` played on the component that card waits on. */
function requirementMet(a: CardAvailability, others: readonly CardPlay[]): boolean {
  if (!a.requires || a.requires.length === 0) return true;
  const comp = COMPONENT_OF[a.card];
  return others.some(
    (c) => a.requires!.includes(c.card) && (comp === undefined || ('component' in c && c.component === comp)),
  );
}

/** Why a card cannot act this round (null when it can), given the other cards chosen with it. */
export function disabledReason(s: MatchState, seat: Seat, card: CardId, cards: readonly CardPlay[]): string | null {
  const a = availabilityOf(s, seat, card);
  if (!a.usable) return a.reason ?? 'cannot act this round';
  const others = cards.filter((c) => c.card !== card);
  if (!requirementMet(a, others)) return a.reason ?? `play ${a.requires!.join(' or ')} with it`;
  return null;
}

/** An advisory note on a card that can be played (e.g. "fires only if a token returns first"), or null. */
export function cardNote(s: MatchState, seat: Seat, card: CardId): string | null {
  const a = availabilityOf(s, seat, card);
  if (!a.usable || !a.reason) return null;
  if (a.requires && a.requires.length > 0) return null; // a dependency: disabledReason reports it until it is met
  return a.reason;
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
