// The input log's cost measured inside one server process (issue 11; `pnpm bench server --log-cost --alternate`).
// Comparing two processes, one with the log and one without, could not resolve a few per cent: on this machine two
// runs of the same server differ by up to 10 % (an A/A comparison), pinned or not, and the drift does not cancel
// in four pairs. With BENCH_INPUT_LOG_ALTERNATE_MS set, the log is paused and resumed in turns of that many
// milliseconds, and the process' CPU time (every thread: getrusage) and the rounds resolved are summed by the kind
// of turn: the same process, the same heap and the same load, on and off a few seconds apart.
// For benchmarks only: an input accepted while the log is paused is not logged, so such a match cannot be restored.

/** What the turns of one kind came to. */
export interface LogTurns {
  turns: number;
  ms: number;
  cpuMs: number;
  rounds: number;
}

const sums: Record<'on' | 'off', LogTurns> = {
  on: { turns: 0, ms: 0, cpuMs: 0, rounds: 0 },
  off: { turns: 0, ms: 0, cpuMs: 0, rounds: 0 },
};
let rounds = 0;
let alternating = false;

/** Whether the log is paused now (log/input-log.ts then applies every input at once, unlogged). */
export let logPaused = false;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Starts pausing and resuming the log every `everyMs` (the first turn logs). */
export function alternateLog(everyMs: number): void {
  alternating = true;
  let [since, cpuSince] = [performance.now(), cpuMs()];
  rounds = 0;
  setInterval(() => {
    const [now, cpu] = [performance.now(), cpuMs()];
    const s = sums[logPaused ? 'off' : 'on'];
    [s.turns, s.ms, s.cpuMs, s.rounds] = [s.turns + 1, s.ms + now - since, s.cpuMs + cpu - cpuSince, s.rounds + rounds];
    [since, cpuSince, rounds] = [now, cpu, 0];
    logPaused = !logPaused;
  }, everyMs).unref();
}

/** A round was resolved (match/rounds.ts). */
export function roundResolved(): void {
  rounds += 1;
}

/** The turns ended so far, by kind (GET /health); null when the log does not alternate. */
export function logTurns(): Record<'on' | 'off', LogTurns> | null {
  return alternating ? { on: { ...sums.on }, off: { ...sums.off } } : null;
}
