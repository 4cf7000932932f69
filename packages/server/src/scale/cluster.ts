// How this process shares matchmaking with others. Without a Redis URL: Colyseus' embedded (in-memory) presence and
// driver, one process, nothing external. With one: @colyseus/redis-presence + @colyseus/redis-driver, so every
// process sees every room (quick match pairs players who reached different processes, GET /api/matches lists all
// of them, joinById works wherever the client asked) and a seat reservation names the process that holds the room
// by its public address, which the client then opens its WebSocket to.
import { hostname } from 'node:os';
import type { MatchMakerDriver, Presence } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { presenceCommands, type RedisEval } from '../colyseus-internals.js';

export type PresenceKind = 'local' | 'redis';

export interface ClusterOptions {
  /** redis://… — switches on the shared presence and driver. Empty / undefined: one embedded process. */
  redisUrl?: string | null | undefined;
  /**
   * host[:port][/path] that clients use to reach THIS process' WebSockets (no scheme; the client keeps its own
   * ws/wss). Needed with Redis (STACK gotcha 3); without Redis it is left unset and clients reuse their own URL.
   */
  publicAddress?: string | null | undefined;
  /** What the server listens on; the default public address is derived from it. */
  host: string;
  port: number;
}

/** The Redis commands the shared limits and seat ledger run (scale/shared-limits.ts, shared-ledger.ts): Lua scripts. */
export type RedisCommands = RedisEval;

export interface Cluster {
  kind: PresenceKind;
  presence?: Presence;
  driver?: MatchMakerDriver;
  publicAddress?: string;
  /** With Redis: its command connection (the presence's), for the limits every process shares. */
  redis?: RedisCommands;
}

/** The public address when none is configured: the listening host, or the machine's name for a wildcard host. */
export function defaultPublicAddress(host: string, port: number): string {
  const h = host === '0.0.0.0' || host === '::' || host === '' ? hostname() : host;
  return `${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${port}`;
}

/** Connects to Redis (failing fast with a clear message when it cannot be reached) or returns the embedded setup. */
export async function openCluster(opts: ClusterOptions, timeoutMs = 5000): Promise<Cluster> {
  if (!opts.redisUrl) return { kind: 'local' };
  const presence = new RedisPresence(opts.redisUrl);
  const driver = new RedisDriver(opts.redisUrl);
  try {
    await Promise.race([
      presence.exists('star-eater:ping'),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref(),
      ),
    ]);
  } catch (err) {
    presence.shutdown();
    await driver.shutdown().catch(() => {});
    throw new Error(`REDIS_URL ${redact(opts.redisUrl)} cannot be reached: ${(err as Error).message}`);
  }
  return {
    kind: 'redis',
    presence,
    driver,
    publicAddress: opts.publicAddress || defaultPublicAddress(opts.host, opts.port),
    redis: presenceCommands(presence),
  };
}

/** A URL without its password, for logs and errors. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
