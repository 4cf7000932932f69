// HTTP: the body limit (413 before the body is read), per-IP rate limits (429 + Retry-After) on the driven
// clock, error pages without stack traces, security headers, and the Origin allowlist on the API and the upgrade.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { quickMatch, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let now = 1_000_000;
beforeAll(async () => {
  server = await startTestServer({
    http: {
      matchmake: { burst: 3, perMinute: 6 },
      api: { burst: 5, perMinute: 60 },
      allowedOrigins: ['https://friend.example'],
      now: () => now,
    },
  });
});
afterAll(() => server.stop());
// Each test starts with full buckets: an hour later on the limiters' clock.
beforeEach(() => {
  now += 3_600_000;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw WebSocket to `url`: refused at the upgrade (status, Retry-After, body) or closed by the server (code). */
function socket(url: string): Promise<{ status: number; retryAfter?: string; body: string } | { close: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
    });
    ws.on('close', (code) => resolve({ close: code }));
    ws.on('error', (e) => (/Unexpected server response/.test(e.message) ? undefined : reject(e)));
  });
}

const STACK = /\n\s+at |node_modules|\.ts:\d+|\.m?js:\d+/;

describe('body limit', () => {
  it('refuses a declared 100 MB body with 413 before reading it, and the process does not grow', async () => {
    const before = process.memoryUsage().rss;
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${server.url}/matchmake/joinOrCreate/match`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
          req.destroy();
        });
        req.on('error', (err) => reject(err));
        req.write('{"name":"');
        req.write(Buffer.alloc(1024 * 1024, 97)); // a first megabyte; the answer comes without waiting for the rest
      });
      answers.push(status);
    }
    expect(answers).toEqual([413, 413, 413]);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('cuts a chunked body off at the limit with 413', async () => {
    const before = process.memoryUsage().rss;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/matchmake/joinOrCreate/match`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      const chunk = Buffer.alloc(64 * 1024, 32);
      const pump = () => {
        // 100 MB at most, stopping at the answer (the server reads 4 KB of it).
        for (let sent = 0; !answered && sent < 1600; sent++) if (!req.write(chunk)) return void req.once('drain', pump);
      };
      pump();
    });
    expect(status).toBe(413);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('says so when a small body is not JSON', async () => {
    const a = await call('POST', '/matchmake/joinOrCreate/match', { 'content-type': 'application/json' }, '{nope');
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body)).toEqual({ error: 'the request body is not valid JSON' });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an address has used its burst, and again after the refill', async () => {
    const post = () => call('POST', '/matchmake/join/no-such-room', { 'content-type': 'application/json' }, '{}');
    for (let i = 0; i < 3; i++) expect((await post()).status).not.toBe(429);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    // What was limited, the limit, and when to try again (one process: its own limit).
    expect(JSON.parse(refused.body).error).toBe(
      'too many matchmaking requests (joins, seat reservations, reconnections) from your address: at most 3 at once, then 6 a minute; try again in 10 s',
    );
    now += 10_000; // one token back (6 a minute)
    expect((await post()).status).not.toBe(429);
    expect((await post()).status).toBe(429);
  });

  it('counts reconnection guesses on the raw WebSocket in the same budget as the route, refused in its words', async () => {
    // Two players (two requests: their sockets claim the reservations the route counted), one drops and comes back
    // through the route (one request: its socket is the reconnection the route checked). Three of three: nothing was
    // counted twice, or the last socket would have been refused.
    const a = await quickMatch(server, 'Ada');
    const b = await quickMatch(server, 'Bo');
    await b.until(() => b.state.phase !== 'waiting', 'the match starts');
    a.drop();
    await b.until(() => !b.state.seats[a.seat].connected, 'a shown away');
    await a.reconnect();
    await a.roundTrip();
    // Guesses straight at the socket, as the SDK's automatic reconnection connects: Colyseus refuses them (4003)
    // while the address has tokens (one every 10 s), then the door refuses them as the route would.
    const door = `${server.wsUrl}/${server.processId}/${a.room.roomId}?sessionId=${a.room.sessionId}`;
    now += 20_000;
    expect(await socket(`${door}&reconnectionToken=guess1`)).toEqual({ close: 4003 });
    expect(await socket(`${door}&reconnectionToken=guess2`)).toEqual({ close: 4003 });
    const refused = await socket(`${door}&reconnectionToken=guess3`);
    const route = await call(
      'POST',
      `/matchmake/reconnect/${a.room.roomId}`,
      { 'content-type': 'application/json' },
      '{}',
    );
    expect(route.status).toBe(429);
    expect(refused).toEqual({ status: 429, retryAfter: '10', body: route.body });
    expect(JSON.parse(route.body).error).toMatch(
      /^too many matchmaking requests \(joins, seat reservations, reconnections\)/,
    );
    // A session id with no reservation is a guess too; a token back lets one more through.
    expect(await socket(`${server.wsUrl}/${server.processId}/${a.room.roomId}?sessionId=nobody`)).toMatchObject({
      status: 429,
    });
    now += 10_000;
    expect(await socket(`${door}&reconnectionToken=guess4`)).toEqual({ close: 4003 });
    expect(a.closed).toBe(false);
    await Promise.all([a.leave(), b.leave()]);
  });

  it('limits the API apart from matchmaking', async () => {
    for (let i = 0; i < 5; i++) expect((await call('GET', '/api/matches')).status).toBe(200);
    const refused = await call('GET', '/api/records');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(JSON.parse(refused.body).error).toBe(
      'too many /api and /health requests from your address: at most 5 at once, then 60 a minute; try again in 1 s',
    );
  });
});

describe('error pages', () => {
  it('never show a stack trace', async () => {
    const pages = [
      await call('GET', '/api/records/%E0%A4%A'), // a malformed escape: express' 400
      await call('GET', '/api/records/bad.id'),
      await call('GET', '/api/records/nope'),
      await call('GET', '/no/such/page'),
      await call('POST', '/matchmake/joinOrCreate/match', { 'content-type': 'application/json' }, '{"x'),
      await call('POST', '/matchmake/nomethod/match', { 'content-type': 'application/json' }, '{}'),
      await call('POST', '/matchmake/joinOrCreate/nosuchroom', { 'content-type': 'application/json' }, '{}'),
      await call('POST', '/matchmake/joinById/%E0%A4%A', { 'content-type': 'application/json' }, '{}'),
      await call('POST', '/matchmake/joinOrCreate/match', { 'content-type': 'text/plain' }, 'hello'),
    ];
    for (const p of pages) {
      expect(p.status, p.body).toBeGreaterThanOrEqual(400);
      expect(p.body, p.body).not.toMatch(STACK);
    }
    expect(pages[0]!.status).toBe(400);
  });
});

describe('headers', () => {
  it('sends a CSP with frame-ancestors, nosniff and a referrer policy on every answer', async () => {
    for (const a of [
      await call('GET', '/health'),
      await call('GET', '/api/matches'),
      await call('GET', '/nothing-here'),
      await call('POST', '/matchmake/join/no-such-room', { 'content-type': 'application/json' }, '{}'),
    ]) {
      const csp = String(a.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBe('same-origin');
      expect(a.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('origins', () => {
  it('refuses a foreign Origin on the API and matchmaking, with no CORS headers', async () => {
    const evil = { origin: 'http://evil.example' };
    for (const a of [
      await call('GET', '/api/matches', evil),
      await call('OPTIONS', '/matchmake/joinOrCreate/match', { ...evil, 'access-control-request-method': 'POST' }),
      await call('POST', '/matchmake/joinOrCreate/match', { ...evil, 'content-type': 'application/json' }, '{}'),
    ]) {
      expect(a.status).toBe(403);
      expect(a.headers['access-control-allow-origin']).toBeUndefined();
      expect(a.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it("allows the server's own origin and the configured ones, never with credentials", async () => {
    for (const origin of [`http://127.0.0.1:${server.port}`, 'https://friend.example']) {
      const a = await call('GET', '/api/matches', { origin });
      expect(a.status).toBe(200);
      expect(a.headers['access-control-allow-origin']).toBe(origin);
      expect(a.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const pre = await call('OPTIONS', '/matchmake/joinOrCreate/match', {
      origin: 'https://friend.example',
      'access-control-request-method': 'POST',
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://friend.example');
  });

  it('refuses the WebSocket upgrade from a foreign Origin and allows it from an allowed one', async () => {
    const upgrade = (origin: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${server.wsUrl}/some-process/some-room?sessionId=x`, { headers: { origin } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode!));
        ws.on('open', () => {
          resolve(101);
          ws.close();
        });
        ws.on('error', reject);
      });
    expect(await upgrade('http://evil.example')).toBe(403);
    expect(await upgrade('https://friend.example')).toBe(101);
    expect(await upgrade(`http://127.0.0.1:${server.port}`)).toBe(101);
  });
});
