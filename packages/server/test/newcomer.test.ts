// A newcomer's match on the server: timer presets chosen by a private room's creator (quick match plays standard), the timer
// that waits for the clients' animations (capped, never for a spectator or a dropped seat), and quick emotes
// delivered to the opponent and the spectators and limited per seat on the room clock.
import type { Room } from '@colyseus/sdk';
import { EMOTE_LIMIT, TIMER_PRESETS } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import {
  advanceClock,
  createPrivate,
  freezeClock,
  joinById,
  quickMatch,
  serverRoom,
  serverForFile,
  type TestClient,
} from './harness.js';

const CAP_S = 20;
const server = serverForFile({ room: { animationCapSeconds: CAP_S } });
const open = server.open;
function track(c: TestClient): TestClient {
  open.push(c);
  return c;
}

/**
 * A private room with a second player and a spectator; bots draft, the test commits. Its clock is frozen from the
 * start, so only advanceClock moves it: a window's length and an emote's refill are exact however slow the machine.
 */
async function privateMatch(opts: Parameters<typeof createPrivate>[1]) {
  const a = track(await createPrivate(server.get(), { name: 'Host', ...opts }));
  freezeClock(a.room.roomId);
  const invite = (await a.next('welcome', 0)).invite!;
  const b = track(await joinById(server.get(), a.room.roomId, { name: 'Guest', invite }));
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, { seed: `nc-${c.seat}`, manualCommit: true, manualDecide: true });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await a.until(() => a.state.phase === 'commit', 'the first commitment window');
  const spec = track(await joinById(server.get(), a.room.roomId, { spectate: true, invite }));
  return { a, b, spec, roomId: a.room.roomId as string };
}

const roomNow = (roomId: string) => serverRoom(roomId).clock.currentTime as number;

/** The time left on the synced deadline is a whole window of `seconds` (the room's clock is frozen). */
function expectWindow(deadline: number, roomId: string, seconds: number) {
  expect(deadline - roomNow(roomId)).toBe(seconds * 1000);
}

/** Both seats commit NONE (no prompt possible): round `round` resolves and the next window opens. */
async function playQuietRound(a: TestClient, b: TestClient, round: number) {
  const none = { engine: 'NONE', cards: [] };
  a.send('commit', { round, commitment: none });
  b.send('commit', { round, commitment: none });
  await a.until(() => a.state.round === round + 1 && a.state.phase === 'commit', `round ${round + 1}`);
  const ev = a.of('events').filter((e) => e.round === round);
  return ev.reduce((n, e) => n + e.events.length, 0);
}

describe('timer presets', () => {
  it('a private room takes the preset its creator picks; seconds of their own make it custom', async () => {
    for (const preset of ['relaxed', 'blitz', 'standard'] as const) {
      const c = track(await createPrivate(server.get(), { name: 'P', preset }));
      const s = c.state.settings;
      expect(s.preset).toBe(preset);
      const want = TIMER_PRESETS[preset];
      expect([s.draftSeconds, s.commitSeconds, s.promptSeconds]).toEqual([want.draft, want.commit, want.prompt]);
    }
    const custom = track(await createPrivate(server.get(), { name: 'P', preset: 'relaxed', timers: { commit: 90 } }));
    expect(custom.state.settings.preset).toBe('custom');
    expect(custom.state.settings.commitSeconds).toBe(90);
    expect(custom.state.settings.promptSeconds).toBe(TIMER_PRESETS.relaxed.prompt);
  });

  it('refuses a preset that does not exist, naming the field', async () => {
    await expect(createPrivate(server.get(), { name: 'P', preset: 'glacial' as never })).rejects.toThrow(/preset/);
  });

  it('a quick match plays standard whatever it asks, and the lobby list says so', async () => {
    const a = track(await quickMatch(server.get(), 'Q1'));
    const b = track(await quickMatch(server.get(), 'Q2'));
    expect(a.room.roomId).toBe(b.room.roomId);
    expect(a.state.settings.preset).toBe('standard');
    expect(a.state.settings.commitSeconds).toBe(TIMER_PRESETS.standard.commit);
    await a.until(() => a.state.phase !== 'waiting', 'the match starts');
    const list = (await (await fetch(`${server.get().url}/api/matches`)).json()) as { matches: { roomId: string }[] };
    expect(list.matches.find((m) => m.roomId === a.room.roomId)).toMatchObject({ preset: 'standard' });
    a.send('concede');
    await a.until(() => a.state.phase === 'finished', 'conceded');
  });

  it('the relaxed preset gives the commitment window its 120 s', async () => {
    const { a, roomId } = await privateMatch({ preset: 'relaxed' });
    expectWindow(a.state.deadline, roomId, TIMER_PRESETS.relaxed.commit);
    a.send('concede');
    await a.until(() => a.state.phase === 'finished', 'conceded');
  });
});

describe('animation first', () => {
  it('the next window counts down only once both seats have animated the round; spectators are not waited for', async () => {
    const { a, b, spec, roomId } = await privateMatch({ preset: 'standard' });
    const events = await playQuietRound(a, b, 1);
    expect(events).toBeGreaterThan(0);
    for (const c of [a, b, spec]) await c.until(() => c.state.animating && c.state.round === 2, 'waiting shown');
    expect(a.state.deadline).toBe(0);
    // Too few events, another round, a spectator: none of them starts the clock.
    a.send('animated', { round: 1, events: events - 1 });
    a.send('animated', { round: 2, events });
    expect((await spec.expectError('animated', { round: 1, events })).code).toBe('spectator');
    await a.roundTrip();
    expect(a.state.animating).toBe(true);
    a.send('animated', { round: 1, events });
    await a.roundTrip();
    expect(a.state.deadline).toBe(0);
    const before = roomNow(roomId);
    b.send('animated', { round: 1, events });
    await spec.until(() => !spec.state.animating, 'the clock starts');
    expect(spec.state.deadline).toBeGreaterThanOrEqual(before + TIMER_PRESETS.standard.commit * 1000);
    expect(spec.state.deadline).toBeLessThanOrEqual(roomNow(roomId) + TIMER_PRESETS.standard.commit * 1000);
    a.send('concede');
    await a.until(() => a.state.phase === 'finished', 'conceded');
  });

  it('starts the clock at the cap when a client never says it is done, and never waits for a dropped seat', async () => {
    const { a, b, spec, roomId } = await privateMatch({ preset: 'blitz' });
    await playQuietRound(a, b, 1);
    await spec.until(() => spec.state.animating, 'waiting');
    advanceClock(roomId, CAP_S * 1000 - 1000);
    await spec.roundTrip();
    expect(spec.state.animating).toBe(true);
    advanceClock(roomId, 1000);
    await spec.until(() => !spec.state.animating && spec.state.deadline > 0, 'the cap starts the clock');
    expectWindow(spec.state.deadline, roomId, TIMER_PRESETS.blitz.commit);

    const events = await playQuietRound(a, b, 2);
    await spec.until(() => spec.state.animating && spec.state.round === 3, 'waiting again');
    b.send('animated', { round: 2, events });
    await b.roundTrip();
    expect(spec.state.animating).toBe(true);
    a.drop();
    await spec.until(() => !spec.state.animating && spec.state.deadline > 0, 'no wait for the dropped seat');
  });
});

describe('emotes', () => {
  it('reach the opponent and the spectators; a burst past the limit is refused until the room clock refills it', async () => {
    const { a, b, spec, roomId } = await privateMatch({});
    const n = spec.messages.length;
    for (let i = 0; i < EMOTE_LIMIT.burst; i++) a.send('emote', { emote: 'hello' });
    const e = await a.expectError('emote', { emote: 'wow' });
    expect(e).toMatchObject({ code: 'rate-limited', type: 'emote' });
    expect(e.message).toMatch(/wait \d+ s/);
    await spec.roundTrip();
    await b.roundTrip();
    const seen = (c: TestClient, from = 0) => c.messages.slice(from).filter((m) => m.type === 'emote');
    expect(seen(spec, n).map((m) => m.msg)).toEqual(Array(EMOTE_LIMIT.burst).fill({ seat: a.seat, emote: 'hello' }));
    expect(seen(b)).toHaveLength(EMOTE_LIMIT.burst);
    // The other seat has its own allowance.
    b.send('emote', { emote: 'good-game' });
    await spec.until(() => seen(spec, n).length === EMOTE_LIMIT.burst + 1, "b's emote");
    advanceClock(roomId, EMOTE_LIMIT.everyMs);
    a.send('emote', { emote: 'wow' });
    await spec.until(() => seen(spec, n).some((m) => (m.msg as { emote: string }).emote === 'wow'), 'after the refill');
    // No free text, and spectators send none.
    expect((await a.expectError('emote', { emote: 'you are bad' })).code).toBe('bad-payload');
    expect((await a.expectError('emote', { emote: 'hello', text: 'hi' })).code).toBe('bad-payload');
    expect((await spec.expectError('emote', { emote: 'hello' })).code).toBe('spectator');
    expect(a.closed).toBe(false);
  });
});
