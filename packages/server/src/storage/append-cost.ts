// What writing the input log costs this process (issue 11; GET /health `inputLog`, `pnpm bench server --log-cost`),
// as the store measures it: SQLite's group commits (sqlite-group-commit.ts) their wall and main-thread CPU time per
// commit; the appender thread (sqlite-appender.ts) the hand-over's wall time; PostgreSQL each append's round trip.
import { createHistogram } from 'node:perf_hooks';

export const appendCost = {
  /** Writes (appends; with SQLite's group commits every write: a room opened, closed or claimed, a record saved). */
  count: 0,
  /** Transactions committed (SQLite group commits; equal to `count` where each write commits alone). */
  commits: 0,
  totalNs: 0,
  /** Main-thread CPU time where it is measured (SQLite group commits), µs. */
  cpuUs: 0,
  /** Batches that found the write lock taken (another connection writing) and were tried again. */
  busyRetries: 0,
  /** Each write's wait for its commit, ns, since the last /health read. */
  histogram: createHistogram(),
};

/** `writes` writes committed together in `ns` of wall time and `cpuUs` of CPU time. */
export function recordCommit(writes: number, ns: number, cpuUs: number): void {
  appendCost.count += writes;
  appendCost.commits += 1;
  appendCost.totalNs += ns;
  appendCost.cpuUs += cpuUs;
  for (let i = 0; i < writes; i++) appendCost.histogram.record(Math.max(1, ns));
}

/** An append committed elsewhere (the appender thread, PostgreSQL): its wait for the commit, once it settles. */
export function timedAppend(written: Promise<void>): Promise<void> {
  const t0 = process.hrtime.bigint();
  written.then(
    () => recordCommit(1, Number(process.hrtime.bigint() - t0), 0),
    () => {}, // the caller has `written`: a refusal is its to handle
  );
  return written;
}
