// What writing the input log costs this process (GET /health `inputLog`, `pnpm bench server --log-cost`), as the
// store measures it: on SQLite the wall time of each journal write (sqlite-journal.ts) and of each group commit
// (sqlite-group-commit.ts) on the rooms' thread (the event loop does nothing else meanwhile); on PostgreSQL each
// append's wait. An input's own wait (the journal's write, or PostgreSQL's append) is kept apart from a group-committed
// write's (a room opened or closed, the journal's fill, a record): that one waits for the end of its turn, so it also
// counts whatever else held the event loop meanwhile, and would pass the loop's stalls off as the log's. The CPU time
// is not read here: the thread's CPU clock, read around a write of tens of microseconds, moves in scheduler ticks (it
// showed 1.6 % of the server's CPU where a perf profile showed 9 %).
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export const appendCost = {
  /** Writes (appends; with SQLite's group commits every write: a room opened, closed or claimed, a record saved). */
  count: 0,
  /** Transactions committed (SQLite group commits; equal to `count` where each write commits alone). */
  commits: 0,
  /** The commits' wall time on the rooms' thread (SQLite group commits; elsewhere each append's wait), ms. */
  commitMs: 0,
  /** Batches that found the write lock taken (another connection writing) and were tried again. */
  busyRetries: 0,
  /** Each input's wait from being asked for to its commit, ns, since the last /health read. */
  inputs: createHistogram(),
  /** Each group-committed write's wait from being asked for to its turn's commit, ns, since the last /health read. */
  queued: createHistogram(),
};

/** One commit of `writes` writes that took `ms` of wall time. */
export function recordCommit(ms: number, writes: number): void {
  appendCost.count += writes;
  appendCost.commits += 1;
  appendCost.commitMs += ms;
}

/** One input's wait (ms) from being asked for to its commit. */
export const recordWait = (ms: number): void => recordNs(appendCost.inputs, ms);

/** One group-committed write's wait (ms) from being asked for to the commit at the end of its turn. */
export const recordQueuedWait = (ms: number): void => recordNs(appendCost.queued, ms);

/** A wait of `ms` in a histogram of nanoseconds (which holds integers of 1 or more). */
function recordNs(h: RecordableHistogram, ms: number): void {
  h.record(Math.max(1, Math.round(ms * 1e6)));
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
