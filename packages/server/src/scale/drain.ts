// Drain-then-stop (SHUTDOWN_DRAIN_MS, main.ts): a process told to stop first takes no new match, lets the matches
// being played run to their end (their records stored), and only then runs the graceful shutdown (app.ts close()).
//
// While draining:
// - no new room is created here. Every process chooses where a new room goes with drainAwareSelector (Colyseus'
//   selectProcessIdToCreateRoom): the fewest rooms among the processes not marked as draining in the shared hash
//   DRAINING_KEY (Redis, or the embedded presence). Quick match / create go to another process; when there is none
//   (one process, or all draining) they are refused with DRAIN_REFUSAL.
// - a room waiting for its second player is closed at once with 4001 (CloseCode.SERVER_SHUTDOWN) so its player can
//   queue again elsewhere; so is one created here anyway (a create decided just before the mark was written).
// - live matches go on: moves, reconnection, spectators. A rematch is refused (it would start a new match):
//   RoomDeps.draining, read by MatchRoom.
// - /health answers 503 {"status":"draining", liveMatches, drain} so a load balancer stops sending players here.
// The drain ends when no live match is left on the process or when its time runs out; the caller then closes.
import { CloseCode, ErrorCode, matchMaker, ServerError } from '@colyseus/core';
import type { Logger } from 'pino';

/** Presence hash: processId → the time its drain ends (ms since the epoch). */
export const DRAINING_KEY = 'star-eater:draining';

/** What a quick match / create is told when no process takes new matches. */
export const DRAIN_REFUSAL = 'the server is restarting and starts no new match right now: try again in a moment';

/** The phases in which a match is being played (neither waiting for its players nor over). */
export function isLivePhase(phase: string | undefined): boolean {
  return !!phase && phase !== 'waiting' && phase !== 'finished';
}

/**
 * Colyseus' choice of the process that creates a new room (the default: the fewest rooms), skipping the processes that
 * are draining: this one (isDraining) and the others marked in DRAINING_KEY. Throws DRAIN_REFUSAL when none is left.
 */
export function drainAwareSelector(isDraining: () => boolean) {
  return async (): Promise<string> => {
    const all = await matchMaker.stats.fetchAll();
    const marked = (await matchMaker.presence.hgetall(DRAINING_KEY)) ?? {};
    const known = new Set(all.map((s) => s.processId));
    // A mark outlives its process (which leaves the process list when it shuts down): forget it.
    for (const id of Object.keys(marked))
      if (!known.has(id)) void Promise.resolve(matchMaker.presence.hdel(DRAINING_KEY, id)).catch(() => {});
    const own = matchMaker.processId;
    const open = all.filter((s) => (s.processId === own ? !isDraining() : !(s.processId in marked)));
    if (!open.length) {
      // Before this process' stats are first written the list can be empty: this process, unless it drains.
      if (!all.length && !isDraining()) return own;
      throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, DRAIN_REFUSAL);
    }
    return open.sort((a, b) => a.roomCount - b.roomCount)[0]!.processId;
  };
}

export interface DrainResult {
  /** 'idle': no live match was left; 'timeout': the drain time ran out with liveMatches still being played. */
  reason: 'idle' | 'timeout' | 'cancelled';
  liveMatches: number;
  tookMs: number;
}

export interface DrainStatus {
  startedAt: number;
  deadline: number;
}

/** What the drain needs of a match room. */
export interface DrainableRoom {
  roomId: string;
  state: { phase?: string; round?: number };
  disconnect(closeCode?: number): Promise<unknown>;
}

/**
 * One process' drain. `rooms` are this process' match rooms (app.ts tracks them); `tickMs` is how often the rooms are
 * looked at (a match ending is seen within it).
 */
export class Drain {
  private status: DrainStatus | null = null;
  private running: Promise<DrainResult> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private finish: ((r: DrainResult) => void) | null = null;
  /** Waiting rooms already told to close (they stay in the room list until disposed). */
  private closed = new WeakSet<DrainableRoom>();

  constructor(
    private readonly rooms: () => Iterable<DrainableRoom>,
    private readonly log: Logger,
    private readonly tickMs = 200,
  ) {}

  get active(): boolean {
    return this.status !== null;
  }

  info(): DrainStatus | null {
    return this.status;
  }

  liveCount(): number {
    let n = 0;
    for (const r of this.rooms()) if (isLivePhase(r.state.phase)) n++;
    return n;
  }

  /** Starts the drain (idempotent: a second call returns the first one's promise). */
  start(maxMs: number): Promise<DrainResult> {
    if (this.running !== null) return this.running;
    const startedAt = Date.now();
    this.status = { startedAt, deadline: startedAt + maxMs };
    this.running = new Promise<DrainResult>((resolve) => (this.finish = resolve));
    void this.begin(maxMs);
    return this.running;
  }

  /** Ends a running drain now (the process is closing anyway). */
  cancel(): void {
    this.end('cancelled');
  }

  private async begin(maxMs: number): Promise<void> {
    const { startedAt, deadline } = this.status!;
    // Away with the rooms that wait for a player (out of the listing at once), then out of new-room selection on every
    // process (a room another process creates here meanwhile is closed by the next tick).
    const waitingClosed = this.closeWaiting();
    try {
      await matchMaker.presence.hset(DRAINING_KEY, matchMaker.processId, String(deadline));
    } catch (err) {
      this.log.warn({ err }, 'drain: marking this process as draining in the shared presence failed');
    }
    const live = [...this.rooms()].filter((r) => isLivePhase(r.state.phase));
    this.log.info(
      {
        drainMs: maxMs,
        liveMatches: live.length,
        waitingClosed,
        clients: matchMaker.stats.local.ccu,
        matches: live.map((r) => ({ room: r.roomId, phase: r.state.phase, round: r.state.round })),
      },
      'draining: no new matches; the live matches play to their end',
    );
    if (!this.finish) return; // cancelled meanwhile
    let last = live.length;
    let lastLogAt = Date.now();
    const tick = () => {
      const closed = this.closeWaiting();
      if (closed) this.log.info({ waitingClosed: closed }, 'draining: closed a room created here meanwhile');
      const n = this.liveCount();
      const now = Date.now();
      if (n === 0) return this.end('idle');
      if (now >= deadline) return this.end('timeout');
      if (n !== last || now - lastLogAt >= 15_000) {
        this.log.info(
          { liveMatches: n, leftMs: deadline - now, sinceMs: now - startedAt },
          'draining: live matches left',
        );
        last = n;
        lastLogAt = now;
      }
    };
    this.timer = setInterval(tick, this.tickMs);
    tick();
  }

  /** Closes this process' rooms still waiting for their players (4001): no match starts here any more. */
  private closeWaiting(): number {
    let n = 0;
    for (const r of this.rooms()) {
      if (r.state.phase !== 'waiting' || this.closed.has(r)) continue;
      this.closed.add(r);
      try {
        void Promise.resolve(r.disconnect(CloseCode.SERVER_SHUTDOWN)).catch(() => {});
        n++;
      } catch (err) {
        this.log.warn({ err, room: r.roomId }, 'draining: closing a waiting room failed');
      }
    }
    return n;
  }

  private end(reason: DrainResult['reason']): void {
    if (!this.finish) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const liveMatches = this.liveCount();
    const tookMs = Date.now() - (this.status?.startedAt ?? Date.now());
    const finish = this.finish;
    this.finish = null;
    if (reason === 'timeout')
      this.log.warn({ liveMatches, tookMs }, 'drain time ran out: the live matches left end without a result');
    else if (reason === 'idle') this.log.info({ tookMs }, 'drained: no live match left');
    else this.log.info({ liveMatches, tookMs }, 'drain cut short');
    finish({ reason, liveMatches, tookMs });
  }
}
