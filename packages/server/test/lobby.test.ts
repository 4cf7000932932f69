// Matchmaking, private rooms with invites, spectators, and the HTTP endpoints.
import { describe, expect, it } from 'vitest';
import { createPrivate, joinById, quickMatch, sdk, serverForFile, type TestClient } from './harness.js';
import { getJson } from './processes.js';
import type { HealthAnswer, MatchList } from '../src/http/routes.js';

const server = serverForFile();
const open = server.open;
const track = <T extends TestClient>(c: T): T => {
  open.push(c);
  return c;
};

/** A GET on the test server, its answer read as `T` (http/routes.ts' types). */
const get = <T = unknown>(path: string) => getJson<T>(`${server.get().url}${path}`);

describe('quick match', () => {
  it('pairs six strangers into three rooms', async () => {
    const clients = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => quickMatch(server.get(), n).then(track)),
    );
    const byRoom = new Map<string, TestClient[]>();
    for (const c of clients) byRoom.set(c.room.roomId, [...(byRoom.get(c.room.roomId) ?? []), c]);
    expect(byRoom.size).toBe(3);
    for (const pair of byRoom.values()) {
      expect(pair).toHaveLength(2);
      await pair[0]!.until(() => pair[0]!.state.phase === 'factions', 'match start');
      expect(new Set(pair.map((c) => c.seat))).toEqual(new Set([0, 1]));
      expect(pair[0]!.state.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(pair[0]!.state.seed).toBe('');
    }
    // Live public matches are listed with their players; a seventh client waits in a new room.
    const { body } = await get<MatchList>('/api/matches');
    const listed = body.matches.filter((m) => byRoom.has(m.roomId));
    expect(listed).toHaveLength(3);
    expect(listed[0]!.players).toHaveLength(2);
    const seventh = track(await quickMatch(server.get(), 'g'));
    expect(byRoom.has(seventh.room.roomId)).toBe(false);
    await seventh.until(() => seventh.of('welcome').length > 0, 'welcome');
    expect(seventh.state.phase).toBe('waiting');

    // A full match refuses a third player but takes spectators.
    const [roomId] = [...byRoom.keys()];
    await expect(joinById(server.get(), roomId!, { name: 'late' })).rejects.toThrow(/full/);
    const spec = track(await joinById(server.get(), roomId!, { spectate: true }));
    await spec.until(() => spec.state.spectators === 1, 'spectator counted');
    expect(spec.of('welcome')[0]).toMatchObject({ role: 'spectator', seat: null });
    const health = await get<HealthAnswer>('/health');
    expect(health.body).toMatchObject({ status: 'ok', storage: 'sqlite' });
    expect(health.body.liveMatches).toBeGreaterThanOrEqual(3);
  });

  it('refuses spectating a room that is still waiting', async () => {
    const waiting = track(await createPrivate(server.get(), { name: 'solo' }));
    const invite = (await waiting.next('welcome', 0)).invite!;
    await expect(joinById(server.get(), waiting.room.roomId, { spectate: true, invite })).rejects.toThrow(
      /not started/,
    );
  });
});

describe('private rooms', () => {
  it('are unlisted, need the invite to join and to watch, and take the creator’s settings', async () => {
    const host = track(
      await createPrivate(server.get(), {
        name: 'Host',
        timers: { commit: 20, draft: 15, prompt: 10 },
        variants: { criticalHits: true },
      }),
    );
    const welcome = await host.next('welcome', 0);
    expect(welcome.seat).toBe(0);
    expect(welcome.invite).toMatch(/^[A-Za-z0-9_-]{24}$/); // 18 random bytes = 144 bits
    const roomId = host.room.roomId;
    expect(host.state.settings.toJSON()).toMatchObject({
      private: true,
      commitSeconds: 20,
      draftSeconds: 15,
      promptSeconds: 10,
      criticalHits: true,
      rangeBands: false,
    });
    // The invite is in no synced state.
    expect(JSON.stringify(host.state.toJSON())).not.toContain(welcome.invite);

    // Not reachable by matchmaking: a quick-match client lands elsewhere.
    const stranger = track(await quickMatch(server.get(), 'stranger'));
    expect(stranger.room.roomId).not.toBe(roomId);

    await expect(joinById(server.get(), roomId, { name: 'Guest' })).rejects.toThrow(/invite/);
    await expect(joinById(server.get(), roomId, { name: 'Guest', invite: 'x'.repeat(24) })).rejects.toThrow(/invite/);
    await expect(joinById(server.get(), roomId, { name: 'Guest', private: true })).rejects.toThrow(/invite/);
    const guest = track(await joinById(server.get(), roomId, { name: 'Guest', invite: welcome.invite! }));
    expect((await guest.next('welcome', 0)).invite).toBeUndefined();
    await guest.until(() => guest.state.phase === 'factions', 'match start');

    const { body } = await get<MatchList>('/api/matches');
    expect(body.matches.some((m) => m.roomId === roomId)).toBe(false);
    await expect(joinById(server.get(), roomId, { spectate: true })).rejects.toThrow(/invite/);
    const spec = track(await joinById(server.get(), roomId, { spectate: true, invite: welcome.invite! }));
    await spec.until(() => spec.state.spectators === 1, 'spectator');
  });

  it('refuses malformed join options with a clear error', async () => {
    await expect(sdk(server.get()).create('match', { private: true, timers: { commit: 1 } })).rejects.toThrow(
      /timers\.commit/,
    );
    await expect(sdk(server.get()).joinOrCreate('match', { name: 42 })).rejects.toThrow(/name/);
  });

  it('clean names of invisible characters, and refuse a name that was nothing else', async () => {
    const host = track(await createPrivate(server.get(), { name: '\u202EA\u200Bd\u2060a\uFEFF' }));
    await host.until(() => host.state.seats[0]?.name === 'Ada', 'the cleaned name');
    await expect(
      sdk(server.get()).create('match', { name: '\u200B\u2060\uFEFF\u202E\u2066', private: true }),
    ).rejects.toThrow('join options: name: nothing showable is left');
  });
});

describe('HTTP', () => {
  it('answers health, records and a missing record', async () => {
    const h = await get<HealthAnswer>('/health');
    expect(h.status).toBe(200);
    expect(h.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // The write-ahead log's cost so far (the rooms of this file have logged their seats and starts).
    expect(h.body.inputLog.appends).toBeGreaterThan(0);
    expect(h.body.inputLog.commitMs).toBeGreaterThan(0);
    // Rooms opened through the group commit: their writes' waits, apart from the inputs'.
    expect(h.body.inputLog.queuedMaxUs).toBeGreaterThan(0);
    expect((await get('/api/records')).body).toEqual({ records: [] });
    expect(await get('/api/records/nope')).toEqual({ status: 404, body: { error: 'no record "nope"' } });
    expect((await get('/api/records/bad%20id')).status).toBe(400);
  });
});
