// The room as the parts it is made of see it (the seats: seats/seat-log.ts): its synced state, its match, its log
// lines, its clock and timers, and the steps that send what changed. room-parts.ts adds the parts themselves, for
// the code that works across them (inputs, messages, a player's return, the start, the restore).
import type { Logger } from 'pino';
import type { Match } from '../match/match.js';
import type { MatchRoomState } from '../output/state.js';
import type { RoomTimers } from './room-timers.js';

export interface RoomCore {
  readonly state: MatchRoomState;
  readonly log: Logger;
  readonly match: Match;
  /** The match's timers on the room clock; each expiry is an input of the log (room-timers.ts). */
  readonly timers: RoomTimers;
  /** The room clock, ms (a test may drive it); an input's own while it is applied. */
  clockNow(): number;
  /** Runs one step of the room (a timer, a start, a forfeit), errors logged, and sends what it changed. */
  guard(what: string, fn: () => void): void;
  /** The synced state changed: a patch at the end of the turn (output/outbox.ts). */
  changed(): void;
  /** The listing (lobby) follows the state (output/listing.ts); the state changed too. */
  updateMetadata(): void;
  /** Nobody is connected and nothing is held any more: the room may go (a restored room nobody came back to). */
  idle(): void;
}
