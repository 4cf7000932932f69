// The `random` level: a uniformly random legal answer to every request, from the bot's own generator.
import { FACTION_IDS, randomCommitment, randomDecision, randomDraftAction, type Rng } from '@star-eater/engine';
import type { BotAnswer, BotRequest } from './request.js';

export function randomAnswer(request: BotRequest, rng: Rng): BotAnswer {
  switch (request.kind) {
    case 'faction':
      return { kind: 'faction', faction: rng.pick(FACTION_IDS) };
    case 'draft': {
      const action = randomDraftAction(request.draft, request.seat, rng);
      if (!action) throw new Error(`bot: seat ${request.seat} has no draft action to take now`);
      return { kind: 'draft', action };
    }
    case 'commit':
      return { kind: 'commit', commitment: randomCommitment(request.state, request.seat, rng) };
    case 'decide':
      return { kind: 'decide', decision: randomDecision(request.state, request.prompt, rng) };
  }
}
