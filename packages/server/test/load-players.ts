// Matches under load for the computer's load test (computer-load.test.ts) and `pnpm bench server --bot-matches`:
// human matches (two scripted players who think before each commitment, latency measured) and matches against the
// computer (one scripted player). A finished match asks for a rematch, so every match stays live. One monotonic
// clock times a human round: from the SECOND lock-in sent to BOTH clients holding the round's result (`events` with
// done: true; prompts on the way are answered at once).
import { Client, type Room } from '@colyseus/sdk';
import type { PracticeLevel } from '@star-eater/protocol';
import { attachBot } from './bot.js';

export interface Sink {
  measuring: boolean;
  latencies: number[];
  /** Called after each sample (a test waits for a number of them). */
  onSample?: () => void;
}

export function thinker([min, max]: [number, number]): () => number {
  return () => min + Math.random() * (max - min);
}

/** Leaves every room still connected and waits for each to close (its onLeave); a room already closed has left. */
async function leaveAll(rooms: Room[]): Promise<void> {
  await Promise.all(rooms.filter((r) => r.connection.isOpen).map((r) => r.leave(true)));
}

/** A match between two scripted players; its rounds' latencies go to `sink` while it measures. */
export async function humanMatch(
  url: string,
  i: number,
  think: () => number,
  sink: Sink,
): Promise<() => Promise<void>> {
  const lockAt = new Map<string, [number, number]>();
  const arrived = new Map<string, number>();
  const rooms: Room[] = [];
  let stopping = false;
  const wire = (room: Room, k: 0 | 1) => {
    rooms.push(room);
    room.reconnection.enabled = false;
    const key = (round: number) => `${(room.state as { matchNo: number }).matchNo}:${round}`;
    attachBot(room, {
      seed: `load-${i}-${k}`,
      aggressive: true,
      thinkMs: think,
      onCommit: (round) => {
        const t = lockAt.get(key(round)) ?? [Number.NaN, Number.NaN];
        t[k] = performance.now();
        lockAt.set(key(round), t);
      },
    });
    room.onMessage('events', (e: { round: number; done: boolean }) => {
      if (!e.done) return;
      const id = key(e.round);
      const n = (arrived.get(id) ?? 0) + 1;
      arrived.set(id, n);
      if (n < 2) return;
      arrived.delete(id);
      const t = lockAt.get(id);
      lockAt.delete(id);
      const last = t ? Math.max(t[0], t[1]) : Number.NaN;
      if (sink.measuring && Number.isFinite(last)) {
        sink.latencies.push(performance.now() - last);
        sink.onSample?.();
      }
    });
    room.onMessage('ended', () => {
      if (!stopping) room.send('rematch');
    });
  };
  const a = (await new Client(url).create('match', { name: `human${i}a` })) as Room;
  wire(a, 0);
  const b = (await new Client(url).joinById(a.roomId, { name: `human${i}b` })) as Room;
  wire(b, 1);
  return async () => {
    stopping = true;
    await leaveAll(rooms);
  };
}

/** A practice match against the computer at `level`, its player thinking like the humans; `onRound` per result. */
export async function computerMatch(
  url: string,
  i: number,
  level: PracticeLevel,
  think: () => number,
  onRound?: () => void,
): Promise<() => Promise<void>> {
  let stopping = false;
  const room = (await new Client(url).create('match', { name: `solo${i}`, bot: level })) as Room;
  room.reconnection.enabled = false;
  room.onMessage('*', () => {}); // the rest: this player reads only what it acts on
  room.onMessage('events', (e: { done: boolean }) => {
    if (e.done) onRound?.();
  });
  // The creator sits in seat 0, and its welcome may have come before this handler.
  const player = attachBot(room, { seed: `solo-${i}`, aggressive: true, thinkMs: think });
  player.seatNo = 0;
  player.tick();
  room.onMessage('ended', () => {
    if (!stopping) room.send('rematch');
  });
  return async () => {
    stopping = true;
    await leaveAll([room]);
  };
}

/** The q-quantile of the samples (nearest rank). */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
}
