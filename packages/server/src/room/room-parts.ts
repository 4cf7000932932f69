// The room as the code that works across its parts sees it (MatchRoom is the one implementation): what each logged
// input does (log/inputs.ts), a client's message (client-messages.ts), the match's and the computer's views of the
// room (match/match-room-host.ts, match/computer-host.ts), the first start (match/match-start.ts), a player's return
// (seats/seat-return.ts) and the restore (log/restore.ts).
import type { Seat } from '@star-eater/engine';
import type { Input } from '../log/input-log.js';
import type { Journal } from '../log/journal.js';
import type { Computer } from '../match/computer.js';
import type { Outcome } from '../match/match-host.js';
import type { SeatLog } from '../seats/seat-log.js';
import type { Emotes } from './emotes.js';
import type { RateLimiter } from './rate-limit.js';
import type { RoomCore } from './room-core.js';

/** A client in the room: a player in a seat, or a spectator. */
export interface Member {
  role: 'player' | 'spectator';
  seat: Seat | null;
  limiter: RateLimiter;
}

export interface RoomParts extends RoomCore {
  readonly roomId: string;
  /** Colyseus disposes of the room once it is empty (a restored room waits for its seats' tokens first). */
  autoDispose: boolean;
  /** The seats as inputs of the log: taken, held for a reconnection, back, given up (seat-log.ts). */
  readonly seats: SeatLog;
  /** The write-ahead log of the room's inputs (log/journal.ts). */
  readonly journal: Journal;
  /** The computer opponent and quick match's offer to play it (match/computer.ts), made when first asked for. */
  readonly computer: Computer;
  /** The computer if the room has one now (it sits, or may be offered), without making one. */
  readonly madeComputer: Computer | null;
  readonly emotes: Emotes;
  /** A private room's invite code (seats/admission.ts); null for a public room. */
  readonly invite: string | null;
  /** The room is being rebuilt from its log: nothing is sent, stored or logged. */
  readonly replaying: boolean;
  /** Logs an input, then applies it. */
  write(input: Input): Promise<void>;
  /** Applies a logged input: live once it is in the log, or replayed from it (log/inputs.ts). */
  apply(input: Input): Outcome | undefined;
  /** A client in the room. */
  member(sessionId: string): Member | undefined;
  /** The process drains before it stops (scale/drain.ts): no new match starts here. */
  draining(): boolean;
  /** Sends the pending patch now, in the same write as whatever follows it this turn (output/outbox.ts). */
  flushPatch(): void;
  /** The room out of matchmaking (true) or back in (false). */
  setPrivate(value: boolean): Promise<void>;
  /** Open to spectators by id. */
  unlock(): Promise<void>;
  /** The seat desk re-reads the room (seats/reservations.ts). */
  refreshSeats(): void;
  /** Both seats are taken: out of matchmaking, then the first match (match/match-start.ts). */
  startFirstMatch(): Promise<void>;
}
