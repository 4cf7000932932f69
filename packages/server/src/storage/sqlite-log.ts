// The input log on SQLite (types.ts Storage): appends go to this start's journal first and into the table in
// batches (sqlite-journal.ts); every write to the database is in the turn's group commit (sqlite-group-commit.ts).
// The log is kept in the order it was written (a rowid table, no key on room and seq: migration 003): an append then
// writes one page, the table's last, where a key (room, seq) also wrote a page of its index at a random place, which
// was 40 % of an append's cost. Reading a room's log back (a restore, rare) scans the table once for all the rooms it
// takes; a room that is gone leaves its rows to the sweep, which scans the table in small steps.
// One process owns a SQLite file. What the key also did, refuse a second process appending to a room under the
// same name, the owner fence does: this process writes its rooms' owner as its name plus an epoch of its own start,
// so a second process with the same name (a restart while the first still runs) that takes the rooms over fences
// the first out, and its appends are refused (LeaseLost), as a duplicate seq was.
// Taking an owner's rooms over fences its journal and fills the table with the rest of it in the same transaction as
// the claim (journal-files.ts).
import { randomBytes } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  checkJournalRoomId,
  deleteJournal,
  fenceAndRead,
  journalOwners,
  type JournalPlace,
  type JournalRow,
} from './journal-files.js';
import type { SqliteGroupCommit } from './sqlite-group-commit.js';
import { SqliteJournal } from './sqlite-journal.js';
import type { ClaimedRoom, LiveRoom, LogEntry } from './types.js';

/** An owner as stored: `name#epoch`, the epoch 12 characters (migration 003 gives older rows one too). */
const EPOCH_LENGTH = 12;
/** The name in an owner as stored (what the instances' heartbeats are keyed by). */
const nameOf = (stored: string) => stored.slice(0, -(EPOCH_LENGTH + 1));
/** The owner's name in SQL (what the instances' heartbeats are keyed by). */
const NAME_OF = (column: string) => `substr(${column}, 1, length(${column}) - ${EPOCH_LENGTH + 1})`;

/**
 * An append, fenced on the room's owner (types.ts append): one statement, so the check and the write are one
 * transaction; 0 rows changed = refused (another owner). Parameters: seq, at, entry, room id, owner as stored.
 */
const FENCED_APPEND = `INSERT INTO input_log (room_id, seq, at, entry)
  SELECT room_id, ?, ?, ? FROM live_rooms WHERE room_id = ? AND owner = ?`;

/**
 * A fill's rows FILL_CHUNK at a time: FENCED_APPEND's check (the room is still this owner's) as a join, each row
 * inserted only if its room passes it; SQLite scans the VALUES in order and looks each room up by its key, so the
 * rows go in in write order. One statement for 16 rows cost 1.0 µs a row against 1.6 for one each.
 */
const FILL_CHUNK = 16;
const FENCED_APPENDS = `INSERT INTO input_log (room_id, seq, at, entry)
  SELECT r.room_id, v.column2, v.column3, v.column4
  FROM (VALUES ${Array.from({ length: FILL_CHUNK }, () => '(?, ?, ?, ?)').join(', ')}) v
  JOIN live_rooms r ON r.room_id = v.column1 AND r.owner = ?`;

/** The sweep: rows of rooms that are gone, in one step of rowids. */
const SWEEP = `DELETE FROM input_log WHERE rowid >= ? AND rowid < ?
  AND NOT EXISTS (SELECT 1 FROM live_rooms r WHERE r.room_id = input_log.room_id)`;
/** Rows a sweep step looks at (a pass over 100,000 rows, about 1,000 matches' logs, takes 100 steps: 25 s). */
export const SWEEP_STEP = 1000;
/** Time between two sweep steps, ms. */
export const SWEEP_EVERY_MS = 250;

export class SqliteInputLog {
  private readonly insert: StatementSync;
  private readonly insertChunk: StatementSync;
  private readonly open: StatementSync;
  private readonly sweepStep: StatementSync;
  /** The rowid SWEEP_STEP rows on from a given one: where a sweep step ends. */
  private readonly sweepEnd: StatementSync;
  private readonly closeStmt: StatementSync;
  private readonly beat: StatementSync;
  /** This process' start: the owner it writes is `name#epoch`. */
  private readonly epoch = randomBytes(9).toString('base64url');
  /** The sweep's next rowid, and whether a room went since its pass began (null: no pass under way). */
  private sweep: { from: number; again: boolean } | null = { from: 0, again: false };
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private readonly journals = new Map<string, SqliteJournal>();
  private lastJournal: [owner: string, journal: SqliteJournal] | null = null;
  private closed = false;
  private readonly filledTo: StatementSync;
  private readonly setFilled: StatementSync;
  private readonly dropFilled: StatementSync;

  /**
   * `db`: the connection of every write, whose group commits are `commits` (sqlite-group-commit.ts); `journalDir`:
   * where the journals are (journal-files.ts journalDir).
   */
  constructor(
    private readonly db: DatabaseSync,
    private readonly commits: SqliteGroupCommit,
    private readonly journalDir: string,
    private readonly segmentBytes?: number,
  ) {
    this.insert = db.prepare(FENCED_APPEND);
    this.insertChunk = db.prepare(FENCED_APPENDS);
    this.filledTo = db.prepare('SELECT segment, offset FROM journal_fill WHERE owner = ?');
    this.setFilled = db.prepare(
      'INSERT INTO journal_fill (owner, segment, offset) VALUES (?, ?, ?) ON CONFLICT (owner) DO UPDATE SET segment = excluded.segment, offset = excluded.offset',
    );
    this.dropFilled = db.prepare('DELETE FROM journal_fill WHERE owner = ?');
    this.open = db.prepare('INSERT INTO live_rooms (room_id, owner, created_at, options) VALUES (?, ?, ?, ?)');
    this.sweepStep = db.prepare(SWEEP);
    this.sweepEnd = db.prepare(
      `SELECT rowid AS id FROM input_log WHERE rowid >= ? ORDER BY rowid LIMIT 1 OFFSET ${SWEEP_STEP}`,
    );
    this.closeStmt = db.prepare('DELETE FROM live_rooms WHERE room_id = ?');
    this.beat = db.prepare(
      'INSERT INTO instances (name, heartbeat_at) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET heartbeat_at = excluded.heartbeat_at',
    );
    this.startSweeping(); // what a crash left of rooms that were already gone
  }

  /** The owner as this process stores it. */
  stored(owner: string): string {
    return `${owner}#${this.epoch}`;
  }

  /**
   * The journal of `owner` at this start (one per owner: a process has one name, but a store may hold rooms under
   * several, as the tests' takeovers do), opened before its first room: a taker that finds the room finds it.
   */
  private journalOf(owner: string): SqliteJournal {
    if (this.lastJournal?.[0] === owner) return this.lastJournal[1]; // every append asks: a process has one name
    if (this.closed) throw new Error('the SQLite store is closed: nothing more is written');
    const as = this.stored(owner);
    let journal = this.journals.get(as);
    if (!journal) {
      journal = new SqliteJournal(this.journalDir, as, {
        fill: (rows, upTo) => this.commits.write(() => this.fill(as, rows, upTo)),
        segmentBytes: this.segmentBytes,
      });
      this.journals.set(as, journal);
    }
    this.lastJournal = [owner, journal];
    return journal;
  }

  /** The journal's rows into the table (a room gone or taken over meanwhile refuses its own), and how far. */
  private fill(as: string, rows: JournalRow[], upTo: JournalPlace): void {
    let i = 0;
    if (rows.length >= FILL_CHUNK) {
      const args: (string | number)[] = new Array(4 * FILL_CHUNK + 1);
      args[4 * FILL_CHUNK] = as;
      for (; i + FILL_CHUNK <= rows.length; i += FILL_CHUNK) {
        for (let j = 0; j < FILL_CHUNK; j++) {
          const r = rows[i + j]!;
          args[4 * j] = r.roomId;
          args[4 * j + 1] = r.seq;
          args[4 * j + 2] = r.at;
          args[4 * j + 3] = r.entry;
        }
        this.insertChunk.run(...args);
      }
    }
    for (; i < rows.length; i++) this.insert.run(rows[i]!.seq, rows[i]!.at, rows[i]!.entry, rows[i]!.roomId, as);
    this.setFilled.run(as, upTo.segment, upTo.offset);
  }

  openRoom(r: LiveRoom): Promise<void> {
    this.journalOf(r.owner);
    checkJournalRoomId(r.roomId);
    return this.commits.write(() => {
      this.open.run(r.roomId, this.stored(r.owner), r.createdAt, JSON.stringify(r.options));
    });
  }

  /** appendNow as a promise: resolved once the journal holds the append; LeaseLost when the fence refused it. */
  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    try {
      this.appendNow(roomId, owner, seq, at, entry);
    } catch (err) {
      return Promise.reject(err);
    }
    return Promise.resolve();
  }

  /** The append written to the journal at once (sqlite-journal.ts write). */
  appendNow(roomId: string, owner: string, seq: number, at: number, entry: string): void {
    this.journalOf(owner).write(roomId, seq, at, entry);
  }

  logOpen(roomId: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM live_rooms WHERE room_id = ?').get(roomId);
  }

  ownedRooms(owner: string): string[] {
    return this.db
      .prepare('SELECT room_id FROM live_rooms WHERE owner = ?')
      .all(this.stored(owner))
      .map((r) => String(r.room_id));
  }

  /** The room's rows go with the sweep (its log can no longer be read: nothing names the room any more). */
  closeRoom(roomId: string): Promise<void> {
    return this.commits.write(() => {
      this.closeStmt.run(roomId);
      if (this.sweep) this.sweep.again = true;
      else this.startSweeping();
    });
  }

  heartbeat(owner: string, now: number): Promise<void> {
    return this.commits.write(() => {
      this.beat.run(owner, now);
    });
  }

  async claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    this.journalOf(me); // opened before the rooms it takes are its own

    const { claimed, owners } = await this.commits.write(() => this.claim(me, staleBefore, own));
    // Committed: the journals taken over are in the table (their owners, fenced, act on nothing more).
    for (const x of owners) deleteJournal(this.journalDir, x);
    return claimed;
  }

  /** Fills the table with the journal now (where it otherwise fills every FILL_EVERY_MS). */
  async fillNow(): Promise<void> {
    await Promise.all([...this.journals.values()].map((j) => j.fillNow()));
  }

  /** Stops the sweep. */
  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** The store is closing: stops the sweep and closes the journal (every append in the table: it is deleted). */
  async close(): Promise<void> {
    this.closed = true;
    this.lastJournal = null;
    this.stopSweeping();
    for (const journal of this.journals.values())
      if (await journal.close()) await this.commits.write(() => this.dropFilled.run(journal.owner)).catch(() => {});
    this.journals.clear();
  }

  /**
   * The rooms taken over: another name's whose heartbeat is stale, or (`own`, at a start) this name's from an earlier
   * start, each claimed only if its owner is still the one read (types.ts claimRooms); their logs in one scan.
   */
  private claim(me: string, staleBefore: number, own: boolean): { claimed: ClaimedRoom[]; owners: Set<string> } {
    const rows = this.db
      .prepare(
        `SELECT r.room_id, r.owner, r.created_at, r.options, COALESCE(i.heartbeat_at, 0) AS alive
         FROM live_rooms r LEFT JOIN instances i ON i.name = ${NAME_OF('r.owner')}
         WHERE (${NAME_OF('r.owner')} = ? AND r.owner <> ? AND ?)
            OR (${NAME_OF('r.owner')} <> ? AND COALESCE(i.heartbeat_at, 0) < ?)
         ORDER BY r.created_at`,
      )
      .all(me, this.stored(me), own ? 1 : 0, me, staleBefore);
    const owners = new Set(rows.map((r) => String(r.owner)));
    // At a start, also this name's earlier starts that held no room: their journals go too (a crash leaves them).
    if (own)
      for (const x of journalOwners(this.journalDir)) if (x !== this.stored(me) && nameOf(x) === me) owners.add(x);
    for (const x of owners) this.takeJournal(this.journalDir, x);
    const claim = this.db.prepare('UPDATE live_rooms SET owner = ? WHERE room_id = ? AND owner = ?');
    const claimed = rows.filter(
      (r) => Number(claim.run(this.stored(me), String(r.room_id), String(r.owner)).changes) === 1,
    );
    const logs = this.logsOf(new Set(claimed.map((r) => String(r.room_id))));
    const out = claimed.map((r) => ({
      roomId: String(r.room_id),
      owner: me,
      createdAt: Number(r.created_at),
      options: JSON.parse(String(r.options)),
      ownerAliveAt: Number(r.alive),
      entries: logs.get(String(r.room_id)) ?? [],
    }));
    return { claimed: out, owners };
  }

  /** Fences `owner` out of its journal and fills the table with what it holds past that owner's last fill. */
  private takeJournal(dir: string, owner: string): void {
    const place = this.filledTo.get(owner);
    const from = place ? { segment: Number(place.segment), offset: Number(place.offset) } : null;
    for (const r of fenceAndRead(dir, owner, from)) this.insert.run(r.seq, r.at, r.entry, r.roomId, owner);
    this.dropFilled.run(owner);
  }

  /** The logs of `rooms`, each in order, from one scan of the table (none when there is no room to read). */
  private logsOf(rooms: Set<string>): Map<string, LogEntry[]> {
    const out = new Map<string, LogEntry[]>();
    if (!rooms.size) return out;
    for (const e of this.db.prepare('SELECT room_id, seq, at, entry FROM input_log').iterate()) {
      const room = String(e.room_id);
      if (!rooms.has(room)) continue;
      const list = out.get(room) ?? [];
      list.push({ seq: Number(e.seq), at: Number(e.at), entry: JSON.parse(String(e.entry)) });
      out.set(room, list);
    }
    for (const list of out.values()) list.sort((a, b) => a.seq - b.seq);
    return out;
  }

  private startSweeping(): void {
    this.sweep = { from: 0, again: false };
    if (this.sweeper) return;
    this.sweeper = setInterval(() => void this.commits.write(() => this.sweepOnce()).catch(() => {}), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /**
   * One step of the sweep, inside the turn's transaction: the rows of rooms that are gone among the next SWEEP_STEP
   * rows. A pass ends at the table's end; another follows if a room went meanwhile, else the sweep rests. Returns
   * whether a pass is still under way.
   */
  sweepOnce(): boolean {
    const s = this.sweep;
    if (!s) return false;
    const next = this.sweepEnd.get(s.from);
    const end = next ? Number(next.id) : Number.MAX_SAFE_INTEGER;
    this.sweepStep.run(s.from, end);
    s.from = end;
    if (next) return true;
    if (s.again) {
      this.sweep = { from: 0, again: false };
      return true;
    }
    this.sweep = null;
    this.stopSweeping();
    return false;
  }
}
