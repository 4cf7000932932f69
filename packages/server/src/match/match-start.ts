// Both seats are taken: the room leaves matchmaking (private, then open to spectators by id; a private room still
// needs its invite) and the first match starts. Writing the listing is asynchronous (with Redis, a network round
// trip), so a player may leave meanwhile: then no match starts with an empty seat.
import { Match } from './match.js';
import type { RoomParts } from '../room/room-parts.js';

export class MatchStart {
  /** The listing is being written: a seat taken meanwhile does not start a second match. */
  pending = false;

  constructor(private readonly room: RoomParts) {}

  async run(): Promise<void> {
    const { room } = this;
    const ready = () => room.state.seats.every((x) => x.taken) && room.state.phase === 'waiting';
    this.pending = true;
    try {
      for (;;) {
        await room.setPrivate(true);
        if (ready()) break;
        // A player left while the listing was written. A quick-match room goes back into matchmaking for the next
        // stranger (whose join calls this again).
        room.log.info('a player left before the match started: waiting again');
        if (!room.state.settings.private) await room.setPrivate(false);
        if (!ready()) return;
        // The seat was taken again meanwhile (that join saw `pending` and left the start to this call).
      }
      // Open to spectators by id (maxClients leaves room: the seat desk and onJoin hold the limits, with words).
      await room.unlock();
      if (ready()) {
        // Started while still `pending`: the start goes to the input log first (with PostgreSQL a network round
        // trip), and until it is applied the phase is still 'waiting' with both seats taken — a seat desk refresh
        // then (every patch tick) locked the room again, for good: no spectator could join the match.
        await room.write({ k: 'start', ...Match.newSecrets() });
        return;
      }
    } finally {
      this.pending = false;
      // Not starting after all (a seat was left meanwhile): the room is matchable again (seats/reservations.ts).
      if (!ready()) room.refreshSeats();
    }
    // Left during the unlock: back to matchmaking.
    if (!room.state.settings.private) await room.setPrivate(false);
    room.updateMetadata();
  }

  /** Starts without waiting for it; a failure is logged (the room stays waiting). */
  soon(): void {
    this.run().catch((err: unknown) => this.room.log.error({ err }, 'starting the match failed'));
  }
}
