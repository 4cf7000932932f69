// The room as its match sees it (match-host.ts' MatchHost): the state, the room clock and timers, messages to a seat
// or to everyone after the patch they follow, and the record stored (or kept for after a replay).
import type { RoomDeps } from '../deps.js';
import type { MatchHost } from './match-host.js';
import { type RoomOutput, sendTo } from '../output/room-output.js';
import type { RoomParts } from '../room/room-parts.js';

/** The room's parts are read when used (the computer, made when first asked for). */
export function matchHost(
  room: RoomParts,
  output: RoomOutput,
  deps: Pick<RoomDeps, 'storage' | 'animationCapSeconds'>,
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
    broadcast: (type, msg) => output.toAll(type, msg),
    animationCapMs: deps.animationCapSeconds * 1000,
    saveResult: (end, saved) => {
      if (!room.journal.replaying) return deps.storage.saveResult(end, saved);
      // Stored after the replay (if the crash came first); an earlier match of the log is not this room's end.
      room.journal.replayedResult?.told(null);
      return new Promise((told) => {
        room.journal.replayedResult = { end, saved, told };
      });
    },
    onPhaseChange: () => {
      room.updateMetadata();
      room.madeComputer?.onPhaseChange();
    },
  };
}
