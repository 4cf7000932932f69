import { parseRecord, simulateMatch, stateBeforeRound, type MatchRecord, type MatchState } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { encodeBranch, parseBranch, type BranchSpec } from './branch-link.js';

function record(): MatchRecord {
  const r = parseRecord(JSON.parse(JSON.stringify(simulateMatch('branch-link', 2).record)));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The real line as the replay viewer holds it: the engine's state at the start of each round. */
function realLine(rec: MatchRecord): MatchState[] {
  return rec.rounds.map((_, k) => {
    const s = stateBeforeRound(rec, k);
    if (!s.ok) throw new Error(s.error.message);
    return s.value;
  });
}

describe('a what-if link', () => {
  const rec = record();
  const states = realLine(rec);
  const spec: BranchSpec = { round: 2, orders: [[rec.rounds[1]!.commitments[0], { engine: 'N', cards: [] }]] };

  it('opens the branch it was made from', () => {
    const r = parseBranch(encodeBranch(spec), rec, states);
    expect(r.ok && r.value.spec).toEqual(spec);
    expect(r.ok && r.value.start.round).toBe(2);
  });

  it.each([
    ['%%%', 'this what-if link does not parse: the link holds characters a branch never has'],
    [
      encodeBranch({ round: 99, orders: spec.orders }),
      `this what-if link: the record has rounds 1 to ${rec.rounds.length}, not 99`,
    ],
    [encodeBranch({ round: 2, orders: [] }), 'this what-if link holds no orders (1 to 40 rounds of them)'],
    [
      encodeBranch({ round: 2, orders: [[spec.orders[0]![0], { engine: 'UP', cards: [] } as never]] }),
      `round 2 of the branch, ${rec.players[1].name}: engine: expected`,
    ],
  ])('names what is wrong: %s', (text, message) => {
    const r = parseBranch(text, rec, states);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain(message);
  });
});
