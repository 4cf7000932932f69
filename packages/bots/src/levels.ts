// The levels above `random`. easy: one-ply greedy with seeded imperfection — each card set tried once against a
// passive opponent and one drawn with a temperature over their values, then the engine setting likewise, mostly
// leaving out shots with nothing to reach and drifts into the board's edge (care.ts); prompts
// answered by scoring every listed option. medium and hard: the stage-game search of search.ts, and prompts searched
// by playing the rest of the round; hard with several times the playouts, and a draft by the cards' measured worth.
import { ENGINE_SETTINGS, type Commitment, type Rng } from '@star-eater/engine';
import { sampleOf, usefulCardSets } from './candidates.js';
import { edgeDrift, emptyShot, emptyShots, foreseen } from './care.js';
import { heuristicDecision, searchDecision } from './decide.js';
import { bestDraftAction, bestFaction } from './draft.js';
import type { BotAnswer, BotRequest } from './request.js';
import { randomAnswer } from './random.js';
import { searchCommitment } from './search.js';
import { diceFrom, NONE, pair, playout } from './simulate.js';

/**
 * easy's temperature, in evaluation points (a structure point is 3): a card set worth one structure point less than
 * the best is still drawn e^-1.5 ≈ 0.22 times as often. The level is for newcomers: it must beat random play clearly
 * and still leave a beginner openings (measured: docs/benchmarks.md).
 */
export const EASY_TEMPERATURE = 2;

/**
 * How often easy forgets to look (its blunder filter skipped for a commitment): a beginner, not a fool — the
 * careless shot or edge drift happens now and then instead of every few rounds (measured: docs/benchmarks.md).
 */
export const EASY_SLIP = 0.1;

/** `list` without the blunders, or all of it when every entry is one. */
function careful<T>(list: readonly T[], ok: (x: T) => boolean): readonly T[] {
  const kept = list.filter(ok);
  return kept.length > 0 ? kept : list;
}

/** An index drawn with probability ∝ exp((v − max) / temp), from the bot's own generator. */
export function softmaxPick(values: readonly number[], temp: number, rng: Rng): number {
  const max = Math.max(...values);
  const weights = values.map((v) => Math.exp((v - max) / temp));
  let x = (rng.int(1 << 30) / (1 << 30)) * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    x -= w;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * One-ply greedy with a temperature: a card set moving as now, then an engine setting with it, each by one playout.
 * `budget` playouts at most: beyond it a random cut of the card sets (the default budget tries every one).
 */
function greedyCommitment(request: Extract<BotRequest, { kind: 'commit' }>, budget: number, rng: Rng): Commitment {
  const { state, seat } = request;
  const looks = !rng.chance(EASY_SLIP);
  const still = foreseen(state, seat, 'NONE');
  const useful = usefulCardSets(state, seat);
  const aimed = looks ? careful(useful, (set) => !set.some((p) => emptyShot(still, seat, p))) : useful;
  const sets = sampleOf(aimed, Math.max(2, budget - ENGINE_SETTINGS.length), rng);
  const dice = diceFrom(rng);
  const pick = (list: readonly Commitment[]): Commitment => {
    const values = list.map((c) => playout(state, seat, pair(seat, c, NONE), dice));
    return list[softmaxPick(values, EASY_TEMPERATURE, rng)]!;
  };
  const cards = pick(sets.map((c) => ({ engine: 'NONE', cards: c }))).cards;
  let engines: readonly Commitment[] = ENGINE_SETTINGS.map((engine) => ({ engine, cards }));
  if (looks) {
    engines = careful(engines, (c) => !edgeDrift(state, seat, c.engine, dice));
    engines = careful(engines, (c) => emptyShots(state, seat, c) === 0);
  }
  return pick(engines);
}

export function easyAnswer(request: BotRequest, budget: number, rng: Rng): BotAnswer {
  switch (request.kind) {
    case 'commit':
      return { kind: 'commit', commitment: greedyCommitment(request, budget, rng) };
    case 'decide':
      return { kind: 'decide', decision: heuristicDecision(request.state, request.prompt) };
    default:
      return randomAnswer(request, rng);
  }
}

/** Faction and draft by the cards' measured worth (draft.ts). */
export function draftAnswer(request: Extract<BotRequest, { kind: 'faction' | 'draft' }>, rng: Rng): BotAnswer {
  if (request.kind === 'faction') return { kind: 'faction', faction: bestFaction() };
  const action = bestDraftAction(request.draft, request.seat, rng);
  if (!action) throw new Error(`bot: seat ${request.seat} has no draft action to take now`);
  return { kind: 'draft', action };
}

/**
 * medium and hard: search, with `budget` playouts for a commitment and a share of it for a prompt; faction and draft
 * by the cards' worth when `judgedDraft`, else random.
 */
export function searchAnswer(request: BotRequest, budget: number, rng: Rng, judgedDraft: boolean): BotAnswer {
  switch (request.kind) {
    case 'faction':
    case 'draft':
      return judgedDraft ? draftAnswer(request, rng) : randomAnswer(request, rng);
    case 'commit':
      return { kind: 'commit', commitment: searchCommitment(request.state, request.seat, budget, rng) };
    case 'decide': {
      if (budget < 60)
        return { kind: 'decide', decision: searchDecision(request.state, request.prompt, request, 2, 1, rng) };
      const width = budget >= 400 ? 6 : 4;
      const samples = Math.max(1, Math.round(budget / 100));
      return { kind: 'decide', decision: searchDecision(request.state, request.prompt, request, width, samples, rng) };
    }
  }
}
