// Quick match (joinOrCreate of a public match) by strength, through the matchmaking route's hook (matchmake.ts):
// the newcomer's rating (from their session token) picks the waiting room whose player is closest inside their
// widening window (players/pairing.ts), and a player already waiting alone is not paired with themselves from
// another tab. Otherwise — a guest, nobody close enough, the chosen seat taken meanwhile — Colyseus' own joinOrCreate
// runs as before ratings: the longest-waiting room first, or a new one. The listing is shared through Redis and the
// players through the store, so this holds across processes.
import { ErrorCode, matchMaker, ServerError } from '@colyseus/core';
import { parseJoinOptions } from '@star-eater/protocol';
import type { MatchMetadata } from '../output/listing.js';
import { closestFit, type Waiting } from '../players/pairing.js';
import type { Sessions } from '../players/session.js';

export const ALREADY_WAITING =
  'you are already waiting for a quick match (in another tab or window): play there, or leave it first';

/** Whether these join options ask for quick match (not a private room, a practice match or watching). */
function isQuickMatch(options: unknown): boolean {
  const p = parseJoinOptions(options);
  return p.ok && !p.value.private && !p.value.bot && !p.value.spectate && !p.value.invite;
}

/** The public rooms with one player waiting, as the shared listing has them. */
async function waitingRooms(now: number): Promise<Array<Waiting & { playerId: string | null }>> {
  const rooms = await matchMaker.query({ name: 'match', locked: false, private: false });
  return rooms.flatMap((r) => {
    const m = r.metadata as MatchMetadata | undefined;
    if (m?.phase !== 'waiting' || m.bot || m.players.length !== 1) return [];
    const created = r.createdAt ? new Date(r.createdAt as unknown as string).getTime() : now;
    const seeker = m.seeker ?? null;
    return [
      { roomId: r.roomId, rating: seeker?.rating ?? null, waitedMs: now - created, playerId: seeker?.playerId ?? null },
    ];
  });
}

/**
 * The seat reservation for a quick match by strength, or null: Colyseus' joinOrCreate decides. A token that does not
 * verify is left to the room's onAuth, which refuses it with its reason (the same verification: verifyOnce).
 */
export async function quickMatchByStrength(
  sessions: Sessions,
  options: unknown,
  auth: { token?: string } | undefined,
): Promise<unknown | null> {
  if (!auth?.token || !isQuickMatch(options)) return null;
  const v = await sessions.verifyOnce(auth, auth.token);
  if (!v.ok) return null;
  const waiting = await waitingRooms(Date.now());
  const others = waiting.filter((w) => w.playerId !== v.player.id);
  if (others.length < waiting.length) throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, ALREADY_WAITING);
  const roomId = closestFit(v.player.rating.rating, others);
  if (!roomId) return null;
  try {
    return await matchMaker.joinById(roomId, options as Record<string, unknown>, auth as never);
  } catch (err) {
    // Filled, locked or gone meanwhile (Colyseus' refusals of a seat): quick match's own order decides.
    if (err instanceof ServerError || (err as Error).constructor?.name === 'SeatReservationError') return null;
    throw err;
  }
}
