// What writing the input log costs this process (GET /health `inputLog`, `pnpm bench server --log-cost`), as the
// store measures it: on SQLite the wall time of each journal write (sqlite-journal.ts) and of each group commit
// (sqlite-group-commit.ts) on the rooms' thread (the event loop does nothing else meanwhile); on PostgreSQL each
// append's wait. The CPU time is not read here: the thread's CPU clock, read around a write of tens of microseconds,
// moves in scheduler ticks (it showed 1.6 % of the server's CPU where a perf profile showed 9 %).
import { createHistogram } from 'node:perf_hooks';

export const appendCost = {
  /** Writes (appends; with SQLite's group commits every write: a room opened, closed or claimed, a record saved). */
  count: 0,
  /** Transactions committed (SQLite group commits; equal to `count` where each write commits alone). */
  commits: 0,
  /** The commits' wall time on the rooms' thread (SQLite group commits; elsewhere each append's wait), ms. */
  commitMs: 0,
  /** Batches that found the write lock taken (another connection writing) and were tried again. */
  busyRetries: 0,
  /** Each write's wait from being asked for to its commit, ns, since the last /health read. */
  histogram: createHistogram(),
};

/** One commit of `writes` writes that took `ms` of wall time. */
export function recordCommit(ms: number, writes: number): void {
  appendCost.count += writes;
  appendCost.commits += 1;
  appendCost.commitMs += ms;
}

/** One write's wait (ms) from being asked for to its commit. */
export function recordWait(ms: number): void {
  appendCost.histogram.record(Math.max(1, Math.round(ms * 1e6)));
}

/** An append committed elsewhere (PostgreSQL): its wait for the commit, once it settles. */
export function timedAppend(written: Promise<void>): Promise<void> {
  const t0 = performance.now();
  written.then(
    () => {
      const ms = performance.now() - t0;
      recordCommit(ms, 1);
      recordWait(ms);
    },
    () => {}, // the caller has `written`: a refusal is its to handle
  );
  return written;
}
