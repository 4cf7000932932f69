import { defineConfig } from 'vitest/config';

// One vitest run over every package's unit and server tests; Playwright (e2e/) runs separately.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Every test's hang guard, never a speed bound (speed belongs in `pnpm bench`). With the whole suite under 2 busy
    // loops and the other engineers' load (load 10–19) a test took up to 77 s (legal-options.test, now with its own
    // 600 s) where 60 s was the limit. Above the waits' own guard (packages/server/test/harness.ts WAIT_GUARD_MS), so
    // a hang names what it waited for.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Node clients use the `ws` WebSocket, which reports a dead server's close (packages/server/test/node-websocket.ts);
    // and every HTTP request of the tests goes on a connection of its own (packages/server/test/one-request-per-connection.ts).
    setupFiles: ['packages/server/test/node-websocket.ts', 'packages/server/test/one-request-per-connection.ts'],
  },
});
