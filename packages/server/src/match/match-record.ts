// The record of a finished match (RULES §10: ruleset, seed, factions, draft, munitions, every round's commitments and
// decisions, the end) and the summary the record list shows.
import type { MatchState, PlayerSetup, RecordEnd } from '@star-eater/engine';
import { engine, type MatchRecord, type RecordRound } from '../engine.js';
import type { RecordSummary } from '../storage/types.js';

export interface RecordInput {
  id: string;
  final: MatchState;
  seed: string;
  initiative: 0 | 1;
  initiativeFrom: MatchRecord['initiativeFrom'];
  players: [PlayerSetup, PlayerSetup];
  names: [string, string];
  /** The computer's level in a seat it plays ('' for a person): marked on the record's player and the summary. */
  bots: [string, string];
  /** The seats' session players ('' for none): on the record's players and in the summary, for links to profiles. */
  playerIds: [string, string];
  draftLog: MatchRecord['draft'];
  rounds: MatchRecord['rounds'];
  /** The round a concede or forfeit cut short while it resolved, with its receipts (RULES §10 `end.interrupted`). */
  interrupted?: RecordRound | undefined;
  /** The hashes of a commitment window a concede or forfeit cut short: never revealed (`end.unrevealed`). */
  unrevealed?: [string | null, string | null] | undefined;
}

export function matchRecord(r: RecordInput): { record: MatchRecord; summary: RecordSummary } {
  const m = r.final;
  const record = {
    format: engine.RECORD_FORMAT,
    ruleset: m.ruleset,
    seed: r.seed,
    variants: m.variants,
    scenario: m.scenario.id,
    initiative: r.initiative,
    initiativeFrom: r.initiativeFrom,
    players: r.players.map((p, i) => ({
      ...p,
      ...(r.bots[i] ? { bot: r.bots[i] } : {}),
      ...(r.playerIds[i] ? { playerId: r.playerIds[i] } : {}),
    })),
    draft: r.draftLog,
    rounds: r.rounds,
    ...(m.winner !== null && m.endReason ? { end: recordEnd(m.winner, m.endReason, r) } : {}),
  } as MatchRecord;
  const summary: RecordSummary = {
    id: r.id,
    endedAt: new Date().toISOString(),
    players: [...r.names],
    factions: [r.players[0].faction, r.players[1].faction],
    winner: m.winner,
    reason: m.endReason,
    // The rounds played, a round cut short by a concession or forfeit included (the summary of the replay counts it).
    rounds: r.rounds.length + (r.interrupted ? 1 : 0),
  };
  const bot = r.bots.find(Boolean);
  if (bot) summary.bot = bot;
  if (r.playerIds.some(Boolean)) summary.playerIds = [r.playerIds[0] || null, r.playerIds[1] || null];
  return { record, summary };
}

function recordEnd(winner: RecordEnd['winner'], reason: RecordEnd['reason'], r: RecordInput): RecordEnd {
  return {
    winner,
    reason,
    ...(r.interrupted ? { interrupted: r.interrupted } : {}),
    ...(r.unrevealed ? { unrevealed: r.unrevealed } : {}),
  };
}
