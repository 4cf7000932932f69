// Rated play with real SDK clients on one server (SQLite): a session token as client.auth.token seats its player;
// a bad token is refused at matchmaking; a quick match conceded after round 2 moves both ratings by glicko2-lite's
// amount, once; a match aborted before round 1 resolves and a match against the computer move nothing.
import { Client, type Room } from '@colyseus/sdk';
import { SignJWT } from 'jose';
import type { JoinOptions } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { NEW_PLAYER, rateMatch } from '../../src/players/glicko.js';
import { attachBot } from '../bot.js';
import { joinWithToken, serverForFile, startSession, TestClient } from '../harness.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const server = serverForFile({
  sessionSecret: SECRET,
  bots: { pauseMs: [0, 0], thinkMs: 600_000, threads: 1, budget: { easy: 1, medium: 20, hard: 40 } },
  room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
});

const session = (name: string) => startSession(server.get().url, name);

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${server.get().url}${path}`)).json()) as T;
}

async function join(token: string | null, how: 'joinOrCreate' | 'create', opts: JoinOptions): Promise<TestClient> {
  const c = await joinWithToken(server.get(), token, how, opts);
  server.open.push(c);
  return c;
}

/** Both seats' scripted players play until the round `stopAt` opens (the rounds before it resolved). */
function playUntil(clients: TestClient[], stopAt: number): void {
  for (const [i, c] of clients.entries()) {
    const bot = attachBot(c.room as Room, { seed: `p${i}`, hold: (st) => st.round >= stopAt });
    bot.seatNo = c.seat;
    bot.tick();
  }
}

interface Profile {
  rating: { value: number; rd: number; volatility: number; provisional: boolean };
  games: { total: number; rated: number; wins: number; losses: number };
}
interface Games {
  games: Array<{
    rated: boolean;
    result: string;
    reason: string;
    ratingBefore: number | null;
    ratingAfter: number | null;
    rounds: number;
    recordId: string | null;
    opponent: { id: string | null; name: string; bot: boolean };
  }>;
}

describe('sessions at matchmaking (onAuth)', () => {
  it('a seat belongs to the token’s player, under their stored name; no token is a guest seat', async () => {
    const a = await session('Ada');
    const c = await join(a.token, 'create', { private: true, name: 'Someone Else' });
    expect(c.state.seats[c.seat]).toMatchObject({ name: 'Ada', playerId: a.player.id, rating: 1500 });
    const g = await join(null, 'create', { private: true, name: 'Guest' });
    expect(g.state.seats[g.seat]).toMatchObject({ name: 'Guest', playerId: '' });
  });

  it('a forged, expired or signed-out token is refused with its reason, not seated as a guest', async () => {
    const a = await session('Bo');
    const refusal = (token: string) =>
      join(token, 'joinOrCreate', { name: 'x' }).then(
        () => 'joined',
        (e: Error) => e.message,
      );
    expect(await refusal(`${a.token.slice(0, -4)}AAAA`)).toMatch(/session token is not valid/);
    expect(await refusal('not-a-jwt')).toMatch(/session token is not valid/);
    const key = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.player.id)
      .setIssuer('star-eater')
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(key);
    expect(await refusal(expired)).toMatch(/session token has expired/);
    const other = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(a.player.id)
      .setIssuer('star-eater')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another!'));
    expect(await refusal(other)).toMatch(/session token is not valid/);
    await fetch(`${server.get().url}/api/session/signout-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(await refusal(a.token)).toMatch(/signed out/);
  });
});

describe('rated quick match', () => {
  it('conceded after round 2: both ratings move by one Glicko-2 period from the pre-match ratings, once', async () => {
    const [a, b] = [await session('Cy'), await session('Di')];
    const p0 = await join(a.token, 'joinOrCreate', { name: 'Cy' });
    const p1 = await join(b.token, 'joinOrCreate', { name: 'Di' });
    expect(p1.room.roomId).toBe(p0.room.roomId);
    expect(p0.state.settings.rated).toBe(true);
    playUntil([p0, p1], 3);
    await p0.until(() => p0.state.phase === 'commit' && p0.state.round === 3, 'round 3 opens');
    p0.send('concede');
    const ended = await p1.until(() => p1.of('ended')[0], 'the end');
    const winner = ended.winner === p0.seat ? a : b;
    const loser = winner === a ? b : a;
    const [w, l] = rateMatch(NEW_PLAYER, NEW_PLAYER, 1);
    // The end screen is told what the match counted for, once stored.
    const told = await p0.until(() => p0.of('rated')[0], 'the rated message');
    expect(told.recordId).toBe(ended.recordId);
    const mine = told.seats[p0.seat]!;
    expect(mine).toMatchObject({
      playerId: a.player.id,
      result: 'loss',
      rated: true,
      ratingBefore: 1500,
      provisional: true,
    });
    expect(mine.ratingAfter).toBeCloseTo(l.rating, 6);
    expect(told.seats[p1.seat]).toMatchObject({ playerId: b.player.id, result: 'win', rated: true });
    const pw = await api<Profile>(`/api/players/${winner.player.id}`);
    const pl = await api<Profile>(`/api/players/${loser.player.id}`);
    expect(loser).toBe(a);
    expect(pw.rating.value).toBeCloseTo(w.rating, 6);
    expect(pw.rating.rd).toBeCloseTo(w.rd, 6);
    expect(pl.rating.value).toBeCloseTo(l.rating, 6);
    expect(pw.games).toMatchObject({ total: 1, rated: 1, wins: 1, losses: 0 });
    const games = await api<Games>(`/api/players/${loser.player.id}/games`);
    expect(games.games).toEqual([
      expect.objectContaining({
        rated: true,
        result: 'loss',
        reason: 'concede',
        rounds: 2,
        ratingBefore: 1500,
        recordId: ended.recordId,
        opponent: { id: winner.player.id, name: winner.player.name, bot: false, level: null },
      }),
    ]);
    expect(games.games[0]!.ratingAfter).toBeCloseTo(l.rating, 6);
    const history = await api<{ points: Array<{ rating: number }> }>(`/api/players/${winner.player.id}/rating-history`);
    expect(history.points.map((p) => Math.round(p.rating * 1000))).toEqual([Math.round(w.rating * 1000)]);
  });

  it('a private room is rated only when its creator chose it (both signed in); otherwise casual, saying so', async () => {
    const [a, b] = [await session('Hana'), await session('Ivo')];
    const plain = await join(a.token, 'create', { private: true, name: 'Hana' });
    expect(plain.state.settings.rated).toBe(false);
    await plain.leave();
    const host = await join(a.token, 'create', { private: true, rated: true, name: 'Hana' });
    expect(host.state.settings.rated).toBe(true);
    const invite = host.of('welcome')[0]!.invite!;
    const sdk = new Client(server.get().wsUrl);
    sdk.auth.token = b.token;
    const c1 = new TestClient((await sdk.joinById(host.room.roomId, { invite, name: 'Ivo' })) as Room, sdk);
    server.open.push(c1);
    await c1.until(() => c1.of('welcome').length > 0 && c1.state?.seats?.length === 2, 'welcome and state');
    playUntil([host, c1], 2);
    await host.until(() => host.state.phase === 'commit' && host.state.round === 2, 'round 2 opens');
    host.send('concede');
    const told = await host.until(() => host.of('rated')[0], 'the rated message');
    expect(told.seats[host.seat]).toMatchObject({ playerId: a.player.id, rated: true, result: 'loss' });
  });

  it('at most 3 rated matches per pair in 24 h: the 4th (a rematch) is casual and says so', async () => {
    const [a, b] = [await session('Jo'), await session('Kai')];
    const p0 = await join(a.token, 'joinOrCreate', { name: 'Jo' });
    const p1 = await join(b.token, 'joinOrCreate', { name: 'Kai' });
    playUntil([p0, p1], 2);
    for (let n = 1; n <= 4; n++) {
      await p0.until(
        () => p0.state.matchNo === n && p0.state.phase === 'commit' && p0.state.round === 2,
        `match ${n}: round 2`,
      );
      p0.send('concede');
      await p0.until(() => p0.of('rated').length === n, `match ${n}: rated message`);
      if (n < 4) for (const c of [p0, p1]) c.send('rematch');
    }
    const told = p0.of('rated').map((m) => m.seats[p0.seat]);
    expect(told.map((t) => [t!.rated, t!.casualBecause])).toEqual([
      [true, null],
      [true, null],
      [true, null],
      [false, 'pair-limit'],
    ]);
    const profile = await api<Profile>(`/api/players/${a.player.id}`);
    expect(profile.games).toMatchObject({ total: 4, rated: 3, losses: 4 });
  });

  it('aborted before round 1 resolves (a concession during the faction choice): recorded as aborted, nothing moves', async () => {
    const [a, b] = [await session('Ed'), await session('Flo')];
    const p0 = await join(a.token, 'joinOrCreate', { name: 'Ed' });
    const p1 = await join(b.token, 'joinOrCreate', { name: 'Flo' });
    await p0.until(() => p0.state.phase === 'factions', 'the faction choice');
    p1.send('concede');
    await p0.until(() => p0.of('ended')[0], 'the end');
    for (const s of [a, b]) {
      const p = await api<Profile>(`/api/players/${s.player.id}`);
      expect(p.rating).toMatchObject({ value: 1500, rd: 350, provisional: true });
      expect(p.games).toMatchObject({ total: 1, rated: 0, wins: 0, losses: 0 });
      const g = await api<Games>(`/api/players/${s.player.id}/games`);
      expect(g.games[0]).toMatchObject({ rated: false, result: 'aborted', recordId: null, ratingBefore: null });
    }
  });

  it('a match against the computer moves nothing, even past round 1', async () => {
    const a = await session('Gus');
    const c = await join(a.token, 'create', { bot: 'easy', name: 'Gus' });
    playUntil([c], 3);
    await c.until(() => c.state.phase === 'commit' && c.state.round === 3, 'round 3 opens');
    c.send('concede');
    await c.until(() => c.of('ended')[0], 'the end');
    const told = await c.until(() => c.of('rated')[0], 'the rated message');
    expect(told.seats[c.seat]).toMatchObject({ rated: false, casualBecause: 'computer', result: 'loss' });
    expect(told.seats[1 - c.seat]).toBeNull();
    const p = await api<Profile>(`/api/players/${a.player.id}`);
    expect(p.rating).toMatchObject({ value: 1500, rd: 350 });
    const g = await api<Games>(`/api/players/${a.player.id}/games`);
    expect(g.games[0]).toMatchObject({ rated: false, result: 'loss', rounds: 2, opponent: { id: null, bot: true } });
  });
});
