// Where notices show in a match (ui/notice-place.ts), so that a notice, shown for up to 8 s, covers no button and no
// text the player needs: the board as far as it is in view, above its Flip and speed buttons and above a lock-in bar
// fixed at the foot of the screen (a phone's). With too little of the board in view (a phone scrolled down its side
// panel), a strip of their own at the foot, above the lock-in bar if one shows, which the page scrolls clear of.
import type { Area } from '../ui/notice-place.js';

/** The least height of board in view that notices are put over (three notices stacked). */
const NOTICE_ROOM = 120;

/** Space kept above the notices in their strip (ui/notice-place.ts keeps as much below them). */
const STRIP_GAP = 8;

export interface MatchParts {
  /** The board's canvas host. */
  host: HTMLElement;
  /** The board's zoom, Flip and speed buttons. */
  controls: HTMLElement;
  /** The side panel's bar (lock in and the countdown, or the replay's controls). */
  bar: HTMLElement;
  /** The notices' own strip, fixed at the foot of a phone's screen. */
  strip: HTMLElement;
}

export function matchNoticeArea(p: MatchParts): Area {
  const host = p.host.getBoundingClientRect();
  const bar = p.bar.getBoundingClientRect();
  const floor = bar.height > 0 && isFixed(p.bar) ? bar.top : innerHeight;
  const controls = p.controls.getBoundingClientRect();
  const board: Area = {
    left: host.left,
    right: host.right,
    top: Math.max(host.top, 0),
    bottom: Math.min(host.bottom, controls.height ? controls.top : host.bottom, floor),
    edge: 'bottom',
  };
  const view: Area = { left: 0, right: innerWidth, top: 0, bottom: floor, edge: 'bottom' };
  if (board.bottom - board.top >= NOTICE_ROOM || !isFixed(p.strip)) {
    fitStrip(p.strip, 0);
    return board.bottom - board.top >= NOTICE_ROOM ? board : view;
  }
  p.strip.style.bottom = `${innerHeight - floor}px`;
  return { ...view, fit: (room) => fitStrip(p.strip, room) };
}

function isFixed(el: HTMLElement): boolean {
  return getComputedStyle(el).position === 'fixed';
}

/**
 * Opens the strip to the notices' room (0: closes it), the side panel's foot growing by as much so that nothing stays
 * under it; opening scrolls the page up by what it grew, so that what the player was looking at stays in view.
 */
function fitStrip(strip: HTMLElement, room: number): void {
  const height = room ? room + STRIP_GAP : 0;
  const grew = height - strip.offsetHeight;
  if (!grew) return;
  strip.style.height = `${height}px`;
  strip.hidden = !height;
  strip.parentElement?.style.setProperty('--notice-room', `${height}px`);
  if (grew > 0) scrollBy(0, grew);
}
