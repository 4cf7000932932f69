// Validating a fighter activation answer from a player (RULES §4.4): which squadron, where it starts (where it is, or
// a launch placement), its path, and the end of its activation (squadron-action.ts). Returns a clean copy.
import { equals, isDir } from './hex.js';
import { validateSquadronEnd, withSquadronAt } from './squadron-action.js';
import {
  canActivate,
  canEndAt,
  launchHexes,
  launchMoves,
  squadronSpeed,
  walkPath,
  type Placement,
} from './squadron-move.js';
import { err, ok } from './types.js';
import type { Hex, PublicState, Result, Seat, Squadron } from './types.js';
import type { DecisionError, DecisionErrorCode, FighterAnswer } from './decision.js';

const fail = (code: DecisionErrorCode, message: string): Result<never, DecisionError> => err({ code, message });

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
const isHex = (x: unknown): x is Hex =>
  typeof x === 'object' && x !== null && isInt((x as Hex).q) && isInt((x as Hex).r);

function parsePath(raw: unknown): Hex[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every(isHex)) return null;
  return raw.map((h) => ({ q: h.q, r: h.r }));
}

/**
 * Validate a fighter activation answer against the state now (RULES §4.4). Returns a clean copy of the answer; for a
 * turret weapon without a setting the first setting under which the target is legal is filled in.
 */
export function validateFighterAnswer(
  s: PublicState,
  seat: Seat,
  answer: unknown,
  launchesLeft: number,
): Result<FighterAnswer, DecisionError> {
  if (typeof answer !== 'object' || answer === null) return fail('wrong-kind', 'the answer is not an object');
  const a = answer as Record<string, unknown>;
  if (a.kind === 'pass') return ok({ kind: 'pass' });
  if (a.kind !== 'activate' && a.kind !== 'launch')
    return fail('wrong-kind', `unknown fighter answer kind ${String(a.kind)}`);
  if (!isInt(a.squadron) || a.squadron < 0 || a.squadron > 2)
    return fail('unknown-squadron', `no squadron ${String(a.squadron)}`);
  const index = a.squadron;
  const ship = s.ships[seat];
  const sq = ship.squadrons[index]!;
  const path = parsePath(a.path);
  if (!path) return fail('illegal-path', 'the path is not a list of hexes');

  const from = startOf(s, seat, sq, a, launchesLeft);
  if (!from.ok) return from;
  const { start, moves } = from.value;

  const walked = walkPath(s, start, path, moves);
  if (!walked.ok) return fail('illegal-path', walked.error);
  const final = walked.value.at(-1) ?? start;
  if (!canEndAt(s, final.at, sq.id))
    return fail('illegal-path', `the move ends on another token at (${final.at.q},${final.at.r})`);

  const after = withSquadronAt(s, seat, index, final);
  const end = validateSquadronEnd(after, seat, index, a.end);
  if (!end.ok) return end;
  return a.kind === 'activate'
    ? ok({ kind: 'activate', squadron: index, path, end: end.value })
    : ok({ kind: 'launch', squadron: index, at: start.at, facing: start.facing, path, end: end.value });
}

/** Where an activation starts and how many moves it has: the squadron in space, or a legal launch placement. */
function startOf(
  s: PublicState,
  seat: Seat,
  sq: Squadron,
  a: Record<string, unknown>,
  launchesLeft: number,
): Result<{ start: Placement; moves: number }, DecisionError> {
  const ship = s.ships[seat];
  if (a.kind === 'activate') {
    if (!canActivate(sq)) {
      return fail(
        'squadron-cannot-act',
        sq.status !== 'space' ? `squadron ${sq.id} is not in space` : `squadron ${sq.id} has already acted this round`,
      );
    }
    return ok({ start: { at: sq.at!, facing: sq.facing! }, moves: squadronSpeed(ship, sq) });
  }
  if (sq.status !== 'aboard' || sq.activated) {
    return fail(
      'squadron-cannot-act',
      sq.status !== 'aboard' ? `squadron ${sq.id} is not aboard` : `squadron ${sq.id} has already acted this round`,
    );
  }
  if (launchesLeft <= 0) return fail('illegal-launch', 'no Launch Squadron card left this round');
  if (ship.cooldown.fighterBay > 0) return fail('illegal-launch', 'the fighter bay is in cooldown');
  if (!isHex(a.at)) return fail('illegal-launch', 'the launch hex is missing');
  if (!isDir(a.facing)) return fail('illegal-launch', 'the launch facing is not a direction (N, NE, SE, S, SW, NW)');
  const at = { q: a.at.q, r: a.at.r };
  if (!launchHexes(s, seat).some((h) => equals(h, at))) {
    return fail(
      'illegal-launch',
      `(${at.q},${at.r}) is not an empty on-board hex within launch range of a fighter bay`,
    );
  }
  return ok({ start: { at, facing: a.facing }, moves: launchMoves(ship, sq) });
}
