import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Runs against the real server (packages/server/src/main.ts) serving the built client, in Debian's chromium.
const PORT = Number(process.env.E2E_PORT ?? 3911);
const SQLITE = join(tmpdir(), `star-eater-e2e-${process.pid}.sqlite`);

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.ts',
  outputDir: './artifacts/results',
  timeout: 300_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    actionTimeout: 8_000,
  },
  webServer: {
    // Build the client, then start the real server, which serves packages/client/dist.
    command: `pnpm --filter @star-eater/client build >/dev/null && node --import tsx ../packages/server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), SQLITE_PATH: SQLITE, LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn' },
    stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
    stderr: 'pipe',
  },
});
