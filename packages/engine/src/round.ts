// One round as a resumable process (RULES §4, §8): momentum → action → fighter → weapons → cleanup. The resolver
// runs on a copy of the state and stops when it needs a decision it has not been given; resuming means running it
// again with one more decision, from the start or from a checkpoint kept where the step that asked began.
// Same state + commitments + decisions → same events, bit for bit.
import { resolveActionPhase } from './actions.js';
import { resolveCleanup } from './cleanup.js';
import { cloneState } from './clone.js';
import {
  AwaitDecision,
  createCtx,
  RejectedDecision,
  type Ctx,
  type CtxStart,
  type Decisions,
  type DiceOptions,
} from './context.js';
import type { MatchEvent } from './events.js';
import { withFighterMoves } from './fighter-options.js';
import { resolveFighterPhase } from './fighters.js';
import { resolveMomentumPhase } from './movement.js';
import { directFired, resolveDirectFire, resolveWeaponTokens } from './weapons/weapons.js';
import type { Commitment, MatchState } from './types.js';
import type { Decision, DecisionError, Prompt } from './decision.js';

export type RoundProgress =
  /**
   * `rolls`: every die rolled so far this round, in order (public through the events; see `DiceOptions`).
   * `checkpoint`: where to resume with the next decision (`resolveRound`'s `from`), null to run from the start.
   */
  | {
      status: 'awaiting';
      prompt: Prompt;
      events: MatchEvent[];
      state: MatchState;
      decisions: number;
      rolls: number[];
      checkpoint: RoundCheckpoint | null;
    }
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

/** The round's opening events (RULES §4.1–4.2: the engine cards are revealed as the momentum phase begins). */
function openRound(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: 'round-started', round: s.round, initiative: s.initiative });
  ctx.emit({ type: 'phase', phase: 'momentum' });
  ctx.emit({ type: 'engine-revealed', engines: [ctx.commitments[0].engine, ctx.commitments[1].engine] });
}

/** RULES §4.6: the cleanup phase. */
function cleanUp(ctx: Ctx): void {
  ctx.emit({ type: 'phase', phase: 'cleanup' });
  resolveCleanup(ctx);
}

/**
 * One step of a round. `end`: the end of a phase, where a destroyed ship ends the match (RULES §4.6). `mayAsk`: the
 * step may ask for a decision, so a checkpoint is kept at its start (a cheap look: a wrong "no" only means resuming
 * from an earlier checkpoint).
 */
interface Step {
  run(ctx: Ctx): void;
  end: boolean;
  mayAsk?(ctx: Ctx): boolean;
}

const isDefence = (play: { card: string }) => play.card === 'defence-stations';
const fightersMayAsk = (ctx: Ctx) =>
  ctx.commitments.some((c) => c.cards.some((p) => p.card === 'launch-squadron')) ||
  ctx.s.ships.some((ship) => ship.squadrons.some((q) => q.status === 'space'));

const STEPS: readonly Step[] = [
  { run: openRound, end: false },
  { run: resolveMomentumPhase, end: true },
  // RULES §4.3: Defence Stations asks for its targets
  { run: resolveActionPhase, end: true, mayAsk: (ctx) => ctx.commitments.some((c) => c.cards.some(isDefence)) },
  // RULES §4.4: squadrons in space or a Launch Squadron card ask for activations
  { run: resolveFighterPhase, end: true, mayAsk: fightersMayAsk },
  { run: resolveWeaponTokens, end: false },
  // RULES §4.5: direct fire asks for its targets, last in the weapons phase
  { run: resolveDirectFire, end: true, mayAsk: (ctx) => directFired(ctx).length > 0 },
  { run: cleanUp, end: true },
];

/**
 * The round as it stood at the start of a step that may ask for a decision, in a copy nobody changes: resuming there
 * runs only what comes after it. Valid only for the state and commitments it was taken with, and decisions that
 * begin with the ones given by then.
 */
export interface RoundCheckpoint extends CtxStart {
  step: number;
  state: MatchState;
}

function checkpoint(ctx: Ctx, step: number): RoundCheckpoint {
  return {
    step,
    state: cloneState(ctx.s),
    events: ctx.events.slice(),
    decisions: ctx.decisionCount(),
    rolls: ctx.rolls.slice(),
    activated: [new Set(ctx.activated[0]), new Set(ctx.activated[1])],
    launches: [ctx.launches[0], ctx.launches[1]],
  };
}

/** Runs the round from step `first`; `kept` ends as the last checkpoint taken (or the one resumed from). */
function runRound(ctx: Ctx, first: number, kept: { cp: RoundCheckpoint | null }): void {
  for (let i = first; i < STEPS.length; i++) {
    const step = STEPS[i]!;
    if (kept.cp?.step !== i && step.mayAsk?.(ctx)) kept.cp = checkpoint(ctx, i);
    step.run(ctx);
    if (step.end) checkEnd(ctx);
  }
}

/**
 * Resolve a round, asking `source` for each decision in turn; undefined from the source pauses the round. A list of
 * decisions is read in order without building the prompts they answer where that can be avoided (`decideGiven`).
 * `dice.rolls` replays dice already rolled in this round (an awaiting progress' `rolls`) before the state's generator
 * is used: with the same decisions, the round reaches the same prompt whatever `state.rng` holds, which lets a bot
 * look ahead from a prompt with dice of its own. `from` (an awaiting progress' checkpoint) resumes part-way, with the
 * same result as a run from the start.
 */
export function resolveRoundWith(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  source: Decisions,
  dice?: DiceOptions,
  from?: RoundCheckpoint | null,
): RoundProgress {
  if (state.winner !== null) throw new Error('resolveRound: the match is over');
  const s = cloneState(from ? from.state : state);
  const ctx = createCtx(s, commitments, source, dice, from ?? undefined);
  const kept = { cp: from ?? null };
  try {
    runRound(ctx, from ? from.step : 0, kept);
    return { status: 'done', events: ctx.events, state: s };
  } catch (e) {
    if (e instanceof MatchOver) return { status: 'done', events: ctx.events, state: s };
    if (e instanceof AwaitDecision) {
      const decisions = ctx.decisionCount();
      const { rolls, events } = ctx;
      return { status: 'awaiting', prompt: e.prompt, events, state: s, decisions, rolls, checkpoint: kept.cp };
    }
    if (e instanceof RejectedDecision) return { status: 'error', index: e.index, error: e.error };
    throw e;
  }
}

/** Resolve a round with the decisions given so far (in the order asked). */
export function resolveRound(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
  from?: RoundCheckpoint | null,
): RoundProgress {
  const p = resolveRoundWith(state, commitments, decisions, undefined, from);
  // RULES §8: the prompt says the legal options; a fighter prompt's are listed here, once, for the player asked
  return p.status === 'awaiting' ? { ...p, prompt: withFighterMoves(p.state, p.prompt) } : p;
}
