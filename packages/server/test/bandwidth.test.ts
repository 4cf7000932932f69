// The bandwidth goal: under 2,048 bytes received per client per round, everything counted (patches, the
// round's events, prompts, commitment echoes, commit receipts). Two scripted players and a spectator, real frames.
import type { Room } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { frameKind } from '../src/colyseus-internals.js';
import { attachBot } from './bot.js';
import { joinById, quickMatch, serverForFile, type TestClient } from './harness.js';

const server = serverForFile();
const ROUNDS = 6;

const kindOf = (f: Uint8Array) => String(frameKind(f));

describe('bytes per client per round', () => {
  it(`stay well under 2,048 over ${ROUNDS} rounds, for the players and a spectator`, async () => {
    const s = server.get();
    const a = await quickMatch(s, 'Una');
    const b = await quickMatch(s, 'Vik');
    server.open.push(a, b);
    await a.until(() => a.state.phase === 'factions', 'the match starts');
    const spec = await joinById(s, a.room.roomId, { spectate: true });
    server.open.push(spec);
    const clients: TestClient[] = [a, b, spec];
    let from: number[] = [];
    // Counting starts with the first commitment window (the draft is not a round).
    const started = a
      .until(() => a.state.phase === 'commit', 'round 1')
      .then(() => {
        from = clients.map((c) => c.frames.length);
      });
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `${c.seat}-bandwidth`, aggressive: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    await started;
    await a.until(() => a.state.round > ROUNDS || a.of('ended').length, `round ${ROUNDS + 1} or the end`, 60_000);
    for (const c of clients) await c.roundTrip();
    clients.forEach((c, i) => {
      const frames = c.frames.slice(from[i]);
      const byKind: Record<string, number> = {};
      for (const f of frames) byKind[kindOf(f)] = (byKind[kindOf(f)] ?? 0) + f.byteLength;
      // Every round has one reveal; the bots may have played on past ROUNDS meanwhile.
      const rounds = frames.filter((f) => kindOf(f) === 'receipts-revealed').length;
      expect(rounds).toBeGreaterThanOrEqual(3);
      const perRound = frames.reduce((n, f) => n + f.byteLength, 0) / rounds;
      expect(perRound, `client ${i}: ${JSON.stringify(byKind)} over ${rounds} rounds`).toBeLessThan(1800);
    });
  }, 90_000);
});
