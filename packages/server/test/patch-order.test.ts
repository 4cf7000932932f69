// Patches are written from the encoder's shared buffer by reference and sockets are corked for the turn (outbox.ts).
// A timer that falls due while a patch is being sent (the room clock ticks inside Colyseus' broadcastPatch) must not
// run in the middle of that patch: its own patch would be encoded into the buffer the first one is still waiting in,
// and the clients would decode garbage ("field not defined at index …", then no more updates).
import { Protocol } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import { expect, it, vi } from 'vitest';
import { clientSocket } from '../src/colyseus-internals.js';
import { attachBot } from './bot.js';
import {
  joinById,
  quickMatch,
  serverForFile,
  serverRoom,
  shiftClock,
  type TestClient,
  WAIT_GUARD_MS,
} from './harness.js';

const server = serverForFile({ room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } } });
const open = server.open;

it('a timer falling due during a patch does not overwrite that patch: every client keeps decoding', async () => {
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void errors.push(args));
  try {
    const a = await quickMatch(server.get(), 'Early');
    const b = await quickMatch(server.get(), 'Late');
    open.push(a, b);
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `order-${c.seat}`, manualCommit: true, manualDecide: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
    open.push(spec);
    const room = serverRoom(a.room.roomId) as unknown as { state: { toJSON(): unknown }; broadcastPatch(): boolean };
    // Records whether a patch was ever encoded while another was being sent (the race this test is about).
    let depth = 0;
    let nested = 0;
    const original = room.broadcastPatch.bind(room);
    room.broadcastPatch = () => {
      if (depth > 0) nested++;
      depth++;
      try {
        const r = original();
        return r;
      } finally {
        depth--;
      }
    };
    for (let round = 1; round <= 3; round++) {
      await a.until(
        () => a.state.phase === 'commit' && a.state.round === round && !a.state.seats[a.seat].lockedIn,
        `round ${round}`,
        15_000,
      );
      if (round > 1) {
        // Both clients have shown the last round (animation-wait.ts): the commit window's clock runs.
        const shown = a.of('events').filter((e) => e.round === round - 1);
        const events = shown.reduce((n, e) => n + e.events.length, 0);
        for (const c of [a, b]) c.send('animated', { round: round - 1, events });
        await a.until(() => !a.state.animating && a.state.deadline > 0, `round ${round}'s clock`);
      }
      // The commit window is over on the room clock, but the room's Node timeout has not fired yet.
      shiftClock(a.room.roomId, 120_000);
      // A's commitment changes the state: its patch ticks the clock, which finds the commit timer due.
      a.send('commit', { round, commitment: { engine: 'NONE', cards: [] } });
      await a.until(() => a.state.round > round || a.state.phase === 'finished', `round ${round} resolved`);
      if (a.state.phase === 'finished') break;
    }
    expect(nested).toBe(0);
    // Every client catches up with the room (its last patch arrives) and decodes exactly the room's state.
    const truth = JSON.stringify(room.state.toJSON());
    for (const c of [a, b, spec]) {
      expect(c.closed).toBe(false);
      await expect.poll(() => JSON.stringify(c.state.toJSON()), { timeout: WAIT_GUARD_MS }).toBe(truth);
    }
    expect(errors.map((e) => String(e)).join('\n')).not.toMatch(/schema|mismatch|not defined/i);
  } finally {
    spy.mockRestore();
    warn.mockRestore();
  }
});

it('a slow client whose socket holds earlier patches still decodes them: a later patch does not overwrite them', async () => {
  const errors: unknown[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void errors.push(args));
  try {
    const a = await quickMatch(server.get(), 'Quick');
    const b = await quickMatch(server.get(), 'Steady');
    open.push(a, b);
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `slow-${c.seat}`, manualCommit: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
    open.push(spec);
    await a.until(
      () => a.state.phase === 'commit' && a.state.round === 1 && spec.state.phase === 'commit',
      'round 1',
      15_000,
    );
    const room = serverRoom(a.room.roomId) as unknown as {
      state: { toJSON(): unknown };
      clients: Array<{ sessionId: string }>;
    };
    // The spectator's connection stalls (a busy browser tab, a full TCP window): Node holds what is written to it,
    // by reference, until it drains. Simulated by keeping its server-side socket corked over several turns.
    const socket = clientSocket(room.clients.find((c) => c.sessionId === spec.room.sessionId))!;
    socket.cork();
    try {
      // A round resolves (a big patch), then small ones: lock in, revise, lock in again, each in a turn of its own.
      a.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
      b.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
      await a.until(() => a.state.round === 2 && a.state.phase === 'commit', 'round 2');
      for (const type of ['commit', 'revise', 'commit', 'revise'] as const) {
        const n = a.messages.length;
        a.send(type, type === 'commit' ? { round: 2, commitment: { engine: 'NONE', cards: [] } } : { round: 2 });
        await a.until(
          () => a.messages.slice(n).find((m) => m.type === 'commitment' || m.type === 'error'),
          'an answer',
        );
        expect(a.of('error')).toEqual([]);
        // This turn's patch has reached the player: the next message makes a patch of its own.
        await a.until(() => a.state.seats[a.seat].lockedIn === (type === 'commit'), `the ${type} patch`);
      }
    } finally {
      expect(socket.writableLength).toBeGreaterThan(0); // the patches did wait in the socket
      socket.uncork();
    }
    const truth = () => JSON.stringify(room.state.toJSON());
    await expect.poll(() => JSON.stringify(spec.state.toJSON()), { timeout: WAIT_GUARD_MS }).toBe(truth());
    // No views: every client gets the same patches, byte for byte (before the fix the held ones all read as the last).
    const patches = (c: TestClient) =>
      c.frames.filter((f) => f[0] === Protocol.ROOM_STATE_PATCH).map((f) => Buffer.from(f).toString('hex'));
    expect(patches(spec).slice(-6)).toEqual(patches(a).slice(-6));
    // And it keeps following the match.
    a.send('commit', { round: 2, commitment: { engine: 'NONE', cards: [] } });
    b.send('commit', { round: 2, commitment: { engine: 'NONE', cards: [] } });
    await spec.until(() => spec.state.round === 3 || spec.state.phase === 'finished', 'round 3 on the spectator');
    expect(errors.map((e) => String(e)).join('\n')).not.toMatch(/schema|mismatch|not defined/i);
  } finally {
    spy.mockRestore();
    warn.mockRestore();
  }
});
