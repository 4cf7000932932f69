// The input log's appends on SQLite, written ahead of the table to a journal file (for its cost). Each append
// is one write() at once, on the rooms' thread, so a room acts on an input right after the OS holds it (a kill -9
// keeps it, as it keeps a commit with synchronous = NORMAL), in the same turn. The table is filled from memory every
// FILL_EVERY_MS in one transaction that also records how far the fill came (journal_fill, migration 004); a start
// that takes the rooms over reads the rest from the file (journal-files.ts, which also says how the owner is fenced).
// Why: a SQLite transaction per turn (how the log was appended before) cost about 50 µs on the loaded rooms' thread
// (locks on the WAL index, WAL frames), and one write() per turn with the inputs applied at its end cost as much in
// all as a write() per input (docs/benchmarks.md "The input log's cost": measured inside one server).
// The fence needs hard links (journal-files.ts), which every local filesystem SQLite's WAL mode runs on has.
import { closeSync, fstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { recordCommit, recordWait } from './append-cost.js';
import { segmentFile, unlinkQuietly, journalLine, type JournalPlace, type JournalRow } from './journal-files.js';
import { LeaseLost } from './types.js';

/** Time between two fills of the table. */
export const FILL_EVERY_MS = 200;
/** A segment this long is followed by a new one at the next fill (the filled one is then deleted). */
export const SEGMENT_BYTES = 16 * 1024 * 1024;

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
  private unfilled: JournalRow[] = [];
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

  /**
   * Writes one append to the journal now (one write(), then the fence check): once it returns the OS holds it.
   * Throws LeaseLost once another start took the journal over (nothing of it is acted on), or the write's error.
   */
  write(roomId: string, seq: number, at: number, entry: string): void {
    if (this.fenced) throw new LeaseLost(roomId);
    if (this.broken) throw this.broken;
    const row = { roomId, seq, at, entry };
    const line = journalLine(row);
    const t0 = performance.now();
    try {
      // The line as a string: write() encodes it (UTF-8) without a Buffer made for it here.
      const wrote = writeSync(this.fd, line);
      const bytes = Buffer.byteLength(line);
      if (wrote !== bytes) throw new Error(`input journal: ${wrote} of ${bytes} bytes written`);
      this.size += wrote;
      if (fstatSync(this.fd).nlink !== 1) this.fenced = true;
    } catch (err) {
      this.broken = err;
      throw err;
    } finally {
      const ms = performance.now() - t0;
      recordCommit(ms, 1);
      recordWait(ms);
    }
    if (this.fenced) throw new LeaseLost(roomId);
    this.unfilled.push(row);
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
    await this.fillNow();
    closeSync(this.fd);
    if (this.unfilled.length || this.fenced) return false;
    for (let n = this.oldest; n <= this.segment; n++) unlinkQuietly(segmentFile(this.dir, this.owner, n));
    return true;
  }
}
