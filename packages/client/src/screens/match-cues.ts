// What a match tells a player besides the board: whose decision the match waits for, with its timer (for
// seats and spectators alike), the sounds of the round (lock-in, reveal, hits, explosions, the timer's last seconds),
// and the page's own record of the flow (animation finished → prompt shown → timer started) that the tests read.
import type { MatchEvent } from '@star-eater/engine';
import { playSfx, type Sfx } from '../audio/sfx.js';
import type { RoomState } from '../net/room-state.js';
import { h } from '../ui/dom.js';
import { WARN_SECONDS } from './time-warning.js';
import { whoseTurn } from './whose-turn.js';

export type FlowMark = 'animation-done' | 'prompt-shown' | 'timer-started';

/** The page's record of the match flow, with performance.now() times (window.__flow, for the tests). */
export function flowMark(what: FlowMark, detail?: string): void {
  const w = window as unknown as { __flow?: { what: FlowMark; at: number; detail?: string }[] };
  w.__flow ??= [];
  w.__flow.push({ what, at: performance.now(), ...(detail ? { detail } : {}) });
  if (w.__flow.length > 500) w.__flow.shift();
}

const LAST_SECONDS = 5;

export class MatchCues {
  readonly el = h(
    'div.whose-turn',
    { id: 'whose-turn', role: 'status', 'aria-live': 'polite' },
    h('span.wt-dot', { 'aria-hidden': 'true' }),
  );
  private text = h('span.wt-text');
  private clock = h('span.wt-clock.countdown', { id: 'whose-turn-clock' });
  private lastText = '';
  private lastDeadline = 0;
  private lastTick = -1;

  constructor() {
    this.el.append(this.text, h('span.grow'), this.clock);
  }

  /**
   * The synced state changed, or half a second passed. Returns the seconds its clock shows (null: none), for a
   * prompt's own countdown to show the same.
   */
  update(st: RoomState, you: 0 | 1 | null, names: [string, string]): number | null {
    const w = whoseTurn(st, you, names);
    if (w.text !== this.lastText) {
      this.lastText = w.text;
      this.text.textContent = w.text;
    }
    this.el.dataset.waiting = w.waiting;
    this.el.dataset.seat = w.seat === null ? '' : String(w.seat);
    const clock = w.seconds === null ? (st.animating ? 'after the animation' : '') : `${w.seconds}s`;
    if (this.clock.textContent !== clock) this.clock.textContent = clock;
    this.clock.classList.toggle('urgent', w.seconds !== null && w.seconds <= WARN_SECONDS);
    if (st.deadline !== this.lastDeadline) {
      if (st.deadline > 0 && !st.animating) flowMark('timer-started', `${st.phase}:${st.round}`);
      this.lastDeadline = st.deadline;
    }
    // The last seconds of a timer that waits for this page tick audibly, once a second.
    const mine = w.waiting === 'you' || (w.waiting === 'both' && you !== null);
    if (mine && w.seconds !== null && w.seconds > 0 && w.seconds <= LAST_SECONDS && w.seconds !== this.lastTick) {
      this.lastTick = w.seconds;
      playSfx('tick');
    }
    return w.seconds;
  }

  sound(s: Sfx): void {
    playSfx(s);
  }

  /** An event starts animating: the sound that goes with it. */
  event(e: MatchEvent): void {
    if (e.type === 'cards-revealed') playSfx('reveal');
    else if (e.type === 'ship-destroyed') playSfx('explosion');
    else if (e.type === 'token-destroyed' && e.token.kind === 'squadron') playSfx('explosion');
    else if (e.type === 'damage') playSfx('hit');
    else if (e.type === 'attack' && !e.detail.hit) playSfx('miss');
  }
}
