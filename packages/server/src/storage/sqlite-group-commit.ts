// Every write to the SQLite database (the records, the rooms' log rows: opened, closed, claimed, the journal's fills,
// the heartbeats) on the rooms' own thread, as group commits: every write asked for during one turn of the event
// loop is committed in one transaction at the end of that turn (setImmediate), and each caller's promise settles
// then. The input log's appends themselves go to the journal file first (sqlite-journal.ts).
// The connection never waits for a lock (busy_timeout 0): when another connection writes (another process on the
// same file), the batch is tried again 1 ms later and the event loop goes on, instead of SQLite's busy handler
// sleeping on the rooms' thread (the 328 ms stalls seen under load were its whole back-off table).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { appendCost, recordCommit, recordQueuedWait } from './append-cost.js';

/** SQLITE_BUSY and SQLITE_LOCKED: another connection holds the write lock. */
const BUSY = new Set([5, 6]);
/** How long a batch waits before trying the write lock again. */
export const BUSY_RETRY_MS = 1;

interface Write<T> {
  run: () => T;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
  /** When it was asked for (performance.now()): its wait for the commit is measured from here. */
  asked: number;
}

export class SqliteGroupCommit {
  private queue: Write<unknown>[] = [];
  private scheduled = false;
  private closed = false;
  // Prepared once: parsing BEGIN and COMMIT again at every commit was 6 % of the commits' time in a profile.
  private readonly begin: StatementSync;
  private readonly commit: StatementSync;
  private readonly rollback: StatementSync;

  constructor(db: DatabaseSync) {
    db.exec('PRAGMA busy_timeout = 0');
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** Runs `run` inside the turn's transaction; resolves with its result once committed (rejects with its error). */
  write<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the SQLite store is closed: nothing more is written'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve, reject, asked: performance.now() } as Write<unknown>);
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued, or tries again shortly if another connection holds the write lock. */
  private flush(): void {
    this.scheduled = false;
    if (!this.queue.length) return;
    const t0 = performance.now();
    try {
      this.begin.run();
    } catch (err) {
      if (!BUSY.has((err as { errcode?: number }).errcode ?? -1)) {
        this.failAll(err);
        return;
      }
      appendCost.busyRetries += 1;
      this.scheduled = true;
      setTimeout(() => this.flush(), BUSY_RETRY_MS);
      return;
    }
    const batch = this.queue;
    this.queue = [];
    const results = batch.map((w) => attempt(w.run));
    try {
      this.commit.run();
    } catch (err) {
      this.rollBack();
      for (const w of batch) w.reject(err);
      return;
    }
    const done = performance.now();
    recordCommit(done - t0, batch.length);
    batch.forEach((w, i) => {
      recordQueuedWait(done - w.asked);
      const r = results[i]!;
      if (r.ok) w.resolve(r.value);
      else w.reject(r.error);
    });
  }

  private failAll(err: unknown): void {
    const batch = this.queue;
    this.queue = [];
    for (const w of batch) w.reject(err);
  }

  private rollBack(): void {
    try {
      this.rollback.run();
    } catch {
      // already rolled back by SQLite (the COMMIT's failure ended the transaction)
    }
  }

  /** Commits what is queued (waiting out a lock), then refuses further writes. */
  async close(): Promise<void> {
    // The last write commits with everything queued before it (one batch), so its settling means all are settled.
    if (this.queue.length) await this.write(() => undefined).catch(() => {});
    this.closed = true;
  }
}

/** One write inside the transaction: a failed one (a statement's error) fails alone, the others commit. */
function attempt<T>(run: () => T): { ok: true; value: T } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}
