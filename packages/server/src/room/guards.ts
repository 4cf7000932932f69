// The room's guards on its public surface, wired in one call from MatchRoom.onCreate: admission and seat
// holds at reservation (seats/reservations.ts, through colyseus-internals guardSeatReservations), the reconnections
// the matchmaking route counted (http/room-door.ts) and the screening of every incoming frame (flood.ts, through
// screenFrames).
import type { Client, Room } from '@colyseus/core';
import type { ErrorMessage } from '@star-eater/protocol';
import type { Logger } from 'pino';
import { guardSeatReservations, onRouteReconnection, screenFrames } from '../colyseus-internals.js';
import { vouchReconnection } from '../http/room-door.js';
import type { RoomDeps } from '../deps.js';
import type { Admission, RoomView } from '../seats/admission.js';
import { type FloodHost, screenFrame } from './flood.js';
import type { RateLimiter } from './rate-limit.js';
import { addressOf, type DeskHost, type ReservationLedger, SeatDesk } from '../seats/reservations.js';

export interface GuardedRoom {
  room: Room;
  deps: RoomDeps;
  admission: Admission;
  log: Logger;
  view(): RoomView & { starting: boolean };
  limiterOf(sessionId: string): RateLimiter | undefined;
  reply(client: Client, error: ErrorMessage): void;
  /** Runs a room step outside a message (a timer): the room guards it and sends what it changed. */
  step(what: string, fn: () => void): void;
}

/** The room as the seat desk and the flood screen see it: one object per room, its methods on the prototype. */
class Guard implements DeskHost, FloodHost<Client> {
  constructor(private readonly g: GuardedRoom) {}

  get ledger(): ReservationLedger {
    return this.g.deps.reservations;
  }
  get admission(): Admission {
    return this.g.admission;
  }
  view(): RoomView & { starting: boolean } {
    return this.g.view();
  }
  setLocked(locked: boolean): void {
    void (locked ? this.g.room.lock() : this.g.room.unlock());
  }
  wake(fn: () => void, ms: number): void {
    setTimeout(() => this.g.step('seats', fn), ms).unref();
  }
  reply(client: Client, error: ErrorMessage): void {
    this.g.reply(client, error);
  }
  close(client: Client, code: number, reason: string): void {
    client.leave(code, reason);
  }
  warn(client: Client, what: object, line: string): void {
    this.g.log.warn({ session: client.sessionId, ...what }, line);
  }
}

export function guardRoom(g: GuardedRoom): SeatDesk {
  const { room } = g;
  const guard = new Guard(g);
  const desk = new SeatDesk(guard);
  // Seats are counted by the desk; Colyseus' own count (clients + reservations) only caps the total.
  room.maxClients = g.deps.maxSpectators + 16;
  room.seatReservationTimeout = 10;
  // The address' strikes from every process first (scale/shared-ledger.ts), then the desk's synchronous verdict.
  guardSeatReservations(room, async (id, options, authData) => {
    await g.deps.reservations.screen(addressOf(authData));
    return desk.reserve(id, options, authData);
  });
  // A reconnection the matchmaking route checked was counted there: its socket is not counted again (room-door.ts).
  onRouteReconnection(room, (token) => vouchReconnection(room.roomId, token));
  // Every frame counts toward the flood limit, and an undecodable one closes the connection (flood.ts).
  screenFrames(room, (client, frame) => screenFrame(frame, g.limiterOf(client.sessionId), guard, client));
  return desk;
}
