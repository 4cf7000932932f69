// The server's one doorway to the rules engine. Rooms call these and never re-implement a rule; this file only
// adapts the protocol's draft messages to the engine's draft actions.
import * as E from '@star-eater/engine';
import type { ClientMessages } from '@star-eater/protocol';
import type { Commitment, Decision, FactionId, MatchState, Seat } from '@star-eater/engine';

export type Draft = E.Draft;
export type DraftAction = E.DraftAction;
export type RoundProgress = E.RoundProgress;
export type MatchRecord = E.MatchRecord;
export type RecordRound = E.RecordRound;

export const engine = {
  createMatch: E.createMatch,
  validateCommitment: E.validateCommitment,
  resolveRound: (s: MatchState, c: [Commitment, Commitment], d: Decision[]) => E.resolveRound(s, c, d),
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
  RECORD_FORMAT: E.RECORD_FORMAT,
};

/** The protocol's draft messages as the engine's draft actions. */
export function toDraftAction(
  type: 'pick' | 'swap' | 'munitions',
  msg: ClientMessages['pick'] | ClientMessages['swap'] | ClientMessages['munitions'],
): DraftAction {
  if (type === 'munitions') return { kind: 'munitions', munitions: (msg as ClientMessages['munitions']).munitions };
  if ('skip' in msg) return { kind: 'no-swap' };
  return { kind: type, ...(msg as ClientMessages['pick']) } as DraftAction;
}
