// Per-client flood limit: a token bucket every frame draws from (room/flood.ts counts all of them: room
// messages, requests, pings). Past the bucket a frame is dropped: the first drop of a second gets a notice naming
// the message (warn), the next ones none; a client whose drops within one second exceed `disconnectAfter` keeps
// flooding past the warning and is disconnected. A client merely a little over the rate is slowed, never cut off.
// The clock is injectable (RoomDeps.floodClock), so tests drive it.
export interface RateLimitOptions {
  /** Frames allowed in a burst. */
  burst: number;
  /** Sustained frames per second. */
  perSecond: number;
  /** Frames dropped within one second past which the client is disconnected. */
  disconnectAfter: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { burst: 40, perSecond: 20, disconnectAfter: 60 };

export type RateVerdict = 'ok' | 'warn' | 'drop' | 'disconnect';

export class RateLimiter {
  private tokens: number;
  private last: number;
  private dropped = 0;
  private windowStart = -Infinity;

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
      return 'ok';
    }
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.dropped = 1;
      return 'warn';
    }
    this.dropped += 1;
    return this.dropped > this.opts.disconnectAfter ? 'disconnect' : 'drop';
  }
}
