// The working context of one round's resolution: a private copy of the state that rules mutate, the events they
// emit, and the source of player decisions. Only round.ts creates one; rule modules receive it.
import type { MatchEvent } from './events.js';
import { roll } from './rng.js';
import type { Commitment, Component, MatchState, Result, Seat } from './types.js';
import type { Decision, DecisionError, Prompt, WeaponMount } from './decision.js';

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

/**
 * Supplies the index-th decision of the round for a prompt; `state` is the position as it stands and `rolls` the dice
 * rolled so far this round (both read only).
 */
export type DecisionSource = (
  prompt: Prompt,
  index: number,
  state: MatchState,
  rolls: readonly number[],
) => Decision | undefined;

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
  /**
   * `decide` without listing the prompt, for prompts costly to list: when the next decision was given in advance (a
   * list, read without its prompt) and `quick` accepts it, it is consumed and `quick`'s value returned; else null, and
   * the caller lists the prompt and asks with `decide`. `quick` accepts only what that check accepts, with its value.
   */
  decideGiven<T>(quick: (d: Decision) => T | null): T | null;
  /** How many decisions have been consumed so far. */
  decisionCount(): number;
  /** A die roll from 1 to `sides`: the next of `dice.rolls` if any is left, else from the state's generator. */
  roll(sides: number): number;
  /** Every die rolled so far this round, in order (all of them public through the events). */
  readonly rolls: number[];
  /**
   * Where the round can go on from if it stops at the prompt being asked now (round.ts), or null: a rule leaves its
   * place here while it asks a decision nothing before it in its step has changed the state for.
   */
  resumeAt: ResumePlace | null;
}

/** A direct-fire weapon's place in the weapons phase's last step (RULES §4.5). */
export interface DirectFirePlace {
  readonly step: 'direct-fire';
  readonly weapons: readonly { readonly seat: Seat; readonly mount: WeaponMount }[];
  index: number;
}

/** A fighter activation's place in the fighter phase (RULES §4.4): who has passed, whose activation it is. */
export interface FighterTurn {
  readonly step: 'fighter';
  readonly passed: [boolean, boolean];
  seat: Seat;
}

/** A Defence Stations shot's place in the action phase (RULES §4.3): the card's last step for its seat. */
export interface DefenceShot {
  readonly step: 'defence-stations';
  readonly seat: Seat;
  shot: number;
}

/** A prompt's place in its round, where a round that stopped there goes on from (round.ts). */
export type ResumePlace = DirectFirePlace | FighterTurn | DefenceShot;

/** What a round had done when it stopped at a prompt: a context made from it goes on from there (round.ts). */
export interface RoundSoFar {
  readonly events: readonly MatchEvent[];
  readonly activated: readonly [ReadonlySet<Component>, ReadonlySet<Component>];
  readonly launches: readonly [number, number];
  readonly rolls: readonly number[];
  /** Decisions consumed. */
  readonly decisions: number;
}

/** A round's decisions: a list given in advance (read without its prompts), or a source asked with each prompt. */
export type Decisions = DecisionSource | readonly Decision[];

/** Replay support: dice already rolled in this round (in order), used before the state's generator. */
export interface DiceOptions {
  rolls?: readonly number[];
}

export function createCtx(
  s: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: Decisions,
  dice: DiceOptions = {},
): Ctx {
  return new RoundCtx(s, commitments, decisions, dice.rolls ?? []);
}

/** A context that goes on from `sofar` on `s` (a copy of the state where it stopped), reading `decisions` after it. */
export function continueCtx(
  s: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
  sofar: RoundSoFar,
): Ctx {
  const ctx = new RoundCtx(s, commitments, decisions, []);
  ctx.events.push(...sofar.events);
  ctx.activated[0] = new Set(sofar.activated[0]);
  ctx.activated[1] = new Set(sofar.activated[1]);
  ctx.launches[0] = sofar.launches[0];
  ctx.launches[1] = sofar.launches[1];
  ctx.rolls.push(...sofar.rolls);
  ctx.skip(sofar.decisions);
  return ctx;
}

/** The context as one object with its methods on the prototype: a resolution makes no closures but `emit`. */
class RoundCtx implements Ctx {
  readonly events: MatchEvent[] = [];
  readonly activated: [Set<Component>, Set<Component>] = [new Set(), new Set()];
  readonly launches: [number, number] = [0, 0];
  readonly rolls: number[] = [];
  /** The list given in advance, if the decisions are one (read without its prompts). */
  private readonly list: readonly Decision[] | null;
  private index = 0;
  resumeAt: ResumePlace | null = null;

  constructor(
    readonly s: MatchState,
    readonly commitments: readonly [Commitment, Commitment],
    private readonly decisions: Decisions,
    private readonly given: readonly number[],
  ) {
    this.list = typeof decisions === 'function' ? null : decisions;
  }

  // A field, not a method: rules pass it on as a plain function (movement.ts).
  readonly emit = (e: MatchEvent): void => {
    this.events.push(e);
  };

  decide<T>(prompt: Prompt, check: (d: Decision) => Result<T, DecisionError>): T {
    const d = this.list
      ? this.list[this.index]
      : (this.decisions as DecisionSource)(prompt, this.index, this.s, this.rolls);
    if (d === undefined) throw new AwaitDecision(prompt);
    const r = check(d);
    if (!r.ok) throw new RejectedDecision(this.index, r.error);
    this.index++;
    return r.value;
  }

  decideGiven<T>(quick: (d: Decision) => T | null): T | null {
    const d = this.list?.[this.index];
    if (typeof d !== 'object' || d === null) return null;
    const v = quick(d);
    if (v !== null) this.index++;
    return v;
  }

  decisionCount(): number {
    return this.index;
  }

  /** Start reading the decisions at `index` (continueCtx: those before it were consumed where the round stopped). */
  skip(index: number): void {
    this.index = index;
  }

  roll(sides: number): number {
    const g = this.given[this.rolls.length];
    const r = g !== undefined && g >= 1 && g <= sides ? g : roll(this.s.rng, sides);
    this.rolls.push(r);
    return r;
  }
}

export const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);
/** The initiative holder first (RULES §4.3–4.5). */
export const seatsInOrder = (s: Pick<MatchState, 'initiative'>): [Seat, Seat] => [s.initiative, other(s.initiative)];
