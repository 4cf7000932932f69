// Answering a prompt. `heuristicDecision` looks at every listed option (the engine's lists: targets with their hit
// chances, every fighter placement with its ends) and scores it at once; `searchDecision` plays the rest of the round
// forward from the best few — re-running the round from its start with the decisions and dice so far, then dice of
// its own — and keeps the one whose rounds end best.
import {
  distance,
  placementAnswer,
  resolveRoundWith,
  squadronMoves,
  type Commitment,
  type Decision,
  type MatchState,
  type Prompt,
  type Rng,
  type Seat,
} from '@star-eater/engine';
import { type Dice, diceFrom } from './simulate.js';
import { evaluate } from './evaluate.js';
import { bestEnd, optionValue, quickDecision } from './policy.js';

type FighterPrompt = Extract<Prompt, { kind: 'fighter' }>;
interface Scored {
  decision: Decision;
  value: number;
}

/** Every fighter activation worth a look, scored: its best action there, and for an armed squadron, closing in. */
function fighterCandidates(s: MatchState, prompt: FighterPrompt): Scored[] {
  const seat = prompt.seat;
  const enemy = s.ships[seat === 0 ? 1 : 0].core;
  const out: Scored[] = [{ decision: { kind: 'fighter', answer: { kind: 'pass' } }, value: 0 }];
  for (const o of prompt.squadrons) {
    const moves = o.moves ?? squadronMoves(s, seat, o);
    const sq = s.ships[seat].squadrons[o.squadron]!;
    let best: Scored | null = null;
    for (const pl of moves.placements) {
      const at = moves.reach[pl.hex]!.at;
      let value: number;
      let end = { kind: 'none' } as Parameters<typeof placementAnswer>[3];
      if (pl.actions) {
        const b = bestEnd(s, seat, o.squadron, at, pl.facing);
        value = b.value;
        end = b.end;
      } else value = 0;
      if (sq.munitions > 0) value += 0.05 * (10 - distance(at, enemy));
      else if (pl.recall) {
        value += 0.6;
        end = { kind: 'recall' };
      }
      if (!best || value > best.value)
        best = { decision: { kind: 'fighter', answer: placementAnswer(o, moves, pl, end) }, value };
    }
    if (best) out.push(best);
  }
  return out.sort((a, b) => b.value - a.value);
}

function candidates(s: MatchState, prompt: Prompt): Scored[] {
  if (prompt.kind === 'fighter') return fighterCandidates(s, prompt);
  return prompt.options
    .map((o) => ({
      decision: { kind: prompt.kind, target: o.target } as Decision,
      value: optionValue(s, prompt.seat, o),
    }))
    .sort((a, b) => b.value - a.value);
}

/** The best-scored listed option. */
export function heuristicDecision(s: MatchState, prompt: Prompt): Decision {
  return candidates(s, prompt)[0]?.decision ?? quickDecision(s, prompt);
}

export interface DecideContext {
  start: MatchState;
  commitments: [Commitment, Commitment];
  decisions: Decision[];
  rolls: number[];
}

/** The rest of the round after `decision`, on the bot's own dice, evaluated for `seat`. */
function restOfRound(ctx: DecideContext, seat: Seat, decision: Decision, dice: Dice): number {
  const k = ctx.decisions.length;
  const p = resolveRoundWith(
    { ...ctx.start, rng: [...dice] },
    ctx.commitments,
    (prompt, i, now) => (i < k ? ctx.decisions[i] : i === k ? decision : quickDecision(now, prompt)),
    { rolls: ctx.rolls },
  );
  if (p.status !== 'done') return -Infinity;
  return evaluate(p.state, seat);
}

/** The best of the top `width` options after `samples` playouts of the rest of the round each. */
export function searchDecision(
  s: MatchState,
  prompt: Prompt,
  ctx: DecideContext,
  width: number,
  samples: number,
  rng: Rng,
): Decision {
  const list = candidates(s, prompt).slice(0, width);
  if (list.length <= 1) return list[0]?.decision ?? quickDecision(s, prompt);
  let best = list[0]!.decision;
  let bestV = -Infinity;
  const dice = Array.from({ length: samples }, () => diceFrom(rng));
  for (const c of list) {
    let v = 0;
    for (const d of dice) v += restOfRound(ctx, prompt.seat, c.decision, d);
    if (v > bestV) {
      bestV = v;
      best = c.decision;
    }
  }
  return best;
}
