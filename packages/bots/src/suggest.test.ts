// The hard level's ranked view of a commitment window (suggestCommitments), for review in the page: its first entry
// is what the hard bot plays, every entry is legal, and the match's hidden generator changes nothing.
import { validateCommitment } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { botAnswer, suggestCommitments } from './index.js';
import { poisoned, randomSituations } from './situations.js';

describe('suggestCommitments', () => {
  const commits = randomSituations('suggest', 400)
    .map((s) => s.request)
    .filter((r) => r.kind === 'commit')
    .slice(0, 12);

  it('finds commitment windows to test', () => expect(commits.length).toBe(12));

  it.each(commits.map((r, i) => [i, r] as const))('window %i: ranked, legal, the hard bot’s choice first', (i, r) => {
    const opts = { seed: `suggest:${i}`, budget: 60 };
    const ranked = suggestCommitments(r, opts);
    expect(ranked.length).toBeGreaterThan(1);
    for (const x of ranked) expect(validateCommitment(r.state, r.seat, x.commitment).ok).toBe(true);
    for (let k = 1; k < ranked.length; k++) expect(ranked[k]!.value).toBeLessThanOrEqual(ranked[k - 1]!.value);
    const hard = botAnswer('hard', r, opts);
    expect(hard.kind === 'commit' && hard.commitment).toEqual(ranked[0]!.commitment);
    const blind = poisoned(r, i * 2654435761);
    expect(blind.kind === 'commit' && suggestCommitments(blind, opts)).toEqual(ranked);
  });
});
