// Process-wide dependencies of the rooms (Colyseus builds rooms itself, so they cannot be passed in).
import type { Logger } from 'pino';
import type { BotSettings } from './bots/bot-seat.js';
import type { Sessions } from './players/session.js';
import type { RateLimitOptions } from './room/rate-limit.js';
import type { ReservationLedger } from './seats/reservations.js';
import type { Storage } from './storage/types.js';

export interface RoomDeps {
  storage: Storage;
  log: Logger;
  /** The players' session tokens (players/session.ts): a seat belongs to the player a token proves. */
  sessions: Sessions;
  /** Reconnection budget per seat and match, seconds (RULES §7: 180). */
  reconnectSeconds: number;
  /** Default timers, seconds (RULES §7). */
  timers: { draft: number; commit: number; prompt: number };
  /** How long a timer waits at most for the clients' animations (animation-wait.ts), seconds; 0: no wait. */
  animationCapSeconds: number;
  maxSpectators: number;
  /** Every open seat reservation of the process, and the addresses that left one unused (seats/reservations.ts). */
  reservations: ReservationLedger;
  rateLimit: RateLimitOptions;
  /** The computer opponents; null: none on this process. */
  bots: BotSettings | null;
  /** Quick match: seconds alone before the waiting player is offered the computer (0: never). */
  botOfferSeconds: number;
  /** The flood limiter's clock, ms (default performance.now; tests drive it). */
  floodClock?: () => number;
  /** True while the process drains before it stops (scale/drain.ts): no new match starts here, not even a rematch. */
  draining?: () => boolean;
  /** The write-ahead input log of every room (default on). `false`: rooms die with the process (bench). */
  wal?: boolean;
  /** This process' name as the owner of its rooms' logs (restore.ts): a restart under the same name takes them back. */
  instance?: string;
  /**
   * Where each match's secret seed comes from (default: 32 random bytes). Seeded randomness for tests that need a
   * known position (e2e/serve.ts: E2E_MATCH_SEED); a deployment never sets it.
   */
  matchSeed?: () => string;
}

let current: RoomDeps | null = null;

export function setRoomDeps(deps: RoomDeps): void {
  current = deps;
}

export function roomDeps(): RoomDeps {
  if (!current) throw new Error('room dependencies are not set: start the server through createGameServer()');
  return current;
}
