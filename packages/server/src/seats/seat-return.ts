// A player back in their seat with its token (RULES §7), also after a restore: a restored seat is known by its token's hash
// (journal.ts); the new token goes to the log before the client is given it, then the welcome and what it missed.
import type { Client } from '@colyseus/core';
import type { Seat } from '@star-eater/engine';
import { tokenHash, type Input } from '../log/input-log.js';
import { sendTo } from '../output/room-output.js';
import type { RateLimiter } from '../room/rate-limit.js';
import type { Member, RoomParts } from '../room/room-parts.js';

/** `back`: the seat of a restored room this client's token opened (journal.ts returning), or null. */
export async function welcomeBack(
  room: RoomParts,
  client: Client,
  back: Seat | null,
  members: Map<string, Member>,
  limiter: () => RateLimiter,
): Promise<void> {
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
  // Back in a private room still waiting for its invitee, the creator (its only player) is given the invite again.
  const invite = room.state.phase === 'waiting' && room.invite ? { invite: room.invite } : {};
  client.send('welcome', { role: 'player', seat, roomId: room.roomId, ...invite });
  for (const [type, msg] of room.match.catchUp(seat)) sendTo(client, type, msg);
  // Back in a room still waiting for an opponent (after a restore): quick match's offer of the computer goes on.
  if (room.state.phase === 'waiting') room.computer.resume(seat);
  room.changed();
}
