// Builds the game server: express + Colyseus 0.18 core on one port (HTTP API, the built client, WebSockets).
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Logger } from 'pino';
import { setRoomDeps, type RoomDeps } from './deps.js';
import { mountHttp } from './http.js';
import { createLogger } from './log.js';
import { DEFAULT_RATE_LIMIT } from './rooms/rate-limit.js';
import { MatchRoom } from './rooms/MatchRoom.js';
import { openStorage } from './storage/index.js';
import type { Storage } from './storage/types.js';

export interface GameServerOptions {
  port?: number;
  host?: string;
  storage?: Storage;
  log?: Logger;
  clientDir?: string | null;
  room?: Partial<Omit<RoomDeps, 'storage' | 'log'>>;
}

export interface GameServer {
  server: Server;
  port: number;
  storage: Storage;
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../client/dist', import.meta.url));

export async function createGameServer(opts: GameServerOptions = {}): Promise<GameServer> {
  const log = opts.log ?? createLogger();
  const storage = opts.storage ?? (await openStorage());
  const startedAt = Date.now();
  setRoomDeps({
    storage,
    log,
    reconnectSeconds: 180,
    timers: { draft: 45, commit: 60, prompt: 30 },
    maxSpectators: 64,
    rateLimit: DEFAULT_RATE_LIMIT,
    ...opts.room,
  });
  const transport = new WebSocketTransport({ pingInterval: 10_000, pingMaxRetries: 3 });
  const server = defineServer({
    rooms: { match: defineRoom(MatchRoom) },
    transport,
    greet: false,
    gracefullyShutdown: false,
    express: (app) => mountHttp(app, { storage, startedAt, clientDir: opts.clientDir === undefined ? DEFAULT_CLIENT_DIR : opts.clientDir }),
  });
  await server.listen(opts.port ?? 2567, opts.host ?? '0.0.0.0');
  const port = (transport.server!.address() as AddressInfo).port;
  log.info({ port, storage: storage.kind }, 'game server listening');
  return {
    server,
    port,
    storage,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.gracefullyShutdown(false);
      await storage.close();
    },
  };
}
