// Time is never lost in silence (RULES §7 timers): a timer that waits for this page warns, seen and heard, when ten
// seconds are left; when one runs out, the server says so (`timed-out`) and the page says what the default did.
import type { TimedOutStep } from '@star-eater/protocol';
import { playSfx } from '../audio/sfx.js';
import type { RoomState } from '../net/room-state.js';
import { secondsLeft, toast } from '../ui/dom.js';

/** Seconds left when the warning comes. */
export const WARN_SECONDS = 10;

/** What the default did, said to the seat whose time ran out (the server's RULES §7 default for that step). */
const TIMED_OUT: Record<TimedOutStep, string> = {
  orders: 'your ship drifts with no new orders',
  fighter: 'you passed this activation',
  'direct-fire': 'your weapon fired at the likeliest target',
  'point-defence': 'your point defence fired at the likeliest target',
  faction: 'a faction was chosen for you',
  pick: 'the first card on offer was picked for you',
  swap: 'you kept your loadout (no swap)',
  munitions: 'your munitions were placed for you',
};

/** A shot's default with nothing in reach: the nearest hex, where no die is rolled (RULES §7, §4.5). */
const MISSED: Partial<Record<TimedOutStep, string>> = {
  'direct-fire': 'your weapon fired at the nearest hex, with nothing in reach',
  'point-defence': 'your point defence fired at the nearest hex, with nothing in reach',
};

function timedOutText(step: TimedOutStep, nothingInReach: boolean): string {
  return `Time ran out: ${(nothingInReach && MISSED[step]) || TIMED_OUT[step]}.`;
}

/** Whether the running timer waits for seat `you` (a spectator's never does; none runs during an animation). */
export function timerIsMine(st: RoomState, you: 0 | 1 | null): boolean {
  if (you === null || !(st.deadline > 0) || st.animating) return false;
  const me = st.seats[you];
  if (!me) return false;
  switch (st.phase) {
    case 'factions':
    case 'commit':
      return !me.lockedIn;
    case 'resolving':
      return st.turn === you;
    case 'draft':
      // Munitions are placed by both at once (turn -1): each until it has placed its own.
      return st.turn === you || (st.step === 'munitions' && st.turn === -1 && [...me.munitions].length === 0);
    default:
      return false;
  }
}

const WHAT: Record<string, string> = {
  factions: 'to choose your faction',
  draft: 'to make your choice',
  commit: 'to lock in your orders',
  resolving: 'to answer',
};

/**
 * The ten-second warning, once per timer (a deadline), for the timer that waits for this page. Answered in time (locked
 * in, a pick or a decision made), the warning goes: it no longer says anything true.
 */
export class TimeWarning {
  private warned = 0;
  private showing = false;

  update(st: RoomState, you: 0 | 1 | null, now = Date.now()): void {
    const mine = timerIsMine(st, you);
    if (this.showing && (!mine || st.deadline !== this.warned)) {
      this.showing = false;
      withdrawWarnings();
    }
    if (!mine || st.deadline === this.warned) return;
    const left = secondsLeft(st.deadline, now);
    if (left > WARN_SECONDS || left === 0) return;
    this.warned = st.deadline;
    this.showing = true;
    playSfx('warning');
    toast(`${left} ${LEFT} ${WHAT[st.phase] ?? 'to act'}.`, 'warn');
  }
}

const LEFT = 'seconds left';

/**
 * The timer ran out: the notice of what the default did replaces the warning that came before it. `nothingInReach`:
 * the open prompt was a shot with nothing to roll against.
 */
export function announceTimedOut(step: TimedOutStep, nothingInReach: boolean): string {
  withdrawWarnings();
  const text = timedOutText(step, nothingInReach);
  toast(text, 'warn');
  return text;
}

/** Takes the ten-second warnings off the page. */
function withdrawWarnings(): void {
  for (const t of document.querySelectorAll<HTMLElement>('#toasts .toast.warn'))
    if (t.dataset.text?.includes(LEFT)) t.remove();
}
