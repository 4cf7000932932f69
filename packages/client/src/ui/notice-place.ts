// Where the notices (toasts) show: over the part of the screen a screen says holds no control and no text the player
// needs — in a match, the board as far as it is in view, above its Flip and speed buttons and above a phone's lock-in
// bar; in the draft, the free part of its heading row, or a strip the heading opens for them — so that a notice, shown
// for up to 8 s, never covers a button. The newest screen's area that is there now wins; with none, the notices stay
// at the foot of the page (the CSS).

/** A box in viewport pixels, and the edge of it the notices stack from. */
export interface Area {
  left: number;
  right: number;
  top: number;
  bottom: number;
  edge: 'top' | 'bottom';
  /** Told the notices' height once placed (0 when none show): a strip the screen opened for them takes it. */
  fit?: (height: number) => void;
}

/** Space kept between a notice and the edges of its area. */
const GAP = 8;

/** The screens' areas, oldest first (null from one: not on the page now). */
const areas: (() => Area | null)[] = [];
let listening = false;
/** The strip the notices last took (its area's `fit`), closed when they are gone. */
let opened: Area['fit'] | null = null;

/** A screen's free area, from now on, over older screens'; the function returned gives it up. */
export function setNoticeArea(fn: () => Area | null): () => void {
  areas.push(fn);
  placeNotices();
  return () => {
    const i = areas.indexOf(fn);
    if (i >= 0) areas.splice(i, 1);
    placeNotices();
  };
}

function currentArea(): Area | null {
  for (let i = areas.length - 1; i >= 0; i--) {
    const a = areas[i]!();
    if (a) return a;
  }
  return null;
}

/** Puts the notices at the area's edge, across it and no wider; the CSS's place when there is none. */
export function placeNotices(): void {
  const box = document.getElementById('toasts');
  if (!box) return;
  if (!listening) {
    // A phone's page scrolls under fixed notices, and a window resizes: the area moves with them. A notice that
    // expires may close the strip a screen opened for it.
    listening = true;
    for (const ev of ['scroll', 'resize']) window.addEventListener(ev, placeNotices, { passive: true });
    new MutationObserver(placeNotices).observe(box, { childList: true });
  }
  // No notice: nothing to measure (this runs on every scroll); a strip opened for the last ones closes.
  const a = box.childElementCount ? currentArea() : null;
  const s = box.style;
  if (!a) {
    s.left = s.right = s.top = s.bottom = '';
    opened?.(0);
    opened = null;
    return;
  }
  // The box spans the area (the CSS centres the notices in it, or stretches them across a phone's): a box pinned by
  // its left edge alone would shrink to the room right of that edge, half a phone's width.
  s.left = `${a.left + GAP}px`;
  s.right = `${innerWidth - a.right + GAP}px`;
  if (a.edge === 'top') {
    s.top = `${a.top + GAP / 2}px`;
    s.bottom = 'auto';
  } else {
    s.top = '';
    s.bottom = `${innerHeight - a.bottom + GAP}px`;
  }
  a.fit?.(box.offsetHeight + GAP);
  opened = a.fit ?? null;
}
