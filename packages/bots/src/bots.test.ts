// Every level answers every request legally, deterministically, and blind to the hidden fields — over 10^4
// random requests per level — and finishes off an opponent that does nothing.
import type { Commitment } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botAnswer, defaultBudget, type BotLevel, type BotRequest } from './index.js';
import { playMatch, type Player } from './play.js';
import { poisoned, randomSituations, type Situation } from './situations.js';

/**
 * Legality does not depend on the budget: every level answers from the engine's own lists (commitmentOptions' cards
 * and engine settings, the prompt's listed options, the draft's legal actions); the budget only decides how many of
 * them it compares. So the 10^4 requests per level run at a small budget (8 playouts: the same code, a cut of the
 * lists), and fewer at each level's real budget.
 */
const STATES = 10_000;
const CHUNK = 1_000;
const SMALL_BUDGET = 8;
/** random has no budget: its 10^4 above are at its real one. */
const AT_REAL_BUDGET: Record<BotLevel, number> = { random: 0, easy: 400, medium: 150, hard: 60 };

let corpus: Situation[] | undefined;
const situations = (): Situation[] => (corpus ??= randomSituations('legal', STATES));
const kindOf = (r: BotRequest) => (r.kind === 'decide' ? r.prompt.kind : r.kind);

/** Each request answered legally, the same again for the same seed, and the same with its hidden fields poisoned. */
function checkAll(level: BotLevel, list: readonly Situation[], first: number, budget: number) {
  for (const [k, s] of list.entries()) {
    const i = first + k;
    const opts = { seed: `legal:${i}`, budget };
    const answer = botAnswer(level, s.request, opts);
    const wrong = s.check(answer);
    if (wrong) expect.fail(`request ${i} (${kindOf(s.request)}): ${wrong}\n${JSON.stringify(answer)}`);
    const again = botAnswer(level, poisoned(s.request, i * 2654435761), opts);
    if (JSON.stringify(again) !== JSON.stringify(answer))
      expect.fail(`request ${i} (${kindOf(s.request)}): poisoned hidden fields changed the answer`);
  }
}

it('the corpus holds every kind of request (faction, draft, commitment, every prompt kind)', () => {
  const kinds = new Set(situations().map((s) => kindOf(s.request)));
  expect([...kinds].sort()).toEqual(['commit', 'direct-fire', 'draft', 'faction', 'fighter', 'point-defence']);
  expect(situations()).toHaveLength(STATES);
});

describe.each(BOT_LEVELS)('bot level %s', (level) => {
  const chunks = Array.from({ length: STATES / CHUNK }, (_, c) => c * CHUNK);
  it.each(chunks)(
    `answers requests %i + ${CHUNK} (of 10^4) legally, blind to the poisoned hidden fields (budget ${SMALL_BUDGET})`,
    (first) => checkAll(level, situations().slice(first, first + CHUNK), first, SMALL_BUDGET),
  );

  const real = AT_REAL_BUDGET[level];
  if (real > 0)
    it(`answers ${real} requests legally and blind at its real budget`, () => {
      checkAll(level, situations().slice(0, real), 0, defaultBudget(level));
    });

  it('gives the same answer for the same seed (a structured clone of the request)', () => {
    for (const [i, s] of situations().slice(0, 40).entries()) {
      const opts = { seed: `same:${i}`, budget: SMALL_BUDGET };
      expect(botAnswer(level, structuredClone(s.request), opts)).toEqual(botAnswer(level, s.request, opts));
    }
  });
});

/** An opponent that does nothing: `run` rounds of DOUBLE thrust first (away into the board's edge), then NONE. */
function passive(run: number): Player {
  let commits = 0;
  return (request) => {
    if (request.kind !== 'commit') return botAnswer('random', request, { seed: 'passive' });
    const commitment: Commitment = { engine: commits++ < run ? 'DOUBLE' : 'NONE', cards: [] };
    return { kind: 'commit', commitment };
  };
}

describe('a full match between bots', () => {
  it('random against random: faction, draft and every round answered by the bots, to the end', () => {
    const bot = (seed: string) => (request: BotRequest) => botAnswer('random', request, { seed });
    const m = playMatch([bot('a'), bot('b')], 'full-match');
    expect([0, 1, 'draw']).toContain(m.winner);
    expect(m.rounds).toBeGreaterThan(0);
  });

  // an opponent that runs into the edge and sits still, as one in a browser test did: every level still finishes it
  it.each(['easy', 'medium', 'hard'] as const)(
    '%s finishes off an opponent that runs to the edge and sits still',
    (level) => {
      for (const seat of [0, 1] as const) {
        const bot: Player = (request) => botAnswer(level, request, { seed: `finish:${seat}` });
        const m = playMatch(seat === 0 ? [bot, passive(3)] : [passive(3), bot], `finish:${level}:${seat}`);
        expect({ seat, winner: m.winner }).toEqual({ seat, winner: seat });
        expect(m.rounds).toBeLessThan(100);
      }
    },
  );
});
