// The working context of one round's resolution: a private copy of the state that rules mutate, the events they
// emit, and the source of player decisions. Only round.ts creates one; rule modules receive it.
import type { MatchEvent } from './events.js';
import type { Commitment, Component, Decision, DecisionError, MatchState, Prompt, Result, Seat } from './types.js';

/** Thrown when the resolver needs a decision that has not been given yet; round.ts turns it into a prompt. */
export class AwaitDecision {
  constructor(readonly prompt: Prompt) {}
}
/** Thrown when a given decision is not legal for its prompt; round.ts turns it into a typed error. */
export class RejectedDecision {
  constructor(
    readonly index: number,
    readonly error: DecisionError,
  ) {}
}

/** Supplies the index-th decision of the round for a prompt; `state` is the position as it stands (read only). */
export type DecisionSource = (prompt: Prompt, index: number, state: MatchState) => Decision | undefined;

export interface Ctx {
  readonly s: MatchState;
  readonly events: MatchEvent[];
  readonly commitments: readonly [Commitment, Commitment];
  /** Components whose card acted this round: they receive their cooldown at cleanup (RULES §4.6). */
  readonly activated: [Set<Component>, Set<Component>];
  /** Launches still allowed this round, per seat (one per Launch Squadron card played). */
  readonly launches: [number, number];
  emit(e: MatchEvent): void;
  /**
   * Ask for a decision. `check` validates the answer against the state as it is now; an illegal answer stops the
   * resolution with a typed error (the caller keeps its previous progress).
   */
  decide<T>(prompt: Prompt, check: (d: Decision) => Result<T, DecisionError>): T;
  /** How many decisions have been consumed so far. */
  decisionCount(): number;
}

export function createCtx(s: MatchState, commitments: readonly [Commitment, Commitment], source: DecisionSource): Ctx {
  let index = 0;
  const events: MatchEvent[] = [];
  return {
    s,
    events,
    commitments,
    activated: [new Set(), new Set()],
    launches: [0, 0],
    emit: (e) => {
      events.push(e);
    },
    decide(prompt, check) {
      const d = source(prompt, index, s);
      if (d === undefined) throw new AwaitDecision(prompt);
      const r = check(d);
      if (!r.ok) throw new RejectedDecision(index, r.error);
      index++;
      return r.value;
    },
    decisionCount: () => index,
  };
}

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
/** The initiative holder first (RULES §4.3–4.5). */
export const seatsInOrder = (s: MatchState): [Seat, Seat] => [s.initiative, other(s.initiative)];
