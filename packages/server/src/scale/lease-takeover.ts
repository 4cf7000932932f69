// Who restores a match whose process is gone. Every process beats a heartbeat into the shared storage
// (its instance name, every leaseMs / 3); a room whose owner has not beaten for leaseMs is claimed by the first
// process to see it — the claim is an update conditional on the owner it read, so exactly one process gets it — and
// rebuilt from its log there (log/restore.ts). On start a process also takes back the rooms under its own name
// (a restart: one process on SQLite, or a replica that keeps its name). A graceful shutdown that keeps its matches
// ends its lease at once, so another process takes them over without waiting. A process that missed its own lease
// (stalled: paused, swapped out, cut off) checks, once it beats again, which of its rooms are still its own, and gives
// up the others at once (log/lease.ts) — its appends to them are refused anyway (the log is fenced on its owner).
import type { Logger } from 'pino';
import type { ClaimedRoom, Storage } from '../storage/types.js';

export interface TakeoverOptions {
  storage: Storage;
  /** This process' name as an owner of logs. */
  instance: string;
  leaseMs: number;
  log: Logger;
  restore(claim: ClaimedRoom): Promise<void>;
  /** The rooms this process holds (created, their logs open), each with how to give it up. */
  held(): Iterable<HeldRoom>;
}

export interface HeldRoom {
  readonly roomId: string;
  /** Another process holds its log now: give it up (log/lease.ts). */
  lose(): void;
}

export class Takeover {
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy: Promise<void> | null = null;
  /** The last heartbeat this process wrote (ms): its lease runs until then + leaseMs. */
  private beatAt = 0;

  constructor(private readonly o: TakeoverOptions) {}

  /** Takes back this instance's own rooms and any orphaned ones, then keeps beating and watching. */
  async start(): Promise<number> {
    const n = await this.claim(true);
    await this.beat();
    this.timer = setInterval(() => void this.tick(), Math.max(100, Math.floor(this.o.leaseMs / 3)));
    this.timer.unref();
    return n;
  }

  private async tick(): Promise<void> {
    if (this.busy !== null) return; // the last look is still going
    this.busy = (async () => {
      try {
        const lastBeat = this.beatAt;
        // Taken before the beat: every room in it was created (its log opened) before the ownership is read.
        const held = [...this.o.held()];
        const now = await this.beat();
        // Beats come every leaseMs / 3: a gap of half the lease means this process stalled and may have lost rooms.
        if (now - lastBeat > this.o.leaseMs / 2) await this.checkHeld(held, now - lastBeat);
        await this.claim(false);
      } catch (err) {
        this.o.log.warn({ err }, 'heartbeat or takeover failed');
      }
    })().finally(() => {
      this.busy = null;
    });
  }

  private async beat(): Promise<number> {
    const now = Date.now();
    await this.o.storage.heartbeat(this.o.instance, now);
    this.beatAt = now;
    return now;
  }

  /** After a stall: the rooms held here whose logs another process took over are given up. */
  private async checkHeld(held: HeldRoom[], gapMs: number): Promise<void> {
    const owned = new Set(await this.o.storage.ownedRooms(this.o.instance));
    const lost = held.filter((r) => !owned.has(r.roomId));
    // A warning only when something was lost: on a loaded machine a late beat alone is common and harmless.
    const at = { gapMs, held: held.length, lost: lost.length };
    if (lost.length) this.o.log.warn(at, 'missed heartbeats: checked which matches are still ours');
    else this.o.log.info(at, 'missed heartbeats: checked which matches are still ours');
    for (const r of lost) r.lose();
  }

  private async claim(own: boolean): Promise<number> {
    const claims = await this.o.storage.claimRooms(this.o.instance, Date.now() - this.o.leaseMs, own);
    for (const c of claims) {
      try {
        await this.o.restore(c);
      } catch (err) {
        this.o.log.error({ err, room: c.roomId }, 'a match could not be restored from its log');
      }
    }
    if (claims.length) this.o.log.info({ rooms: claims.length, own }, 'matches taken over from their logs');
    return claims.length;
  }

  /** Stops beating; `handOver`: ends the lease now (the kept matches go to another process at its next look). */
  async stop(handOver: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
    if (handOver) await this.o.storage.heartbeat(this.o.instance, 0);
  }
}
