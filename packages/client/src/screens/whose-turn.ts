// Whose decision the match waits for, for both seats and spectators alike: you, the opponent, both, or a
// prompt for one seat, with its timer. Pure: computed from the synced state and which seat (if any) this page holds.
import { secondsLeft } from '../ui/dom.js';
import type { RoomState } from '../net/room-state.js';

/** From this page's side: 'one' is a spectator's view of a single seat acting. */
export type Waiting = 'you' | 'opponent' | 'both' | 'one' | 'none';

export interface WhoseTurn {
  waiting: Waiting;
  /** The seat that acts, when exactly one does. */
  seat: 0 | 1 | null;
  text: string;
  /** Seconds left on the timer; null when none runs (none set, or it starts after the animations). */
  seconds: number | null;
}

const PROMPT: Record<string, string> = {
  'direct-fire': 'a direct-fire target',
  'point-defence': 'a point-defence target',
  fighter: 'a fighter activation',
};

/** One seat acts: 'you', 'opponent', or a spectator's 'one'. */
function one(seat: 0 | 1, you: 0 | 1 | null, yours: string, theirs: string, seconds: number | null): WhoseTurn {
  const waiting = seat === you ? 'you' : you === null ? 'one' : 'opponent';
  return { waiting, seat, text: seat === you ? yours : theirs, seconds };
}

export function whoseTurn(st: RoomState, you: 0 | 1 | null, names: [string, string], now = Date.now()): WhoseTurn {
  const seconds = st.deadline > 0 && !st.animating ? secondsLeft(st.deadline, now) : null;
  const name = (i: 0 | 1) => names[i] || `Player ${i + 1}`;
  const none = (text: string): WhoseTurn => ({ waiting: 'none', seat: null, text, seconds: null });
  const both = (text: string): WhoseTurn => ({ waiting: 'both', seat: null, text, seconds });
  switch (st.phase) {
    case 'finished':
      return none('The match is over');
    case 'factions':
      return both('Both players choose a faction');
    case 'commit': {
      const locked = [!!st.seats[0]?.lockedIn, !!st.seats[1]?.lockedIn];
      if (locked[0] && locked[1]) return none('Both locked in: revealing');
      if (!locked[0] && !locked[1])
        return both(you === null ? 'Both players are choosing orders' : 'Both choosing orders');
      const open = locked[0] ? 1 : 0;
      return one(open, you, 'Your orders: the opponent is locked in', `${name(open)} is choosing orders`, seconds);
    }
    case 'resolving': {
      const t = st.turn;
      if (t !== 0 && t !== 1) return none('Resolving the round');
      const what = PROMPT[st.step] ?? 'a decision';
      return one(t, you, `You choose ${what}`, `${name(t)} is choosing ${what}`, seconds);
    }
    case 'draft': {
      const t = st.turn;
      if (t !== 0 && t !== 1) return both('Both players place munitions');
      return one(t, you, 'Your pick', `${name(t)} is picking`, seconds);
    }
    default:
      return none('Waiting for an opponent');
  }
}
