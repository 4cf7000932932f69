// Where notices show in the draft and the faction choice (ui/notice-place.ts): in the heading's row, in the gap
// between who the player faces and whose pick it is, when that gap holds a notice on one line; else (a phone, whose
// heading row is full) in a strip under the row, kept open while the row is full, notice or none: a strip that
// opened and closed with its notice would move the cards under a player's finger as they tap. While no notice shows,
// the kept strip says what the step's clock does (clock-hint.ts); a notice takes its place. Either way a notice
// covers neither the heading's text (the step, the opponent, whose pick, the countdown) nor a card or button.
import { setNoticeArea, type Area } from '../ui/notice-place.js';

/** The narrowest gap a notice sits in on one line ("Time ran out: the first card on offer was picked for you."). */
const ONE_LINE = 520;

/** The heading row's free stretch on the line of whose-pick-and-countdown (its last item), left of that item. */
function freeGap(row: HTMLElement): { left: number; right: number } | null {
  const items = [...row.children].map((c) => c.getBoundingClientRect()).filter((r) => r.width);
  const last = items.pop();
  if (!last) return null;
  const before = items.filter((r) => r.top < last.bottom && last.top < r.bottom);
  return { left: Math.max(row.getBoundingClientRect().left, ...before.map((r) => r.right)), right: last.left };
}

/**
 * The heading's row and strip, the strip kept open (`reserved`: its height in the CSS) when the row has no one-line
 * room for a notice; `gap` is that room, or null. Null: no heading laid out on the page.
 */
function layOut(
  body: HTMLElement,
): { row: DOMRect; slot: HTMLElement; gap: { left: number; right: number } | null } | null {
  const row = body.querySelector<HTMLElement>('.draft-head .draft-title');
  const slot = body.querySelector<HTMLElement>('.draft-head .notice-slot');
  const r = row?.getBoundingClientRect();
  if (!row || !slot || !r?.height) return null;
  const free = freeGap(row);
  const gap = free && free.right - free.left >= ONE_LINE ? free : null;
  // Kept open only with its line about the clock, that is for a player the clock decides for: a spectator taps no
  // card, and an empty band would only take a phone's height; their strip opens with a notice and shuts after it.
  slot.classList.toggle('reserved', !gap && slot.querySelector('.clock-hint') !== null);
  return { row: r, slot, gap };
}

/** The draft heading's area for notices (null: no heading on the page). */
function draftNoticeArea(body: HTMLElement): Area | null {
  const l = layOut(body);
  if (!l) return null;
  const { row, slot, gap } = l;
  if (gap) {
    slot.style.height = '';
    return { ...gap, top: Math.max(row.top, 0), bottom: row.bottom, edge: 'top' };
  }
  const s = slot.getBoundingClientRect();
  return {
    left: s.left,
    right: s.right,
    top: s.top,
    bottom: s.bottom,
    edge: 'top',
    // The strip's kept height holds a notice of two lines; only more (several notices at once) grows it past that.
    // A notice shows in the line's place (`noticed` hides it): the line would read through a notice's backdrop.
    fit: (height) => {
      slot.style.height = height ? `${height}px` : '';
      slot.classList.toggle('noticed', height > 0);
    },
  };
}

/** Keeps the heading's strip open or not for the row as laid out now: called when the heading is drawn anew. */
export function reserveNoticeStrip(body: HTMLElement): void {
  layOut(body);
}

/**
 * Notices in the heading of the draft or faction choice drawn in `body`, from now on (a resize may fill or free the
 * heading row); the function returned stops it.
 */
export function draftNotices(body: HTMLElement): () => void {
  const resized = () => reserveNoticeStrip(body);
  window.addEventListener('resize', resized, { passive: true });
  const unArea = setNoticeArea(() => draftNoticeArea(body));
  return () => {
    window.removeEventListener('resize', resized);
    unArea();
  };
}
