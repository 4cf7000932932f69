// Faction choice and the draft (RULES §5) for the levels that draft with judgement: each card's measured worth
// (draft-values.json: the score of the seats that had it over bot-versus-bot matches with random drafts;
// bench/draft-values.ts prints it) decides. Each player picks from a deck of their own, so a pick never takes a card
// from the opponent: the best loadout is the best card of each slot. A card the table does not know (new content)
// is worth the middle, so the bot still drafts legally.
import {
  FACTION_IDS,
  legalDraftActions,
  type Draft,
  type DraftAction,
  type FactionId,
  type PartialLoadout,
  type Rng,
  type Seat,
} from '@star-eater/engine';
import VALUES from './draft-values.json' with { type: 'json' };

const cardValue = (id: string): number => (VALUES.cards as Record<string, number>)[id] ?? 0.5;
const factionValue = (id: FactionId): number => (VALUES.factions as Record<string, number>)[id] ?? 0.5;

/** The faction that scored best (ties: the first in the engine's order). */
export function bestFaction(): FactionId {
  let best = FACTION_IDS[0]!;
  for (const f of FACTION_IDS) if (factionValue(f) > factionValue(best)) best = f;
  return best;
}

function loadoutValue(l: PartialLoadout): number {
  let v = 0;
  for (const slot of ['main', 'broadside', 'fighterBay', 'pointDefence'] as const) {
    const id = l[slot];
    if (id !== undefined) v += cardValue(id);
  }
  for (const id of l.squadrons ?? []) v += cardValue(id) / 3;
  return v;
}

/** Munitions first to arm every squadron (a squadron without is a target only), then where the best cards are. */
function munitionsValue(squadrons: readonly string[], m: readonly number[]): number {
  return m.reduce((v, n, i) => v + (n > 0 ? 1 : 0) + Math.sqrt(n) * cardValue(squadrons[i]!), 0);
}

/** The draft action that leaves this seat's loadout worth the most (ties: the engine's order, first = no swap). */
export function bestDraftAction(d: Draft, seat: Seat, rng: Rng): DraftAction | null {
  const { actions } = legalDraftActions(d, seat);
  if (actions.length === 0) return null;
  const mine = d.loadouts[seat];
  const value = (a: DraftAction): number => {
    if (a.kind === 'no-swap') return loadoutValue(mine);
    if (a.kind === 'munitions') return munitionsValue(mine.squadrons ?? [], a.munitions);
    const next: PartialLoadout =
      a.slot === 'squadrons' ? { ...mine, squadrons: a.cards } : { ...mine, [a.slot]: a.card };
    return loadoutValue(next);
  };
  let best: DraftAction[] = [];
  let bestV = -Infinity;
  for (const a of actions) {
    const v = value(a);
    if (v > bestV + 1e-9) {
      bestV = v;
      best = [a];
    } else if (Math.abs(v - bestV) <= 1e-9) best.push(a);
  }
  // equal ones (the order of a triple, which empty slot to fill first) are the same loadout: any will do
  return best.length === 1 ? best[0]! : rng.pick(best);
}
