// What a room sends, in order: a turn-based room sends its state patch itself, and every message after the patch it
// follows (a prompt is read against the board). The frames of a turn go out in one write per client (outbox.ts).
//
// No per-room patch interval runs: at 2,000 rooms Colyseus' patch interval alone was 20,000 timer callbacks a second.
// A patch goes out before a message that depends on it (MatchRoom's host: broadcast/sendToSeat) and at the end of
// every turn in which the state changed (markChanged → outbox.ts). (patchRate null would make Colyseus tick the clock
// at 60 Hz instead, hence an interval that never comes.) The clock interval only serves a clock driven by hand
// (tests), as nothing ticks the clock otherwise but a patch.
import type { Client, Room } from '@colyseus/core';
import type { ServerMessages } from '@star-eater/protocol';
import { ownStateFrames, stateHasChanges } from '../colyseus-internals.js';
import { beforePatch, cork } from './outbox.js';
import { frameOf, isPacked, messageFrame, packedFrame } from './wire.js';
import type { PackedType } from '@star-eater/protocol';

/** Patches are sent by the room itself (RoomOutput.flush), never on a Colyseus interval. */
const NO_PATCH_INTERVAL = 2 ** 31 - 1;

/**
 * Messages no synced state is read against: the commitment echo, a lock-in's receipt and the reveal's salts (the
 * client files them by their round). They go out without sending the pending patch first, which then leaves at the
 * end of the turn with all the turn changed: the lock-in that completes a window sends one patch (its lockedIn, the
 * board, the next phase) instead of two.
 */
const STATELESS: ReadonlySet<keyof ServerMessages> = new Set(['commitment', 'receipt', 'receipts-revealed'] as const);

/** Whether `type` must follow the pending patch (it is read against the synced state). */
export const followsState = (type: keyof ServerMessages): boolean => !STATELESS.has(type);

/** Sends one message to one client; the big types go packed (see wire.ts), as bytes the client decodes. */
export function sendTo<K extends keyof ServerMessages>(client: Client, type: K, msg: ServerMessages[K]): void {
  cork(client);
  client.enqueueRaw(frame(type, msg));
}

/** A message's frame: packed (the big types), else as Colyseus' send would frame it (wire.ts messageFrame). */
function frame<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): Buffer {
  return isPacked(type) ? packedFrame(type, msg as ServerMessages[typeof type]) : messageFrame(type, msg);
}

export class RoomOutput {
  /** A patch is being encoded and sent (flush); a timer check waits for the next turn: see start. */
  private patching = false;
  private timersDue = false;

  constructor(private readonly room: Room) {}

  /**
   * Takes the patches from Colyseus' interval and runs the room's clock: `tick` every 100 ms, then the match's timers.
   * Colyseus ticks the clock inside broadcastPatch, before it encodes, and a patch is sent in the middle of a match
   * step (host.broadcast): a timer found due there runs in a turn of its own, so it never sends its patch and
   * messages inside another patch, nor changes the match under a step that is still running.
   */
  start(tick: () => void, checkTimers: () => void): void {
    this.room.patchRate = NO_PATCH_INTERVAL;
    ownStateFrames(this.room);
    this.room.clock.setInterval(() => {
      tick();
      if (!this.patching) return checkTimers();
      if (this.timersDue) return;
      this.timersDue = true;
      setImmediate(() => {
        this.timersDue = false;
        checkTimers();
      });
    }, 100);
  }

  /** Sends the pending patch now, in the same write as whatever follows it this turn (outbox.ts). */
  flush(): void {
    if (this.patching || !stateHasChanges(this.room)) return;
    beforePatch(this.room.clients);
    this.patching = true;
    try {
      this.room.broadcastPatch();
    } finally {
      this.patching = false;
    }
  }

  /** Sends one message to every client (seats and spectators), after the pending patch if it follows state. */
  toAll<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void {
    if (followsState(type)) this.flush();
    for (const c of this.room.clients) cork(c);
    this.frameToAll(frame(type, msg));
  }

  /** Sends a message already packed (packMessage) to every client, after the pending patch. */
  toAllPacked(type: PackedType, body: Uint8Array): void {
    this.flush();
    for (const c of this.room.clients) cork(c);
    this.frameToAll(frameOf(type, body));
  }

  private frameToAll(frame: Buffer): void {
    for (const c of this.room.clients) c.enqueueRaw(frame);
  }
}
