// Where the notices (toasts) show: over the part of the screen a screen says holds no control — in a match, the board
// as far as it is in view, above its Flip and speed buttons and above a phone's lock-in bar — so that a notice, shown
// for up to 8 s, never covers a button. A screen without such an area leaves them at the foot of the page (the CSS).

/** A box in viewport pixels. */
export interface Area {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Space kept between a notice and the edges of its area. */
const GAP = 8;

let areaOf: (() => Area | null) | null = null;
let listening = false;

/** A screen's free area, from now on; the function returned gives it up (if no later screen has taken its place). */
export function setNoticeArea(fn: () => Area | null): () => void {
  areaOf = fn;
  placeNotices();
  return () => {
    if (areaOf !== fn) return;
    areaOf = null;
    placeNotices();
  };
}

/** Puts the notices at the foot of the free area, centred on it and no wider; the CSS's place when there is none. */
export function placeNotices(): void {
  const box = document.getElementById('toasts');
  if (!box) return;
  if (!listening) {
    // A phone's page scrolls under fixed notices, and a window resizes: the area moves with them.
    listening = true;
    for (const ev of ['scroll', 'resize']) window.addEventListener(ev, placeNotices, { passive: true });
  }
  const a = box.childElementCount ? areaOf?.() : null;
  const s = box.style;
  if (!a) {
    s.left = s.bottom = s.maxWidth = '';
    return;
  }
  s.left = `${(a.left + a.right) / 2}px`;
  s.bottom = `${innerHeight - a.bottom + GAP}px`;
  s.maxWidth = `${a.right - a.left - 2 * GAP}px`;
}
