// One round as a resumable process (RULES §4, §8): momentum → action → fighter → weapons → cleanup. The resolver
// runs on a copy of the state and stops when it needs a decision it has not been given; resuming means running it
// again with one more decision. Same state + commitments + decisions → same events, bit for bit.
import { resolveActionPhase } from './actions.js';
import { resolveCleanup } from './cleanup.js';
import { cloneState } from './clone.js';
import { AwaitDecision, createCtx, RejectedDecision, type Ctx, type Decisions, type DiceOptions } from './context.js';
import type { MatchEvent } from './events.js';
import { withFighterMoves } from './fighter-options.js';
import { resolveFighterPhase } from './fighters.js';
import { resolveMomentumPhase } from './movement.js';
import { resolveWeaponsPhase } from './weapons/weapons.js';
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
  checkEnd(ctx);
  resolveFighterPhase(ctx);
  checkEnd(ctx);
  resolveWeaponsPhase(ctx);
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
  if (state.winner !== null) throw new Error('resolveRound: the match is over');
  const s = cloneState(state);
  const ctx = createCtx(s, commitments, source, dice);
  try {
    runRound(ctx);
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

/** Resolve a round with the decisions given so far (in the order asked). */
export function resolveRound(
  state: MatchState,
  commitments: readonly [Commitment, Commitment],
  decisions: readonly Decision[],
): RoundProgress {
  const p = resolveRoundWith(state, commitments, decisions);
  // RULES §8: the prompt says the legal options; a fighter prompt's are listed here, once, for the player asked
  return p.status === 'awaiting' ? { ...p, prompt: withFighterMoves(p.state, p.prompt) } : p;
}
