// RULES §8: a round resumed from the checkpoint of its last prompt (the start of the step that asked) gives what a
// run from the round's start gives, bit for bit, over random rounds of random matches with every kind of prompt.
import { describe, expect, it } from 'vitest';
import { randomCommitment, randomDecision } from './random.js';
import { createRng } from './rng.js';
import { resolveRound } from './round.js';
import { simulateMatch } from './simulate.js';
import type { Commitment } from './types.js';
import type { Decision } from './decision.js';

describe('RULES §8: resuming a round from a checkpoint', () => {
  it('gives the events, state, prompt and error of a run from the start, and leaves the checkpoint as it was', () => {
    const rng = createRng('round-checkpoint');
    const resumedAt = new Map<string, number>();
    for (let m = 0; m < 16; m++) {
      simulateMatch('round-checkpoint', m, {
        variants: 'random',
        onRound: (start) => {
          if (start.winner !== null) return;
          const commitments: [Commitment, Commitment] = [
            randomCommitment(start, 0, rng),
            randomCommitment(start, 1, rng),
          ];
          const decisions: Decision[] = [];
          let p = resolveRound(start, commitments, decisions);
          while (p.status === 'awaiting') {
            const before = structuredClone(p.checkpoint);
            // an answer of the wrong kind is refused the same way too
            const wrong: Decision =
              p.prompt.kind === 'fighter'
                ? { kind: 'direct-fire', target: null as never }
                : { kind: 'fighter', answer: { kind: 'pass' } };
            expect(resolveRound(start, commitments, [...decisions, wrong], p.checkpoint)).toEqual(
              resolveRound(start, commitments, [...decisions, wrong]),
            );
            decisions.push(randomDecision(p.state, p.prompt, rng));
            const full = resolveRound(start, commitments, decisions);
            expect(resolveRound(start, commitments, decisions, p.checkpoint)).toEqual(full);
            expect(p.checkpoint).toEqual(before);
            if (p.checkpoint) resumedAt.set(p.prompt.kind, (resumedAt.get(p.prompt.kind) ?? 0) + 1);
            p = full;
          }
        },
      });
    }
    // every kind of prompt was resumed from a checkpoint at least once
    expect([...resumedAt.keys()].sort()).toEqual(['direct-fire', 'fighter', 'point-defence']);
  });
});
