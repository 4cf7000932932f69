// A match another process took over (scale/lease-takeover.ts): this process stalled past its lease (paused,
// swapped out, cut off from the database) and, meanwhile, another one restored the match from its log. This process
// learns it when an append is refused (the log is fenced on its owner: storage/types.ts) or when its heartbeat finds
// it missed its lease and the room is no longer its own. From then on it must never act on the room again: nothing
// is written or applied (input-log.ts), the room stops answering for its id, leaves the shared listing to the new
// owner, and its clients are closed with 4010 ("server restarting": CloseCode.MAY_TRY_RECONNECT), so they reconnect
// with their tokens through the matchmaker, which sends them to the new owner.
import { CloseCode, type Room } from '@colyseus/core';
import type { Logger } from 'pino';
import { abandonRoom } from '../colyseus-internals.js';

/** Why a join or reconnection reaching the old owner in the meantime is refused. */
export const MOVED = 'this match has moved to another server: reconnect to find it there';

/** What giving a room up stops: its timers, its computer, its match, its listing writes. */
export interface Disposable {
  dispose(): void;
}

/** Gives the room up at once (see above); `parts` stop acting now. The room's clients go with 4010. */
export function giveUp(room: Room, log: Logger, parts: Array<Disposable | undefined>, created: boolean): void {
  abandonRoom(room);
  for (const p of parts) p?.dispose();
  log.warn('another process took this match over: giving it up here; its players reconnect to the new owner');
  // A room still in onCreate fails its creation instead (the refused write rejects there).
  if (created) void room.disconnect(CloseCode.MAY_TRY_RECONNECT);
}
