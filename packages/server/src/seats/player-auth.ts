// Who asks for a seat (MatchRoom.onAuth, before any room is found or made): the client's address as the HTTP gate saw
// it and, when the SDK sent a session token (client.auth.token), the player it proves. A seat then belongs to that
// player (seat-log.ts). No token: a guest seat, as before sessions existed (unrated). A token that does not verify
// (forged, altered, expired, signed out) is refused here with its reason, never taken as a guest.
import { parseJoinOptions } from '@star-eater/protocol';
import { addressFromContext } from '../http/matchmake.js';
import type { Sessions } from '../players/session.js';
import { refuse } from './admission.js';

/** A reservation's auth data (Colyseus hands it to onJoin as client.auth). */
export interface SeatAuth {
  address: string;
  /** The player the session token proved, their name and rating then; absent for a guest. */
  playerId?: string;
  name?: string;
  rating?: number;
}

export async function authorizeSeat(
  sessions: Sessions,
  token: string | undefined,
  options: unknown,
  context: unknown,
): Promise<SeatAuth> {
  const parsed = parseJoinOptions(options);
  if (!parsed.ok) throw refuse(parsed.message);
  const address = addressFromContext(context as Parameters<typeof addressFromContext>[0]);
  if (!token) return { address };
  const v = await (context && typeof context === 'object'
    ? sessions.verifyOnce(context, token)
    : sessions.verify(token));
  if (!v.ok) throw refuse(`${v.reason} (start a new session with POST /api/session, or play without one)`);
  return { address, playerId: v.player.id, name: v.player.name, rating: v.player.rating.rating };
}

/** The reservation's auth data as onJoin gets it (client.auth). */
const seatAuthOf = (auth: unknown): SeatAuth | null =>
  auth && typeof auth === 'object' && 'address' in auth ? (auth as SeatAuth) : null;

/** A seat input's player (input-log.ts `seat`): their id, stored name and rating; nothing for a guest. */
export function seatPlayer(authData: unknown): { pid?: string; name?: string; rating?: number } {
  const a = seatAuthOf(authData);
  if (!a?.playerId) return {};
  return {
    pid: a.playerId,
    ...(a.name ? { name: a.name } : {}),
    ...(a.rating !== undefined ? { rating: a.rating } : {}),
  };
}

/**
 * A player cannot hold both seats of a room (a second tab, a duplicated tab, a second device): the refusal's words, or
 * null. A rated match would rate them against themselves; any other would seat them as their own opponent, which
 * nobody means to do (a page that lost its seat's token and follows the invite link again).
 */
export function bothSeatsRefusal(
  seats: Iterable<{ taken: boolean; playerId: string }>,
  authData: unknown,
): string | null {
  const pid = seatAuthOf(authData)?.playerId;
  if (!pid) return null;
  for (const s of seats)
    if (s.taken && s.playerId === pid)
      return 'you hold the other seat of this room already (another tab or device): one player cannot play both sides';
  return null;
}
