// A reconnection token used while its owner is still connected. The token is the seat's secret: whoever
// holds it is the player (a second tab, a phone after the laptop, a reload the server has not noticed yet). The
// choice: wherever a dropped seat would be held for its return (a live match, a private room waiting for its invitee,
// the end screen), the seat MOVES to the newer connection, and the older one is told why (an `error` with code
// 'replaced', then close code 4409) instead of silently dropping. Refusing it there would send a reloaded page, whose
// old socket the server has not seen close yet, to the other seat of its own room. Where no seat is held (quick
// match waiting for an opponent) the token is refused and the owner keeps the seat.
import type { Client } from '@colyseus/core';
import type { ErrorMessage } from '@star-eater/protocol';

export const CLOSE_SEAT_MOVED = 4409;

export const SEAT_MOVED: ErrorMessage = {
  code: 'replaced',
  type: 'reconnect',
  message: 'your seat moved to a newer connection that used your reconnection token (another tab or device)',
};

/** Whether the takeover may go on; tells and closes the older connection when it does. */
export function takeOver(owner: Client, held: boolean, tell: (error: ErrorMessage) => void): boolean {
  if (!held) return false;
  tell(SEAT_MOVED);
  owner.leave(CLOSE_SEAT_MOVED, 'seat moved to a newer connection');
  return true;
}
