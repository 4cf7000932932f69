// The seat-reservation ledger of a deployment with several processes (REDIS_URL): an address that left a seat
// reservation unused holds no seat for STRIKE_MS on ANY process (seats/reservations.ts says why). A room lives on one
// process and its reservations are judged there, but a squatter's reservations land on every process' rooms: without
// this, each process would strike it only for what it saw itself.
// In Redis, per address: the player reservations still open (a sorted set, member = session id, score = when it was
// opened) and the time the address was last struck. Every new reservation first screens its address: one Lua script
// (atomic) turns the address' lapsed reservations, whichever process opened them, into a strike, and answers the
// strike; the process keeps it beside its own (ReservationLedger.strike) for the room's synchronous seat counts.
// Times are the ledger's clock (the tests drive it); the keys' Redis expiry only clears what can no longer matter.
// Redis not answering (RedisCalls: 1 s, then skipped for 5 s): the reservation is judged on what this process knows,
// and the log says so.
import type { Logger } from 'pino';
import { HOLD_MS, ReservationLedger, STRIKE_MS } from '../seats/reservations.js';
import type { RedisCommands } from './cluster.js';
import { RedisCalls } from './shared-limits.js';

const OPEN = 'star-eater:seats:open:';
const STRUCK = 'star-eater:seats:struck:';

/** KEYS[1] open reservations; ARGV session id, now, how long the set may matter (HOLD_MS + STRIKE_MS). */
const OPENED = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * KEYS[1] open reservations, KEYS[2] the strike; ARGV now, HOLD_MS, STRIKE_MS. The latest lapsed reservation (opened
 * HOLD_MS ago or more) strikes the address from its lapse on; lapsed ones leave the set. Returns the strike (ms) or nil.
 */
const SCREEN = `
local now = tonumber(ARGV[1])
local hold = tonumber(ARGV[2])
local strike = tonumber(ARGV[3])
local lapsed = redis.call('ZREVRANGEBYSCORE', KEYS[1], now - hold, '-inf', 'WITHSCORES', 'LIMIT', 0, 1)
if #lapsed > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - hold)
  local at = tonumber(lapsed[2]) + hold
  local before = tonumber(redis.call('GET', KEYS[2]) or '0')
  local left = at + strike - now
  if at > before and left > 0 then redis.call('SET', KEYS[2], tostring(at), 'PX', math.ceil(left)) end
end
return redis.call('GET', KEYS[2])
`;

export class SharedLedger extends ReservationLedger {
  private readonly calls: RedisCalls;

  constructor(redis: RedisCommands, log: Logger, now: () => number = Date.now) {
    super(now);
    this.calls = new RedisCalls(
      redis,
      log,
      'shared seat ledger unavailable (Redis): judging reservations on this process alone',
    );
  }

  override opened(sessionId: string, address: string): void {
    super.opened(sessionId, address);
    const at = this.now();
    this.send('ZADD', (r) => r.eval(OPENED, 1, OPEN + address, sessionId, at, HOLD_MS + STRIKE_MS));
  }

  override used(sessionId: string): void {
    const address = this.addressOf(sessionId);
    super.used(sessionId);
    if (address !== undefined)
      this.send('ZREM', (r) => r.eval("return redis.call('ZREM', KEYS[1], ARGV[1])", 1, OPEN + address, sessionId));
  }

  /** Before a reservation from `address` is judged: the strike any process' lapsed reservations earned it. */
  override async screen(address: string): Promise<void> {
    const at = await this.calls.call('SCREEN', (r) =>
      r.eval(SCREEN, 2, OPEN + address, STRUCK + address, this.now(), HOLD_MS, STRIKE_MS),
    );
    if (at !== null && at !== undefined) this.strike(address, Number(at));
  }

  /** A write whose answer nothing waits for: a failure is logged. */
  private send(what: string, run: (r: RedisCommands) => Promise<unknown>): void {
    void this.calls.call(what, run);
  }
}
