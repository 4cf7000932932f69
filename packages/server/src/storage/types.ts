// One storage interface (embedded SQLite by default, PostgreSQL when DATABASE_URL is set) for what must survive a
// process: finished matches' records (RULES §10) and the write-ahead input log of the rooms being played.
// Rooms hold only a cache of their match; storage/migrations/ is the one versioned schema of both.
import type { MatchEnd } from '../players/result.js';
import type { PlayerStore, ResultWritten, SavedRecord } from './player-store.js';
import type { RecordSummary } from './record-summary.js';

export type { RecordSummary } from './record-summary.js';

/** A room being played, as its log knows it. */
export interface LiveRoom {
  roomId: string;
  /** The instance (process name) that holds it now. */
  owner: string;
  createdAt: number;
  /** The room's creation options (what onCreate was given). */
  options: unknown;
}

/** One accepted input of a room, in order (`at`: the room clock when it was accepted, ms). */
export interface LogEntry {
  seq: number;
  at: number;
  entry: unknown;
}

export interface ClaimedRoom extends LiveRoom {
  /** The previous owner's last heartbeat (ms; 0 when none): it was alive until then at least. */
  ownerAliveAt: number;
  entries: LogEntry[];
}

/** An append refused because the room is not this process' any more (another process took it over). */
export class LeaseLost extends Error {
  constructor(readonly roomId: string) {
    super(`room ${roomId}: another process has taken this match over (lease lost)`);
    this.name = 'LeaseLost';
  }
}

export interface Storage {
  readonly kind: 'sqlite' | 'postgres';
  /** Brings the schema to the newest version (storage/migrations). */
  init(): Promise<void>;
  saveRecord(summary: RecordSummary, record: unknown): Promise<void>;
  /** The most recent first. */
  listRecords(limit: number): Promise<RecordSummary[]>;
  getRecord(id: string): Promise<unknown | null>;

  // ---------------------------------------------------------------- players (players/, player-store.ts)
  /** Players, their ratings and games (usable once init() resolved). */
  readonly players: PlayerStore;
  /**
   * A finished match's result with its record (null: none, the match ended before its draft was over), in one
   * transaction keyed on the match: written once (player-store.ts saveResult).
   */
  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten>;
  /**
   * The session tokens' signing key when SESSION_SECRET is not set: made at random on the first start and kept
   * (SQLite: in a file beside the database; PostgreSQL: in the database, the same for every process).
   */
  sessionSecret(): Promise<string>;

  // ---------------------------------------------------------------- the input log (never served by any API)
  openRoom(room: LiveRoom): void | Promise<void>;
  /**
   * Appends to the log of a room `owner` holds: a promise of the append kept (SQLite: written to its journal, after
   * which a kill -9 keeps it; PostgreSQL: the row's transaction). The caller acts on the input only after it.
   * Fenced: a room another process took over (its owner is not `owner` any more: with SQLite, not this very start of
   * it either; with PostgreSQL, or its log already has `seq`) refuses the append with LeaseLost (the promise's
   * rejection), and nothing is written.
   */
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void>;
  /**
   * Where a store can append at once (SQLite, to its journal: sqlite-journal.ts): returns once the entry is kept
   * (as append's promise settling), so the room acts on the input in the same turn; throws what append would reject
   * with. The rooms use it whenever it is there.
   */
  appendNow?: (roomId: string, owner: string, seq: number, at: number, entry: string) => void;
  /**
   * Whether the room's log is open (its match is being played, or will be again once restored or taken over): a
   * room id neither listed nor logged is gone for good (http/matchmake.ts answers MATCH_GONE).
   */
  logOpen(roomId: string): Promise<boolean>;
  /** The rooms whose log `owner` holds now (a process that stalled past its lease checks which it lost). */
  ownedRooms(owner: string): Promise<string[]>;
  /** The room is gone (disposed, or its match over and everyone left): its log goes with it. */
  closeRoom(roomId: string): Promise<void>;
  /** This instance is alive at `now` (ms): the lease on its rooms. */
  heartbeat(owner: string, now: number): Promise<void>;
  /**
   * Takes over, atomically per room (never two takers), the rooms of owners whose heartbeat is older than
   * `staleBefore` (or missing) — and, with `own`, the rooms already under `me` (a restart under the same name) —
   * and returns them with their logs.
   */
  claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]>;
  close(): Promise<void>;
}
