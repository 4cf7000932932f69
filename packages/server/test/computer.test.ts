// Play the computer: a real SDK client plays whole practice matches against each level through the
// protocol, and each stored record replays through the engine to the events the client was shown (RULES §10).
// The bots are the real ones, on the real thread pool, with small search budgets; the pause is 0 here (its timing
// is tested with the driven clock in computer-timing.test.ts).
import type { Room } from '@colyseus/sdk';
import { parseRecord, replayRecord } from '@star-eater/engine';
import type { PracticeLevel } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { eventsShown } from './event-log.js';
import { createPractice, serverForFile, serverRoom, type TestClient } from './harness.js';
import type { MatchRoom } from '../src/room/MatchRoom.js';

// The scripted human answers at once: a player's rate limit would refuse it in a fast match.
const server = serverForFile({
  // No deadline within reach: on a loaded machine a thread's start alone can take seconds, and every answer here must
  // be the computer's own (the deadline is computer-timing.test.ts').
  bots: { pauseMs: [0, 0], thinkMs: 600_000, threads: 2, budget: { easy: 1, medium: 20, hard: 40 } },
  room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
});

async function practice(level: PracticeLevel, name: string): Promise<TestClient> {
  const c = await createPractice(server.get(), { bot: level, name });
  server.open.push(c);
  return c;
}

describe('a practice match against the computer', () => {
  it.each(['easy', 'medium', 'hard'] as const)('a whole match against %s, stored and replayable', async (level) => {
    const c = await practice(level, `Ada-${level}`);
    expect(c.seat).toBe(0);
    // The computer sits in seat 1 like a player: named with its level, connected, the match under way.
    expect(c.state.seats[1].name).toBe(`Computer (${level})`);
    expect(c.state.seats[1].bot).toBe(level);
    expect(c.state.seats[1].taken && c.state.seats[1].connected).toBe(true);
    expect(c.state.settings.private).toBe(true);
    attachBot(c.room as Room, { seed: `human-${level}`, aggressive: true }).seatNo = 0;
    (c.room as Room).send('faction', { faction: 'fpa' });
    const ended = await c.until(() => c.of('ended')[0], 'the end of the match', 120_000);
    expect(ended.recordId).toBeTruthy();
    const res = await fetch(`${server.get().url}/api/records/${ended.recordId}`);
    const parsed = parseRecord(await res.json());
    if (!parsed.ok) throw new Error(`stored record: ${parsed.error.path}: ${parsed.error.message}`);
    expect(parsed.value.players.map((p) => p.bot)).toEqual([undefined, level]);
    expect(parsed.value.players[1].name).toBe(`Computer (${level})`);
    const replay = replayRecord(parsed.value);
    if (!replay.ok) throw new Error(`replay: ${replay.error.path}: ${replay.error.message}`);
    expect(replay.value.state.winner).toBe(ended.winner);
    expect(eventsShown(c.messages)).toEqual(replay.value.events);
    // The summary in the list marks it too.
    const list = (await (await fetch(`${server.get().url}/api/records`)).json()) as { records: { id: string }[] };
    expect(list.records.find((r) => r.id === ended.recordId)).toMatchObject({ bot: level });
    // Every answer was the computer's own: none fell back to a default.
    const bot = (serverRoom(c.room.roomId) as unknown as MatchRoom).computer.seat!;
    expect(bot.counts.answers).toBeGreaterThan(0);
    expect(bot.counts.defaults).toBe(0);
  });

  it('is offered at the lobby\'s levels only: `bot: "random"` is refused by name, and no room is made', async () => {
    const rooms = async () => ((await (await fetch(`${server.get().url}/health`)).json()) as { rooms: number }).rooms;
    const before = await rooms();
    const refused = createPractice(server.get(), { bot: 'random' as PracticeLevel, name: 'Cy' });
    await expect(refused).rejects.toThrow(
      'bot: Invalid type: Expected ("easy" | "medium" | "hard") but received "random"',
    );
    expect(await rooms()).toBe(before);
  });

  it('a rematch against the computer: it agrees at once, and the new match is its too', async () => {
    const c = await practice('easy', 'Bea');
    await c.until(() => c.state.seats[1].lockedIn || c.state.seats[1].faction, 'the computer faction (sealed)');
    c.send('concede');
    const first = await c.next('ended', 0);
    expect(first).toMatchObject({ winner: 1, reason: 'concede' });
    c.send('rematch');
    await c.until(() => c.state.matchNo === 2 && c.state.phase === 'factions', 'the rematch');
    expect(c.state.seats[1]).toMatchObject({ name: 'Computer (easy)', bot: 'easy', rematch: false });
    await c.until(() => c.state.seats[1].lockedIn || c.state.seats[1].faction, 'the computer choosing again');
    const n = c.messages.length;
    c.send('concede');
    const second = await c.next('ended', n);
    expect(second).toMatchObject({ winner: 1, reason: 'concede' });
  });
});
