// Issue 10: every level answers every request legally, deterministically, and blind to the hidden fields.
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botAnswer, type BotLevel } from './index.js';
import { playMatch } from './play.js';
import { poisoned, randomSituations } from './situations.js';

/**
 * Requests per level: 10^4 for random; the searching levels fewer, and with a small budget (the same code paths), to
 * keep CI within a minute or two. BOT_STATES=10000 runs 10^4 for every level (see the package README).
 */
const ALL = Number(process.env.BOT_STATES ?? 0);
const CASES: Record<BotLevel, { count: number; budget?: number }> = {
  random: { count: Math.max(ALL, 10_000) },
  easy: { count: ALL || 500 },
  medium: { count: ALL || 600, budget: 8 },
  hard: { count: ALL || 600, budget: 8 },
};

describe.each(BOT_LEVELS)('bot level %s', (level) => {
  const { count, budget } = CASES[level];
  const situations = randomSituations(`legal-${level}`, count);
  const opts = (seed: string) => ({ seed, ...(budget !== undefined ? { budget } : {}) });

  it(`answers ${count} random requests (faction, draft, commitment, every prompt kind) legally`, () => {
    const kinds = new Set<string>();
    for (const [i, s] of situations.entries()) {
      const answer = botAnswer(level, s.request, opts(`legal:${i}`));
      const wrong = s.check(answer);
      if (wrong) expect.fail(`request ${i} (${s.request.kind}): ${wrong}\n${JSON.stringify(answer)}`);
      kinds.add(s.request.kind === 'decide' ? s.request.prompt.kind : s.request.kind);
    }
    expect([...kinds].sort()).toEqual(['commit', 'direct-fire', 'draft', 'faction', 'fighter', 'point-defence']);
  });

  it('gives the same answer for the same seed, and the same again when the hidden fields are poisoned', () => {
    for (const [i, s] of situations.slice(0, level === 'random' ? 300 : 60).entries()) {
      const a = botAnswer(level, s.request, opts(`same:${i}`));
      expect(botAnswer(level, structuredClone(s.request), opts(`same:${i}`))).toEqual(a);
      expect(botAnswer(level, poisoned(s.request, i * 2654435761), opts(`same:${i}`))).toEqual(a);
    }
  });
});

describe('a full match between bots', () => {
  it('random against random: faction, draft and every round answered by the bots, to the end', () => {
    const bot = (seed: string) => (request: Parameters<typeof botAnswer>[1]) => botAnswer('random', request, { seed });
    const m = playMatch([bot('a'), bot('b')], 'full-match');
    expect([0, 1, 'draw']).toContain(m.winner);
    expect(m.rounds).toBeGreaterThan(0);
  });
});
