// One round as a resumable process (RULES §4, §8): momentum → action → fighter → weapons → cleanup. The resolver
// runs on a copy of the state and stops when it needs a decision it has not been given; resuming means going on
// from the prompt that asked (`resolveRound`'s `after`), or running it again with one more decision. Same state +
// commitments + decisions → same events, bit for bit, either way.
import { actionsFromDefenceShot, resolveActionPhase } from './actions.js';
import { resolveCleanup } from './cleanup.js';
import { cloneState } from './clone.js';
import {
  AwaitDecision,
  continueCtx,
  createCtx,
  RejectedDecision,
  type Ctx,
  type Decisions,
  type DiceOptions,
  type ResumePlace,
  type RoundSoFar,
} from './context.js';
import type { MatchEvent } from './events.js';
import { withFighterMoves } from './fighter-options.js';
import { fighterActivations, resolveFighterPhase } from './fighters.js';
import { resolveMomentumPhase } from './movement.js';
import { fireDirectFrom, resolveWeaponsPhase } from './weapons/weapons.js';
import type { Commitment, MatchState } from './types.js';
import type { Decision, DecisionError, Prompt } from './decision.js';

export type RoundProgress =
  /** `rolls`: every die rolled so far this round, in order (public through the events; see `DiceOptions`). */
  | { status: 'awaiting'; prompt: Prompt; events: MatchEvent[]; state: MatchState; decisions: number; rolls: number[] }
  | { status: 'done'; events: MatchEvent[]; state: MatchState }
  | { status: 'error'; index: number; error: DecisionError };

class MatchOver {}

/** After each phase, a ship at 0 structure loses; both at once is a draw (RULES §4.6). */
function checkEnd(ctx: Ctx): void {
  const [a, b] = ctx.s.ships;
  const aDown = a.structure <= 0;
  const bDown = b.structure <= 0;
  if (!aDown && !bDown) return;
  const winner = aDown && bDown ? 'draw' : aDown ? 1 : 0;
  ctx.s.winner = winner;
  ctx.s.endReason = winner === 'draw' ? 'draw' : 'destroyed';
  ctx.emit({ type: 'match-ended', winner, reason: ctx.s.endReason });
  throw new MatchOver();
}

function runRound(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: 'round-started', round: s.round, initiative: s.initiative });
  ctx.emit({ type: 'phase', phase: 'momentum' });
  ctx.emit({ type: 'engine-revealed', engines: [ctx.commitments[0].engine, ctx.commitments[1].engine] });
  resolveMomentumPhase(ctx);
  checkEnd(ctx);
  resolveActionPhase(ctx);
  afterActions(ctx);
}

/** After the action phase: the fighter phase and what follows it. */
function afterActions(ctx: Ctx): void {
  checkEnd(ctx);
  resolveFighterPhase(ctx);
  afterFighters(ctx);
}

/** After the fighter phase: the weapons phase and the cleanup. */
function afterFighters(ctx: Ctx): void {
  checkEnd(ctx);
  resolveWeaponsPhase(ctx);
  finishRound(ctx);
}

/** After the weapons phase: the cleanup phase (RULES §4.6). */
function finishRound(ctx: Ctx): void {
  checkEnd(ctx);
  ctx.emit({ type: 'phase', phase: 'cleanup' });
  resolveCleanup(ctx);
  checkEnd(ctx);
}

/**
 * Resolve a round, asking `source` for each decision in turn; undefined from the source pauses the round. A list of
 * decisions is read in order without building the prompts they answer where that can be avoided (`decideGiven`).
 * `dice.rolls` replays dice already rolled in this round (an awaiting progress' `rolls`) before the state's generator
 * is used: with the same decisions, the round reaches the same prompt whatever `state.rng` holds, which lets a bot
 * look ahead from a prompt with dice of its own.
 */
export function resolveRoundWith(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  source: Decisions,
  dice?: DiceOptions,
): RoundProgress {
  return run(fresh(state, commitments, source, dice), runRound);
}

/** A context for a round from its start, on a copy of the state. */
function fresh(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  source: Decisions,
  dice?: DiceOptions,
) {
  if (state.winner !== null) throw new Error('resolveRound: the match is over');
  return createCtx(cloneState(state), commitments, source, dice);
}

/** Runs `go` on the context, turning how it stopped into a progress. */
function run(ctx: Ctx, go: (ctx: Ctx) => void): RoundProgress {
  const s = ctx.s;
  try {
    go(ctx);
    return { status: 'done', events: ctx.events, state: s };
  } catch (e) {
    if (e instanceof MatchOver) return { status: 'done', events: ctx.events, state: s };
    if (e instanceof AwaitDecision) {
      const decisions = ctx.decisionCount();
      return { status: 'awaiting', prompt: e.prompt, events: ctx.events, state: s, decisions, rolls: ctx.rolls };
    }
    if (e instanceof RejectedDecision) return { status: 'error', index: e.index, error: e.error };
    throw e;
  }
}

type Awaiting = Extract<RoundProgress, { status: 'awaiting' }>;

/**
 * Where a prompt stopped its round, beyond what its progress says (its events, state, dice and decisions consumed):
 * what `resolveRound` needs to go on from there.
 */
interface StoppedAt {
  readonly start: MatchState;
  readonly commitments: readonly [Commitment, Commitment];
  /** The decisions it was given (it consumed the first `decisions` of them). */
  readonly given: readonly Decision[];
  readonly at: ResumePlace;
  readonly activated: RoundSoFar['activated'];
  readonly launches: RoundSoFar['launches'];
}

/**
 * The prompts a round can go on from, each with where it stopped (a table beside the plain progress objects, which
 * stay plain data; an entry lives as long as its progress).
 */
const stops = new WeakMap<Awaiting, StoppedAt>();

/**
 * Resolve a round with the decisions given so far (in the order asked). `after`, when given, is the progress the same
 * state, commitments and all but the last of `decisions` gave: the round goes on from the prompt that asked instead
 * of running again from the start (the same result, without running what came before it again). Any other `after`
 * is ignored.
 */
export function resolveRound(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
  after?: RoundProgress,
): RoundProgress {
  const asked = after?.status === 'awaiting' ? after : undefined;
  const stop = asked && stops.get(asked);
  let ctx: Ctx;
  let p: RoundProgress;
  if (asked && stop && continues(stop, asked.decisions, state, commitments, decisions)) {
    // Nothing in the prompt's step changed the state before it asked (Ctx.resumeAt): the step starts again there,
    // on a copy of the state it stopped with.
    const { events, rolls, decisions: consumed } = asked;
    const sofar = { events, rolls, decisions: consumed, activated: stop.activated, launches: stop.launches };
    ctx = continueCtx(cloneState(asked.state), commitments, decisions, sofar);
    p = run(ctx, (c) => goOn(c, stop.at));
  } else {
    ctx = fresh(state, commitments, decisions);
    p = run(ctx, runRound);
  }
  if (p.status !== 'awaiting') return p;
  // RULES §8: the prompt says the legal options; a fighter prompt's are listed here, once, for the player asked
  const out: Awaiting = { ...p, prompt: withFighterMoves(p.state, p.prompt) };
  const { activated, launches, resumeAt } = ctx;
  if (resumeAt) stops.set(out, { start: state, commitments, given: decisions, at: resumeAt, activated, launches });
  return out;
}

/** The rest of a round from the place it stopped at, which stays as it is (a prompt may be gone on from twice). */
function goOn(ctx: Ctx, at: ResumePlace): void {
  switch (at.step) {
    case 'defence-stations':
      actionsFromDefenceShot(ctx, at);
      afterActions(ctx);
      return;
    case 'fighter':
      fighterActivations(ctx, { step: 'fighter', passed: [at.passed[0], at.passed[1]], seat: at.seat });
      afterFighters(ctx);
      return;
    case 'direct-fire':
      fireDirectFrom(ctx, at.weapons, at.index);
      finishRound(ctx);
  }
}

/** Whether `decisions` are the `consumed` ones the round stopped with, and one more, for its state and commitments. */
function continues(
  stop: StoppedAt,
  consumed: number,
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
): boolean {
  if (stop.start !== state || stop.commitments !== commitments || decisions.length !== consumed + 1) return false;
  for (let i = 0; i < consumed; i++) if (decisions[i] !== stop.given[i]) return false;
  return true;
}
