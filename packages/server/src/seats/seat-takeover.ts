// A reconnection token used while its owner is still connected. The token is the seat's secret: whoever
// holds it is the player (a second tab, a phone after the laptop, a reload the server has not noticed yet). The
// choice: during a live match the seat MOVES to the newer connection, and the older one is told why (an `error`
// with code 'replaced', then close code 4409) instead of silently dropping. Outside a live match (waiting for an
// opponent, or finished) no seat is held for reconnection, so the token is refused and the owner keeps the seat.
import type { Client } from '@colyseus/core';
import type { ErrorMessage } from '@star-eater/protocol';

export const CLOSE_SEAT_MOVED = 4409;

export const SEAT_MOVED: ErrorMessage = {
  code: 'replaced',
  type: 'reconnect',
  message: 'your seat moved to a newer connection that used your reconnection token (another tab or device)',
};

/** Whether the takeover may go on; tells and closes the older connection when it does. */
export function takeOver(owner: Client, live: boolean, tell: (error: ErrorMessage) => void): boolean {
  if (!live) return false;
  tell(SEAT_MOVED);
  owner.leave(CLOSE_SEAT_MOVED, 'seat moved to a newer connection');
  return true;
}
