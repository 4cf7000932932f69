import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Runs against the real game server (serve.ts) serving a client built for the tests, in Debian's chromium.
const PORT = Number(process.env.E2E_PORT ?? 3911);
/** Where the tests drive the room clocks (clock-control.ts): the next port. */
export const CLOCK_PORT = PORT + 1;
// The tests' own client build, apart from packages/client/dist (which other tools rebuild while tests run). One per
// port, so two runs on different ports do not share it either.
const CLIENT_DIR = join(dirname(fileURLToPath(import.meta.url)), `.client-dist-${PORT}`);
// The run's database, named once by the runner process (the workers load this file too, and inherit the name):
// run-db.ts removes it after a run that passed, and keeps it (printing where) after one that failed. The pid alone
// is not enough: a kept file of an earlier run whose pid came round again would be opened with its matches and records.
process.env.E2E_SQLITE ??= join(tmpdir(), `star-eater-e2e-${process.pid}-${Date.now().toString(36)}.sqlite`);
const SQLITE = process.env.E2E_SQLITE;

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  outputDir: './artifacts/results',
  timeout: 300_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // No retries: a test that fails once is a failure, to be fixed at its cause.
  retries: 0,
  reporter: [['list'], ['./run-db.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    actionTimeout: 8_000,
  },
  webServer: {
    // Build the client into CLIENT_DIR, then start the real server, which serves it.
    command: `pnpm --filter @star-eater/client exec vite build --outDir ${CLIENT_DIR} --emptyOutDir >/dev/null && node --import tsx serve.ts`,
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      CLOCK_PORT: String(CLOCK_PORT),
      CLIENT_DIR,
      SQLITE_PATH: SQLITE,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Quick match offers the computer after this wait (computer.e2e.ts); two players meet long before it.
      BOT_OFFER_SECONDS: '6',
      // The computer's pause before it acts, ms: short, so that a whole match against it fits a test.
      BOT_PAUSE_MS: '100-250',
      // A finished match stored at start, for the replay review tests (review.e2e.ts).
      E2E_REVIEW_RECORD: 'review-sim',
    },
    stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
    stderr: 'pipe',
  },
});
