// Review with the engine: a recorded round resolved again with other orders. The branch starts from the engine's
// state at that round's start, generator included, so it rolls the match's own dice (RULES §10: the seed is public
// once the match is over) and the only difference from the real line is the choice that was changed.
import { defaultDecision } from './defaults.js';
import type { Decision, Prompt } from './decision.js';
import type { MatchEvent } from './events.js';
import type { MatchRecord, RecordError } from './record.js';
import { replayRecord } from './replay.js';
import { resolveRoundWith } from './round.js';
import type { Commitment, MatchState, Result } from './types.js';
import { err, ok } from './types.js';

/** The engine's state at the start of round `index` (0 = the first) of a record: what a branch starts from. */
export function stateBeforeRound(record: MatchRecord, index: number): Result<MatchState, RecordError> {
  if (!Number.isInteger(index) || index < 0 || index >= record.rounds.length) {
    return err({ path: 'round', message: `the record has rounds 1 to ${record.rounds.length}, not ${index + 1}` });
  }
  const { end: _end, ...open } = record;
  const r = replayRecord({ ...open, rounds: record.rounds.slice(0, index) });
  return r.ok ? ok(r.value.state) : r;
}

/** A question of a round, named so that the same question is recognised in a branch (same seat, weapon, shot). */
function questionKey(p: Prompt): string {
  switch (p.kind) {
    case 'direct-fire':
      return `direct-fire:${p.seat}:${p.mount}:${p.weapon}`;
    case 'point-defence':
      return `point-defence:${p.seat}:${p.weapon}:${p.shot}`;
    case 'fighter':
      return `fighter:${p.seat}`;
  }
}

export interface Answer {
  key: string;
  decision: Decision;
}

/** The questions a round asked with the answers it got (`decisions` in order, the time-out defaults past them). */
export function roundAnswers(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
): Answer[] {
  const out: Answer[] = [];
  resolveRoundWith(state, commitments, (prompt, i) => {
    const decision = decisions[i] ?? defaultDecision(prompt);
    out.push({ key: questionKey(prompt), decision });
    return decision;
  });
  return out;
}

export interface Branch {
  events: MatchEvent[];
  state: MatchState;
  /** The decisions the branch used, in the order the engine asked for them. */
  decisions: Decision[];
  /** For each of `decisions`: the answer the real line gave the same question, or the time-out default (RULES §7). */
  from: ('kept' | 'default')[];
}

/**
 * Resolve a round with `commitments`, answering each question as `answers` did (the first unused answer to the same
 * question that is still legal), else with the time-out default. An answer the engine rejects in the branch is left
 * out and the round resolved again from its start: the engine is deterministic, so the earlier answers stand.
 */
export function resolveBranch(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  answers: readonly Answer[],
): Branch {
  const rejected = new Set<string>(); // `${question index}:${answer index}`
  for (;;) {
    const used = new Set<number>();
    const decisions: Decision[] = [];
    const from: Branch['from'] = [];
    const picked: number[] = [];
    const p = resolveRoundWith(state, commitments, (prompt, i) => {
      const key = questionKey(prompt);
      const a = answers.findIndex((x, k) => x.key === key && !used.has(k) && !rejected.has(`${i}:${k}`));
      if (a >= 0) used.add(a);
      picked[i] = a;
      const d = a >= 0 ? answers[a]!.decision : defaultDecision(prompt);
      decisions[i] = d;
      from[i] = a >= 0 ? 'kept' : 'default';
      return d;
    });
    if (p.status === 'done') return { events: p.events, state: p.state, decisions, from };
    // defaults are always legal and every question is answered, so only a kept answer can be refused
    if (p.status !== 'error' || (picked[p.index] ?? -1) < 0) throw new Error(`resolveBranch: ${p.status}`);
    rejected.add(`${p.index}:${picked[p.index]}`);
  }
}
