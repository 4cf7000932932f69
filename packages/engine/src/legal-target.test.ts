// RULES §4.5, §8: an answer given in advance is checked against the one target it names (`legalTarget`) rather than
// the whole option list. Over random mid-game states it must name exactly the listed targets, as they are listed, and
// a round resolved from a list of decisions must equal the same round asked prompt by prompt (the full listing).
import { describe, expect, it } from 'vitest';
import { warshipAttacker } from './direct-fire.js';
import { hex, range as hexRange } from './hex.js';
import { MOUNTS } from './mounts.js';
import { pointDefenceAttacker } from './point-defence.js';
import { randomCommitment, randomDecision } from './random.js';
import { createRng, type Rng } from './rng.js';
import { resolveRoundWith } from './round.js';
import { simulateMatch } from './simulate.js';
import { squadronAttacker } from './squadron-action.js';
import { squadronCard } from './content/index.js';
import { legalTarget, sameTarget, targetOptions, type DirectAttacker } from './targeting.js';
import { SECTIONS, type Commitment, type MatchState, type Seat } from './types.js';
import type { Decision, Target } from './decision.js';

/** Every direct-fire attacker of a seat: its mounts (each turret setting), point defence, squadrons, and AOE variants. */
function attackers(s: MatchState, seat: Seat): DirectAttacker[] {
  const out: DirectAttacker[] = MOUNTS.map((m) => warshipAttacker(s, seat, m));
  out.push(warshipAttacker(s, seat, 'main', 'left'), pointDefenceAttacker(s, seat));
  for (const sq of s.ships[seat].squadrons) {
    const w = squadronCard(sq.card).weapon;
    if (sq.status === 'space' && w.kind === 'direct') out.push(squadronAttacker(seat, sq, w, 'rear'));
  }
  const aoe = out.flatMap((a) => [
    { ...a, aoe: 1, range: Math.max(a.range, 3) },
    { ...a, aoe: 2, range: 2 },
  ]);
  return [...out, ...aoe];
}

/** Named targets: every listed kind, unlisted ones, hexes on and off the board, and malformed answers. */
function candidates(s: MatchState, a: DirectAttacker, rng: Rng): unknown[] {
  const out: unknown[] = [
    ...([0, 1] as const).flatMap((seat) => SECTIONS.map((section) => ({ kind: 'section', seat, section }))),
    ...s.ships.flatMap((w) => w.squadrons.map((q) => ({ kind: 'squadron', id: q.id }))),
    ...s.tokens.map((t) => ({ kind: 'torpedo', id: t.id })),
    ...s.tokens.map((t) => ({ kind: 'squadron', id: t.id })),
    ...hexRange(a.from, a.range + 2).map((at) => ({ kind: 'hex', at })),
  ];
  const h = rng.pick(hexRange(a.from, a.range));
  out.push(
    ...[null, 'bow', 3, {}, { kind: 'section' }, { kind: 'section', seat: '1', section: 'bow' }, { kind: 'hex' }],
    ...[
      { kind: 'hex', at: null },
      { kind: 'hex', at: { q: `${h.q}`, r: h.r } },
      { kind: 'hex', at: { q: h.q } },
    ],
    ...[
      { kind: 'hex', at: { r: h.r, q: h.q } },
      { kind: 'hex', at: { q: h.q + 0.5, r: h.r } },
    ],
    ...[
      { kind: 'hex', at: { q: -0, r: h.r } },
      { kind: 'hex', at: { q: h.q, r: h.r }, extra: 1 },
    ],
  );
  return out;
}

/** What the full listing accepts for an answer (checkTarget's rule): the listed target it names, else null. */
function listed(s: MatchState, a: DirectAttacker, t: unknown): Target | null {
  if (typeof t !== 'object' || t === null) return null;
  try {
    return targetOptions(s, a).find((o) => sameTarget(o.target, t as Target))?.target ?? null;
  } catch {
    return null; // a malformed hex the listing cannot compare: the full check fails on it too
  }
}

/** Random mid-game states and the decisions of random rounds from them. */
function corpus(seed: string, matches: number) {
  const rng = createRng(seed);
  const rounds: { start: MatchState; commitments: [Commitment, Commitment]; decisions: Decision[] }[] = [];
  for (let m = 0; m < matches; m++) {
    simulateMatch(seed, m, {
      variants: 'random',
      onRound: (start) => {
        if (start.winner !== null) return;
        const commitments: [Commitment, Commitment] = [
          randomCommitment(start, 0, rng),
          randomCommitment(start, 1, rng),
        ];
        const decisions: Decision[] = [];
        resolveRoundWith(start, commitments, (prompt, _i, now) => {
          const d = randomDecision(now, prompt, rng);
          decisions.push(d);
          return d;
        });
        rounds.push({ start, commitments, decisions });
      },
    });
  }
  return rounds;
}

const rounds = corpus('legal-target', 12);

describe('RULES §4.5: a named target is checked by the rules the options are listed by', () => {
  it('every listed target is legal as listed; every unlisted or malformed one is not', () => {
    const rng = createRng('legal-target-candidates');
    let legal = 0;
    let illegal = 0;
    for (const [i, { start }] of rounds.entries()) {
      if (i % 3) continue;
      for (const seat of [0, 1] as const)
        for (const a of attackers(start, seat))
          for (const t of candidates(start, a, rng)) {
            const want = listed(start, a, t);
            const got = legalTarget(start, a, t);
            expect(got).toStrictEqual(want);
            expect(JSON.stringify(got)).toBe(JSON.stringify(want)); // the same key order
            if (want) legal++;
            else illegal++;
          }
    }
    expect(legal).toBeGreaterThan(500);
    expect(illegal).toBeGreaterThan(500);
  });

  it('a listed hex comes back as listed: {q, r}, never −0', () => {
    const s = rounds[0]!.start;
    const a: DirectAttacker = { ...warshipAttacker(s, 0, 'main'), arcs: 'any', aoe: 1, range: 4 };
    const h = targetOptions(s, a).find((o) => o.target.kind === 'hex')!.target as Extract<Target, { kind: 'hex' }>;
    const got = legalTarget(s, a, { kind: 'hex', at: { r: h.at.r, q: h.at.q } });
    expect(JSON.stringify(got)).toBe(JSON.stringify({ kind: 'hex', at: { q: h.at.q, r: h.at.r } }));
    expect(legalTarget(s, a, { kind: 'hex', at: hex(-0, 0) })).toBeNull(); // (0, 0) is off the board
  });
});

type Round = (typeof rounds)[number];
/** The progress as text, or the error a malformed answer throws (the same either way). */
function outcome(run: () => unknown): string {
  try {
    return JSON.stringify(run());
  } catch (e) {
    return `threw ${String(e)}`;
  }
}
/** The round from a list of decisions (read without their prompts where possible). */
const fromList = (r: Round, decisions: readonly Decision[]) =>
  outcome(() => resolveRoundWith(r.start, r.commitments, decisions));
/** The same round asked prompt by prompt: every prompt listed in full and checked against its options. */
const asked = (r: Round, decisions: readonly Decision[]) =>
  outcome(() => resolveRoundWith(r.start, r.commitments, (_p, i) => decisions[i]));

/** A decision's target replaced by another, often illegal, one. */
function wild(d: Decision, rng: Rng, s: MatchState): Decision {
  const targets: unknown[] = [
    { kind: 'section', seat: rng.int(2), section: rng.pick(SECTIONS) },
    { kind: 'squadron', id: rng.pick(s.ships[rng.int(2) as Seat].squadrons).id },
    { kind: 'hex', at: hex(rng.int(16), rng.int(12) - 4) },
    { kind: 'hex' },
    null,
  ];
  return { ...d, target: rng.pick(targets) } as Decision;
}

describe('RULES §8: decisions given as a list resolve exactly as when each prompt is listed and asked', () => {
  it('legal answers, illegal answers and paused rounds give the same progress and the same errors', () => {
    const rng = createRng('legal-target-rounds');
    let fire = 0;
    let rejected = 0;
    for (const r of rounds) {
      const cuts = [0, rng.int(r.decisions.length + 1), r.decisions.length];
      for (const n of cuts) {
        const given = r.decisions.slice(0, n);
        expect(fromList(r, given)).toBe(asked(r, given));
      }
      for (const [k, d] of r.decisions.entries()) {
        if (d.kind !== 'direct-fire' && d.kind !== 'point-defence') continue;
        fire++;
        const given = [...r.decisions.slice(0, k), wild(d, rng, r.start), ...r.decisions.slice(k + 1)];
        const quick = fromList(r, given);
        expect(quick).toBe(asked(r, given));
        if (quick.startsWith('{"status":"error"')) rejected++;
      }
    }
    expect(fire).toBeGreaterThan(20);
    expect(rejected).toBeGreaterThan(5);
  });
});
