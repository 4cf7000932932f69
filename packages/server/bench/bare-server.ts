// The bare Colyseus 0.18 server of `pnpm bench server --baseline` (bare-room.ts): one room type, Colyseus' own
// WebSocket transport with the match server's ping settings, and a /health that answers what the bench reads
// (memory, rooms, live matches, the event loop's delay). Environment: PORT, BARE_PROFILE (the frame profile, JSON).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { defineRoom, defineServer, type Room } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { BareRoom } from './bare-room.js';

const rooms = new Set<Room>();
const bare = defineRoom(BareRoom);
bare.on('create', (room) => rooms.add(room));
bare.on('dispose', (room) => rooms.delete(room));
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const server = defineServer({
  rooms: { bare },
  transport: new WebSocketTransport({ pingInterval: 10_000, pingMaxRetries: 3 }),
  greet: false,
  express: (app) => {
    app.get('/health', (_req, res) => {
      (globalThis as { gc?: () => void }).gc?.();
      const mem = process.memoryUsage();
      res.json({
        rooms: rooms.size,
        liveMatches: [...rooms].filter((r) => r.clients.length === 2).length,
        memory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, arrayBuffersBytes: mem.arrayBuffers },
        eventLoopDelayMs: {
          p50: +(loop.percentile(50) / 1e6).toFixed(1),
          p99: +(loop.percentile(99) / 1e6).toFixed(1),
          max: +(loop.max / 1e6).toFixed(1),
        },
      });
      loop.reset();
    });
  },
});
await server.listen(Number(process.env.PORT), '127.0.0.1');
