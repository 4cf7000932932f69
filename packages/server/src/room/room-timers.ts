// The timers of one room (RULES §7: draft, commitment and prompt timers; the reconnection budget), kept as deadlines
// on the room clock. An idle room costs nothing: no interval polls it. One Node timeout is armed at the earliest
// deadline; clearing a timer leaves it armed (it wakes, finds nothing due, re-arms at the next deadline), so a round
// that replaces a 60 s commit timer with the next one touches no Node timer at all.
// The room clock can also be driven by hand (the tests set clock.now and call clock.tick()): the room calls check()
// from a clock interval too, so a driven clock fires the timers it has run past.
import type { Timer } from '../match/match-host.js';

interface Entry {
  id: number;
  at: number;
  fn: () => void;
  done: boolean;
}

/** The room the timers run in (one object, not a closure per callback: a room is made per match). */
export interface TimerRoom {
  /** The room clock's now, ms. */
  clockNow(): number;
  /**
   * Runs a due timer: the room logs its expiry (input-log.ts) if it is the match's, then calls `fire`, which runs it
   * unless it was cleared meanwhile.
   */
  timerDue(id: number, fire: () => void): void;
}

/** Node caps timeouts at 2^31-1 ms (about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

export class RoomTimers {
  private entries = new Map<number, Entry>();
  /** Ids count up in the order timers are set, so a replayed log (restore.ts) names the same timers. */
  private nextId = 0;
  private wake: ReturnType<typeof setTimeout> | null = null;
  private wakeAt = Infinity;
  private disposed = false;

  constructor(private readonly room: TimerRoom) {}

  add(fn: () => void, ms: number): Timer {
    const e: Entry = { id: ++this.nextId, at: this.room.clockNow() + ms, fn, done: false };
    this.entries.set(e.id, e);
    if (e.at < this.wakeAt) this.arm(e.at);
    return {
      clear: () => {
        e.done = true;
        this.entries.delete(e.id);
      },
    };
  }

  /** Replay (restore.ts): timer `id` ran out at this point of the log. */
  fire(id: number): void {
    const e = this.entries.get(id);
    if (!e) return; // cleared after it ran out, before its expiry was applied: it did nothing then either
    this.entries.delete(id);
    e.done = true;
    e.fn();
  }

  /** After a restore: every deadline moves on by the downtime (nobody loses time to a crash). */
  shift(ms: number): void {
    for (const e of this.entries.values()) e.at += ms;
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    this.wakeAt = Infinity;
    this.rearm();
  }

  /** Fires every timer whose deadline has passed, then re-arms at the next one. */
  check(): void {
    if (this.disposed || !this.entries.size) return;
    const now = this.room.clockNow();
    let due: Entry[] | null = null;
    for (const e of this.entries.values()) {
      if (e.at > now) continue;
      due ??= [];
      due.push(e);
    }
    if (due)
      for (const e of due)
        if (this.entries.delete(e.id))
          this.room.timerDue(e.id, () => {
            if (e.done) return;
            e.done = true;
            e.fn();
          });
    this.rearm();
  }

  dispose(): void {
    this.disposed = true;
    this.entries.clear();
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
  }

  private rearm(): void {
    let next = Infinity;
    for (const e of this.entries.values()) if (e.at < next) next = e.at;
    if (next === Infinity) return;
    if (next < this.wakeAt || this.wake === null) this.arm(next);
  }

  private arm(at: number): void {
    if (this.disposed) return;
    if (this.wake) clearTimeout(this.wake);
    this.wakeAt = at;
    this.wake = setTimeout(() => this.onWake(), Math.min(MAX_DELAY, Math.max(1, at - this.room.clockNow())));
  }

  private onWake(): void {
    this.wake = null;
    this.wakeAt = Infinity;
    this.check();
  }
}
