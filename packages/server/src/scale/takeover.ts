// Who restores a match whose process is gone (issue 11). Every process beats a heartbeat into the shared storage
// (its instance name, every leaseMs / 3); a room whose owner has not beaten for leaseMs is claimed by the first
// process to see it — the claim is an update conditional on the owner it read, so exactly one process gets it — and
// rebuilt from its log there (rooms/restore.ts). On start a process also takes back the rooms under its own name
// (a restart: one process on SQLite, or a replica that keeps its name). A graceful shutdown that keeps its matches
// ends its lease at once, so another process takes them over without waiting.
import type { Logger } from 'pino';
import type { ClaimedRoom, Storage } from '../storage/types.js';

export interface TakeoverOptions {
  storage: Storage;
  /** This process' name as an owner of logs. */
  instance: string;
  leaseMs: number;
  log: Logger;
  restore(claim: ClaimedRoom): Promise<void>;
}

export class Takeover {
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy: Promise<void> | null = null;

  constructor(private readonly o: TakeoverOptions) {}

  /** Takes back this instance's own rooms and any orphaned ones, then keeps beating and watching. */
  async start(): Promise<number> {
    const n = await this.claim(true);
    await this.o.storage.heartbeat(this.o.instance, Date.now());
    this.timer = setInterval(() => void this.tick(), Math.max(100, Math.floor(this.o.leaseMs / 3)));
    this.timer.unref();
    return n;
  }

  private async tick(): Promise<void> {
    if (this.busy !== null) return; // the last look is still going
    this.busy = (async () => {
      try {
        await this.o.storage.heartbeat(this.o.instance, Date.now());
        await this.claim(false);
      } catch (err) {
        this.o.log.warn({ err }, 'heartbeat or takeover failed');
      }
    })().finally(() => {
      this.busy = null;
    });
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
