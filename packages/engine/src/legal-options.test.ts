// RULES §8 ("the legal options"): over random mid-game states, every listed option of every prompt and
// every listed commitment is accepted, and sampled unlisted ones are refused.
import { describe, expect, it } from 'vitest';
import { legalCommitments } from './commitment-options.js';
import { validateCommitment } from './commitment.js';
import { placementAnswer, squadronMoves } from './fighter-options.js';
import { DIRS, directionTo, equals, neighbour } from './hex.js';
import { randomCommitment, randomDecision } from './random.js';
import { createRng, type Rng } from './rng.js';
import { resolveRound, resolveRoundWith } from './round.js';
import { sameTarget } from './targeting.js';
import { simulateMatch } from './simulate.js';
import { validateFighterAnswer } from './fighter-answer.js';
import {
  CARD_IDS,
  COMPONENTS,
  ENGINE_SETTINGS,
  SECTIONS,
  type Commitment,
  type Hex,
  type MatchState,
  type Seat,
} from './types.js';
import type { Decision, FighterAnswer, Prompt, SquadronEnd, Target } from './decision.js';

interface Paused {
  start: MatchState;
  commitments: [Commitment, Commitment];
  decisions: Decision[];
  state: MatchState;
  prompt: Prompt;
}

/** Random mid-game states, and the prompts of random rounds played from them. */
function corpus(seed: string, matches: number): { states: MatchState[]; paused: Paused[] } {
  const rng = createRng(seed);
  const states: MatchState[] = [];
  const paused: Paused[] = [];
  for (let m = 0; m < matches; m++) {
    simulateMatch(seed, m, {
      variants: 'random',
      onRound: (start) => {
        if (start.winner !== null) return;
        states.push(start);
        const commitments: [Commitment, Commitment] = [
          randomCommitment(start, 0, rng),
          randomCommitment(start, 1, rng),
        ];
        const decisions: Decision[] = [];
        resolveRoundWith(start, commitments, (prompt, _i, now) => {
          paused.push({ start, commitments, decisions: [...decisions], state: structuredClone(now), prompt });
          const d = randomDecision(now, prompt, rng);
          decisions.push(d);
          return d;
        });
      },
    });
  }
  return { states, paused };
}

const { states, paused } = corpus('legal-options', 30);
const canonical = (c: Commitment): string =>
  `${c.engine}|${c.cards
    .map((x) => JSON.stringify(x))
    .sort()
    .join('+')}`;

/** Random, mostly malformed or unlisted commitment input. */
function wildCommitment(rng: Rng): unknown {
  const value = (): unknown =>
    rng.pick([
      'fore',
      'aft',
      'up',
      'left',
      'front',
      'bow',
      'core',
      'main',
      'broadside',
      'fighterBay',
      'pointDefence',
      0,
      1,
      2,
      3,
      -1,
      [],
      [0],
      [1, 2],
      [0, 1, 2],
      [3],
      null,
      undefined,
    ]);
  const card = (): Record<string, unknown> => {
    const c: Record<string, unknown> = { card: rng.chance(0.9) ? rng.pick(CARD_IDS) : 'warp' };
    for (const k of ['aim', 'turret', 'component', 'section', 'munitions', 'repair', 'target'])
      if (rng.chance(0.2)) c[k] = value();
    return c;
  };
  const n = rng.int(4);
  return {
    engine: rng.chance(0.95) ? rng.pick(ENGINE_SETTINGS) : 'UP',
    cards: Array.from({ length: n }, card),
  };
}

/**
 * The two long tests' timeout: a hang guard, not a speed bound. On a loaded 2-core machine (2 busy loops beside the
 * whole suite, load 13–15) they took 77 s and 49 s, past vitest's default then (60 s).
 */
const LONG = { timeout: 600_000 };

describe('RULES §4.1: every legal commitment, listed', () => {
  it('every listed commitment is accepted as it is listed; sampled unlisted ones are refused', LONG, () => {
    const rng = createRng('commitments');
    let accepted = 0;
    let refused = 0;
    for (const [i, s] of states.entries()) {
      const seat = (i % 2) as Seat;
      const listed = legalCommitments(s, seat);
      const set = new Set(listed.map(canonical));
      // all of them on a few states, a sample on the rest (the list does not depend on much)
      const check = i < 2 ? listed : Array.from({ length: 40 }, () => rng.pick(listed));
      for (const c of check) {
        const v = validateCommitment(s, seat, c);
        if (!v.ok) expect.fail(`listed ${JSON.stringify(c)} refused: ${v.error.message}`);
        expect(v.value).toEqual(c);
      }
      for (let k = 0; k < 60; k++) {
        const w = wildCommitment(rng);
        const v = validateCommitment(s, seat, w);
        if (v.ok) {
          expect(set.has(canonical(v.value)), `accepted but unlisted: ${JSON.stringify(w)}`).toBe(true);
          accepted++;
        } else refused++;
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });

  it('the list has every parameter value: squadron maintenance, special ability, vent coolant, broadside aims', () => {
    const s = states[0]!;
    const plays = legalCommitments(s, 0)
      .filter((c) => c.engine === 'NONE' && c.cards.length === 1)
      .map((c) => c.cards[0]!);
    expect(plays.filter((p) => p.card === 'squadron-maintenance')).toHaveLength(15);
    expect(plays.filter((p) => p.card === 'vent-coolant')).toHaveLength(COMPONENTS.length);
    expect(plays.filter((p) => p.card === 'special-ability')).toHaveLength(
      s.ships[0].faction === 'fpa' ? SECTIONS.length : COMPONENTS.length,
    );
  });
});

const launchesOf = (p: Extract<Prompt, { kind: 'fighter' }>): number =>
  p.squadrons.some((o) => o.mode === 'launch') ? 1 : 0;

function finalPlacement(s: MatchState, seat: Seat, a: Extract<FighterAnswer, { kind: 'activate' | 'launch' }>) {
  const sq = s.ships[seat].squadrons[a.squadron]!;
  let at = a.kind === 'launch' ? a.at : sq.at!;
  let facing = a.kind === 'launch' ? a.facing : sq.facing!;
  for (const h of a.path) {
    facing = directionTo(at, h) ?? facing;
    at = h;
  }
  return { at, facing };
}

const sameEnd = (a: SquadronEnd, b: SquadronEnd): boolean =>
  a.kind === b.kind &&
  (a.kind !== 'action' ||
    b.kind !== 'action' ||
    ((a.target === undefined) === (b.target === undefined) &&
      (a.target === undefined || sameTarget(a.target, b.target!)) &&
      a.turret === b.turret));

/** A random, often illegal, fighter answer near the squadron. */
function wildFighterAnswer(s: MatchState, p: Extract<Prompt, { kind: 'fighter' }>, rng: Rng): unknown {
  const o = rng.pick(p.squadrons);
  const sq = s.ships[p.seat].squadrons[o.squadron]!;
  let cur: Hex = o.mode === 'launch' ? rng.pick(o.launchHexes!) : sq.at!;
  const start = cur;
  const path: Hex[] = [];
  for (let i = rng.int(o.speed + 2); i > 0; i--) {
    cur = rng.chance(0.05) ? { q: cur.q + 2, r: cur.r } : neighbour(cur, rng.pick(DIRS));
    path.push(cur);
  }
  const targets: Target[] = [
    ...SECTIONS.map((section) => ({ kind: 'section' as const, seat: (1 - p.seat) as Seat, section })),
    ...s.ships.flatMap((w) => w.squadrons.map((q) => ({ kind: 'squadron' as const, id: q.id }))),
    ...s.tokens.map((t) => ({ kind: 'torpedo' as const, id: t.id })),
  ];
  const end = rng.pick<unknown>([
    { kind: 'none' },
    { kind: 'recall' },
    { kind: 'action' },
    { kind: 'action', target: rng.pick(targets) },
    { kind: 'action', target: rng.pick(targets), turret: rng.pick(['front', 'left', 'right', 'rear']) },
  ]);
  return o.mode === 'launch'
    ? { kind: 'launch', squadron: o.squadron, at: start, facing: rng.pick(DIRS), path, end }
    : { kind: 'activate', squadron: o.squadron, path, end };
}

describe('RULES §4.4, §8: every legal fighter activation, listed', () => {
  const fighter = paused.filter((p) => p.prompt.kind === 'fighter').slice(0, 400);
  it(`${fighter.length} fighter prompts: every listed placement and end is accepted`, LONG, () => {
    let answers = 0;
    for (const p of fighter) {
      const prompt = p.prompt as Extract<Prompt, { kind: 'fighter' }>;
      for (const o of prompt.squadrons) {
        const moves = squadronMoves(p.state, prompt.seat, o);
        expect(moves.placements.length).toBeGreaterThan(0);
        for (const pl of moves.placements) {
          for (const end of [
            { kind: 'none' } as SquadronEnd,
            ...(pl.recall ? [{ kind: 'recall' } as SquadronEnd] : []),
            ...(pl.actions ?? []),
          ]) {
            const a = placementAnswer(o, moves, pl, end);
            const v = validateFighterAnswer(p.state, prompt.seat, a, launchesOf(prompt));
            if (!v.ok) expect.fail(`listed ${JSON.stringify(a)} refused: ${v.error.message}`);
            if (a.kind === 'pass') expect.fail('a placement answer is never a pass');
            expect(finalPlacement(p.state, prompt.seat, a)).toEqual({ at: moves.reach[pl.hex]!.at, facing: pl.facing });
            answers++;
          }
        }
      }
    }
    expect(answers).toBeGreaterThan(10_000);
  });

  it('sampled unlisted activations are refused: what the engine accepts is always a listed placement and end', () => {
    const rng = createRng('wild-fighter');
    let accepted = 0;
    let refused = 0;
    for (const p of fighter) {
      const prompt = p.prompt as Extract<Prompt, { kind: 'fighter' }>;
      const moves = new Map(prompt.squadrons.map((o) => [o.squadron, squadronMoves(p.state, prompt.seat, o)]));
      for (let k = 0; k < 30; k++) {
        const w = wildFighterAnswer(p.state, prompt, rng);
        const v = validateFighterAnswer(p.state, prompt.seat, w, launchesOf(prompt));
        if (!v.ok || v.value.kind === 'pass') {
          refused++;
          continue;
        }
        accepted++;
        const a = v.value;
        const m = moves.get(a.squadron)!;
        const fin = finalPlacement(p.state, prompt.seat, a);
        const pl = m.placements.find((x) => equals(m.reach[x.hex]!.at, fin.at) && x.facing === fin.facing);
        expect(pl, `accepted ${JSON.stringify(w)} ends on an unlisted placement`).toBeDefined();
        for (const h of a.path) expect(m.reach.some((n) => equals(n.at, h))).toBe(true);
        const ends = [
          { kind: 'none' } as SquadronEnd,
          ...(pl!.recall ? [{ kind: 'recall' } as SquadronEnd] : []),
          ...(pl!.actions ?? []),
        ];
        expect(
          ends.some((e) => sameEnd(e, a.end)),
          `accepted end ${JSON.stringify(a.end)} is not listed`,
        ).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  });

  it('a prompt returned by resolveRound lists the moves; every listed answer resumes the round', () => {
    const rng = createRng('resume');
    let resumed = 0;
    for (const p of fighter.slice(0, 60)) {
      const r = resolveRound(p.start, p.commitments, p.decisions);
      if (r.status !== 'awaiting' || r.prompt.kind !== 'fighter') throw new Error('expected the fighter prompt again');
      for (const o of r.prompt.squadrons) {
        expect(o.moves).toBeDefined();
        const pl = rng.pick(o.moves!.placements);
        const end = rng.pick([{ kind: 'none' } as SquadronEnd, ...(pl.actions ?? [])]);
        const answer = placementAnswer(o, o.moves!, pl, end);
        const next = resolveRound(p.start, p.commitments, [...p.decisions, { kind: 'fighter', answer }]);
        expect(next.status).not.toBe('error');
        resumed++;
      }
    }
    expect(resumed).toBeGreaterThan(30);
  });
});

describe('RULES §4.3, §4.5: direct-fire and point-defence targets, listed', () => {
  it('every listed target is accepted; a target not listed is refused', () => {
    const rng = createRng('targets');
    let n = 0;
    for (const p of paused) {
      if (p.prompt.kind === 'fighter') continue;
      const kind = p.prompt.kind;
      const resume = (target: unknown) =>
        resolveRound(p.start, p.commitments, [...p.decisions, { kind, target } as Decision]).status;
      const listed = p.prompt.options.map((o) => o.target);
      expect(resume(rng.pick(listed))).not.toBe('error');
      const others: Target[] = [
        ...SECTIONS.map((section) => ({ kind: 'section' as const, seat: rng.int(2) as Seat, section })),
        ...p.state.ships.flatMap((w) => w.squadrons.map((q) => ({ kind: 'squadron' as const, id: q.id }))),
        ...p.state.tokens.map((t) => ({ kind: 'torpedo' as const, id: t.id })),
        { kind: 'hex', at: { q: rng.int(15), r: rng.int(15) - 4 } },
      ];
      const unlisted = others.filter((t) => !listed.some((l) => sameTarget(l, t)));
      if (unlisted.length > 0) expect(resume(rng.pick(unlisted))).toBe('error');
      n++;
    }
    expect(n).toBeGreaterThan(20);
  });
});
