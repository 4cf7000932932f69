// Sessions over HTTP on a real server: a guest made by POST /api/session, its cookie (HttpOnly, SameSite=Lax) and
// token, the same player again with the cookie, renaming under today's name rules, sign-out everywhere, and the
// profile, games and leaderboard routes' refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The fields of the answers these tests read (each test checks the ones it names). */
interface Answer {
  error: string;
  token: string;
  player: { id: string; name: string };
  name: string;
  createdAt: string;
}

async function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer, cookie: res.headers.get('set-cookie') };
}

describe('POST /api/session', () => {
  it('makes a guest, sets an HttpOnly SameSite=Lax cookie, and answers for that player when the cookie comes back', async () => {
    const first = await call('/api/session', { method: 'POST', json: { name: '  Ada\u202E  Lovelace ' } });
    expect(first.status).toBe(200);
    expect(first.body.player.name).toBe('Ada Lovelace');
    expect(first.body.token).toMatch(/^ey/);
    expect(first.cookie).toMatch(/^se_session=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const cookie = first.cookie!.split(';')[0]!;
    const again = await call('/api/session', { method: 'POST', headers: { cookie } });
    expect(again.body.player).toEqual(first.body.player);
    const other = await call('/api/session', { method: 'POST' });
    expect(other.body.player.id).not.toBe(first.body.player.id);
    expect(other.body.player.name).toBe('Captain');
  });

  it('refuses a bad body by name, creating nobody', async () => {
    expect(await call('/api/session', { method: 'POST', json: { name: 5 } })).toMatchObject({
      status: 400,
      body: { error: 'name: must be a string' },
    });
    expect((await call('/api/session', { method: 'POST', json: { nick: 'x' } })).body.error).toMatch(
      /unknown field "nick"/,
    );
    expect((await call('/api/session', { method: 'POST', json: ['x'] })).body.error).toMatch(/JSON object/);
  });

  it('renames under the name rules; sign-out everywhere refuses every earlier token', async () => {
    const s = await call('/api/session', { method: 'POST', json: { name: 'Bo' } });
    const auth = { authorization: `Bearer ${s.body.token}` };
    const renamed = await call('/api/players/me', { method: 'PATCH', headers: auth, json: { name: ' Bo\n  Peep ' } });
    expect(renamed).toMatchObject({ status: 200, body: { player: { id: s.body.player.id, name: 'Bo Peep' } } });
    expect((await call('/api/players/me', { method: 'PATCH', headers: auth, json: { name: '\u200E' } })).status).toBe(
      400,
    );
    expect((await call(`/api/players/${s.body.player.id}`)).body.name).toBe('Bo Peep');
    expect((await call('/api/session/signout-everywhere', { method: 'POST', headers: auth })).status).toBe(200);
    const after = await call('/api/players/me', { method: 'PATCH', headers: auth, json: { name: 'X' } });
    expect(after).toMatchObject({ status: 401, body: { error: 'the session was signed out: start a new one' } });
    const forged = `${s.body.token.slice(0, -3)}AAA`;
    expect(
      (
        await call('/api/players/me', {
          method: 'PATCH',
          headers: { authorization: `Bearer ${forged}` },
          json: { name: 'X' },
        })
      ).body.error,
    ).toMatch(/not valid/);
    // A signed-out cookie makes a new guest, never the old player.
    const fresh = await call('/api/session', { method: 'POST', headers: { cookie: `se_session=${s.body.token}` } });
    expect(fresh.body.player.id).not.toBe(s.body.player.id);
  });
});

describe('profiles, games, history, leaderboard', () => {
  it('a new player: 1500, provisional, no games', async () => {
    const s = await call('/api/session', { method: 'POST', json: { name: 'Cy' } });
    const p = await call(`/api/players/${s.body.player.id}`);
    expect(p.body).toMatchObject({
      id: s.body.player.id,
      name: 'Cy',
      rating: { value: 1500, rd: 350, volatility: 0.06, provisional: true },
      games: { total: 0, rated: 0, wins: 0, losses: 0, draws: 0 },
    });
    expect(new Date(p.body.createdAt).toISOString()).toBe(p.body.createdAt);
    expect((await call(`/api/players/${s.body.player.id}/games`)).body).toEqual({ games: [], next: null });
    expect((await call(`/api/players/${s.body.player.id}/rating-history`)).body).toEqual({ points: [] });
  });

  it('the computer levels with their calibrated ratings (random anchored at 500)', async () => {
    const { calibratedRating } = await import('@star-eater/bots');
    expect((await call('/api/computer-levels')).body).toEqual({
      levels: [
        { level: 'easy', rating: calibratedRating('easy') },
        { level: 'medium', rating: calibratedRating('medium') },
        { level: 'hard', rating: calibratedRating('hard') },
      ],
    });
    expect(calibratedRating('hard')).toBeGreaterThan(calibratedRating('medium'));
    expect((await call('/api/computer-levels?x=1')).status).toBe(400);
  });

  it('clear 400s and 404s', async () => {
    expect(await call('/api/players/nobody-here')).toMatchObject({
      status: 404,
      body: { error: 'no player "nobody-here"' },
    });
    expect((await call('/api/players/bad%20id')).status).toBe(400);
    const s = await call('/api/session', { method: 'POST' });
    const id = s.body.player.id;
    expect((await call(`/api/players/${id}/games?filter=won`)).body.error).toBe('filter: one of all, rated, casual');
    expect((await call(`/api/players/${id}/games?before=zzz`)).body.error).toMatch(/^before: /);
    expect((await call(`/api/players/${id}/games?page=2`)).body.error).toMatch(/unknown query parameter "page"/);
    expect((await call('/api/leaderboard?limit=0')).body.error).toBe('limit: a whole number from 1 to 100');
    expect((await call('/api/leaderboard?limit=101')).status).toBe(400);
    expect((await call('/api/leaderboard?limit=abc')).status).toBe(400);
    expect((await call('/api/leaderboard?limit=5')).body).toEqual({ players: [] });
  });
});

describe('POST /api/session is rate-limited per address like the rest of /api', () => {
  it('past the burst: 429 naming the limit', async () => {
    const limited = await startTestServer({ http: { api: { burst: 2, perMinute: 1 } } });
    try {
      const post = () => fetch(`${limited.url}/api/session`, { method: 'POST' });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as Answer).error).toMatch(/too many \/api and \/health requests/);
    } finally {
      await limited.stop();
    }
  });
});
