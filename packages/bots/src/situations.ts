// Random bot requests from random legal matches, each with the engine's check of an answer: the corpus of the
// bots' property tests: over 10^4 random states, each level always answers with a legal choice.
import {
  applyDraftAction,
  createRng,
  FACTION_IDS,
  randomCommitment,
  randomDecision,
  randomDraftAction,
  resolveRoundWith,
  validateCommitment,
  type Commitment,
  type Draft,
  type FactionId,
  type MatchState,
  type Rng,
  type Seat,
} from '@star-eater/engine';
import { matchFromDraft, playDraft, playRound } from './play.js';
import type { BotAnswer, BotRequest } from './request.js';

export interface Situation {
  request: BotRequest;
  /** null when the engine accepts the answer, else what was wrong. */
  check(answer: BotAnswer): string | null;
}

const wrongKind = (want: string, a: BotAnswer): string | null =>
  a.kind === want ? null : `answered ${a.kind} to a ${want} request`;

function draftSituation(draft: Draft, seat: Seat): Situation {
  return {
    request: { kind: 'draft', seat, draft },
    check: (a) => {
      if (a.kind !== 'draft') return wrongKind('draft', a);
      const r = applyDraftAction(draft, seat, a.action);
      return r.ok ? null : r.error.message;
    },
  };
}

function randomDraft(rng: Rng, out: Situation[]): MatchState {
  const factions: [FactionId, FactionId] = [rng.pick(FACTION_IDS), rng.pick(FACTION_IDS)];
  const draft = playDraft(factions, rng.int(2) as Seat, (d, seat) => {
    if (rng.chance(0.2)) out.push(draftSituation(d, seat));
    return randomDraftAction(d, seat, rng)!;
  });
  return matchFromDraft(draft, `situations:${rng.int(1 << 30)}`, {
    rangeBands: rng.chance(0.3),
    initiativeRoll: rng.chance(0.3),
    criticalHits: rng.chance(0.3),
  });
}

function commitSituation(state: MatchState, seat: Seat): Situation {
  return {
    request: { kind: 'commit', seat, state },
    check: (a) => {
      if (a.kind !== 'commit') return wrongKind('commit', a);
      const v = validateCommitment(state, seat, a.commitment);
      return v.ok ? null : v.error.message;
    },
  };
}

/** Plays one random round from `start`, collecting a share of its prompts as decide situations. */
function randomRound(start: MatchState, rng: Rng, share: number, out: Situation[]): MatchState {
  const commitments: [Commitment, Commitment] = [randomCommitment(start, 0, rng), randomCommitment(start, 1, rng)];
  return playRound(start, commitments, (request) => {
    if (rng.chance(share)) {
      const given = request.decisions;
      out.push({
        request: { ...request, state: structuredClone(request.state) },
        check: (a) => {
          if (a.kind !== 'decide') return wrongKind('decide', a);
          const r = resolveRoundWith(start, commitments, (_p, i) =>
            i < given.length ? given[i] : i === given.length ? a.decision : undefined,
          );
          if (r.status === 'error') return `${r.error.code}: ${r.error.message}`;
          return null;
        },
      });
    }
    return randomDecision(request.state, request.prompt, rng);
  });
}

/** `count` random situations (faction, draft, commit and decide requests) from the seed. */
export function randomSituations(seed: string, count: number): Situation[] {
  const rng = createRng(`bot-situations/1:${seed}`);
  const out: Situation[] = [];
  while (out.length < count) {
    const seat = rng.int(2) as Seat;
    out.push({
      request: { kind: 'faction', seat },
      check: (a) => (a.kind === 'faction' ? null : wrongKind('faction', a)),
    });
    let state = randomDraft(rng, out);
    while (state.winner === null && state.round <= 60 && out.length < count) {
      if (rng.chance(0.5)) out.push(commitSituation(state, rng.int(2) as Seat));
      state = randomRound(state, rng, 0.3, out);
    }
  }
  return out.slice(0, count);
}

/** The same request with every hidden field replaced by a poisoned value (the match generator). */
export function poisoned(request: BotRequest, poison: number): BotRequest {
  const rng: MatchState['rng'] = [poison >>> 0, (poison * 7 + 1) >>> 0, (poison * 13 + 5) >>> 0, 0xdeadbeef];
  switch (request.kind) {
    case 'commit':
      return { ...request, state: { ...request.state, rng } };
    case 'decide':
      return {
        ...request,
        state: { ...request.state, rng },
        start: { ...request.start, rng: [...rng].reverse() as typeof rng },
      };
    default:
      return request;
  }
}
