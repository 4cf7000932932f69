// Tooltips: board pieces say what they are on hover (desktop) or on a tap (touch); on touch, a control
// held for half a second shows its title, which a mouse shows on hover. One floating element for the page.
import type { Hex } from '@star-eater/engine';
import { h } from './dom.js';

let tip: HTMLElement | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;

function el(): HTMLElement {
  if (!tip?.isConnected) {
    tip = h('div#tip.tip', { role: 'tooltip', hidden: true });
    document.body.append(tip);
  }
  return tip;
}

export function showTip(text: string, x: number, y: number, forMs = 0): void {
  const t = el();
  t.textContent = text;
  t.hidden = false;
  const w = t.offsetWidth;
  t.style.left = `${Math.max(4, Math.min(window.innerWidth - w - 4, x + 14))}px`;
  t.style.top = `${Math.max(4, y + 16)}px`;
  if (hideTimer) clearTimeout(hideTimer);
  hideTimer = forMs > 0 ? setTimeout(hideTip, forMs) : null;
}

/** A tip above a control (under it when there is no room above), clear of what lies below it (a lock-in bar). */
export function showTipAbove(text: string, r: DOMRect, forMs: number): void {
  showTip(text, r.left, r.bottom, forMs);
  const t = el();
  const above = r.top - t.offsetHeight - 6;
  t.style.top = `${above >= 4 ? above : r.bottom + 6}px`;
}

export function hideTip(): void {
  if (tip) tip.hidden = true;
}

/** Board pieces: hover shows what is under the pointer; a touch tap (not a drag or a pinch) shows it for a few seconds. */
export function attachBoardTips(
  canvas: HTMLElement,
  hexAt: (e: PointerEvent) => Hex | null,
  describe: (h: Hex) => string | null,
): () => void {
  // A touch shows the tip on a tap: a finger that drags or pinches a zoomed board is moving it, not asking.
  const touches = new Map<number, { x: number; y: number; still: boolean }>();
  const move = (e: PointerEvent) => {
    if (e.pointerType === 'touch') {
      const t = touches.get(e.pointerId);
      if (t && Math.hypot(e.clientX - t.x, e.clientY - t.y) > 10) t.still = false;
      return;
    }
    const hx = hexAt(e);
    const text = hx && describe(hx);
    if (text) showTip(text, e.clientX, e.clientY);
    else hideTip();
  };
  const down = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    // A second finger makes a pinch of it: no tip from either.
    for (const t of touches.values()) t.still = false;
    touches.set(e.pointerId, { x: e.clientX, y: e.clientY, still: touches.size === 0 });
  };
  const up = (e: PointerEvent) => {
    const t = touches.get(e.pointerId);
    touches.delete(e.pointerId);
    if (!t?.still) return;
    const hx = hexAt(e);
    const text = hx && describe(hx);
    if (text) showTip(text, e.clientX, e.clientY, 3000);
  };
  const cancel = (e: PointerEvent) => touches.delete(e.pointerId);
  // A touch pointer "leaves" as the finger lifts: the tapped tip stays for its few seconds.
  const leave = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') hideTip();
  };
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('pointerleave', leave);
  return () => {
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', cancel);
    canvas.removeEventListener('pointerleave', leave);
    hideTip();
  };
}

/** Touch: a control held for half a second shows its title (a mouse shows it on hover). Installed once. */
export function installTouchTitles(): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  document.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch') return;
    const target = (e.target as HTMLElement | null)?.closest<HTMLElement>('[title]');
    const title = target?.title.trim();
    if (!target || !title) return;
    timer = setTimeout(() => {
      const r = target.getBoundingClientRect();
      showTip(title, r.left, r.bottom - 10, 3000);
    }, 500);
  });
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  document.addEventListener('pointerup', cancel);
  document.addEventListener('pointercancel', cancel);
}
