// Fast heuristic answers to prompts: the `easy` level's decisions, and how every search level plays the prompts of
// the rounds it simulates. Targets by expected value (hit chance × what a hit is worth); a squadron flies at the
// enemy warship and uses its action on the best target it finds there.
import {
  DIRS,
  directionTo,
  distance,
  neighbour,
  squadronEndOptions,
  squadronNextSteps,
  validateFighterAnswer,
  type Decision,
  type Dir,
  type FighterAnswer,
  type Hex,
  type MatchState,
  type Prompt,
  type Seat,
  type SquadronEnd,
  type SquadronOption,
  type Target,
  type TargetOption,
} from '@star-eater/engine';

/** What hitting a target is worth to `seat` (one damage, roughly, in evaluation points). */
export function targetValue(s: MatchState, seat: Seat, t: Target): number {
  switch (t.kind) {
    case 'section': {
      if (t.seat === seat) return -3;
      return s.ships[t.seat].armour[t.section] === 0 ? 3 : 1.2;
    }
    case 'squadron': {
      const owner = Number(t.id.split(':')[0]) as Seat;
      if (owner === seat) return -2.5;
      const q = s.ships[owner].squadrons.find((x) => x.id === t.id);
      return 2 + 0.6 * (q?.munitions ?? 0);
    }
    case 'torpedo': {
      const tok = s.tokens.find((x) => x.id === t.id);
      return tok && tok.owner !== seat ? 2.5 : -2;
    }
    case 'hex':
      return 0;
  }
}

/** Expected value of one target option (AOE: the sum over what it would roll against). */
export function optionValue(s: MatchState, seat: Seat, o: TargetOption): number {
  if (o.target.kind === 'hex') {
    const affected = o.affected ?? [];
    if (affected.length === 0) return 0;
    const avg = (o.hitTwelfths ?? 0) / 12 / affected.length;
    return affected.reduce((v, t) => v + avg * targetValue(s, seat, t), 0);
  }
  return ((o.hitTwelfths ?? 12) / 12) * targetValue(s, seat, o.target);
}

export function bestTarget(s: MatchState, seat: Seat, options: readonly TargetOption[]): Target {
  let best = options[0]!;
  let bestV = -Infinity;
  for (const o of options) {
    const v = optionValue(s, seat, o) - o.distance * 0.001;
    if (v > bestV) {
      bestV = v;
      best = o;
    }
  }
  return best.target;
}

/** The best action at a placement, or a recall when out of munitions, or none. */
export function bestEnd(
  s: MatchState,
  seat: Seat,
  squadron: number,
  at: Hex,
  facing: Dir,
): { end: SquadronEnd; value: number } {
  const o = squadronEndOptions(s, seat, squadron, at, facing);
  let end: SquadronEnd = { kind: 'none' };
  let value = 0;
  for (const t of o.targets) {
    const v = optionValue(s, seat, t);
    if (v > value) {
      value = v;
      end = { kind: 'action', target: t.target, ...(o.turret ? { turret: o.turret } : {}) };
    }
  }
  if (o.spawnClear) {
    const enemy = s.ships[seat === 0 ? 1 : 0].core;
    const ahead = neighbour(at, facing);
    if (distance(ahead, enemy) < distance(at, enemy) && distance(at, enemy) <= 6) {
      end = { kind: 'action' };
      value = 1.5;
    }
  }
  for (const target of o.markTargets ?? []) {
    end = { kind: 'action', target: { kind: 'section', seat: target, section: 'core' } };
    value = 0.8;
  }
  if (value === 0 && o.munitions === 0 && o.recall) end = { kind: 'recall' };
  return { end, value };
}

/** Fly greedily at the enemy warship's core: each step to the enterable neighbour that closes the most. */
function greedyPath(s: MatchState, seat: Seat, o: SquadronOption, start: { at: Hex; facing: Dir }) {
  const goal = s.ships[seat === 0 ? 1 : 0].core;
  const path: Hex[] = [];
  let cur = start;
  for (let i = 0; i < o.speed; i++) {
    const steps = squadronNextSteps(s, seat, o.squadron, path, o.mode === 'launch' ? start : undefined);
    let best: Hex | null = null;
    for (const h of steps) if (!best || distance(h, goal) < distance(best, goal)) best = h;
    if (!best || distance(best, goal) >= distance(cur.at, goal) || distance(cur.at, goal) <= 2) break;
    path.push(best);
    cur = { at: best, facing: directionTo(cur.at, best)! };
  }
  return { path, end: cur };
}

/** A quick fighter activation: the first squadron that can act flies at the enemy and acts on the best target. */
export function quickFighter(s: MatchState, prompt: Extract<Prompt, { kind: 'fighter' }>): FighterAnswer {
  const seat = prompt.seat;
  const o = prompt.squadrons[0];
  if (!o) return { kind: 'pass' };
  const goal = s.ships[seat === 0 ? 1 : 0].core;
  let start: { at: Hex; facing: Dir };
  if (o.mode === 'launch') {
    const hexes = o.launchHexes ?? [];
    let at = hexes[0]!;
    for (const h of hexes) if (distance(h, goal) < distance(at, goal)) at = h;
    let facing = DIRS[0]!;
    for (const d of DIRS) if (distance(neighbour(at, d), goal) < distance(neighbour(at, facing), goal)) facing = d;
    start = { at, facing };
  } else {
    const sq = s.ships[seat].squadrons[o.squadron]!;
    start = { at: sq.at!, facing: sq.facing! };
  }
  const { path, end } = greedyPath(s, seat, o, start);
  const { end: finish } = bestEnd(s, seat, o.squadron, end.at, end.facing);
  const launches = o.mode === 'launch' ? 1 : 0;
  // the greedy walk may stop on another token (a squadron may pass one but not end on it): shorten it until legal
  for (let n = path.length; n >= 0; n--) {
    const p = path.slice(0, n);
    const last = n === path.length ? finish : ({ kind: 'none' } as const);
    const answer: FighterAnswer =
      o.mode === 'launch'
        ? { kind: 'launch', squadron: o.squadron, at: start.at, facing: start.facing, path: p, end: last }
        : { kind: 'activate', squadron: o.squadron, path: p, end: last };
    if (validateFighterAnswer(s, seat, answer, launches).ok) return answer;
  }
  return { kind: 'pass' };
}

/** A quick answer to any prompt (used inside simulations: no search). */
export function quickDecision(s: MatchState, prompt: Prompt, seat: Seat = prompt.seat): Decision {
  switch (prompt.kind) {
    case 'direct-fire':
      return { kind: 'direct-fire', target: bestTarget(s, seat, prompt.options) };
    case 'point-defence':
      return { kind: 'point-defence', target: bestTarget(s, seat, prompt.options) };
    case 'fighter':
      return { kind: 'fighter', answer: quickFighter(s, prompt) };
  }
}
