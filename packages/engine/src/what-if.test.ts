// A recorded round resolved again (what-if.ts): with the real orders it is the real round, event for event; with
// another order only what follows from it changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commitmentOptions, legalCommitments } from './commitment-options.js';
import { previewDrift } from './movement.js';
import { parseRecord, type MatchRecord } from './record.js';
import { replayRecord } from './replay.js';
import { simulateMatch } from './simulate.js';
import { ENGINE_SETTINGS, type Commitment, type MatchState } from './types.js';
import { resolveBranch, roundAnswers, stateBeforeRound } from './what-if.js';

const RUNS = Math.max(20, Math.floor(Number(process.env.PROPERTY_RUNS ?? 1000) / 20));

function parsed(seed: string, index: number, variants?: 'random'): MatchRecord {
  const r = parseRecord(JSON.parse(JSON.stringify(simulateMatch(seed, index, variants ? { variants } : {}).record)));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('RULES §10: a recorded round resolved again', () => {
  it('with the real orders and the match generator gives the recorded events exactly', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(40), (index, pick) => {
        const rec = parsed('what-if', index, 'random');
        const replay = replayRecord(rec);
        if (!replay.ok) throw new Error(replay.error.message);
        const n = pick % rec.rounds.length;
        const start = stateBeforeRound(rec, n);
        if (!start.ok) throw new Error(start.error.message);
        // the whole record's replay kept the same state at this round's start
        expect(replay.value.starts[n]).toEqual(start.value);
        const round = rec.rounds[n]!;
        const commitments = round.commitments as [Commitment, Commitment];
        const answers = roundAnswers(start.value, commitments, round.decisions);
        const b = resolveBranch(start.value, commitments, answers);
        expect(b.events).toEqual(replay.value.rounds[n]);
        expect(b.from.every((f) => f === 'kept')).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('with one seat’s engine changed, everything before the reveal and the other seat’s orders stay', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(40), fc.nat(9), (index, pick, e) => {
        const rec = parsed('what-if-change', index, 'random');
        const n = pick % rec.rounds.length;
        const start = stateBeforeRound(rec, n);
        if (!start.ok) throw new Error(start.error.message);
        const round = rec.rounds[n]!;
        const real = round.commitments as [Commitment, Commitment];
        const engine = ENGINE_SETTINGS.filter((x) => x !== real[0].engine)[e % 9]!;
        const changed: [Commitment, Commitment] = [{ ...real[0], engine }, real[1]];
        const answers = roundAnswers(start.value, real, round.decisions);
        const a = resolveBranch(start.value, changed, answers);
        const b = resolveBranch(start.value, changed, answers);
        expect(b).toEqual(a); // deterministic: the same branch twice
        const reveal = a.events.findIndex((x) => x.type === 'engine-revealed');
        const realEvents = resolveBranch(start.value, real, answers).events;
        expect(a.events.slice(0, reveal)).toEqual(realEvents.slice(0, reveal));
        expect(a.events[reveal]).toEqual({ type: 'engine-revealed', engines: [engine, real[1].engine] });
      }),
      { numRuns: RUNS },
    );
  });

  it('a round that does not exist is named in the error', () => {
    const rec = parsed('what-if-range', 1);
    const r = stateBeforeRound(rec, rec.rounds.length);
    expect(!r.ok && r.error.message).toBe(
      `the record has rounds 1 to ${rec.rounds.length}, not ${rec.rounds.length + 1}`,
    );
    expect(stateBeforeRound(rec, -1).ok).toBe(false);
  });
});

describe('RULES §4.1: what the other seat may commit, from public information', () => {
  const poisoned = (s: MatchState): MatchState => ({ ...s, rng: [1, 2, 3, 4] });
  it('the options and drifts do not depend on the match generator (the only hidden part of a state)', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(40), fc.constantFrom(0 as const, 1 as const), (index, pick, seat) => {
        const rec = parsed('what-if-blind', index, 'random');
        const start = stateBeforeRound(rec, pick % rec.rounds.length);
        if (!start.ok) throw new Error(start.error.message);
        expect(commitmentOptions(poisoned(start.value), seat)).toEqual(commitmentOptions(start.value, seat));
        expect(legalCommitments(poisoned(start.value), seat).length).toBe(legalCommitments(start.value, seat).length);
        for (const engine of ENGINE_SETTINGS)
          expect(previewDrift(poisoned(start.value), seat, engine)).toEqual(previewDrift(start.value, seat, engine));
      }),
      { numRuns: Math.ceil(RUNS / 4) },
    );
  });
});
