import { defineConfig } from 'vitest/config';

// One vitest run over every package's unit and server tests; Playwright (e2e/) runs separately.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Node clients use the `ws` WebSocket, which reports a dead server's close (packages/server/src/node-websocket.ts).
    setupFiles: ['packages/server/src/node-websocket.ts'],
  },
});
