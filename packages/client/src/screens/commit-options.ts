// What the commit panel shows about each card: whether it can act this round and why not, and the hexes a weapon
// covers. Advisory display only (the server's engine validates). Which cards can act comes from the engine's
// cardAvailability (RULES §4.3); this file only resolves its "play X on it too" dependencies against the cards chosen.
import {
  boardHexes,
  cardAvailability,
  cardMount,
  distance,
  firingLine,
  inArc,
  mountArcs,
  mountComponent,
  mountHex,
  findCard,
  type WeaponCard,
  type CardAvailability,
  type CardId,
  type CardPlay,
  type Hex,
  type MatchState,
  type Seat,
} from '@star-eater/engine';

/** The engine's availability of one card for this seat (every card has an entry). */
export function availabilityOf(s: MatchState, seat: Seat, card: CardId): CardAvailability {
  return cardAvailability(s, seat).find((a) => a.card === card) ?? { card, usable: true };
}

/** Whether one of the chosen cards is a dependency of `a` played on the component that card waits on. */
function requirementMet(a: CardAvailability, others: readonly CardPlay[]): boolean {
  if (!a.requires || a.requires.length === 0) return true;
  const comp = a.component;
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

/**
 * The hexes a warship weapon covers: its firing line for beams and tokens (the engine's firingLine), its arcs within
 * range for direct fire.
 */
export function weaponHexes(s: MatchState, seat: Seat, play: CardPlay): Hex[] {
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
