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

const pidOf = (p: ServerProcess) => p.child.pid!;

/** nginx, rendered by cluster.sh as on loopback, in front of two fresh processes A and B. */
class Routing {
  readonly env = { API_LIMIT: '100000/100000' };
  readonly dir = mkdtempSync(join(tmpdir(), 'se-routing-'));
  readonly procs: ServerProcess[] = [];
  url = '';
  a!: ServerProcess;
  b!: ServerProcess;
  private n = 0;

  async start(): Promise<void> {
    [this.a, this.b] = await spawnPair(this.env, this.procs);
    const port = await freePort();
    const conf = execFileSync(
      'bash',
      [join(root, 'scripts/cluster.sh'), 'render-proxy', this.dir, `127.0.0.1:${port}`, this.a.address, this.b.address],
      { encoding: 'utf8' },
    );
    writeFileSync(join(this.dir, 'nginx.conf'), conf);
    nginx(this.dir);
    this.url = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${this.url}/health`)).status === 200, 'the proxy answers');
  }

  async stop(): Promise<void> {
    try {
      nginx(this.dir, '-s', 'stop');
    } finally {
      await Promise.all(this.procs.map((p) => stop(p)));
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  /** GET /health through the proxy, tagged so its log line is found: who answered (the pid /health names). */
  async ask(tag: string): Promise<Answer> {
    const r = await fetch(`${this.url}/health?probe=${tag}-${++this.n}`);
    const body = (await r.json()) as { process?: { pid: number }; error?: string };
    return {
      status: r.status,
      pid: body.process?.pid ?? null,
      error: body.error ?? null,
      retryAfter: r.headers.get('retry-after'),
    };
  }

  /** The access log's lines of the requests tagged `tag`. */
  asked(tag: string): Routed[] {
    const lines = parseLog(readFileSync(join(this.dir, 'nginx-access.log'), 'utf8'));
    return lines.filter((l) => l.request.includes(`probe=${tag}-`));
  }
}

describe.skipIf(!hasNginx)('the proxy in front of two processes', () => {
  const r = new Routing();
  beforeAll(() => r.start(), 120_000);
  afterAll(() => r.stop());
  const ask = (tag: string) => r.ask(tag);
  const asked = (tag: string) => r.asked(tag);

  it('kill -9: nobody sees an error, and nginx sends the dead process one request, then none', async () => {
    const before = new Set<number | null>();
    for (let i = 0; i < 6; i++) before.add((await ask('warm')).pid);
    expect(before).toEqual(new Set([pidOf(r.a), pidOf(r.b)]));

    r.a.kill('SIGKILL');
    await r.a.exited;
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await ask('killed'));
    expect(answers.map((x) => [x.status, x.pid])).toEqual(answers.map(() => [200, pidOf(r.b)]));
    // Every try of the dead process, in order: the first is refused ("502" in the log) and leaves it out.
    const triesOfDead = asked('killed').filter((l) => l.tried.some((t) => t.address === r.a.address));
    expect(triesOfDead.length).toBeGreaterThanOrEqual(1);
    for (const l of triesOfDead) expect(l.tried.map((t) => t.address)).toEqual([r.a.address, r.b.address]);
    // nginx counts fail_timeout in whole seconds: two tries of the dead process at least 19 s apart.
    for (let i = 1; i < triesOfDead.length; i++)
      expect(triesOfDead[i]!.at - triesOfDead[i - 1]!.at, 'a new request sent to the dead process').toBeGreaterThan(
        19_000,
      );
  });

  it('rolling restart: the killed process is back, the other stops (SIGTERM): every request is answered', async () => {
    const restarted = await spawnServer('A2', { env: r.env, port: r.a.port });
    r.procs.push(restarted);
    // nginx leaves the restarted process out for now (it refused a request a moment ago): B answers alone.
    for (let i = 0; i < 4; i++)
      expect((await ask('left-out')).pid, 'the restarted process is still left out').toBe(pidOf(r.b));

    r.b.kill('SIGTERM');
    const answers: Answer[] = [];
    let exited = false;
    void r.b.exited.then(() => (exited = true));
    while (!exited) answers.push(await ask('stopping'));
    for (let i = 0; i < 10; i++) answers.push(await ask('stopped'));
    expect(await r.b.exited).toBe(0);
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
    const last = r.procs.at(-1)!;
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

describe.skipIf(!hasNginx)('the proxy in front of a stalled process', () => {
  const r = new Routing();
  beforeAll(() => r.start(), 120_000);
  afterAll(() => r.stop());

  it('SIGSTOP: a request it does not answer within 10 s goes to the other process; the next ones go there at once', async () => {
    r.a.kill('SIGSTOP');
    try {
      const answers: Answer[] = [];
      for (let i = 0; i < 6; i++) answers.push(await r.ask('stalled'));
      expect(answers.map((x) => [x.status, x.pid])).toEqual(answers.map(() => [200, pidOf(r.b)]));
      // The one that reached the stalled process timed out there ("504" in the log) and was passed on; no other did.
      const tried = r.asked('stalled').filter((l) => l.tried.some((t) => t.address === r.a.address));
      expect(tried.map((l) => l.tried)).toEqual([
        [
          { address: r.a.address, status: '504' },
          { address: r.b.address, status: '200' },
        ],
      ]);
    } finally {
      r.a.kill('SIGCONT');
    }
  });
});
