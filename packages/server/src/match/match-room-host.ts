// The room as its match sees it (match-host.ts' MatchHost): the state, the room clock and timers, messages to a seat
// or to everyone after the patch they follow, and the record stored (or kept for after a replay).
import type { Logger } from 'pino';
import type { Storage } from '../storage/types.js';
import type { Computer } from './computer.js';
import type { Journal } from '../log/journal.js';
import type { MatchHost } from './match-host.js';
import { type RoomOutput, sendTo } from '../output/room-output.js';
import type { RoomTimers } from '../room/room-timers.js';
import type { SeatLog } from '../seats/seat-log.js';
import type { MatchRoomState } from '../output/state.js';

/** What the match needs of its room (MatchRoom); read when used (the computer is made after the match). */
export interface HostingRoom {
  readonly state: MatchRoomState;
  readonly log: Logger;
  readonly timers: RoomTimers;
  readonly seats: SeatLog;
  readonly journal: Journal;
  readonly computer: Computer | undefined;
  clockNow(): number;
  /** Sends the pending patch now (room-output.ts). */
  flushPatch(): void;
  updateMetadata(): void;
}

export function matchHost(
  room: HostingRoom,
  out: { output: RoomOutput; storage: Storage; animationCapSeconds: number },
): MatchHost {
  return {
    state: room.state,
    log: room.log,
    now: () => room.clockNow(),
    setTimeout: (fn, ms) => room.timers.add(fn, ms),
    // The patch goes first, so a message never overtakes the state it follows (a prompt is read against the board).
    // The commitment echo depends on no state: its seat's lockedIn goes with the turn's patch.
    sendToSeat: (seat, type, msg) => {
      const c = room.seats.clients[seat];
      if (c) {
        if (type !== 'commitment') room.flushPatch();
        sendTo(c, type, msg);
      }
    },
    broadcast: (type, msg) => out.output.toAll(type, msg),
    animationCapMs: out.animationCapSeconds * 1000,
    saveRecord: (summary, record) => {
      if (!room.journal.replaying) return out.storage.saveRecord(summary, record);
      room.journal.replayedRecord = { summary, record }; // stored after the replay if the crash came first
      return Promise.resolve();
    },
    onPhaseChange: () => {
      room.updateMetadata();
      room.computer?.onPhaseChange();
    },
  };
}
