// docker-compose's topology on loopback (scripts/cluster.sh: the production build as two processes, Redis, PostgreSQL,
// nginx from the compose template), and a web match through its proxy across a kill -9 of the process that holds it
// (issue 11): two players and a spectator in the commitment window with one seat locked; the holder is killed; the
// other process takes the match over once the holder's lease (LEASE_MS, short here) runs out; all three pages find it
// there by themselves (the "reconnecting" banner comes, then goes), the lock-in is still there, the players finish the
// match and the spectator sees the end.
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { driveUntil, inCommit } from './drive.js';
import { shot } from './helpers.js';
import { player, startMatch, type Match } from './match-setup.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3911);

interface Cluster {
  dir: string;
  url: string;
  pids: Record<'game1' | 'game2', number>;
}

function startCluster(): Cluster {
  // The server bundle (esbuild, about a second); the client is the suite's own production build.
  execFileSync('pnpm', ['--filter', '@star-eater/server', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const out = execFileSync('bash', ['scripts/cluster.sh', 'start', '--no-build'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PROXY_PORT: String(SUITE_PORT + 19),
      CLIENT_DIR: join(ROOT, 'e2e', `.client-dist-${SUITE_PORT}`),
      LEASE_MS: '1500',
      LOG_LEVEL: 'warn',
    },
  });
  const v = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2)),
  ) as Record<string, string>;
  const need = ['CLUSTER_DIR', 'CLUSTER_URL', 'GAME1_PID', 'GAME2_PID'];
  for (const k of need) if (!v[k]) throw new Error(`cluster.sh start printed no ${k}: ${out}`);
  return { dir: v.CLUSTER_DIR!, url: v.CLUSTER_URL!, pids: { game1: Number(v.GAME1_PID), game2: Number(v.GAME2_PID) } };
}

/** The replica (game1 / game2) a page's match WebSocket went through last: the proxy's /gameN/ prefix. */
function replicaOf(sockets: string[]): 'game1' | 'game2' {
  const last = sockets.at(-1) ?? '';
  const m = last.match(/\/(game[12])\/[^/]+\/[^/?]+\?/);
  if (!m) throw new Error(`no match WebSocket through the proxy yet (sockets: ${sockets.join(', ')})`);
  return m[1] as 'game1' | 'game2';
}

function trackSockets(p: Page): string[] {
  const urls: string[] = [];
  p.on('websocket', (ws) => urls.push(ws.url()));
  return urls;
}

let cluster: Cluster | undefined;
let m: Match | undefined;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
  if (cluster) execFileSync('bash', ['scripts/cluster.sh', 'stop', cluster.dir], { cwd: ROOT, stdio: 'inherit' });
});

test('a match through the proxy survives a kill -9 of its process: the other one takes it over, every page follows', async ({
  browser,
}) => {
  cluster = startCluster();
  m = await startMatch(browser, ['Kim', 'Lev'], { baseURL: cluster.url, seatTimeoutMs: 90_000 });
  const { a, b, ctxs, link } = m;
  const watcher = await player(browser, 'Mo', ctxs, { baseURL: cluster.url });
  const sockets = new Map<Page, string[]>([
    [a, []],
    [b, []],
    [watcher, trackSockets(watcher)],
  ]);
  await watcher.goto(link);
  await expect(watcher.locator('#spectating')).toBeVisible();
  // The players' pages were opened before the tracking: their next sockets (the resume) are what counts.
  sockets.set(a, trackSockets(a));
  sockets.set(b, trackSockets(b));
  const holder = replicaOf(sockets.get(watcher)!);
  const other = holder === 'game1' ? 'game2' : 'game1';

  await a.locator('body').press('1');
  await a.click('#lock-in');
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
  await shot(watcher, '60-cluster-before-kill-spectator');

  const killedAt = Date.now();
  process.kill(cluster.pids[holder], 'SIGKILL');
  for (const p of [a, b, watcher]) await expect(p.locator('#reconnecting')).toBeVisible();
  await shot(a, '61-cluster-reconnecting');
  await shot(watcher, '61-cluster-reconnecting-spectator');

  // Back without a click: the SDK's retries of the dead address give up, the matchmaker finds the match on the
  // other process once it has taken it over (lease 1.5 s), and the page joins it there.
  for (const p of [a, b, watcher]) await expect(p.locator('#reconnecting')).toHaveCount(0, { timeout: 60_000 });
  // A figure for the README (not a bound): kill -9 to every page back in the match.
  console.log(`cluster: every page back ${Date.now() - killedAt} ms after the kill -9 (LEASE_MS 1500)`);
  for (const p of [a, b, watcher]) expect(replicaOf(sockets.get(p)!)).toBe(other);
  await expect(watcher.locator('#spectating')).toBeVisible();
  await expect(b.locator('#opponent-lock .light.on')).toBeVisible();
  await expect(a.locator('#revise')).toBeVisible();
  await shot(a, '62-cluster-taken-over');
  await shot(watcher, '62-cluster-taken-over-spectator');

  // The match goes on there: round 1 resolves, then Kim concedes in round 2.
  await b.locator('body').press('4');
  await b.click('#lock-in');
  await driveUntil([a, b], inCommit(2));
  await a.click('#concede');
  await a.click('#concede-dialog-confirm');
  await expect(a.locator('#end-title')).toHaveText('Defeat');
  await expect(b.locator('#end-title')).toHaveText('Victory');
  await expect(watcher.locator('#end-screen')).toBeVisible();
  await shot(watcher, '63-cluster-end-spectator');
});
