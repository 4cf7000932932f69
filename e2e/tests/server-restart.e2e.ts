// A server restart in the middle of a match (SIGTERM: the process closes every client with code 4001 and a live
// match ends without a result). The test starts its own server process (serve.ts, as the suite's, on its own port),
// brings two players and a spectator into the commitment window, sends it SIGTERM, and checks that all three pages
// say the match could not continue and counts for nobody, and that the button takes them back to the lobby.
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shot } from './helpers.js';
import { player, startMatch, type Match } from './match-setup.js';

const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3911);
const PORT = SUITE_PORT + 17;
const SERVER = `http://127.0.0.1:${PORT}`;
const SQLITE = join(tmpdir(), `star-eater-e2e-restart-${process.pid}.sqlite`);

/** serve.ts on PORT, serving the client build playwright.config.ts made for the suite; resolves once /health answers. */
async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'serve.ts'], {
    cwd: E2E_DIR,
    env: {
      ...process.env,
      PORT: String(PORT),
      CLIENT_DIR: join(E2E_DIR, `.client-dist-${SUITE_PORT}`),
      SQLITE_PATH: SQLITE,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr!.on('data', (d: Buffer) => process.stderr.write(`[restart server] ${d}`));
  // Ready when /health answers; an exit before that fails at once.
  let onExit = (_code: number | null): void => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = (code) => reject(new Error(`the test's server exited (${code})`));
    proc.once('exit', onExit);
  });
  const health = () =>
    fetch(`${SERVER}/health`).then(
      (r) => r.ok,
      () => false,
    );
  await Promise.race([
    expect.poll(health, { message: 'the test server answers /health', timeout: 60_000 }).toBe(true),
    exited,
  ]).finally(() => proc.off('exit', onExit));
  return proc;
}

let m: Match | undefined;
let server: ChildProcess | undefined;
test.afterAll(async () => {
  for (const c of m?.ctxs ?? []) await c.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  for (const f of [SQLITE, `${SQLITE}-shm`, `${SQLITE}-wal`]) rmSync(f, { force: true });
});

test('a server restart tells players and spectators the match could not continue, and leads back to the lobby', async ({
  browser,
}) => {
  try {
    server = await startServer();
    m = await startMatch(browser, ['Hal', 'Ivy'], {
      baseURL: SERVER,
      bViewport: { width: 390, height: 844 },
      seatTimeoutMs: 90_000,
    });
    const { a, b, ctxs, link } = m;
    // The third opener of the private invite link finds both seats taken and watches.
    const watcher = await player(browser, 'Jon', ctxs, { baseURL: SERVER });
    await watcher.goto(link);
    await expect(watcher.locator('#spectating')).toBeVisible();
    await a.locator('body').press('1');
    await a.click('#lock-in');
    await expect(b.locator('#opponent-lock .light.on')).toBeVisible();

    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    const text = 'The server is restarting — this match could not continue and counts for nobody.';
    for (const p of [a, b]) await expect(p.locator('#closed-message')).toHaveText(text);
    await expect(watcher.locator('#closed-message')).toContainText('could not continue and counts for nobody');
    expect(await exited).toBe(0);
    await shot(a, '50-server-restart');
    await shot(b, '50-server-restart-phone');
    await shot(watcher, '50-server-restart-spectator');
    // No rejoin is offered: the room is gone with the process.
    await expect(a.locator('#closed-rejoin')).toHaveCount(0);
    for (const p of [a, b, watcher]) {
      await p.click('#closed-lobby');
      await expect(p.locator('#create-private')).toBeVisible();
      expect(new URL(p.url()).hash).toMatch(/^(#\/?)?$/);
    }
  } finally {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  }
});
