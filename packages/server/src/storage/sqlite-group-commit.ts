// Every write to SQLite (the input log of issue 11, the records) on the rooms' own thread, as group commits: every
// write asked for during one turn of the event loop (the inputs of every room that came in together) is committed in one
// transaction at the end of that turn (setImmediate), and each caller's promise settles then, so a room still acts
// on an input only once it is committed. One commit per turn instead of one per input, and no thread hand-over: the
// hand-over to an appender thread (sqlite-appender.ts) cost more CPU than the write itself (bench: +0.25 ms of
// server CPU per round at 1,000 matches, +28 %, on an idle machine).
// The connection never waits for a lock (busy_timeout 0): when another connection writes (the appender thread
// with INPUT_LOG_THREAD=on, another process on the same file), the batch is tried again 1 ms later and the event
// loop goes on, instead of SQLite's busy handler sleeping on the rooms' thread (the 328 ms stalls seen under load
// were its whole back-off table). A commit spacing (INPUT_LOG_COMMIT_SPACING_MS, default 0) holds commits at least
// that far apart, so that more writes share each one.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { appendCost, recordCommit, recordWait } from './append-cost.js';

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

  /** When the last commit ended (performance.now()). */
  private lastCommit = Number.NEGATIVE_INFINITY;

  /**
   * `spacingMs` (INPUT_LOG_COMMIT_SPACING_MS): the least time between two commits. 0 commits at the end of every
   * turn that asked for a write; more lets a write that comes sooner after the last commit wait out the rest of that
   * time, so the writes of the turns meanwhile share one commit: at most one commit per `spacingMs` under load (less
   * CPU: README "The input log's cost"), each input delayed by up to `spacingMs`, none when writes come further apart.
   */
  constructor(
    db: DatabaseSync,
    private readonly spacingMs: number,
  ) {
    db.exec('PRAGMA busy_timeout = 0');
    this.begin = db.prepare('BEGIN IMMEDIATE');
    this.commit = db.prepare('COMMIT');
    this.rollback = db.prepare('ROLLBACK');
  }

  /** Runs `run` inside the turn's transaction; resolves with its result once committed (rejects with its error). */
  write<T>(run: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the SQLite store is closed: nothing more is written'));
    return new Promise<T>((resolve, reject) => {
      const now = performance.now();
      this.queue.push({ run, resolve, reject, asked: now } as Write<unknown>);
      if (this.scheduled) return;
      this.scheduled = true;
      const wait = this.lastCommit + this.spacingMs - now;
      if (wait > 0) setTimeout(() => this.flush(), wait);
      else setImmediate(() => this.flush());
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
    this.lastCommit = done;
    recordCommit(done - t0, batch.length);
    batch.forEach((w, i) => {
      recordWait(done - w.asked);
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
