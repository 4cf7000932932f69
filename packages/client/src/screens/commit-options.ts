// What the commit panel shows about each card: whether it can act this round and why not. Advisory display only (the
// server's engine validates). Which cards can act comes from the engine's cardAvailability (RULES §4.3); this file
// only resolves its "play X on it too" dependencies against the cards chosen.
import {
  cardAvailability,
  type CardAvailability,
  type CardId,
  type CardPlay,
  type PublicState,
  type Seat,
} from '@star-eater/engine';

/** The engine's availability of one card for this seat (every card has an entry). */
export function availabilityOf(s: PublicState, seat: Seat, card: CardId): CardAvailability {
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
export function disabledReason(s: PublicState, seat: Seat, card: CardId, cards: readonly CardPlay[]): string | null {
  const a = availabilityOf(s, seat, card);
  if (!a.usable) return a.reason ?? 'cannot act this round';
  const others = cards.filter((c) => c.card !== card);
  if (!requirementMet(a, others)) return a.reason ?? `play ${a.requires!.join(' or ')} with it`;
  return null;
}

/** An advisory note on a card that can be played (e.g. "fires only if a token returns first"), or null. */
export function cardNote(s: PublicState, seat: Seat, card: CardId): string | null {
  const a = availabilityOf(s, seat, card);
  if (!a.usable || !a.reason) return null;
  if (a.requires && a.requires.length > 0) return null; // a dependency: disabledReason reports it until it is met
  return a.reason;
}
