// The proxy routes around a dead or stopping process (deploy/nginx.conf.template): nginx, rendered by
// `scripts/cluster.sh render-proxy` exactly as on loopback, in front of two real game-server processes. Its access
// log names every process it tried for each request (log_format routed), so the test sees where nginx sent what:
// - kill -9 of one process: no client sees an error, and nginx tries the dead process once (that refused connection
//   leaves it out), not again within fail_timeout (20 s);
// - a rolling restart: the killed process started again (nginx still leaves it out: it failed a moment ago), then the
//   other one stopped with SIGTERM: every request is still answered, by the restarted one (nginx alone answered 502
//   "no live upstreams" here for up to fail_timeout: scripts/handover.mjs measured 150–200 such answers);
// - nobody left: a 502 whose JSON says what is wrong.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginx, nginxInstalled } from './nginx.js';
import { eventually, freePort, spawnPair, spawnServer, stop, type ServerProcess } from './processes.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const hasNginx = nginxInstalled();
if (!hasNginx) console.warn('proxy-routing.test.ts SKIPPED: nginx is not installed (bash scripts/setup.sh --services)');

/** One line of the routed access log: when, which request, and each process tried with what it answered. */
interface Routed {
  at: number;
  request: string;
  status: number;
  tried: { address: string; status: string }[];
}

function parseLog(text: string): Routed[] {
  const lines = text.split('\n').filter(Boolean);
  return lines.map((line) => {
    const m = /^(\S+) \S+ "([^"]*)" (\d+) upstream="([^"]*)" upstream_status="([^"]*)"/.exec(line);
    if (!m) throw new Error(`not a routed access log line: ${line}`);
    const addresses = m[4]!.split(', ');
    const statuses = m[5]!.split(', ');
    return {
      at: Number(m[1]) * 1000,
      request: m[2]!,
      status: Number(m[3]),
      tried: addresses.map((address, i) => ({ address, status: statuses[i]! })),
    };
  });
}

interface Answer {
  status: number;
  pid: number | null;
  error: string | null;
  retryAfter: string | null;
}

describe.skipIf(!hasNginx)('the proxy in front of two processes', () => {
  const env = { API_LIMIT: '100000/100000' };
  const dir = mkdtempSync(join(tmpdir(), 'se-routing-'));
  let url = '';
  let a: ServerProcess;
  let b: ServerProcess;
  const procs: ServerProcess[] = [];
  let n = 0;

  const routed = (): Routed[] => parseLog(readFileSync(join(dir, 'nginx-access.log'), 'utf8'));
  /** GET /health through the proxy, tagged so its log line is found: who answered (the pid /health names). */
  async function ask(tag: string): Promise<Answer> {
    const r = await fetch(`${url}/health?probe=${tag}-${++n}`);
    const body = (await r.json()) as { process?: { pid: number }; error?: string };
    return {
      status: r.status,
      pid: body.process?.pid ?? null,
      error: body.error ?? null,
      retryAfter: r.headers.get('retry-after'),
    };
  }
  const asked = (tag: string) => routed().filter((l) => l.request.includes(`probe=${tag}-`));
  const pidOf = (p: ServerProcess) => p.child.pid!;

  beforeAll(async () => {
    [a, b] = await spawnPair(env, procs);
    const port = await freePort();
    const conf = execFileSync(
      'bash',
      [join(root, 'scripts/cluster.sh'), 'render-proxy', dir, `127.0.0.1:${port}`, a.address, b.address],
      { encoding: 'utf8' },
    );
    writeFileSync(join(dir, 'nginx.conf'), conf);
    nginx(dir);
    url = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${url}/health`)).status === 200, 'the proxy answers');
  }, 120_000);

  afterAll(async () => {
    try {
      nginx(dir, '-s', 'stop');
    } finally {
      await Promise.all(procs.map((p) => stop(p)));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kill -9: nobody sees an error, and nginx sends the dead process one request, then none', async () => {
    const before = new Set<number | null>();
    for (let i = 0; i < 6; i++) before.add((await ask('warm')).pid);
    expect(before).toEqual(new Set([pidOf(a), pidOf(b)]));

    a.kill('SIGKILL');
    await a.exited;
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await ask('killed'));
    expect(answers.map((x) => [x.status, x.pid])).toEqual(answers.map(() => [200, pidOf(b)]));
    // Every try of the dead process, in order: the first is refused ("502" in the log) and leaves it out.
    const triesOfDead = asked('killed').filter((l) => l.tried.some((t) => t.address === a.address));
    expect(triesOfDead.length).toBeGreaterThanOrEqual(1);
    for (const l of triesOfDead) expect(l.tried.map((t) => t.address)).toEqual([a.address, b.address]);
    // nginx counts fail_timeout in whole seconds: two tries of the dead process at least 19 s apart.
    for (let i = 1; i < triesOfDead.length; i++)
      expect(triesOfDead[i]!.at - triesOfDead[i - 1]!.at, 'a new request sent to the dead process').toBeGreaterThan(
        19_000,
      );
  });

  it('rolling restart: the killed process is back, the other stops (SIGTERM): every request is answered', async () => {
    const restarted = await spawnServer('A2', { env, port: a.port });
    procs.push(restarted);
    // nginx leaves the restarted process out for now (it refused a request a moment ago): B answers alone.
    for (let i = 0; i < 4; i++)
      expect((await ask('left-out')).pid, 'the restarted process is still left out').toBe(pidOf(b));

    b.kill('SIGTERM');
    const answers: Answer[] = [];
    let exited = false;
    void b.exited.then(() => (exited = true));
    while (!exited) answers.push(await ask('stopping'));
    for (let i = 0; i < 10; i++) answers.push(await ask('stopped'));
    expect(await b.exited).toBe(0);
    expect(
      answers.map((x) => x.status).filter((s) => s !== 200),
      'answers that were not 200',
    ).toEqual([]);
    expect(answers.at(-1)!.pid).toBe(pidOf(restarted));
    // Those after the exit went to the one process there is, through the entries nginx never leaves out.
    const stopped = asked('stopped');
    expect(stopped.map((l) => l.tried.at(-1)!.address)).toEqual(stopped.map(() => restarted.address));
  }, 120_000);

  it('nobody left: a 502 that says so, in JSON, with Retry-After', async () => {
    const last = procs.at(-1)!;
    last.kill('SIGKILL');
    await last.exited;
    const answer = await ask('nobody');
    expect(answer).toEqual({
      status: 502,
      pid: null,
      error: 'no game server process answered this request (they are restarting): try again in a moment',
      retryAfter: '1',
    });
  });
});
