// Per-client token bucket on wall time (not the room clock, which tests may drive). A flood gets `rate-limited`
// errors (at most one a second) and, if it goes on, a disconnect; the room itself never stalls.
export interface RateLimitOptions {
  /** Messages allowed in a burst. */
  burst: number;
  /** Sustained messages per second. */
  perSecond: number;
  /** Messages refused in a row (without the bucket refilling) before the client is disconnected. */
  disconnectAfter: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 40, perSecond: 20, disconnectAfter: 200 };

export type RateVerdict = 'ok' | 'refuse' | 'refuse-silently' | 'disconnect';

export class RateLimiter {
  private tokens: number;
  private last: number;
  private refused = 0;
  private lastNotice = -Infinity;

  constructor(
    private readonly opts: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = opts.burst;
    this.last = now();
  }

  take(): RateVerdict {
    const t = this.now();
    this.tokens = Math.min(this.opts.burst, this.tokens + ((t - this.last) / 1000) * this.opts.perSecond);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refused = 0;
      return 'ok';
    }
    this.refused += 1;
    if (this.refused >= this.opts.disconnectAfter) return 'disconnect';
    if (t - this.lastNotice >= 1000) {
      this.lastNotice = t;
      return 'refuse';
    }
    return 'refuse-silently';
  }
}
