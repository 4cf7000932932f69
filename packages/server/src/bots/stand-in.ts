// TEMPORARY stand-in for @star-eater/bots (branch bots10), with exactly its agreed API, built from the engine's random
// legal players. It lives on this branch only and is deleted once the real package is on main: no bot logic here.
import {
  createRng,
  FACTION_IDS,
  randomCommitment,
  randomDecision,
  randomDraftAction,
  type Commitment,
  type Decision,
  type Draft,
  type DraftAction,
  type FactionId,
  type MatchState,
  type Prompt,
  type Seat,
} from '@star-eater/engine';

export type BotLevel = 'random' | 'easy' | 'medium' | 'hard';
export const BOT_LEVELS: readonly BotLevel[] = ['random', 'easy', 'medium', 'hard'];
export interface BotOptions {
  seed: string;
  budget?: number;
}
export type BotRequest =
  | { kind: 'faction'; seat: Seat }
  | { kind: 'draft'; seat: Seat; draft: Draft }
  | { kind: 'commit'; seat: Seat; state: MatchState }
  | { kind: 'decide'; seat: Seat; state: MatchState; prompt: Prompt; commitments: [Commitment, Commitment] };
export type BotAnswer =
  | { kind: 'faction'; faction: FactionId }
  | { kind: 'draft'; action: DraftAction }
  | { kind: 'commit'; commitment: Commitment }
  | { kind: 'decide'; decision: Decision };

export function defaultBudget(level: BotLevel): number {
  return { random: 0, easy: 1, medium: 100, hard: 1000 }[level];
}

export function botAnswer(_level: BotLevel, request: BotRequest, options: BotOptions): BotAnswer {
  const rng = createRng(options.seed);
  switch (request.kind) {
    case 'faction':
      return { kind: 'faction', faction: rng.pick(FACTION_IDS as readonly FactionId[]) };
    case 'draft': {
      const action = randomDraftAction(request.draft, request.seat, rng);
      if (!action) throw new Error('draft: no legal action for this seat');
      return { kind: 'draft', action };
    }
    case 'commit':
      return { kind: 'commit', commitment: randomCommitment(request.state, request.seat, rng) };
    case 'decide':
      return { kind: 'decide', decision: randomDecision(request.state, request.prompt, rng) as Decision };
  }
}
