// The server's one doorway to the rules engine. Rooms call these and never re-implement a rule; this file only
// adapts the protocol's draft messages to the engine's draft actions.
import * as E from '@star-eater/engine';
import type { ClientMessages } from '@star-eater/protocol';
import type { Commitment, Decision, FactionId, MatchState, Prompt, Seat } from '@star-eater/engine/types';

export type Draft = ReturnType<typeof E.createDraft>;
export type DraftAction = Parameters<typeof E.applyDraftAction>[2];
export type DraftTurn = ReturnType<typeof E.draftTurn>;
export type RoundProgress = ReturnType<typeof E.resolveRound>;
export type MatchRecord = E.MatchRecord;

export const engine = {
  createMatch: E.createMatch,
  validateCommitment: (s: MatchState, seat: Seat, input: unknown) => E.validateCommitment(s, seat, input),
  resolveRound: (s: MatchState, c: [Commitment, Commitment], d: Decision[]) => E.resolveRound(s, c, d),
  defaultDecision: (s: MatchState, p: Prompt): Decision => E.defaultDecision(s, p),
  concede: E.concede,
  forfeit: E.forfeit,
  createDraft: (factions: [FactionId, FactionId], initiative: Seat): Draft => E.createDraft({ factions, initiative }),
  draftTurn: E.draftTurn,
  applyDraftAction: E.applyDraftAction,
  defaultDraftAction: E.defaultDraftAction,
  draftLoadouts: E.draftLoadouts,
  seedHash: E.seedHash,
  RULESET: E.RULESET,
  RECORD_FORMAT: E.RECORD_FORMAT,
  replayRecord: E.replayRecord,
  parseRecord: E.parseRecord,
  randomCommitment: E.randomCommitment,
  randomDecision: E.randomDecision,
  randomDraftAction: E.randomDraftAction,
  createRng: E.createRng,
};

/** The protocol's draft messages as the engine's draft actions. */
export function toDraftAction(
  type: 'pick' | 'swap' | 'munitions',
  msg: ClientMessages['pick'] | ClientMessages['swap'] | ClientMessages['munitions'],
): DraftAction {
  return { type, ...msg } as unknown as DraftAction;
}
