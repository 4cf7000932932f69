// The server's one doorway to the rules engine. Rooms call these and never re-implement a rule.
import * as E from '@star-eater/engine';
import type { Commitment, Decision, FactionId, MatchState, Seat } from '@star-eater/engine';

export type Draft = E.Draft;
export type DraftAction = E.DraftAction;
export type RoundProgress = E.RoundProgress;
export type MatchRecord = E.MatchRecord;
export type RecordRound = E.RecordRound;
export type InitiativeFrom = E.InitiativeFrom;

export const engine = {
  createMatch: E.createMatch,
  validateCommitment: E.validateCommitment,
  resolveRound: (s: MatchState, c: [Commitment, Commitment], d: Decision[], after?: RoundProgress) =>
    E.resolveRound(s, c, d, after),
  defaultDecision: E.defaultDecision,
  concede: E.concede,
  forfeit: E.forfeit,
  createDraft: (factions: [FactionId, FactionId], initiative: Seat): Draft => E.createDraft({ factions, initiative }),
  draftTurn: E.draftTurn,
  applyDraftAction: E.applyDraftAction,
  defaultDraftAction: E.defaultDraftAction,
  draftLoadouts: E.draftLoadouts,
  draftMunitions: E.draftMunitions,
  seedHash: E.seedHash,
  matchInitiative: E.matchInitiative,
  RECORD_FORMAT: E.RECORD_FORMAT,
};
