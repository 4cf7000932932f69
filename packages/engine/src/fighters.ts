// The fighter phase (RULES §4.4, draft §6.4): players alternate activations, the initiative holder first, until both
// have passed. Each activation is one decision: pass, activate a squadron in space, or launch one aboard.
import { other, type Ctx, type FighterTurn } from './context.js';
import { directionTo } from './hex.js';
import { resolveSquadronAction } from './squadron-action.js';
import { canActivate, canLaunch, launchHexes, launchMoves, squadronSpeed, type Placement } from './squadron-move.js';
import { err } from './types.js';
import type { Dir, PublicState, Seat } from './types.js';
import type { FighterAnswer, Prompt, SquadronOption } from './decision.js';

export { squadronNextSteps, canEndAt, launchHexes } from './squadron-move.js';
import { validateFighterAnswer } from './fighter-answer.js';
export { validateFighterAnswer };
export { squadronEndOptions, type SquadronEndOptions } from './squadron-action.js';

/** The RULES §7 time-out default of a fighter activation: pass. */
export const defaultFighterAnswer = (): FighterAnswer => ({ kind: 'pass' });

/** The squadrons a player may activate or launch now, or null when there is nothing (an automatic pass). */
export function fighterPrompt(
  s: PublicState,
  seat: Seat,
  launchesLeft: number,
): Extract<Prompt, { kind: 'fighter' }> | null {
  const ship = s.ships[seat];
  const squadrons: SquadronOption[] = [];
  // launch hexes only when some squadron could launch: this runs on every activation
  const hexes = ship.squadrons.some((sq) => canLaunch(s, seat, sq, launchesLeft)) ? launchHexes(s, seat) : [];
  for (const sq of ship.squadrons) {
    if (canActivate(sq)) {
      squadrons.push({
        squadron: sq.index,
        id: sq.id,
        mode: 'activate',
        speed: squadronSpeed(ship, sq),
        munitions: sq.munitions,
      });
    } else if (canLaunch(s, seat, sq, launchesLeft) && hexes.length > 0) {
      squadrons.push({
        squadron: sq.index,
        id: sq.id,
        mode: 'launch',
        launchHexes: hexes,
        speed: launchMoves(ship, sq),
        munitions: sq.munitions,
      });
    }
  }
  return squadrons.length > 0 ? { kind: 'fighter', seat, squadrons } : null;
}

/** RULES §4.4: alternate activations, initiative holder first; a pass ends that player's fighter phase. */
export function resolveFighterPhase(ctx: Ctx): void {
  const s = ctx.s;
  ctx.emit({ type: 'phase', phase: 'fighter' });
  for (const seat of [s.initiative, other(s.initiative)]) {
    // The bay's cooldown cannot change during this phase, so a Launch Squadron card blocked now does nothing.
    if (ctx.launches[seat] > 0 && s.ships[seat].cooldown.fighterBay > 0) {
      ctx.launches[seat] = 0;
      ctx.emit({ type: 'card-ignored', seat, card: 'launch-squadron', reason: 'cooldown' });
    }
  }
  fighterActivations(ctx, { step: 'fighter', passed: [false, false], seat: s.initiative });
}

/**
 * The activations from `turn` on, until both players have passed (`turn` is moved along). An activation's prompt
 * leaves its turn on the context: nothing changes the state between the activation before and the prompt, so a
 * round stopped there goes on from that turn (round.ts).
 */
export function fighterActivations(ctx: Ctx, turn: FighterTurn): void {
  const s = ctx.s;
  const passed = turn.passed;
  while (!passed[0] || !passed[1]) {
    const seat = turn.seat;
    if (!passed[seat]) {
      const prompt = fighterPrompt(s, seat, ctx.launches[seat]);
      if (!prompt) {
        passed[seat] = true;
        ctx.emit({ type: 'squadron-passed', seat, automatic: true });
      } else {
        ctx.resumeAt = turn;
        const answer = ctx.decide(prompt, (d) =>
          d.kind === 'fighter'
            ? validateFighterAnswer(s, seat, d.answer, ctx.launches[seat])
            : err({ code: 'wrong-kind', message: `expected a fighter activation, got ${d.kind}` }),
        );
        ctx.resumeAt = null;
        if (answer.kind === 'pass') {
          passed[seat] = true;
          ctx.emit({ type: 'squadron-passed', seat });
        } else {
          activate(ctx, seat, answer);
        }
      }
    }
    turn.seat = other(seat);
  }
}

/** Carry out a validated activation: launch, move, then recall or act. */
function activate(ctx: Ctx, seat: Seat, answer: Exclude<FighterAnswer, { kind: 'pass' }>): void {
  const sq = ctx.s.ships[seat].squadrons[answer.squadron]!;
  sq.activated = true;
  if (answer.kind === 'launch') {
    sq.status = 'space';
    sq.at = answer.at;
    sq.facing = answer.facing;
    sq.launchedThisRound = true;
    ctx.launches[seat]--;
    ctx.activated[seat].add('fighterBay');
    ctx.emit({ type: 'squadron-launched', seat, squadron: sq.id, at: answer.at, facing: answer.facing });
  }
  // An activation always reports its move, even an empty one (the squadron acted in place); a launch only if it moved.
  if (answer.path.length > 0 || answer.kind === 'activate') {
    const from = sq.at!;
    let cur: Placement = { at: from, facing: sq.facing! };
    const facings: Dir[] = [];
    for (const h of answer.path) {
      const d = directionTo(cur.at, h)!;
      cur = { at: h, facing: d };
      facings.push(d);
    }
    sq.at = cur.at;
    sq.facing = cur.facing;
    ctx.emit({ type: 'squadron-moved', seat, squadron: sq.id, from, path: answer.path, facings });
  }
  const end = answer.end;
  if (end.kind === 'recall') {
    const from = sq.at!;
    sq.status = 'aboard';
    delete sq.at;
    delete sq.facing;
    ctx.emit({ type: 'squadron-recalled', seat, squadron: sq.id, from });
  } else if (end.kind === 'action') {
    resolveSquadronAction(ctx, seat, sq, end);
  }
}
