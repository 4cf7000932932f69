// The computer's timing and its failures, on the driven room clock: it answers after its natural pause,
// never later than its deadline (thinkMs past the longest pause), and a bot whose thread crashes or never answers
// takes the RULES §7 time-out default, logged, while the match goes on.
import { Writable } from 'node:stream';
import type { Room } from '@colyseus/sdk';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameServerOptions } from '../src/app.js';
import { BotPool } from '../src/bots/pool.js';
import type { MatchRoom } from '../src/room/MatchRoom.js';
import { attachBot } from './bot.js';
import {
  advanceClock,
  createPractice,
  freezeClock,
  serverRoom,
  startTestServer,
  type TestClient,
  type TestServer,
} from './harness.js';

let server: TestServer | null = null;
const open: TestClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.leave()));
  await server?.stop();
  server = null;
});

const fixture = (name: string) => new URL(`./fixtures/${name}.ts`, import.meta.url);
const computerOf = (c: TestClient) => (serverRoom(c.room.roomId) as unknown as MatchRoom).computer.seat!;

/** A server with these bot settings and a practice match against `easy` on it, the human's faction chosen. */
async function practice(bots: GameServerOptions['bots'], log?: GameServerOptions['log']): Promise<TestClient> {
  server = await startTestServer({
    bots,
    ...(log ? { log } : {}),
    room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
  });
  const c = await createPractice(server, { bot: 'easy', name: 'Tess' });
  open.push(c);
  c.send('faction', { faction: 'lamais' });
  await c.until(() => c.state.seats[0].lockedIn || c.state.seats[0].faction === 'lamais', 'the human faction (sealed)');
  return c;
}

/**
 * Freezes the room clock and plays the draft: the human by a scripted player, the computer's turns by advancing the
 * clock `stepMs` each (checking, when `answers`, that it does not act before). Returns at round 1's window.
 */
async function draftOnFrozenClock(c: TestClient, stepMs: number, answers: boolean) {
  freezeClock(c.room.roomId);
  const bot = computerOf(c);
  attachBot(c.room as Room, { seed: 'frozen-human', manualCommit: true }).seatNo = 0;
  for (;;) {
    const ready = () => (answers ? bot.thinking?.answered : bot.thinking) && bot.thinking?.kind !== 'commit';
    await c.until(() => c.state.phase === 'commit' || ready(), 'a computer question or round 1');
    if (c.state.phase === 'commit') return bot;
    const before = bot.counts.answers;
    await c.roundTrip();
    expect(bot.counts.answers).toBe(before);
    advanceClock(c.room.roomId, stepMs);
    await c.until(() => bot.counts.answers > before, 'the computer acting');
  }
}

describe('the computer takes a natural pause on the room clock', () => {
  it('its lock-in waits for the pause, then comes at once; its draft answers too', async () => {
    const c = await practice({ pauseMs: [800, 800], thinkMs: 2000 });
    const bot = await draftOnFrozenClock(c, 800, true);
    // Round 1: its commitment is computed long before the pause is over (easy is a one-ply search) …
    await c.until(() => bot.thinking?.answered, 'the commitment computed');
    advanceClock(c.room.roomId, 799);
    await c.roundTrip();
    expect(c.state.seats[1].lockedIn).toBe(false);
    // … and its lock-in shows the moment the pause is over, as a player's would.
    advanceClock(c.room.roomId, 1);
    await c.until(() => c.state.seats[1].lockedIn, 'the computer locked in');
    expect(bot.counts.defaults).toBe(0);
  });

  it('a thread that never answers: the default at the deadline (thinkMs past the longest pause), not later', async () => {
    const pool = new BotPool({ size: 1, workerUrl: fixture('bot-thread-stalls') });
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => done(void lines.push(String(chunk))) });
    const c = await practice({ pool, pauseMs: [200, 1000], thinkMs: 1500 }, pino({ level: 'warn' }, sink));
    const bot = await draftOnFrozenClock(c, 2500, false);
    // RULES §7: a faction not chosen in time is FPA, a draft step the first legal card.
    expect(c.state.seats[1].faction).toBe('fpa');
    expect(c.state.seats[1].main).not.toBe('');
    await c.until(() => bot.thinking?.kind === 'commit', 'the commitment asked');
    advanceClock(c.room.roomId, 2499);
    await c.roundTrip();
    expect(c.state.seats[1].lockedIn).toBe(false);
    advanceClock(c.room.roomId, 1);
    // RULES §7: no commitment in time is NONE and no cards, locked in as a player's would be.
    await c.until(() => c.state.seats[1].lockedIn, 'the default commitment locked in');
    expect(bot.counts.defaults).toBe(bot.counts.answers);
    // Sealed until the reveal: no log line may say the computer's commitment is the default (the draft's may).
    await c.roundTrip();
    const commitNotes = () => lines.filter((l) => l.includes('"kind":"commit"') && l.includes('default'));
    expect(commitNotes()).toEqual([]);
    expect(lines.some((l) => l.includes('"kind":"faction"') && l.includes('taking the default'))).toBe(true);
    c.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
    const revealed = await c.until(
      () =>
        c
          .of('events')
          .flatMap((e) => e.events)
          .find((e) => e.type === 'engine-revealed'),
      'the reveal',
    );
    expect(revealed).toMatchObject({ engines: ['NONE', 'NONE'] });
    // Told once the match asks the computer something else (round 2's window, after the animation cap).
    advanceClock(c.room.roomId, 20_000);
    await c.until(() => commitNotes().length === 1, 'the failed commitment in the log, after the reveal');
  });

  it('a thread that crashes: the default after the pause, a fresh thread next time, and the match plays on', async () => {
    const pool = new BotPool({ size: 1, workerUrl: fixture('bot-thread-crashes') });
    // A long deadline: every default here comes from a crash, none from the clock (a thread takes a while to start).
    const c = await practice({ pool, pauseMs: [0, 0], thinkMs: 600_000 });
    const bot = computerOf(c);
    await c.until(() => c.state.seats[1].faction, 'the default faction');
    expect(c.state.seats[1].faction).toBe('fpa');
    // Every later question fails the same way: the draft and the rounds go on with the defaults (RULES §7).
    attachBot(c.room as Room, { seed: 'crash-human', aggressive: true }).seatNo = 0;
    c.send('pick', { slot: 'main', card: 'lamais-spinal-railgun' });
    await c.until(() => c.state.phase === 'commit' && c.state.round >= 3, 'round 3', 120_000);
    expect(bot.counts.defaults).toBe(bot.counts.answers);
    expect(pool.counts.failed).toBe(bot.counts.answers);
    expect(c.state.seats[1].main).not.toBe('');
  });
});
