// A test's own game server: serve.ts, as the suite's, on a port of its own with its own storage, serving the client
// build playwright.config.ts made for the suite. For tests that restart the server or need it configured otherwise.
import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { removeDatabase } from '../../packages/server/src/storage/sqlite-files.js';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const E2E_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3911);

export interface OwnServer {
  /** The suite's port plus `offset`: one per test file that starts its own. */
  port: number;
  url: string;
  sqlite: string;
  /** Starts serve.ts (again, on the same port and storage); resolves once /health answers. */
  start(): Promise<ChildProcess>;
  /** Removes the storage (after the server has stopped). */
  clean(): void;
}

export function ownServer(name: string, offset: number, env: Record<string, string> = {}): OwnServer {
  const port = SUITE_PORT + offset;
  const url = `http://127.0.0.1:${port}`;
  const sqlite = join(tmpdir(), `star-eater-e2e-${name}-${process.pid}.sqlite`);
  const start = async (): Promise<ChildProcess> => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'serve.ts'], {
      cwd: E2E_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        CLIENT_DIR: join(E2E_DIR, `.client-dist-${SUITE_PORT}`),
        SQLITE_PATH: sqlite,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    proc.stderr!.on('data', (d: Buffer) => process.stderr.write(`[${name} server] ${d}`));
    // Ready when /health answers; an exit before that fails at once.
    let onExit = (_code: number | null): void => {};
    const exited = new Promise<never>((_, reject) => {
      onExit = (code) => reject(new Error(`the test's server exited (${code})`));
      proc.once('exit', onExit);
    });
    const health = () =>
      fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      );
    await Promise.race([
      expect.poll(health, { message: 'the test server answers /health', timeout: 60_000 }).toBe(true),
      exited,
    ]).finally(() => proc.off('exit', onExit));
    return proc;
  };
  const clean = () => removeDatabase(sqlite);
  return { port, url, sqlite, start, clean };
}
