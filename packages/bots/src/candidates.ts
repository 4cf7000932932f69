// The commitments worth searching: from the engine's list of every legal commitment (commitmentOptions), the plays
// that can do something this round (cardAvailability and the state: a component with cooldown to vent, a damaged
// section to repair, a squadron with room for munitions), as none, single cards and pairs; and a random cut of a list
// for a small budget.
import {
  commitmentOptions,
  squadronCard,
  type CardPlay,
  type MatchState,
  type Rng,
  type Seat,
} from '@star-eater/engine';

function useful(s: MatchState, seat: Seat, play: CardPlay): boolean {
  const ship = s.ships[seat];
  switch (play.card) {
    case 'vent-coolant':
      return ship.cooldown[play.component] > 0;
    case 'special-ability':
      if (play.section) return ship.armour[play.section] < ship.startArmour[play.section];
      return play.component !== undefined && ship.cooldown[play.component] > 0;
    case 'squadron-maintenance': {
      if (play.repair !== undefined) return ship.squadrons[play.repair]!.status === 'destroyed';
      const need = [0, 0, 0];
      for (const i of play.munitions ?? []) need[i]!++;
      return need.every((n, i) => {
        if (n === 0) return true;
        const q = ship.squadrons[i]!;
        const card = squadronCard(q.card);
        const room = card.capacity - q.munitions;
        const supply = card.munition === 'torpedo' ? ship.supply.squadronTorpedo : 9;
        return q.status === 'aboard' && room >= n && supply >= n;
      });
    }
    case 'launch-squadron':
      return ship.squadrons.some((q) => q.status === 'aboard');
    default:
      return true;
  }
}

/** The card sets worth trying (none, singles, pairs of distinct cards), each play able to act this round. */
export function usefulCardSets(s: MatchState, seat: Seat): CardPlay[][] {
  const options = commitmentOptions(s, seat);
  const cards = options.cards
    .filter((c) => c.usable || (c.requires?.length ?? 0) > 0)
    .map((c) => ({ ...c, plays: c.plays.filter((p) => useful(s, seat, p)) }))
    .filter((c) => c.plays.length > 0);
  const sets: CardPlay[][] = [[]];
  for (let a = 0; a < cards.length; a++) {
    for (const pa of cards[a]!.plays) {
      sets.push([pa]);
      for (let b = a + 1; b < cards.length; b++) for (const pb of cards[b]!.plays) sets.push([pa, pb]);
    }
  }
  return sets;
}

/**
 * `list` cut to a random `limit` of it when longer (the first entry always stays: the engine's no-cards / first
 * option), else `list` itself: what a small budget can afford to try.
 */
export function sampleOf<T>(list: readonly T[], limit: number, rng: Rng): readonly T[] {
  if (list.length <= limit) return list;
  const rest = list.slice(1);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [list[0]!, ...rest.slice(0, Math.max(0, limit - 1))];
}
