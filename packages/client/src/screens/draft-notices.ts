// Where notices show in the draft and the faction choice (ui/notice-place.ts): in the heading's row, in the gap
// between who the player faces and whose pick it is, when that gap holds a notice on one line; else (a phone, whose
// heading row is full) in a strip the heading opens under its row while a notice shows. Either way a notice covers
// neither the heading's text (the step, the opponent, whose pick, the countdown) nor a card or button.
import type { Area } from '../ui/notice-place.js';

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

/** The draft heading's area for notices (null: no heading on the page). */
export function draftNoticeArea(head: HTMLElement): Area | null {
  const row = head.querySelector<HTMLElement>('.draft-title');
  const slot = head.querySelector<HTMLElement>('.notice-slot');
  const r = row?.getBoundingClientRect();
  if (!row || !slot || !r?.height) return null;
  const gap = freeGap(row);
  if (gap && gap.right - gap.left >= ONE_LINE) {
    slot.style.height = '';
    return { ...gap, top: Math.max(r.top, 0), bottom: r.bottom, edge: 'top' };
  }
  const s = slot.getBoundingClientRect();
  return {
    left: s.left,
    right: s.right,
    top: s.top,
    bottom: s.bottom,
    edge: 'top',
    fit: (height) => {
      slot.style.height = height ? `${height}px` : '';
    },
  };
}
