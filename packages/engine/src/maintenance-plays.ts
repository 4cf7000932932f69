// What a Squadron Maintenance play would do if it resolved on this position (RULES §4.3: two munitions to squadrons
// aboard within capacity, or instead one destroyed squadron returned aboard). A play with a part that would be skipped
// (a squadron in space or full, no torpedo left, nothing destroyed) is still legal; the client offers only the plays
// that do all they say, and says why the others are not offered.
import { squadronCard } from './content/index.js';
import type { CardPlay, PublicState, Seat } from './types.js';

/**
 * Why this Squadron Maintenance play would not do all it says now (null when it would), counted as actions.ts
 * resolves it: each munition in turn, within capacity and the squadron torpedo supply.
 */
export function maintenanceShortfall(s: PublicState, seat: Seat, play: CardPlay): string | null {
  if (play.card !== 'squadron-maintenance') return null;
  const ship = s.ships[seat];
  const name = (i: number) => `squadron ${i + 1}`;
  if (play.repair !== undefined) {
    const sq = ship.squadrons[play.repair];
    return sq?.status === 'destroyed' ? null : `${name(play.repair)} is not destroyed`;
  }
  const added = ship.squadrons.map(() => 0);
  let torpedoes = ship.supply.squadronTorpedo;
  for (const i of play.munitions ?? []) {
    const sq = ship.squadrons[i];
    if (!sq) return `there is no ${name(i)}`;
    if (sq.status !== 'aboard') return `${name(i)} is not aboard`;
    const card = squadronCard(sq.card);
    if (sq.munitions + added[i]! >= card.capacity) return `${name(i)} has no room for another munition`;
    if (card.munition === 'torpedo') {
      if (torpedoes <= 0) return 'no squadron torpedo left';
      torpedoes--;
    }
    added[i]!++;
  }
  return null;
}
