// hard's faction choice and draft (RULES §5): the faction and, in every slot, the card that measured best
// (draft-values.json); a legal action at every step whatever the opponent does.
import {
  applyDraftAction,
  createDraft,
  draftTurn,
  getFaction,
  randomDraftAction,
  squadronTriples,
  createRng,
  type Seat,
} from '@star-eater/engine';
import { expect, it } from 'vitest';
import VALUES from './draft-values.json' with { type: 'json' };
import { botAnswer } from './index.js';

const worth = (id: string) => (VALUES.cards as Record<string, number>)[id]!;
const best = (ids: string[]) => ids.reduce((a, b) => (worth(b) > worth(a) ? b : a));

it('hard takes the faction that measured best, and every slot its best card, against a random drafter', () => {
  const factions = Object.entries(VALUES.factions).sort((a, b) => b[1] - a[1]);
  for (const [k, initiative] of ([0, 1, 0, 1] as Seat[]).entries()) {
    const hardSeat = (k < 2 ? 0 : 1) as Seat;
    const chosen = botAnswer('hard', { kind: 'faction', seat: hardSeat }, { seed: `draft:${k}` });
    expect(chosen).toEqual({ kind: 'faction', faction: factions[0]![0] });
    if (chosen.kind !== 'faction') return;
    const rival = k % 2 === 0 ? 'fpa' : 'lamais';
    let draft = createDraft({
      factions: hardSeat === 0 ? [chosen.faction, rival] : [rival, chosen.faction],
      initiative,
    });
    const rng = createRng(`draft-test:${k}`);
    while (draftTurn(draft).stage !== 'done') {
      for (const seat of draftTurn(draft).seats) {
        const answer = botAnswer('hard', { kind: 'draft', seat, draft }, { seed: `draft:${k}` });
        const action =
          seat === hardSeat && answer.kind === 'draft' ? answer.action : randomDraftAction(draft, seat, rng);
        const r = applyDraftAction(draft, seat, action);
        if (!r.ok) expect.fail(`seat ${seat}: ${r.error.message}`);
        draft = r.value;
      }
    }
    const deck = getFaction(chosen.faction);
    const mine = draft.loadouts[hardSeat];
    for (const slot of ['main', 'broadside', 'fighterBay', 'pointDefence'] as const)
      expect(mine[slot]).toBe(best(deck[slot].map((c) => c.id)));
    const tripleWorth = (t: readonly string[]) => t.reduce((v, id) => v + worth(id), 0);
    const top = Math.max(...squadronTriples(deck).map(tripleWorth));
    expect(tripleWorth(mine.squadrons!)).toBeCloseTo(top, 9);
    // every squadron armed where the munitions allow (one without is a target only)
    expect(draft.munitions[hardSeat]!.filter((n) => n > 0).length).toBe(3);
  }
});
