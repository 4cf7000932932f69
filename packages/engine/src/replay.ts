// Replaying a match record (RULES §7 "Replay", §10): the engine re-creates every event and the final state.
import { coinToss } from './coin-toss.js';
import { validateCommitment } from './commitment.js';
import { defaultDecision } from './defaults.js';
import type { MatchEvent } from './events.js';
import { concede, createMatch, forfeit, validateSetup, type MatchSetup } from './match.js';
import { checkRecordDraft } from './record-draft.js';
import { parseRecord, type MatchRecord, type RecordError, type RecordRound } from './record.js';
import { resolveRound, resolveRoundWith } from './round.js';
import type { Commitment, MatchState, Result, Seat } from './types.js';
import { err, ok } from './types.js';

export interface ReplayResult {
  events: MatchEvent[];
  state: MatchState;
  /** Events per round, for viewers that step round by round. */
  rounds: MatchEvent[][];
  /** The engine's state at the start of each recorded round (generator included): where a viewer or branch starts. */
  starts: MatchState[];
}

export function setupOf(r: MatchRecord): MatchSetup {
  return {
    seed: r.seed,
    initiative: r.initiative,
    variants: r.variants,
    scenario: r.scenario,
    players: [r.players[0], r.players[1]],
  };
}

/** Replay a parsed record. Decisions that run out take the time-out defaults (RULES §10). */
export function replayRecord(record: MatchRecord): Result<ReplayResult, RecordError> {
  if (record.initiativeFrom === 'coin-toss' && record.initiative !== coinToss(record.seed))
    return err({
      path: 'record.initiative',
      message: `the coin toss of this seed gives seat ${coinToss(record.seed)}`,
    });
  // the draft first: where it disagrees with the loadouts, that disagreement is the first bad field (RULES §10)
  const drafted = checkRecordDraft(record);
  if (drafted) return err(drafted);
  const setup = setupOf(record);
  const v = validateSetup(setup);
  if (!v.ok) return err({ path: `record.${v.error.path}`, message: v.error.message });
  let state = createMatch(setup);
  const events: MatchEvent[] = [];
  const rounds: MatchEvent[][] = [];
  const starts: MatchState[] = [];
  for (let i = 0; i < record.rounds.length; i++) {
    const round = record.rounds[i]!;
    const path = `record.rounds[${i}]`;
    if (state.winner !== null) return err({ path, message: 'the match had already ended before this round' });
    const commitments = checkCommitments(state, round, path);
    if (!commitments.ok) return commitments;
    const progress = resolveRoundWith(state, commitments.value, (prompt, k) =>
      k < round.decisions.length ? round.decisions[k] : defaultDecision(prompt),
    );
    if (progress.status === 'error') {
      return err({
        path: `${path}.decisions[${progress.index}]`,
        message: `${progress.error.code}: ${progress.error.message}`,
      });
    }
    if (progress.status === 'awaiting') throw new Error('unreachable: defaults always answer');
    starts.push(state); // resolveRoundWith works on a copy: this state stays as it was
    state = progress.state;
    events.push(...progress.events);
    rounds.push(progress.events);
  }
  const end = record.end;
  if (end && (end.reason === 'concede' || end.reason === 'forfeit')) {
    if (end.winner === 'draw') return err({ path: 'record.end.winner', message: `a ${end.reason} has a winner` });
    if (state.winner !== null)
      return err({ path: 'record.end', message: `the match had already ended (${state.endReason})` });
    if (end.interrupted && end.unrevealed)
      return err({
        path: 'record.end.unrevealed',
        message: 'a round ends either in its commitment window (unrevealed) or while it resolves (interrupted)',
      });
    const loser: Seat = end.winner === 0 ? 1 : 0;
    // The round a concede or forfeit cut short, as far as it went (its events were shown), then the end.
    const cut = end.interrupted ? interruptedRound(state, end.interrupted) : ok({ events: [], state });
    if (!cut.ok) return cut;
    state = end.reason === 'concede' ? concede(cut.value.state, loser) : forfeit(cut.value.state, loser);
    const last: MatchEvent[] = [...cut.value.events, { type: 'match-ended', winner: end.winner, reason: end.reason }];
    events.push(...last);
    rounds.push(last);
  } else if (end?.interrupted || end?.unrevealed) {
    const field = end.interrupted ? 'interrupted' : 'unrevealed';
    return err({ path: `record.end.${field}`, message: `only a concede or forfeit interrupts a round` });
  } else if (end && (state.winner !== end.winner || state.endReason !== end.reason)) {
    return err({
      path: 'record.end',
      message: `the record says ${JSON.stringify(end)} but the replay ends with winner ${JSON.stringify(state.winner)} (${state.endReason ?? 'not ended'})`,
    });
  }
  return ok({ events, state, rounds, starts });
}

/** A round interrupted by the end: resolved with exactly its decisions; it must stop awaiting the next one. */
function interruptedRound(
  state: MatchState,
  round: RecordRound,
): Result<{ events: MatchEvent[]; state: MatchState }, RecordError> {
  const path = 'record.end.interrupted';
  const commitments = checkCommitments(state, round, path);
  if (!commitments.ok) return commitments;
  const p = resolveRound(state, commitments.value, round.decisions);
  if (p.status === 'error') {
    return err({ path: `${path}.decisions[${p.index}]`, message: `${p.error.code}: ${p.error.message}` });
  }
  if (p.status === 'done') return err({ path, message: 'this round was resolved to its end: it belongs in rounds' });
  return ok({ events: p.events, state: p.state });
}

function checkCommitments(
  state: MatchState,
  round: RecordRound,
  path: string,
): Result<[Commitment, Commitment], RecordError> {
  const out: Commitment[] = [];
  for (const seat of [0, 1] as const) {
    const c = validateCommitment(state, seat, round.commitments[seat]);
    if (!c.ok) return err({ path: `${path}.commitments[${seat}]`, message: c.error.message });
    out.push(c.value);
  }
  return ok([out[0]!, out[1]!]);
}

/** Parse then replay untrusted JSON. */
export function replayJson(input: unknown): Result<ReplayResult, RecordError> {
  const r = parseRecord(input);
  return r.ok ? replayRecord(r.value) : r;
}
