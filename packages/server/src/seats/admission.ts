// Who may take a seat or watch (private rooms, spectators): the join options checked against the room's
// invite, seats and spectator count. The refusal's words go to the client as they are, so they say what to do.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, ServerError } from '@colyseus/core';
import { parseJoinOptions } from '@star-eater/protocol';

export interface Auth {
  role: 'player' | 'spectator';
  name: string;
  creator: boolean;
}

/** What admission needs to know of the room at the moment of a join. */
export interface RoomView {
  phase: string;
  seatsTaken: readonly boolean[];
  spectators: number;
  maxSpectators: number;
}

export const refuse = (message: string) => new ServerError(ErrorCode.AUTH_FAILED, message);

export class Admission {
  /** A private room's invite code, 144 random bits; null for a public room. */
  readonly invite: string | null;
  private creatorClaimed = false;

  /** `restored`: the invite of a room rebuilt from its log (log/restore.ts), whose creator has long joined. */
  constructor(isPrivate: boolean, restored?: string) {
    this.invite = isPrivate ? (restored ?? randomBytes(18).toString('base64url')) : null;
    this.creatorClaimed = !!restored;
  }

  /** Constant-time comparison, so the code cannot be guessed a character at a time. */
  checkInvite(given: string | undefined): boolean {
    if (!this.invite) return true;
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(this.invite);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /**
   * Throws a refusal naming the reason; the first `private: true` join of a private room is its creator (`claim`:
   * false only asks, as the matchmaking route's check before a reservation does: seats/reservations.ts).
   */
  authorise(options: unknown, room: RoomView, claim = true): Auth {
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) throw refuse(parsed.message);
    const o = parsed.value;
    const name = o.name || 'Captain';
    if (o.spectate) {
      if (room.phase === 'waiting') throw refuse('the match has not started yet: there is nothing to watch');
      if (!this.checkInvite(o.invite)) throw refuse('this match is private: watching it needs its invite code');
      if (room.spectators >= room.maxSpectators) throw refuse('this match has as many spectators as it can take');
      return { role: 'spectator', name, creator: false };
    }
    if (o.bot && this.creatorClaimed)
      throw refuse('bot: the computer is chosen when creating a match (create "match" with { bot })');
    // A started or finished match's seat (one left free by a player who left) is nobody else's.
    if (room.phase === 'finished') throw refuse('this match is over: its seats are not open to anyone else');
    if (room.phase !== 'waiting' || room.seatsTaken.every(Boolean))
      throw refuse('the match is full: join with { spectate: true } to watch it');
    if (this.invite) {
      // A practice match (`bot`) is private: its creator is the first to join it.
      if (!this.creatorClaimed && (o.private || o.bot)) {
        if (claim) this.creatorClaimed = true;
        return { role: 'player', name, creator: true };
      }
      if (!this.checkInvite(o.invite)) throw refuse('this match is private: a wrong or missing invite code');
    }
    return { role: 'player', name, creator: false };
  }
}
