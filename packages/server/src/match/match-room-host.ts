// The room as its match sees it (match-host.ts' MatchHost): the state, the room clock and timers, messages to a seat
// or to everyone after the patch they follow, and the record stored (or kept for after a replay). One object with its
// methods on the prototype, not a closure per method and room.
import type { Logger } from 'pino';
import type { PackedType, ServerMessages } from '@star-eater/protocol';
import type { Seat } from '@star-eater/engine';
import type { RoomDeps } from '../deps.js';
import type { MatchEnd } from '../players/result.js';
import type { ResultWritten, SavedRecord } from '../storage/player-store.js';
import type { MatchHost, Timer } from './match-host.js';
import type { MatchRoomState } from '../output/state.js';
import { followsState, type RoomOutput, sendTo } from '../output/room-output.js';
import type { RoomParts } from '../room/room-parts.js';

/** The room's parts are read when used (the computer, made when first asked for). */
export class MatchRoomHost implements MatchHost {
  readonly animationCapMs: number;

  constructor(
    private readonly room: RoomParts,
    private readonly output: RoomOutput,
    private readonly deps: Pick<RoomDeps, 'storage' | 'animationCapSeconds'>,
  ) {
    this.animationCapMs = deps.animationCapSeconds * 1000;
  }

  get state(): MatchRoomState {
    return this.room.state;
  }
  get log(): Logger {
    return this.room.log;
  }
  now(): number {
    return this.room.clockNow();
  }
  setTimeout(fn: () => void, ms: number): Timer {
    return this.room.timers.add(fn, ms);
  }
  // The patch goes first, so a message never overtakes the state it follows (a prompt is read against the board).
  // The commitment echo depends on no state: its seat's lockedIn goes with the turn's patch (room-output.ts).
  sendToSeat<K extends keyof ServerMessages>(seat: Seat, type: K, msg: ServerMessages[K]): void {
    const c = this.room.seats.clients[seat];
    if (!c) return;
    if (followsState(type)) this.room.flushPatch();
    sendTo(c, type, msg);
  }
  broadcast<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void {
    this.output.toAll(type, msg);
  }
  broadcastPacked(type: PackedType, body: Uint8Array): void {
    this.output.toAllPacked(type, body);
  }
  saveResult(end: MatchEnd, saved: SavedRecord | null): Promise<ResultWritten | null> {
    const { journal } = this.room;
    if (!journal.replaying) return this.deps.storage.saveResult(end, saved);
    // Stored after the replay (if the crash came first); an earlier match of the log is not this room's end.
    journal.replayedResult?.told(null);
    return new Promise((told) => {
      journal.replayedResult = { end, saved, told };
    });
  }
  onPhaseChange(): void {
    this.room.updateMetadata();
    this.room.madeComputer?.onPhaseChange();
  }
}
