// What a screen may use of the application shell (app.ts): the one session, the router, the top bar's status slot.
// An interface apart from the shell, so the shell can import the screens without the screens importing it back.
import type { Identity } from '../net/identity.js';
import type { Session } from '../net/session.js';

export interface App {
  readonly session: Session;
  /** Who this browser plays as (net/identity.ts). */
  readonly identity: Identity;
  /** The top bar's status slot (the seed hash in a match). */
  readonly status: HTMLElement;
  /** A record opened from a file, handed from the lobby to the replay viewer. */
  pendingRecord: unknown;
  /** The player's saved name. */
  readonly name: string;
  /** Route to a hash (again, if it is the current one). */
  go(hash: string): void;
}
