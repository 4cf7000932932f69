// What a client of the two-process deployment meets while a process dies or stops: the loopback cluster
// (scripts/cluster.sh: game1 + game2 behind nginx, Redis, PostgreSQL) under a steady stream of requests through the
// proxy — GET /health and POST /matchmake/joinById/<a room nobody has> (a matchmaker round trip through Redis that
// changes nothing) — while it goes through:
//   kill -9 game1 · restart game1, then SIGTERM game2 at once (a rolling restart) · restart game2 ·
//   SIGTERM game1 while game2 runs · restart game1
// Prints, per phase and request kind, how many answers had which status (502/504: the proxy found no process),
// and from the proxy's access log how many requests it first sent to a process that was not there.
//   node scripts/handover.mjs [--workers 4] [--json]      (needs a build: pnpm build; nginx/Redis/PostgreSQL)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const workers = Number(args[args.indexOf('--workers') + 1]) || 4;
const asJson = args.includes('--json');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const cluster = (...a) =>
  execFileSync('bash', [join(root, 'scripts/cluster.sh'), ...a], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MATCHMAKE_LIMIT: '100000/6000000', API_LIMIT: '100000/6000000', LOG_LEVEL: 'warn' },
  });
const envOf = (text) =>
  Object.fromEntries(
    text
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  );

const env = envOf(cluster('start', '--no-build'));
const dir = env.CLUSTER_DIR;
const url = env.CLUSTER_URL;
const pid = (g) => Number(readFileSync(join(dir, `${g}.pid`), 'utf8'));
const port = (g) => readFileSync(join(dir, `${g}.port`), 'utf8').trim();

/** Every answer: when, which request, which status ('network' / 'timeout' when none came). */
const answers = [];
const phases = [];
let running = true;

async function one(kind) {
  const t = Date.now();
  const init =
    kind === 'health'
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectate":true}' };
  const target = kind === 'health' ? `${url}/health` : `${url}/matchmake/joinById/nobodyhas${t % 1000}`;
  let status;
  try {
    const r = await fetch(target, { ...init, signal: AbortSignal.timeout(10_000) });
    await r.arrayBuffer();
    status = String(r.status);
  } catch (err) {
    status = err.name === 'TimeoutError' ? 'timeout' : 'network';
  }
  answers.push({ t, kind, status });
}

async function worker() {
  while (running) {
    await one('health');
    await one('matchmake');
  }
}

async function phase(name, act, settleMs) {
  const start = Date.now();
  await act();
  await sleep(settleMs);
  phases.push({ name, start, end: Date.now() });
}

/** Waits until a process has exited (it is ours: started by cluster.sh). */
async function gone(p) {
  for (;;) {
    try {
      process.kill(p, 0);
    } catch {
      return;
    }
    await sleep(20);
  }
}

async function sigterm(g) {
  const p = pid(g);
  process.kill(p, 'SIGTERM');
  await gone(p);
}

const load = Array.from({ length: workers }, worker);
try {
  await phase('both up', async () => {}, 2000);
  await phase(
    'kill -9 game1 (game2 up)',
    async () => {
      const p = pid('game1');
      process.kill(p, 'SIGKILL');
      await gone(p);
    },
    7000,
  );
  await phase(
    'restart game1, then SIGTERM game2 at once',
    async () => {
      cluster('restart', dir, 'game1');
      await sigterm('game2');
    },
    7000,
  );
  await phase('restart game2', async () => void cluster('restart', dir, 'game2'), 2000);
  await phase('SIGTERM game1 (game2 up)', () => sigterm('game1'), 7000);
  await phase('restart game1', async () => void cluster('restart', dir, 'game1'), 2000);
} finally {
  running = false;
  await Promise.all(load);
}
const access = readFileSync(join(dir, 'nginx-access.log'), 'utf8');
const ports = `game1 :${port('game1')}, game2 :${port('game2')}`;
cluster('stop', dir);

const table = phases.map((p) => {
  const row = { phase: p.name, seconds: +((p.end - p.start) / 1000).toFixed(1) };
  for (const kind of ['health', 'matchmake']) {
    const mine = answers.filter((a) => a.kind === kind && a.t >= p.start && a.t < p.end);
    const statuses = {};
    for (const a of mine) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    row[kind] = { requests: mine.length, proxyErrors: (statuses['502'] ?? 0) + (statuses['504'] ?? 0), statuses };
  }
  return row;
});
// The routed log format (deploy/nginx.conf.template) names every process nginx tried for a request, in order.
const tried = [...access.matchAll(/ upstream="([^"]*)"/g)].map((m) => m[1].split(/, /));
const retried = tried.filter((list) => list.length > 1).length;
const summary = { workers, requests: answers.length, proxyRetries: tried.length ? retried : 'not logged', table };
if (asJson) console.log(JSON.stringify(summary, null, 2));
else {
  console.log(`${answers.length} requests through ${url}, ${workers} workers; ${ports}`);
  for (const r of table)
    console.log(
      `${r.phase.padEnd(44)} ${String(r.seconds).padStart(4)} s  /health ${r.health.requests} (502/504: ${r.health.proxyErrors}) ${JSON.stringify(r.health.statuses)}  /matchmake ${r.matchmake.requests} (502/504: ${r.matchmake.proxyErrors}) ${JSON.stringify(r.matchmake.statuses)}`,
    );
  console.log(`requests nginx passed on to another process after a failed try: ${summary.proxyRetries}`);
}
