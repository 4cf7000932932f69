// Quick match by strength with real SDK clients: of the players waiting alone, a newcomer is paired with the closest
// rating inside the waiting player's window rather than the longest wait; with nobody close enough, the longest wait
// first as before; a player already waiting is not paired with themselves from another tab.
import { DatabaseSync } from 'node:sqlite';
import { join as joinPath } from 'node:path';
import type { JoinOptions } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { ALREADY_WAITING } from '../../src/http/quick-match.js';
import { joinWithToken, serverForFile, startSession, type TestClient } from '../harness.js';

const server = serverForFile();

async function player(name: string, rating: number): Promise<string> {
  const s = await startSession(server.get().url, name);
  // A rating of its own, as matches would have made it (the test's own connection to the server's database file).
  const db = new DatabaseSync(joinPath(server.get().dir, 'records.sqlite'));
  db.exec('PRAGMA busy_timeout = 5000');
  db.prepare('UPDATE players SET rating = ?, rd = 60 WHERE id = ?').run(rating, s.player.id);
  db.close();
  return s.token;
}

async function join(token: string, how: 'joinOrCreate' | 'create', opts: JoinOptions): Promise<TestClient> {
  const c = await joinWithToken(server.get(), token, how, opts);
  server.open.push(c);
  return c;
}

describe('quick match by strength', () => {
  it('the closest rating within the window first; nobody close: the longest wait; never yourself', async () => {
    const ada = await player('Ada', 1500);
    const bo = await player('Bo', 1800);
    // Two players waiting alone, Ada the longest.
    const a = await join(ada, 'create', { name: 'Ada' });
    const b = await join(bo, 'create', { name: 'Bo' });
    await a.until(() => a.state.seats.some((s) => s.playerId) && a.state.settings.rated, 'Ada waits, rated');
    // Ada again, from another tab: refused, her waiting seat kept.
    const again = await join(ada, 'joinOrCreate', { name: 'Ada' }).then(
      () => 'joined',
      (e: Error) => e.message,
    );
    expect(again).toBe(ALREADY_WAITING);
    // Cy (1790) is paired with Bo (1800), not with Ada, who has waited longer.
    const cy = await join(await player('Cy', 1790), 'joinOrCreate', { name: 'Cy' });
    expect(cy.room.roomId).toBe(b.room.roomId);
    // Di (1000) is inside nobody's window: the longest wait, Ada, as without ratings.
    const di = await join(await player('Di', 1000), 'joinOrCreate', { name: 'Di' });
    expect(di.room.roomId).toBe(a.room.roomId);
  });
});
