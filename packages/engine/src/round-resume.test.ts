// A round answered at a prompt goes on from where it asked (RULES §8): a Defence Stations shot (§4.3), a fighter
// activation (§4.4) or a direct-fire weapon (§4.5). `resolveRound` with the progress that asked gives what running the
// round again from its start gives, bit for bit.
import { describe, expect, it } from 'vitest';
import type { Decision, Prompt } from './decision.js';
import type { RecordRound } from './record.js';
import { replayRecord } from './replay.js';
import { resolveRound, type RoundProgress } from './round.js';
import { simulateMatch } from './simulate.js';
import type { Commitment, MatchState } from './types.js';

interface PlayedRound {
  start: MatchState;
  commitments: readonly [Commitment, Commitment];
  decisions: readonly Decision[];
}

/** Every round with a decision of some random matches, each with the state it started from. */
function roundsWithDecisions(matches: number): PlayedRound[] {
  const out: PlayedRound[] = [];
  for (let i = 0; i < matches; i++) {
    const { record } = simulateMatch('resume', i, { variants: 'random' });
    const replay = replayRecord(record);
    if (!replay.ok) throw new Error(replay.error.message);
    record.rounds.forEach((r: RecordRound, k) => {
      if (r.decisions.length)
        out.push({ start: replay.value.starts[k]!, commitments: r.commitments, decisions: r.decisions });
    });
  }
  return out;
}

/** The round's progress after each decision given one by one, each resolved from `after` the one before. */
function decideInTurn(r: PlayedRound, after: (previous: RoundProgress) => RoundProgress | undefined) {
  const steps: { previous: RoundProgress; next: RoundProgress; decisions: Decision[] }[] = [];
  let previous = resolveRound(r.start, r.commitments, []);
  for (let k = 1; k <= r.decisions.length; k++) {
    const decisions = r.decisions.slice(0, k);
    const next = resolveRound(r.start, r.commitments, decisions, after(previous));
    steps.push({ previous, next, decisions });
    previous = next;
  }
  return steps;
}

/** A progress that went on from the one before shares its events so far; one run again from the start makes its own. */
const wentOn = (previous: RoundProgress, next: RoundProgress): boolean =>
  previous.status !== 'error' &&
  next.status !== 'error' &&
  previous.events.length > 0 &&
  next.events[0] === previous.events[0];

/** The first step of `rounds` whose progress before it asks a `kind` prompt, with the decisions that led there. */
function askedAt(rounds: readonly PlayedRound[], kind: Prompt['kind']) {
  for (const r of rounds)
    for (let k = 0; k < r.decisions.length; k++) {
      const before = r.decisions.slice(0, k);
      const asked = resolveRound(r.start, r.commitments, before);
      if (asked.status === 'awaiting' && asked.prompt.kind === kind) return { r, before, asked };
    }
  throw new Error(`no ${kind} prompt in the random matches`);
}

/** An answer of another kind than `prompt` asks for (refused as `wrong-kind`). */
function wrongKind(prompt: Prompt): Decision {
  if (prompt.kind === 'fighter') return { kind: 'direct-fire', target: { kind: 'hex', at: { q: 0, r: 0 } } };
  return { kind: 'fighter', answer: { kind: 'pass' } };
}

const KINDS: readonly Prompt['kind'][] = ['point-defence', 'fighter', 'direct-fire'];

describe('RULES §8: a round goes on from the prompt that asked', () => {
  const rounds = roundsWithDecisions(24);

  it('gives, decision after decision, what running the round again from its start gives', () => {
    const resumed = new Map<Prompt['kind'], number>();
    for (const r of rounds) {
      const fromStart = decideInTurn(r, () => undefined);
      const goingOn = decideInTurn(r, (previous) => previous);
      goingOn.forEach((step, k) => {
        expect(step.next).toEqual(fromStart[k]!.next);
        if (step.previous.status !== 'awaiting') throw new Error('a decision given where none was asked');
        expect(wentOn(step.previous, step.next)).toBe(true);
        const kind = step.previous.prompt.kind;
        resumed.set(kind, (resumed.get(kind) ?? 0) + 1);
      });
    }
    // The random matches ask every kind, so each way of going on is compared above.
    for (const kind of KINDS) expect(resumed.get(kind) ?? 0).toBeGreaterThan(10);
  });

  it.each(KINDS)('refuses an illegal %s answer as a re-run does, and goes on with a legal one', (kind) => {
    const { r, before, asked } = askedAt(rounds, kind);
    if (asked.status !== 'awaiting') throw new Error('expected a prompt');
    const refused = resolveRound(r.start, r.commitments, [...before, wrongKind(asked.prompt)], asked);
    expect(refused).toEqual(resolveRound(r.start, r.commitments, [...before, wrongKind(asked.prompt)]));
    expect(refused).toMatchObject({ status: 'error', index: before.length, error: { code: 'wrong-kind' } });
    const right = [...before, r.decisions[before.length]!];
    const answered = resolveRound(r.start, r.commitments, right, asked);
    expect(wentOn(asked, answered)).toBe(true);
    expect(answered).toEqual(resolveRound(r.start, r.commitments, right));
  });

  it('runs the round again when the progress given is not the one these decisions continue', () => {
    const r = rounds.find((x) => x.decisions.length >= 2 && x.decisions[0]!.kind === 'direct-fire')!;
    const [first, second] = r.decisions as [Decision, Decision];
    const asked = resolveRound(r.start, r.commitments, [first]);
    const cases: [MatchState, readonly [Commitment, Commitment], Decision[]][] = [
      [r.start, r.commitments, [structuredClone(first), second]], // an equal first decision, not the one it read
      [structuredClone(r.start), r.commitments, [first, second]], // another (equal) start
      [r.start, [r.commitments[0], r.commitments[1]], [first, second]], // other (equal) commitments
      [r.start, r.commitments, [first, second, second]], // two decisions more
    ];
    for (const [start, commitments, decisions] of cases) {
      const p = resolveRound(start, commitments, decisions, asked);
      expect(wentOn(asked, p)).toBe(false);
      expect(p).toEqual(resolveRound(start, commitments, decisions));
    }
    // The same call with the progress it continues goes on from it.
    expect(wentOn(asked, resolveRound(r.start, r.commitments, [first, second], asked))).toBe(true);
  });
});
