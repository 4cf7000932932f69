// A round answered at a direct-fire prompt goes on from the weapon that asked (RULES §4.5, §8): `resolveRound` with
// the progress that asked gives what running the round again from its start gives, bit for bit.
import { describe, expect, it } from 'vitest';
import type { Decision } from './decision.js';
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

describe('RULES §8: a round goes on from a direct-fire prompt', () => {
  const rounds = roundsWithDecisions(16);

  it('gives, decision after decision, what running the round again from its start gives', () => {
    let resumed = 0;
    let rerun = 0;
    for (const r of rounds) {
      const fromStart = decideInTurn(r, () => undefined);
      const goingOn = decideInTurn(r, (previous) => previous);
      goingOn.forEach((step, k) => {
        expect(step.next).toEqual(fromStart[k]!.next);
        const asked = step.previous.status === 'awaiting' ? step.previous.prompt.kind : null;
        // Only a direct-fire prompt is gone on from; the others (point defence, fighters) run the round again.
        expect(wentOn(step.previous, step.next)).toBe(asked === 'direct-fire');
        if (asked === 'direct-fire') resumed++;
        else rerun++;
      });
    }
    // The random matches ask both kinds, so both ways are compared above.
    expect(resumed).toBeGreaterThan(50);
    expect(rerun).toBeGreaterThan(5);
  });

  it('refuses an illegal answer as a re-run does, and goes on from the same prompt with a legal one', () => {
    const r = rounds.find((x) => {
      const p = resolveRound(x.start, x.commitments, []);
      return p.status === 'awaiting' && p.prompt.kind === 'direct-fire';
    })!;
    const asked = resolveRound(r.start, r.commitments, []);
    if (asked.status !== 'awaiting' || asked.prompt.kind !== 'direct-fire')
      throw new Error('expected a direct-fire prompt');
    const wrong: Decision = { kind: 'point-defence', target: asked.prompt.options[0]!.target };
    const refused = resolveRound(r.start, r.commitments, [wrong], asked);
    expect(refused).toEqual(resolveRound(r.start, r.commitments, [wrong]));
    expect(refused).toMatchObject({ status: 'error', index: 0, error: { code: 'wrong-kind' } });
    const right = r.decisions[0]!;
    const answered = resolveRound(r.start, r.commitments, [right], asked);
    expect(wentOn(asked, answered)).toBe(true);
    expect(answered).toEqual(resolveRound(r.start, r.commitments, [right]));
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
