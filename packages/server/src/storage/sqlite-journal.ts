// The input log's appends on SQLite, written ahead of the table to a journal file (issue 11: its cost): every
// append asked for during one turn of the event loop goes out in one write() at the end of that turn, and each
// caller's promise settles then, so a room acts on an input only once the OS holds it (a kill -9 keeps it, as it
// keeps a commit with synchronous = NORMAL). The table is filled from memory every FILL_EVERY_MS in one
// transaction that also records how far the fill came (journal_fill, migration 004); a start that takes the rooms
// over reads the rest from the file (journal-files.ts, which also says how the owner is fenced out).
// Why: a SQLite transaction per turn cost 50 µs on a loaded rooms' thread (locks on the WAL index, WAL frames, and
// caches left cold for the rooms' own work: +15 % of the server's CPU at 1,000 matches); a write() of the turn's
// lines costs a few (README "The input log's cost").
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { recordCommit, recordWait } from './append-cost.js';
import { segmentFile, unlinkQuietly, journalLine, type JournalPlace, type JournalRow } from './journal-files.js';
import { LeaseLost } from './types.js';

/** Time between two fills of the table. */
export const FILL_EVERY_MS = 200;
/** A segment this long is followed by a new one at the next fill (the filled one is then deleted). */
export const SEGMENT_BYTES = 16 * 1024 * 1024;

interface Waiting {
  roomId: string;
  resolve: () => void;
  reject: (e: unknown) => void;
  asked: number;
}

export interface JournalOptions {
  /** Fills `rows` into the table and records `upTo` as filled, in one transaction; resolves once committed. */
  fill: (rows: JournalRow[], upTo: JournalPlace) => Promise<void>;
  /** Overrides SEGMENT_BYTES (tests). */
  segmentBytes?: number;
}

export class SqliteJournal {
  private segment = 1;
  private fd: number;
  /** Bytes in the current segment, all written by this journal. */
  private size = 0;
  private lines: string[] = [];
  private waiting: Waiting[] = [];
  private unfilled: JournalRow[] = [];
  private turnRows: JournalRow[] = [];
  /** Another start took this journal over: every append is refused. */
  private fenced = false;
  /** A write failed (the disk): nothing more is written. */
  private broken: unknown = null;
  /** The oldest segment not yet deleted. */
  private oldest = 1;
  private filler: ReturnType<typeof setInterval>;
  private filling: Promise<void> = Promise.resolve();

  /** `owner`: this start's owner as stored (`name#epoch`), whose segments these are. */
  constructor(
    private readonly dir: string,
    readonly owner: string,
    private readonly opts: JournalOptions,
  ) {
    mkdirSync(dir, { recursive: true });
    // The first segment exists before any room is opened: a taker that finds the rooms finds their journal too.
    this.fd = openSync(segmentFile(dir, owner, this.segment), 'a');
    this.filler = setInterval(() => void this.fillNow(), FILL_EVERY_MS);
    this.filler.unref();
  }

  /** Resolves once the append is in the journal; LeaseLost once another start took the journal over. */
  append(roomId: string, seq: number, at: number, entry: string): Promise<void> {
    if (this.fenced) return Promise.reject(new LeaseLost(roomId));
    if (this.broken) return Promise.reject(this.broken);
    const row = { roomId, seq, at, entry };
    const line = journalLine(row);
    return new Promise<void>((resolve, reject) => {
      this.lines.push(line);
      this.turnRows.push(row);
      this.waiting.push({ roomId, resolve, reject, asked: performance.now() });
      if (this.waiting.length === 1) setImmediate(() => this.writeTurn());
    });
  }

  /** The turn's lines in one write, then the fence check; then every caller hears. */
  private writeTurn(): void {
    const [text, rows, waiting] = [this.lines.join(''), this.turnRows, this.waiting];
    [this.lines, this.turnRows, this.waiting] = [[], [], []];
    if (!waiting.length) return;
    const t0 = performance.now();
    let failure: unknown = this.fenced ? 'fenced' : this.broken;
    if (!failure) {
      try {
        const bytes = Buffer.from(text);
        const wrote = writeSync(this.fd, bytes);
        if (wrote !== bytes.length) throw new Error(`input journal: ${wrote} of ${bytes.length} bytes written`);
        this.size += wrote;
        if (fstatSync(this.fd).nlink !== 1) this.fenced = true;
      } catch (err) {
        this.broken = err;
      }
      failure = this.fenced ? 'fenced' : this.broken;
    }
    const done = performance.now();
    recordCommit(done - t0, waiting.length);
    if (!failure) this.unfilled.push(...rows);
    for (const w of waiting) {
      recordWait(done - w.asked);
      if (!failure) w.resolve();
      else w.reject(failure === 'fenced' ? new LeaseLost(w.roomId) : failure);
    }
  }

  /** Fills the table with what was written since the last fill (one fill at a time); resolves once committed. */
  fillNow(): Promise<void> {
    this.filling = this.filling.then(() => this.fillOnce());
    return this.filling;
  }

  private async fillOnce(): Promise<void> {
    // Taken over: the taker filled the table with this journal; what is left here the rooms never acted on.
    if (!this.fenced && fstatSync(this.fd).nlink !== 1) this.fenced = true;
    if (this.fenced) this.unfilled = [];
    const rows = this.unfilled;
    const upTo = { segment: this.segment, offset: this.size };
    const full = this.size >= (this.opts.segmentBytes ?? SEGMENT_BYTES);
    if (!rows.length && !full) return;
    this.unfilled = [];
    if (full && !this.fenced) this.nextSegment();
    try {
      await this.opts.fill(rows, upTo);
    } catch {
      this.unfilled = rows.concat(this.unfilled); // tried again at the next fill
      return;
    }
    // Everything up to upTo is in the table: a segment before it, or it if a newer one is in use, is not needed.
    for (; this.oldest <= upTo.segment && this.oldest < this.segment; this.oldest++)
      unlinkQuietly(segmentFile(this.dir, this.owner, this.oldest));
  }

  /** Opens the next segment, and takes it into use only if the current one is still this start's alone. */
  private nextSegment(): void {
    const fd = openSync(segmentFile(this.dir, this.owner, this.segment + 1), 'a');
    if (fstatSync(this.fd).nlink !== 1) {
      this.fenced = true;
      closeSync(fd);
      return;
    }
    closeSync(this.fd);
    [this.fd, this.segment, this.size] = [fd, this.segment + 1, 0];
  }

  /**
   * Writes what is waiting, fills the table with the rest and deletes the journal (everything is in the table),
   * then stops. Resolves once the last fill committed; the journal stays if it could not.
   */
  async close(): Promise<boolean> {
    clearInterval(this.filler);
    if (this.waiting.length) this.writeTurn();
    await this.fillNow();
    closeSync(this.fd);
    if (this.unfilled.length || this.fenced) return false;
    for (let n = this.oldest; n <= this.segment; n++) unlinkQuietly(segmentFile(this.dir, this.owner, n));
    return true;
  }
}
