// The input log's cost measured inside one server process (`pnpm bench server --log-cost --alternate`), for
// benchmarks only: main.ts wraps the store in it when BENCH_INPUT_LOG_ALTERNATE_MS is set, and nothing else does.
// Comparing two processes, one with the log and one without, could not resolve a few per cent: on this machine two
// runs of the same server differ by up to 10 % (an A/A comparison), pinned or not, and the drift does not cancel
// in four pairs. Here the store's appends are paused and resumed in turns of that many milliseconds, and the
// process' CPU time (every thread: getrusage) and the rounds resolved are summed by the kind of turn: the same
// process, the same heap and the same load, on and off a few seconds apart.
// An append while paused is dropped and reported kept, so the room acts on its input as it would with the log: such
// a match cannot be restored. The room still numbers and serialises the input (about a microsecond each), so the
// paused turns carry that much of the log's cost.
import type { MatchEnd } from '../players/result.js';
import type { PlayerStore, ResultWritten, SavedRecord } from './player-store.js';
import type { ClaimedRoom, LiveRoom, RecordSummary, Storage } from './types.js';

/** What the turns of one kind came to. */
export interface LogTurns {
  turns: number;
  ms: number;
  cpuMs: number;
  rounds: number;
}

/** The turns ended so far (one wrapped store per process: main.ts); null while no store alternates. */
let sums: Record<'on' | 'off', LogTurns> | null = null;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The turns ended so far, by kind (GET /health); null when the log does not alternate. */
export function logTurns(): Record<'on' | 'off', LogTurns> | null {
  return sums ? { on: { ...sums.on }, off: { ...sums.off } } : null;
}

/**
 * `inner`, its appends paused and resumed every `everyMs` (the first turn logs); `rounds`: the rounds this process
 * has resolved so far (match/rounds.ts roundsResolved).
 */
export class AlternatingLog implements Storage {
  readonly kind: Storage['kind'];
  readonly players: PlayerStore;
  /** Whether appends are dropped now. */
  paused = false;
  readonly appendNow?: Storage['appendNow'];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly inner: Storage,
    everyMs: number,
    rounds: () => number,
  ) {
    this.kind = inner.kind;
    this.players = inner.players;
    const appendNow = inner.appendNow;
    if (appendNow)
      this.appendNow = (...a) => {
        if (!this.paused) appendNow(...a);
      };
    const all = { on: { turns: 0, ms: 0, cpuMs: 0, rounds: 0 }, off: { turns: 0, ms: 0, cpuMs: 0, rounds: 0 } };
    sums = all;
    let [since, cpuSince, roundsSince] = [performance.now(), cpuMs(), rounds()];
    this.timer = setInterval(() => {
      const [now, cpu, round] = [performance.now(), cpuMs(), rounds()];
      const s = all[this.paused ? 'off' : 'on'];
      [s.turns, s.ms, s.cpuMs, s.rounds] = [
        s.turns + 1,
        s.ms + now - since,
        s.cpuMs + cpu - cpuSince,
        s.rounds + round - roundsSince,
      ];
      [since, cpuSince, roundsSince] = [now, cpu, round];
      this.paused = !this.paused;
    }, everyMs);
    this.timer.unref();
  }

  append(roomId: string, owner: string, seq: number, at: number, entry: string): Promise<void> {
    return this.paused ? Promise.resolve() : this.inner.append(roomId, owner, seq, at, entry);
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  saveRecord(summary: RecordSummary, record: unknown): Promise<void> {
    return this.inner.saveRecord(summary, record);
  }
  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten> {
    return this.inner.saveResult(end, saved);
  }
  sessionSecret(): Promise<string> {
    return this.inner.sessionSecret();
  }
  listRecords(limit: number): Promise<RecordSummary[]> {
    return this.inner.listRecords(limit);
  }
  getRecord(id: string): Promise<unknown | null> {
    return this.inner.getRecord(id);
  }
  openRoom(room: LiveRoom): void | Promise<void> {
    return this.inner.openRoom(room);
  }
  logOpen(roomId: string): Promise<boolean> {
    return this.inner.logOpen(roomId);
  }
  ownedRooms(owner: string): Promise<string[]> {
    return this.inner.ownedRooms(owner);
  }
  closeRoom(roomId: string): Promise<void> {
    return this.inner.closeRoom(roomId);
  }
  heartbeat(owner: string, now: number): Promise<void> {
    return this.inner.heartbeat(owner, now);
  }
  claimRooms(me: string, staleBefore: number, own: boolean): Promise<ClaimedRoom[]> {
    return this.inner.claimRooms(me, staleBefore, own);
  }
  close(): Promise<void> {
    clearInterval(this.timer);
    return this.inner.close();
  }
}
