// A player back in their seat with its token (RULES §7; issue 11): a restored seat is known by its token's hash
// (journal.ts); the new token goes to the log before the client is given it, then the welcome and what it missed.
import type { Client, Room } from '@colyseus/core';
import type { Logger } from 'pino';
import type { Member } from '../room/client-messages.js';
import type { Computer } from '../match/computer.js';
import { tokenHash, type Input } from '../log/input-log.js';
import type { Journal } from '../log/journal.js';
import type { Match } from '../match/match.js';
import { markChanged, type PatchSource } from '../output/outbox.js';
import type { RateLimiter } from '../room/rate-limit.js';
import { sendTo } from '../output/room-output.js';
import type { SeatLog } from './seat-log.js';
import type { MatchRoomState } from '../output/state.js';

/** The room as a returning player meets it (MatchRoom). */
export type ReturnRoom = Room &
  PatchSource & {
    readonly state: MatchRoomState;
    readonly log: Logger;
    readonly seats: SeatLog;
    readonly journal: Journal;
    readonly match: Match;
    readonly computer: Computer;
  };

export async function welcomeBack(
  room: ReturnRoom,
  client: Client,
  members: Map<string, Member>,
  limiter: () => RateLimiter,
): Promise<void> {
  const back = room.journal.returning(room, room.seats, client.sessionId);
  if (back !== null) members.set(client.sessionId, { role: 'player', seat: back, limiter: limiter() });
  if (back !== null && room.seats.restored.size === 0) room.autoDispose = true; // every restored seat is back
  const m = members.get(client.sessionId);
  if (!m || m.seat === null) return;
  const seat = m.seat;
  room.seats.reconnecting[seat] = null;
  // The new token is the log's before the client is given it (Colyseus sends it once this resolves).
  const input: Input = { k: 'token', seat, sid: client.sessionId, tok: tokenHash(client.reconnectionToken) };
  await room.journal.write(input, () => room.seats.back(input, client));
  room.log.info({ seat, restored: back !== null }, 'player reconnected');
  client.send('welcome', { role: 'player', seat, roomId: room.roomId });
  for (const [type, msg] of room.match.catchUp(seat)) sendTo(client, type, msg);
  // Back in a room still waiting for an opponent (after a restore): quick match's offer of the computer goes on.
  if (room.state.phase === 'waiting') room.computer.resume(seat);
  markChanged(room);
}
