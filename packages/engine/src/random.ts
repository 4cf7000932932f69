// A random legal player: for `simulate`, bots and load tests. Every choice is uniform among legal ones, drawn from
// the given Rng, so the same seed plays the same match.
import { getFaction, weaponCard } from './content/index.js';
import { squadronEndOptions } from './squadron-action.js';
import { validateFighterAnswer } from './fighter-answer.js';
import { squadronNextSteps, type Placement } from './squadron-move.js';
import { DIRS, directionTo } from './hex.js';
import type { Rng } from './rng.js';
import {
  CARD_IDS,
  COMPONENTS,
  ENGINE_SETTINGS,
  SECTIONS,
  type CardId,
  type CardPlay,
  type Commitment,
  type Hex,
  type MatchState,
  type Seat,
  type TurretSetting,
} from './types.js';
import type { Decision, FighterAnswer, Prompt, SquadronEnd } from './decision.js';

const TURRETS: readonly TurretSetting[] = ['front', 'left', 'right', 'rear'];

function randomCard(s: MatchState, seat: Seat, card: CardId, rng: Rng): CardPlay {
  const ship = s.ships[seat];
  switch (card) {
    case 'fire-main':
      return weaponCard(ship.loadout.main).arc === 'turret' ? { card, turret: rng.pick(TURRETS) } : { card };
    case 'port-broadside':
    case 'starboard-broadside': {
      const aim = rng.pick(['fore', 'aft'] as const);
      return weaponCard(ship.loadout.broadside).class === 'direct' ? { card } : { card, aim };
    }
    case 'vent-coolant':
      return { card, component: rng.pick(COMPONENTS) };
    case 'squadron-maintenance':
      return rng.chance(0.25)
        ? { card, repair: rng.int(3) }
        : { card, munitions: rng.chance(0.5) ? [rng.int(3)] : [rng.int(3), rng.int(3)] };
    case 'special-ability':
      return getFaction(ship.faction).special.kind === 'emergencyRepairs'
        ? { card, section: rng.pick(SECTIONS) }
        : { card, component: rng.pick(COMPONENTS) };
    default:
      return { card } as CardPlay;
  }
}

/** A random engine setting and zero to two distinct commitment cards with random legal parameters. */
export function randomCommitment(s: MatchState, seat: Seat, rng: Rng): Commitment {
  const engine = rng.pick(ENGINE_SETTINGS);
  const count = rng.int(3);
  const pool = [...CARD_IDS];
  const cards: CardPlay[] = [];
  for (let i = 0; i < count; i++) {
    const card = pool.splice(rng.int(pool.length), 1)[0]!;
    cards.push(randomCard(s, seat, card, rng));
  }
  return { engine, cards };
}

function randomEnd(s: MatchState, seat: Seat, squadron: number, p: Placement, rng: Rng): SquadronEnd {
  const o = squadronEndOptions(s, seat, squadron, p.at, p.facing);
  const ends: SquadronEnd[] = [{ kind: 'none' }];
  if (o.recall) ends.push({ kind: 'recall' });
  for (const t of o.targets) ends.push({ kind: 'action', target: t.target, ...(o.turret ? { turret: o.turret } : {}) });
  if (o.spawnClear) ends.push({ kind: 'action' });
  // Pathfinder's Mark: at an enemy warship section in reach
  for (const seat of o.markTargets ?? [])
    ends.push({ kind: 'action', target: { kind: 'section', seat, section: 'core' } });
  return rng.pick(ends);
}

function randomWalk(s: MatchState, seat: Seat, squadron: number, start: Placement, moves: number, rng: Rng): Hex[] {
  const path: Hex[] = [];
  const length = rng.int(moves + 1);
  for (let i = 0; i < length; i++) {
    const next = squadronNextSteps(s, seat, squadron, path, start);
    if (next.length === 0) break;
    path.push(rng.pick(next));
  }
  return path;
}

function randomFighterAnswer(s: MatchState, prompt: Extract<Prompt, { kind: 'fighter' }>, rng: Rng): FighterAnswer {
  const seat = prompt.seat;
  const choice = rng.int(prompt.squadrons.length + 1);
  const o = prompt.squadrons[choice];
  if (!o) return { kind: 'pass' };
  const launchesLeft = prompt.squadrons.some((x) => x.mode === 'launch') ? 1 : 0;
  let answer: FighterAnswer;
  if (o.mode === 'launch') {
    const at = rng.pick(o.launchHexes ?? []);
    const facing = rng.pick(DIRS);
    const path = randomWalk(s, seat, o.squadron, { at, facing }, o.speed, rng);
    answer = { kind: 'launch', squadron: o.squadron, at, facing, path, end: { kind: 'none' } };
  } else {
    const sq = s.ships[seat].squadrons[o.squadron]!;
    const path = randomWalk(s, seat, o.squadron, { at: sq.at!, facing: sq.facing! }, o.speed, rng);
    answer = { kind: 'activate', squadron: o.squadron, path, end: { kind: 'none' } };
  }
  // Where the walk ends decides what the squadron can do there.
  const v = validateFighterAnswer(s, seat, answer, launchesLeft);
  if (!v.ok) return { kind: 'pass' };
  const last = endPlacement(s, seat, answer);
  const withEnd = { ...answer, end: randomEnd(s, seat, o.squadron, last, rng) };
  return validateFighterAnswer(s, seat, withEnd, launchesLeft).ok ? withEnd : answer;
}

function endPlacement(
  s: MatchState,
  seat: Seat,
  a: Extract<FighterAnswer, { kind: 'activate' | 'launch' }>,
): Placement {
  const sq = s.ships[seat].squadrons[a.squadron]!;
  let at = a.kind === 'launch' ? a.at : sq.at!;
  let facing = a.kind === 'launch' ? a.facing : sq.facing!;
  for (const h of a.path) {
    facing = directionTo(at, h) ?? facing;
    at = h;
  }
  return { at, facing };
}

/** A random legal answer to any prompt. */
export function randomDecision(s: MatchState, prompt: Prompt, rng: Rng): Decision {
  switch (prompt.kind) {
    case 'direct-fire':
      return { kind: 'direct-fire', target: rng.pick(prompt.options).target };
    case 'point-defence':
      return { kind: 'point-defence', target: rng.pick(prompt.options).target };
    case 'fighter':
      return { kind: 'fighter', answer: randomFighterAnswer(s, prompt, rng) };
  }
}
