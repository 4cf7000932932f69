// With REDIS_URL (several game-server processes behind one address) the per-address HTTP rate limits are the
// deployment's: every process takes its tokens from the same bucket in Redis, so a client whose requests the proxy
// spreads over two processes gets the allowed rate, not twice it. Each take is one Lua script (atomic: a refill and a
// take cannot interleave with another process'). The bucket's clock is the taking process' (the tests drive it); a
// process whose clock is behind the bucket's last take refills nothing rather than a negative amount.
// When Redis does not answer within TIMEOUT_MS the process falls back to its own bucket (the limit holds per process
// meanwhile) for RETRY_MS, so requests do not each wait for Redis during an outage, and says so in its log, once a
// minute at most (RedisCalls, shared with the seat ledger).
import type { Logger } from 'pino';
import { type BucketLimit, KeyedLimiter, type Take } from '../http/limits.js';
import type { RedisCommands } from './cluster.js';

const TIMEOUT_MS = 1000;
const RETRY_MS = 5000;
const KEY_PREFIX = 'star-eater:rate:';

/**
 * KEYS[1] the bucket (a hash: t = tokens, at = last take, ms); ARGV now, burst, per minute. Returns 0 when a token was
 * taken, else the ms until one is there. The key lives as long as a full refill takes (an empty bucket is a full one).
 */
const TAKE = `
local now = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local perMs = tonumber(ARGV[3]) / 60000
local b = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(b[1]) or burst
local at = tonumber(b[2]) or now
if now > at then
  tokens = math.min(burst, tokens + (now - at) * perMs)
  at = now
end
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / perMs) end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 1000)
return wait
`;

/** A per-address limiter: this process' own buckets (KeyedLimiter) or the deployment's (SharedLimiter). */
export interface Limiter {
  readonly limit: BucketLimit;
  /** Whether the limit holds across every process (Redis) or this one only. */
  readonly shared: boolean;
  take(key: string): Take | Promise<Take>;
}

/**
 * Calls to Redis that have a local answer to fall back on: `call` runs one (TIMEOUT_MS at most); after a failure the
 * next RETRY_MS skip Redis at once (requests do not each wait during an outage). `unavailable` is logged once a minute.
 */
export class RedisCalls {
  private warnedAt = Number.NEGATIVE_INFINITY;
  private downUntil = Number.NEGATIVE_INFINITY;

  constructor(
    readonly redis: RedisCommands,
    private readonly log: Logger,
    private readonly unavailable: string,
  ) {}

  /** `run`'s answer, or null when Redis is down or did not answer (the caller falls back). */
  async call<T>(what: string, run: (redis: RedisCommands) => Promise<T>): Promise<T | null> {
    if (Date.now() < this.downUntil) return null;
    try {
      return await withTimeout(run(this.redis), TIMEOUT_MS);
    } catch (err) {
      this.failed(err, what);
      return null;
    }
  }

  /** A call failed (also one whose answer nothing waited for). */
  failed(err: unknown, what: string): void {
    const t = Date.now();
    this.downUntil = t + RETRY_MS;
    if (t - this.warnedAt < 60_000) return;
    this.warnedAt = t;
    this.log.warn({ err, what }, this.unavailable);
  }
}

export class SharedLimiter implements Limiter {
  readonly shared = true;
  private readonly fallback: KeyedLimiter;
  private readonly calls: RedisCalls;

  /** `name` keeps the buckets of different limits apart (matchmake, api). */
  constructor(
    readonly limit: BucketLimit,
    private readonly name: string,
    redis: RedisCommands,
    log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new KeyedLimiter(limit, now);
    this.calls = new RedisCalls(redis, log, 'shared rate limit unavailable (Redis): limiting per process');
  }

  async take(key: string): Promise<Take> {
    const { burst, perMinute } = this.limit;
    const wait = await this.calls.call(`${this.name} limit`, (r) =>
      r.eval(TAKE, 1, `${KEY_PREFIX}${this.name}:${key}`, this.now(), burst, perMinute),
    );
    if (wait === null || !Number.isFinite(Number(wait))) return this.local(key);
    const ms = Number(wait);
    return ms <= 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  /** This process' own bucket for `key` (Redis not answering). */
  private local(key: string): Take {
    const taken = this.fallback.take(key);
    return taken.ok ? taken : { ...taken, shared: false };
  }
}

/** This process' limiters: shared through Redis when the process has it, its own buckets otherwise. */
export function openLimiters(
  limits: Record<'matchmake' | 'api', BucketLimit>,
  opts: { redis?: RedisCommands; log: Logger; now?: () => number },
): Record<'matchmake' | 'api', Limiter> {
  const make = (name: 'matchmake' | 'api'): Limiter => {
    if (opts.redis) return new SharedLimiter(limits[name], name, opts.redis, opts.log, opts.now);
    return new KeyedLimiter(limits[name], opts.now);
  };
  return { matchmake: make('matchmake'), api: make('api') };
}

/** `p`, or a rejection naming the wait once `ms` have passed. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
