// The levels above `random`. easy: one-ply greedy — each commitment tried once against a passive opponent, the best
// kept; prompts answered by scoring every listed option. medium and hard: the stage-game search of search.ts, and
// prompts searched by playing the rest of the round; hard with several times the playouts.
import { ENGINE_SETTINGS, type Commitment, type Rng } from '@star-eater/engine';
import { usefulCardSets } from './candidates.js';
import { heuristicDecision, searchDecision } from './decide.js';
import type { BotAnswer, BotRequest } from './request.js';
import { randomAnswer } from './random.js';
import { searchCommitment } from './search.js';
import { diceFrom, NONE, pair, playout } from './simulate.js';

/** One-ply greedy: the best card set moving as now, then the best engine setting with it, each by one playout. */
function greedyCommitment(request: Extract<BotRequest, { kind: 'commit' }>, rng: Rng): Commitment {
  const { state, seat } = request;
  const dice = diceFrom(rng);
  const pick = (list: Commitment[]): Commitment => {
    let best = list[0]!;
    let bestV = -Infinity;
    for (const c of list) {
      const v = playout(state, seat, pair(seat, c, NONE), dice);
      if (v > bestV) {
        bestV = v;
        best = c;
      }
    }
    return best;
  };
  const cards = pick(usefulCardSets(state, seat).map((c) => ({ engine: 'NONE', cards: c }))).cards;
  return pick(ENGINE_SETTINGS.map((engine) => ({ engine, cards })));
}

export function easyAnswer(request: BotRequest, rng: Rng): BotAnswer {
  switch (request.kind) {
    case 'commit':
      return { kind: 'commit', commitment: greedyCommitment(request, rng) };
    case 'decide':
      return { kind: 'decide', decision: heuristicDecision(request.state, request.prompt) };
    default:
      return randomAnswer(request, rng);
  }
}

/** medium and hard: search, with `budget` playouts for a commitment and a share of it for a prompt. */
export function searchAnswer(request: BotRequest, budget: number, rng: Rng): BotAnswer {
  switch (request.kind) {
    case 'commit':
      return { kind: 'commit', commitment: searchCommitment(request.state, request.seat, budget, rng) };
    case 'decide': {
      const width = budget >= 400 ? 6 : 4;
      const samples = Math.max(1, Math.round(budget / 100));
      if (budget < 60)
        return { kind: 'decide', decision: searchDecision(request.state, request.prompt, request, 2, 1, rng) };
      return { kind: 'decide', decision: searchDecision(request.state, request.prompt, request, width, samples, rng) };
    }
    default:
      return randomAnswer(request, rng);
  }
}
