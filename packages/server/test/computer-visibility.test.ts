// The computer's seat sees only what its seat may see (RULES §4.1, §5, §7): the bot pool's threads echo
// every request they received, and over a whole match none held the match's random generator, the other seat's
// munitions before both were placed, or the other seat's commitment before the reveal.
import type { Room } from '@colyseus/sdk';
import { parseRecord, type Commitment, type MatchRecord } from '@star-eater/engine';
import type { BotRequest } from '@star-eater/bots';
import { expect, it } from 'vitest';
import { BotPool } from '../src/bots/pool.js';
import { attachBot } from './bot.js';
import { createPractice, serverForFile, type TestClient } from './harness.js';

const pool = new BotPool({ size: 1, echo: true });
const server = serverForFile({
  bots: { pool, pauseMs: [0, 0], budget: { medium: 10 } },
  room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
});

/** A MatchState's fields: the board, the ships and tokens, whose turn — nothing sealed, nobody's commitment. */
const PUBLIC_STATE_KEYS = [
  'endReason',
  'initiative',
  'nextTokenId',
  'rng',
  'round',
  'ruleset',
  'scenario',
  'ships',
  'tokens',
  'variants',
  'winner',
];

/** Plays one match against the computer to its end; its record and what the computer's threads received meanwhile. */
async function playOne(c: TestClient) {
  const from = pool.received.length;
  const n = c.messages.length;
  const ended = await c.next('ended', n, 120_000);
  const parsed = parseRecord(await (await fetch(`${server.get().url}/api/records/${ended.recordId}`)).json());
  if (!parsed.ok) throw new Error(parsed.error.message);
  // Answers still in flight at the end belong to this match too: a round trip lets them in (the pool is one thread).
  await c.roundTrip();
  return { record: parsed.value, got: pool.received.slice(from).map((m) => m.request) };
}

it('what the computer seat received over whole matches', async () => {
  const c = await createPractice(server.get(), { bot: 'medium', name: 'Zed' });
  server.open.push(c);
  const human = attachBot(c.room as Room, { seed: 'visibility-human', aggressive: true });
  human.seatNo = 0;
  c.send('faction', { faction: 'fpa' });
  // A match may ask the computer no decision (no squadron of its own launched, no target in reach): play on (rematch)
  // until one has.
  const matches = [await playOne(c)];
  while (!matches.some((m) => m.got.some((r) => r.kind === 'decide')) && matches.length < 6) {
    c.send('rematch');
    matches.push(await playOne(c));
  }
  const kinds = new Set(matches.flatMap((m) => m.got.map((r) => r.kind)));
  expect([...kinds].sort()).toEqual(['commit', 'decide', 'draft', 'faction']);
  for (const { record, got } of matches) checkSeen(record, got);
});

function checkSeen(record: MatchRecord, got: BotRequest[]): void {
  expect(got.length).toBeGreaterThan(5);
  for (const r of got) {
    expect(r.seat).toBe(1);
    if (r.kind === 'commit' || r.kind === 'decide') {
      // The match's generator is blank: the computer searches with its own seeded one.
      expect(r.state.rng).toEqual([0, 0, 0, 0]);
    }
    if (r.kind === 'commit') {
      // Asked when the window opens, with the public state only: nothing of this round's commitments.
      expect(Object.keys(r).sort()).toEqual(['kind', 'seat', 'state']);
      expect(Object.keys(r.state).sort()).toEqual(PUBLIC_STATE_KEYS);
    }
    if (r.kind === 'decide') {
      // Prompts come after the reveal: both commitments are public by then, and they are this round's.
      expect(r.start.rng).toEqual([0, 0, 0, 0]);
      const round = record.rounds[r.state.round - 1] ?? record.end?.interrupted;
      expect(r.commitments as Commitment[]).toEqual(round?.commitments);
    }
    if (r.kind === 'draft' && (r.draft.munitions[0] === null || r.draft.munitions[1] === null)) {
      // RULES §5: munition placements are public once both are placed; before, not even in the draft's log.
      expect(r.draft.munitions[0]).toBeNull();
      expect(r.draft.log.filter((e) => e.seat === 0 && e.action.kind === 'munitions')).toEqual([]);
    }
  }
  // The munitions step was asked of the computer (the human placed at the same moment or before).
  expect(got.some((r) => r.kind === 'draft' && r.draft.munitions[1] === null && r.draft.loadouts[1].squadrons)).toBe(
    true,
  );
}
