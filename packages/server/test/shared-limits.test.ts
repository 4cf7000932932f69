// With REDIS_URL the per-address limits are the deployment's, not each process' (scale/shared-limits.ts,
// scale/shared-ledger.ts):
// - two real game-server processes on one real Redis: requests alternated between them are refused at the same total
//   as requests to one process alone (per process, the alternated client got twice the burst), and the 429 says what
//   was limited, the limit, and that it holds across the servers;
// - the seat ledger, as two processes hold it (two ledgers, each on its own Redis connection): an address that left a
//   reservation unused on one process holds no seat on the other, for STRIKE_MS; an honest address is not struck.
// - the WebSocket door: reconnection guesses straight at either process' socket count in the same budget;
// Each address (127.0.0.x, the socket's source; no proxy) starts with full buckets; the limits refill 1 a minute, so
// nothing refills while the test runs. Last, Redis is stopped: each process falls back to its own buckets.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createLogger } from '../src/logger.js';
import { HOLD_MS, STRIKE_MS } from '../src/seats/reservations.js';
import { type Cluster, openCluster } from '../src/scale/cluster.js';
import { SharedLedger } from '../src/scale/shared-ledger.js';
import { eventually, spawnPair, stop, type ServerProcess } from './processes.js';
import { servicesInstalled, startServices, type Services } from './services.js';

const hasRedis = servicesInstalled('redis');
if (!hasRedis)
  console.warn('shared-limits.test.ts SKIPPED: redis-server is not installed (bash scripts/setup.sh --services)');

interface Answer {
  status: number;
  error: string | undefined;
}

/** A request to `p` from the loopback address `from` (its own buckets). */
function call(p: ServerProcess, from: string, method: 'GET' | 'POST', path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = method === 'POST' ? '{}' : undefined;
    const req = request(
      `${p.url}${path}`,
      { method, localAddress: from, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const parsed = (() => {
            try {
              return JSON.parse(text) as { error?: string };
            } catch {
              return {};
            }
          })();
          resolve({ status: res.statusCode!, error: parsed.error });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends requests through `via` (in turn) until one is refused with 429; returns how many got through, and the 429. */
async function untilRefused(via: ServerProcess[], ask: (p: ServerProcess) => Promise<Answer>) {
  const through: number[] = [];
  for (let i = 0; i < 40; i++) {
    const p = via[i % via.length]!;
    const a = await ask(p);
    if (a.status === 429) return { through: through.length, statuses: through, refusal: a, refusedBy: p };
    through.push(a.status);
  }
  throw new Error(`40 requests through ${via.map((p) => p.name).join(', ')}, none refused: ${through.join(' ')}`);
}

/**
 * A reconnection guess straight at `p`'s WebSocket from `from`: the upgrade's refusal (status, error), or the close
 * code the server ended the socket with.
 */
const guess = (from: string) => (p: ServerProcess) =>
  new Promise<Answer>((resolve, reject) => {
    const ws = new WebSocket(`${p.url.replace(/^http/, 'ws')}/someprocess/someroom?sessionId=s&reconnectionToken=t`, {
      localAddress: from,
    });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, error: (JSON.parse(text) as { error: string }).error }));
    });
    ws.on('close', (code) => resolve({ status: code, error: undefined }));
    ws.on('error', (e) => (/Unexpected server response/.test(e.message) ? undefined : reject(e)));
  });

describe.skipIf(!hasRedis)('limits shared by the processes of one deployment (Redis)', () => {
  let services: Services | null = null;
  let a: ServerProcess;
  let b: ServerProcess;
  const procs: ServerProcess[] = [];
  const clusters: Cluster[] = [];

  beforeAll(async () => {
    services = startServices('redis');
    const env = { REDIS_URL: services.env.REDIS_URL!, MATCHMAKE_LIMIT: '6/1', API_LIMIT: '8/1' };
    [a, b] = await spawnPair(env, procs);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stop(p)));
    for (const c of clusters) {
      c.presence?.shutdown();
      await c.driver?.shutdown();
    }
    services?.stop();
  });

  const matchmake = (from: string) => (p: ServerProcess) => call(p, from, 'POST', '/matchmake/joinById/nobodyhasthis');
  const health = (from: string) => (p: ServerProcess) => call(p, from, 'GET', '/health');
  const refusal = (what: string, burst: number) =>
    new RegExp(
      `^too many ${what.replace(/[()/]/g, '\\$&')} from your address: at most ${burst} at once, then 1 a minute \\(all game servers together\\); try again in \\d+ s$`,
    );

  it('matchmaking: alternated between the two processes, refused at the same total as one process alone', async () => {
    const alone = await untilRefused([a], matchmake('127.0.0.2'));
    const alternated = await untilRefused([a, b], matchmake('127.0.0.3'));
    expect(alone.through).toBe(6);
    expect(alternated.through).toBe(6);
    const what = 'matchmaking requests (joins, seat reservations, reconnections)';
    expect(alternated.refusal.error).toMatch(refusal(what, 6));
    // Both processes refuse the address now, whichever counted its requests.
    for (const p of [a, b]) expect(await matchmake('127.0.0.3')(p)).toMatchObject({ status: 429 });
    // Another address has its own bucket.
    expect((await matchmake('127.0.0.4')(b)).status).not.toBe(429);
  });

  it('the WebSocket door: reconnection guesses take from the same budget, on either process, in the same words', async () => {
    const alone = await untilRefused([b], guess('127.0.0.10'));
    const alternated = await untilRefused([a, b], guess('127.0.0.11'));
    expect([alone.through, alternated.through]).toEqual([6, 6]);
    // Each guess got through to Colyseus, which refused the token (4003), until the door refused the address.
    expect(alone.statuses).toEqual(Array(6).fill(4003));
    expect(alternated.refusal.error).toMatch(
      refusal('matchmaking requests (joins, seat reservations, reconnections)', 6),
    );
    // One budget for both doors: the route refuses the address too, on both processes.
    for (const p of [a, b]) expect(await matchmake('127.0.0.11')(p)).toMatchObject({ status: 429 });
  });

  it('/health and /api: the same', async () => {
    const alone = await untilRefused([b], health('127.0.0.5'));
    const alternated = await untilRefused([b, a], health('127.0.0.6'));
    expect([alone.through, alternated.through]).toEqual([8, 8]);
    expect(alternated.refusal.error).toMatch(refusal('/api and /health requests', 8));
    expect((await call(a, '127.0.0.6', 'GET', '/api/matches')).status).toBe(429);
  });

  it('seat ledger: a reservation left unused on one process strikes its address on the other', async () => {
    let now = 7_000_000;
    const log = createLogger('silent');
    const ledger = async () => {
      const c = await openCluster({ redisUrl: services!.env.REDIS_URL!, host: '127.0.0.1', port: 1 });
      clusters.push(c);
      return new SharedLedger(c.redis!, log, () => now);
    };
    const [one, two] = [await ledger(), await ledger()];
    const squatter = '10.9.0.1';
    const honest = '10.9.0.2';
    await one.screen(squatter);
    one.opened('squat-1', squatter); // never used
    await one.screen(honest);
    one.opened('honest-1', honest);
    one.used('honest-1'); // connected
    await one.screen('10.9.0.3'); // a round trip on one's connection: its writes are in Redis
    now += HOLD_MS;

    await two.screen(squatter);
    await two.screen(honest);
    expect(two.struck(squatter)).toBe(true);
    expect(two.struck(honest)).toBe(false);
    two.opened('squat-2', squatter);
    two.opened('honest-2', honest);
    expect(two.holds('squat-2')).toBe(false);
    expect(two.holds('honest-2')).toBe(true);
    two.used('squat-2');
    two.used('honest-2');
    await two.screen('10.9.0.3');

    // The strike lasts STRIKE_MS from the lapse, on every process.
    now += STRIKE_MS - 1;
    await one.screen(squatter);
    expect(one.struck(squatter)).toBe(true);
    now += 1;
    const three = await ledger();
    await three.screen(squatter);
    expect(three.struck(squatter)).toBe(false);
  });

  it('Redis gone: a process limits on its own, says so in the 429, and logs it', async () => {
    for (const c of clusters.splice(0)) {
      c.presence?.shutdown();
      await c.driver?.shutdown();
    }
    services!.stop();
    services = null;
    // A's first take that Redis does not answer is logged (another address asks until then).
    const unavailable = 'shared rate limit unavailable (Redis): limiting per process';
    await eventually(async () => {
      await call(a, '127.0.0.9', 'GET', '/api/records');
      return a.output().includes(unavailable);
    }, 'A notices that Redis is gone');
    const alone = await untilRefused([a], (p) => call(p, '127.0.0.8', 'GET', '/api/records'));
    expect(alone.through).toBe(8);
    expect(alone.refusal.error).toMatch(
      /^too many \/api and \/health requests from your address: at most 8 at once, then 1 a minute; try again in \d+ s$/,
    );
  });
});
