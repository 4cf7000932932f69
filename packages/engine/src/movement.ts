// The momentum phase: both engine cards, then lock-step movement with edge, warship and small-token collisions
// (RULES §4.2, draft §6.2.2–6.2.3).
import { innerHex, onBoard } from './board.js';
import { other, seatsInOrder, type Ctx } from './context.js';
import type { Source } from './events.js';
import { distance, equals, neighbour, turn } from './hex.js';
import { applyEngine, effectiveEngine, isRotation, type Thrust } from './momentum.js';
import { destroySmallToken, findWeaponToken, smallTokensAt, someSmallTokenHex } from './tokens.js';
import type {
  Commitment,
  Dir,
  EngineSetting,
  Hex,
  Momentum,
  PublicState,
  SectionName,
  Seat,
  Warship,
} from './types.js';
import { applyDamage, sectionAt, sectionHexes } from './warship.js';

export interface Pose {
  core: Hex;
  facing: Dir;
}

const poseOf = (ship: Pick<Warship, 'core' | 'facing'>): Pose => ({ core: { ...ship.core }, facing: ship.facing });
const standing = (ship: Pick<Warship, 'core' | 'facing'>): Pose => ({ core: ship.core, facing: ship.facing });
function setPose(ship: Warship, p: Pose): void {
  ship.core = { ...p.core };
  ship.facing = p.facing;
}

/** A linear token moves the core one hex that way; a rotation turns the facing 60° about the core. */
export function stepPose(p: Pose, t: Thrust): Pose {
  if (isRotation(t)) return { core: { ...p.core }, facing: turn(p.facing, t === 'CW' ? 1 : -1) };
  return { core: neighbour(p.core, t), facing: p.facing };
}

/**
 * A ship's mat during movement. Its steps are the tokens of the mat as it stood when movement began: linear in mat
 * order, then rotations (draft §6.2.2); a mat is replaced, never changed in place, so that one is kept as it was.
 * For each token still on the live mat, its original position: removing by original position (not by value) takes
 * out exactly the token of the step, even when equal tokens sit elsewhere on the mat.
 */
class LiveMat {
  readonly steps: number;
  private origs: { linear: number[]; rotational: number[] } | null = null;
  constructor(private readonly planned: Momentum) {
    this.steps = planned.linear.length + planned.rotational.length;
  }
  token(step: number): Thrust {
    const n = this.planned.linear.length;
    return step < n ? this.planned.linear[step]! : this.planned.rotational[step - n]!;
  }
  remove(ship: Warship, step: number): Thrust | null {
    const n = this.planned.linear.length;
    const kind = step < n ? 'linear' : 'rotational';
    this.origs ??= {
      linear: this.planned.linear.map((_, i) => i),
      rotational: this.planned.rotational.map((_, i) => i),
    };
    const j = this.origs[kind].indexOf(step < n ? step : step - n);
    if (j < 0) return null;
    this.origs[kind].splice(j, 1);
    // A fresh mat object: events that captured the old one stay as they were.
    const m: Momentum = { linear: [...ship.momentum.linear], rotational: [...ship.momentum.rotational] };
    const [removed] = m[kind].splice(j, 1) as Thrust[];
    ship.momentum = m;
    return removed ?? null;
  }
}

/** Sections of `target` that share a hex with `ship` (empty when they do not overlap). */
function overlappedSections(ship: Warship, target: Warship): SectionName[] {
  const mine = sectionHexes(ship.core, ship.facing).map((x) => x.at);
  return sectionHexes(target.core, target.facing)
    .filter((x) => mine.some((h) => equals(h, x.at)))
    .map((x) => x.section);
}

/** Whether two warships share a hex; every hex of a warship is within 1 of its core, so most steps look no further. */
const overlap = (a: Warship, b: Warship): boolean =>
  distance(a.core, b.core) <= 2 && overlappedSections(a, b).length > 0;

const onShip = (ship: Warship, at: Hex): boolean => sectionAt(ship, at) !== null;

/**
 * A squadron, projectile or torpedo under a warship hex is destroyed, whoever owns it; a weapon token first deals its
 * full damage to that section, then returns to its owner's supply (RULES §4.2, draft §6.2.3).
 */
function crushSmallTokens(ctx: Ctx, seat: Seat): void {
  const ship = ctx.s.ships[seat];
  // Most steps crush nothing: one look at the tokens before going hex by hex.
  if (!someSmallTokenHex(ctx.s, onShip, ship)) return;
  const crusher: Source = { seat, by: 'collision' };
  for (const { section, at } of sectionHexes(ship.core, ship.facing)) {
    for (const t of smallTokensAt(ctx.s, at)) {
      if (t.ref.kind !== 'squadron') {
        const w = findWeaponToken(ctx.s, t.ref.id);
        if (w) {
          const weapon = w.source === 'squadronTorpedo' ? undefined : ctx.s.ships[w.owner].loadout[w.source];
          const source: Source = { seat: w.owner, by: `token:${w.id}`, ...(weapon ? { weapon } : {}) };
          applyDamage(ctx, seat, section, w.damage, source);
        }
      }
      destroySmallToken(ctx, t.ref, 'warship', crusher);
    }
  }
}

/** What lock-step movement knows at a step: the mats, where each ship stood before it, and whether each moved. */
interface Step {
  readonly s: PublicState;
  readonly ctx: Ctx | null;
  readonly order: readonly Seat[];
  readonly mats: readonly [LiveMat, LiveMat];
  /** Where each ship stood before the step: a move replaces a warship's core, never changes it in place. */
  readonly start: [Pose, Pose];
  /** Whether each ship moved this step (and stayed on the board). */
  readonly moved: [boolean, boolean];
  step: number;
}

/**
 * Move both warships in lock-step over the mats as they stand now (RULES §4.2). `ctx` is the resolver's: it takes the
 * events, the collision damage (which may roll a critical hit, RULES §9) and the crushing of small tokens; a drift
 * preview passes none (null), so it needs no dice and no token's damage: neither changes where a warship goes.
 * `paths`, when given, receives per seat the pose after each of its steps (after any undo).
 * The collisions are functions of their own: most steps have none, and so the step the runtime compiles stays small.
 */
function moveInLockStep(s: PublicState, ctx: Ctx | null, paths?: [Pose[], Pose[]]): void {
  const mats: [LiveMat, LiveMat] = [new LiveMat(s.ships[0].momentum), new LiveMat(s.ships[1].momentum)];
  const start: [Pose, Pose] = [standing(s.ships[0]), standing(s.ships[1])];
  const at: Step = { s, ctx, order: seatsInOrder(s), mats, start, moved: [false, false], step: 0 };
  const { order, moved } = at;
  const steps = Math.max(mats[0].steps, mats[1].steps);
  for (let step = 0; step < steps; step++) {
    at.step = step;
    for (const seat of order) takeStep(at, seat);
    // (a) Board edge: every section hex is the core or one of its neighbours.
    for (const seat of order) if (moved[seat] && !innerHex(s.scenario, s.ships[seat].core)) edgeCollision(at, seat);
    // (b) Warships.
    if ((moved[0] || moved[1]) && overlap(s.ships[0], s.ships[1])) warshipCollision(at);
    // (c) Small tokens under a warship hex, where the ships now stand.
    if (ctx) for (const seat of order) crushSmallTokens(ctx, seat);
    if (paths) for (const seat of order) if (step < mats[seat].steps) paths[seat].push(poseOf(s.ships[seat]));
  }
}

/** `seat`'s warship takes its token of this step, if it has one left (a ship whose tokens are used up has finished). */
function takeStep(at: Step, seat: Seat): void {
  const { s, step } = at;
  const from = at.start[seat];
  from.core = s.ships[seat].core;
  from.facing = s.ships[seat].facing;
  at.moved[seat] = step < at.mats[seat].steps;
  if (!at.moved[seat]) return;
  const token = at.mats[seat].token(step);
  const to = stepPose(from, token);
  s.ships[seat].core = to.core; // a fresh hex (stepPose)
  s.ships[seat].facing = to.facing;
  at.ctx?.emit({ type: 'step', seat, step, token, from: poseOf(from), to: poseOf(to) });
}

/** (a) A warship partly off the board: this step's token is removed, 1 damage per section off it, the step undone. */
function edgeCollision(at: Step, seat: Seat): void {
  const { s, ctx, step } = at;
  const ship = s.ships[seat];
  const off = sectionHexes(ship.core, ship.facing)
    .filter((x) => !onBoard(s.scenario, x.at))
    .map((x) => x.section);
  if (off.length === 0) return;
  at.moved[seat] = false;
  const removed = at.mats[seat].remove(ship, step);
  setPose(ship, at.start[seat]);
  ctx?.emit({
    type: 'collision',
    kind: 'edge',
    seat,
    step,
    removed,
    momentum: copyMomentum(ship),
    sections: off,
    undoneTo: poseOf(at.start[seat]),
  });
  if (ctx) for (const section of off) applyDamage(ctx, seat, section, 1, { seat: null, by: 'edge' });
}

/**
 * (b) Overlapping warships: each ship that moved removes its token and deals 1 damage to each overlapping section of
 * the other; both are put back. Both then stand where they stood before the step, which never overlapped.
 */
function warshipCollision(at: Step): void {
  const { s, ctx, step } = at;
  const dealt = at.order
    .filter((seat) => at.moved[seat])
    .map((seat) => ({ seat, sections: overlappedSections(s.ships[seat], s.ships[other(seat)]) }));
  for (const { seat, sections } of dealt) {
    const removed = at.mats[seat].remove(s.ships[seat], step);
    setPose(s.ships[seat], at.start[seat]);
    ctx?.emit({
      type: 'collision',
      kind: 'warship',
      seat,
      step,
      removed,
      momentum: copyMomentum(s.ships[seat]),
      sections,
      undoneTo: poseOf(at.start[seat]),
    });
  }
  for (const { seat, sections } of dealt) {
    if (ctx) for (const section of sections) applyDamage(ctx, other(seat), section, 1, { seat, by: 'collision' });
  }
}

/** RULES §4.2: both engine cards (initiative holder's events first), then lock-step movement and collisions. */
export function resolveMomentumPhase(ctx: Ctx): void {
  for (const seat of seatsInOrder(ctx.s)) applyEngine(ctx, seat);
  moveInLockStep(ctx.s, ctx);
}

/**
 * Where `seat`'s warship would drift with `engine` this round, for the client's ghost: the other warship is treated
 * as stationary (its move is unknown), edge and warship collisions apply, and so do the critical-hit effects on the
 * engine card (RULES §9: a locked thruster, a fuel leak). `momentum` is the mat after the phase; `path[k]` is the pose
 * after step k; `blocked` says why the engine card counts as NONE, if it does. Pure: works on a copy of the warships
 * (with no effects, movement changes nothing else), emits nothing, rolls nothing (collision damage is not dealt).
 */
export function previewDrift(
  s: PublicState,
  seat: Seat,
  engine: EngineSetting,
): { momentum: Momentum; path: Pose[]; blocked: 'thruster-locked' | 'fuel-leak' | null } {
  const copy: PublicState = { ...s, ships: structuredClone(s.ships) };
  const { blocked } = effectiveEngine(copy.ships[seat], engine, false);
  copy.ships[other(seat)].momentum = { linear: [], rotational: [] };
  const commitments: [Commitment, Commitment] = [
    { engine: 'NONE', cards: [] },
    { engine: 'NONE', cards: [] },
  ];
  commitments[seat] = { engine, cards: [] };
  applyEngine({ s: copy, commitments, emit: () => {} }, seat);
  const paths: [Pose[], Pose[]] = [[], []];
  moveInLockStep(copy, null, paths);
  return { momentum: copy.ships[seat].momentum, path: paths[seat], blocked };
}

const copyMomentum = (ship: Warship): Momentum => ({
  linear: [...ship.momentum.linear],
  rotational: [...ship.momentum.rotational],
});
