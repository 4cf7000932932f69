// A queue that plays animation steps strictly in order, with speed control and skip. Time is pushed in by `tick`
// (from requestAnimationFrame in the browser, by hand in tests), so the queue itself needs no DOM.

export interface AnimStep {
  /** For the log and for tests. */
  label: string;
  /** Milliseconds at speed 1. 0 = instantaneous. */
  duration: number;
  /** Called once when the step begins. */
  start?(): void;
  /** Called with progress 0..1 while the step runs (never with 1: `finish` ends it). */
  update?(t: number): void;
  /** Called exactly once, when the step ends or is skipped: leaves the board as the step's end state. */
  finish(): void;
}

export type QueueListener = (ev: { kind: 'start' | 'finish'; step: AnimStep } | { kind: 'idle' }) => void;

export class AnimationQueue {
  private steps: AnimStep[] = [];
  private current: AnimStep | null = null;
  private elapsed = 0;
  private listeners: QueueListener[] = [];
  /** Playback speed multiplier (0.5, 1, 2, 4 …). 0 pauses. */
  speed = 1;

  get busy(): boolean {
    return this.current !== null || this.steps.length > 0;
  }
  get pending(): number {
    return this.steps.length + (this.current ? 1 : 0);
  }

  on(l: QueueListener): () => void {
    this.listeners.push(l);
    return () => {
      this.listeners = this.listeners.filter((x) => x !== l);
    };
  }

  push(...steps: AnimStep[]): void {
    this.steps.push(...steps);
  }

  /** Advance by `dt` milliseconds of wall time. Several short steps may complete within one tick. */
  tick(dt: number): void {
    let budget = dt * this.speed;
    if (this.speed <= 0) return;
    let guard = 100000;
    while (guard-- > 0) {
      if (!this.current) {
        const next = this.steps.shift();
        if (!next) return;
        this.begin(next);
      }
      const cur = this.current!;
      const left = cur.duration - this.elapsed;
      if (budget >= left) {
        budget -= Math.max(0, left);
        this.end(cur);
        if (!this.busy) {
          this.emit({ kind: 'idle' });
          return;
        }
        if (budget <= 0) return;
        continue;
      }
      this.elapsed += budget;
      cur.update?.(cur.duration > 0 ? this.elapsed / cur.duration : 1);
      return;
    }
  }

  /** Finish the current step and every queued one, in order, at once. */
  skip(): void {
    const had = this.busy;
    if (this.current) this.end(this.current);
    while (this.steps.length) {
      const s = this.steps.shift()!;
      this.begin(s);
      this.end(s);
    }
    if (had) this.emit({ kind: 'idle' });
  }

  /** Drop everything without finishing (used when the board is about to be replaced wholesale). */
  clear(): void {
    this.steps = [];
    this.current = null;
    this.elapsed = 0;
  }

  private begin(s: AnimStep): void {
    this.current = s;
    this.elapsed = 0;
    s.start?.();
    this.emit({ kind: 'start', step: s });
  }

  private end(s: AnimStep): void {
    this.current = null;
    this.elapsed = 0;
    s.finish();
    this.emit({ kind: 'finish', step: s });
  }

  private emit(e: Parameters<QueueListener>[0]): void {
    for (const l of this.listeners) l(e);
  }
}
