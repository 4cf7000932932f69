// A room's side of its write-ahead log: writing inputs before they act (input-log.ts), the replay flag
// restore.ts sets, the record a replay produced, knowing a restored seat's token by its hash, and what becomes of
// the log when the room goes (kept for the next start at a shutdown, dropped once the room is done).
import type { Room } from '@colyseus/core';
import type { Logger } from 'pino';
import type { Seat } from '@star-eater/engine';
import { forgetRestoredSeat, registerRestoredSeat } from '../colyseus-internals.js';
import type { RoomDeps } from '../deps.js';
import type { MatchEnd } from '../players/result.js';
import type { ResultWritten, SavedRecord } from '../storage/player-store.js';
import { LeaseLost, type Storage } from '../storage/types.js';
import { InputLog, tokenHash, type Input } from './input-log.js';
import type { SeatLog } from '../seats/seat-log.js';

export class Journal {
  readonly wal: InputLog;
  /** The room is being rebuilt from its log: nothing is sent, stored or logged. */
  replaying = false;
  /**
   * The last result the replay produced: restore.ts stores it (if the crash came before it was stored) and `told`
   * hands the stored result to the match, whose end screen then says what the match counted for.
   */
  replayedResult: {
    end: MatchEnd;
    saved: SavedRecord | null;
    told: (written: ResultWritten | null) => void;
  } | null = null;

  private readonly storage: Storage;
  /** The log is kept (INPUT_LOG is not off). */
  private readonly on: boolean;
  /** This process' name as the room's owner (the appends are fenced on it: storage/types.ts). */
  private readonly owner: string;

  constructor(
    deps: Pick<RoomDeps, 'storage' | 'wal' | 'instance'>,
    private readonly roomId: string,
    private readonly log: Logger,
    now: () => number,
    /** Another process took the room over (lease.ts): the room gives itself up. */
    onLost: () => void,
  ) {
    this.storage = deps.storage;
    this.on = deps.wal !== false;
    this.owner = deps.instance ?? 'solo';
    this.wal = new InputLog(this.on ? this.storage : null, roomId, this.owner, now, onLost);
  }

  /** A new room's log, opened with its creation (restore.ts SavedOptions) before its first input. */
  async open(options: unknown): Promise<void> {
    if (!this.on) return;
    await this.storage.openRoom({ roomId: this.roomId, owner: this.owner, createdAt: Date.now(), options });
  }

  /** Logs an input, then applies it; a failed write is logged and changes nothing (the caller may tell its client). */
  write(input: Input, apply: () => void): Promise<void> | undefined {
    const p = this.wal.write(input, apply);
    p?.catch((err: unknown) => {
      if (err instanceof LeaseLost)
        this.log.info({ input: input.k }, "input refused: the match is another process' now");
      else this.log.error({ err, input: input.k }, 'the input log could not be written');
    });
    return p;
  }

  /** Another process holds the room now: nothing more is written or applied here. */
  get lost(): boolean {
    return this.wal.lost;
  }

  /** A reconnection token shown to the room: the restored seats it opens get a Colyseus reservation for it. */
  recognise(room: Room, seats: SeatLog, token: string): void {
    if (!seats.restored.size) return;
    for (const sid of seats.recognise(token, tokenHash(token))) registerRestoredSeat(room, sid, token);
  }

  /** A restored seat's player is back (its session): its seat, its old token's reservation gone; null if none. */
  returning(room: Room, seats: SeatLog, sessionId: string): Seat | null {
    const back = seats.restored.get(sessionId);
    if (!back) return null;
    seats.restored.delete(sessionId);
    if (back.raw) forgetRestoredSeat(room, sessionId, back.raw);
    return back.seat;
  }

  /** Whether the log outlives the process at a shutdown: a match being played or waiting for its players. */
  keeps(phase: string): boolean {
    return this.on && phase !== 'finished';
  }

  /** Settles once the room's log is closed (dispose), or at once when it is kept. */
  closed: Promise<void> = Promise.resolve();

  /** The room is gone: its log has nothing left to restore (unless `keep`: a shutdown that keeps it). */
  dispose(keep: boolean): void {
    if (keep || !this.on || this.wal.lost) return; // a lost room's log is its new owner's
    // After the appends still in flight (a last `leave`): closed first, the log would refuse them as another's.
    this.closed = this.wal
      .settled()
      .then(() => this.storage.closeRoom(this.roomId))
      .catch((err: unknown) => this.log.error({ err }, 'the input log could not be closed'));
  }
}
