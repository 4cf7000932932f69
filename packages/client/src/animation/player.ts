// The event player: feeds engine events through the queue in order, writes the log, and settles the board on the
// synced state when the queue runs dry.
import type { MatchEvent } from '@star-eater/engine';
import type { BoardModel } from '../board/model.js';
import { setModel, type BoardState } from '../board/state.js';
import { describeEvent, type Names } from './describe.js';
import { stepsFor } from './play.js';
import { AnimationQueue } from './queue.js';

export interface PlayerHooks {
  /** A log line, when the event's animation starts. */
  onLog?: (line: string, e: MatchEvent) => void;
  /** Every event, when its animation finishes. */
  onEvent?: (e: MatchEvent) => void;
  onIdle?: () => void;
}

export class EventPlayer {
  readonly queue = new AnimationQueue();
  private settleTo: BoardModel | null = null;
  private idleWaiters: (() => void)[] = [];
  /** Screens listen here too: every event as its animation starts, and the queue running dry. */
  onEventHook: ((e: MatchEvent) => void) | null = null;
  onIdleHook: (() => void) | null = null;

  constructor(
    private board: BoardState,
    public names: Names,
    private hooks: PlayerHooks = {},
  ) {
    this.queue.on((e) => {
      if (e.kind === 'idle') {
        if (this.settleTo) {
          setModel(this.board, this.settleTo);
          this.settleTo = null;
        }
        this.board.caption = '';
        this.board.dirty = true;
        this.hooks.onIdle?.();
        this.onIdleHook?.();
        const w = this.idleWaiters;
        this.idleWaiters = [];
        for (const f of w) f();
      }
    });
  }

  /**
   * Queue events; each becomes its animation steps plus a zero-length marker that writes the log line, worded when
   * its turn comes: the board then shows the warships where they stand at that event.
   */
  play(events: readonly MatchEvent[]): void {
    for (const e of events) {
      const steps = stepsFor(this.board, e, this.names);
      this.queue.push({
        label: `log:${e.type}`,
        duration: 0,
        finish: () => {
          const line = describeEvent(e, this.names, this.board.model.ships);
          if (line) this.hooks.onLog?.(line, e);
          this.onEventHook?.(e);
        },
      });
      this.queue.push(...steps);
      this.queue.push({ label: `done:${e.type}`, duration: 0, finish: () => this.hooks.onEvent?.(e) });
    }
  }

  /** The synced state to settle on once everything queued has played (immediately when idle). */
  settle(model: BoardModel): void {
    if (this.queue.busy) this.settleTo = model;
    else setModel(this.board, model);
  }

  /** Resolves once the queue has played everything in it (at once when it is idle). */
  idle(): Promise<void> {
    if (!this.queue.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  tick(dt: number): void {
    this.queue.tick(dt);
  }

  skip(): void {
    this.queue.skip();
  }

  set speed(v: number) {
    this.queue.speed = v;
  }
  get speed(): number {
    return this.queue.speed;
  }
}
