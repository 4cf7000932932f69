// Per-key (per-IP) token buckets for the HTTP surface and seat reservations: a burst, then a steady refill.
// The clock is injectable, so tests drive it instead of waiting. Idle keys are forgotten once their bucket is full
// again, so a scan from many addresses costs memory only while it lasts.

export interface BucketLimit {
  /** Requests allowed at once. */
  burst: number;
  /** Refill, requests per minute. */
  perMinute: number;
}

/** A token taken, or how long until one is there; `shared`: whether that refusal counted every process (Redis). */
export type Take = { ok: true } | { ok: false; retryAfterSeconds: number; shared?: boolean };

interface Bucket {
  tokens: number;
  at: number;
}

/** This process' own buckets (one process, or Redis unreachable: scale/shared-limits.ts). */
export class KeyedLimiter {
  readonly shared = false;
  private buckets = new Map<string, Bucket>();
  private lastSweep: number;

  constructor(
    readonly limit: BucketLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** Takes one token for `key`, or says how many seconds until one is there. */
  take(key: string): Take {
    const t = this.now();
    this.sweep(t);
    const b = this.refill(key, t);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    const msPerToken = 60_000 / this.limit.perMinute;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - b.tokens) * msPerToken) / 1000)) };
  }

  private refill(key: string, t: number): Bucket {
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.limit.burst, at: t };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.limit.burst, b.tokens + ((t - b.at) / 60_000) * this.limit.perMinute);
    b.at = t;
    return b;
  }

  /** Once a minute at most: drop the buckets that have refilled (they hold nothing a fresh bucket would not). */
  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    const full = (this.limit.burst / this.limit.perMinute) * 60_000;
    for (const [k, b] of this.buckets) if (t - b.at >= full) this.buckets.delete(k);
  }
}

/** "burst/perMinute" (main.ts: MATCHMAKE_LIMIT), e.g. "20/30"; throws naming what is wrong. */
export function parseBucketLimit(text: string, name: string): BucketLimit {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new Error(`${name} must be "burst/perMinute" with both at least 1, e.g. "20/30" (got "${text}")`);
  return { burst: Number(m[1]), perMinute: Number(m[2]) };
}
