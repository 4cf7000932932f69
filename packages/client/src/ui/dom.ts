// A tiny DOM builder: h('button.primary', { onclick }, 'Go'). No framework; screens rebuild small parts on change.
import { placeNotices } from './notice-place.js';

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  spec: K | `${K}.${string}` | `${K}#${string}`,
  attrs: Attrs | null = null,
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const [tagAndId, ...classes] = spec.split('.');
  const [tag, id] = tagAndId!.split('#');
  const el = document.createElement(tag as K);
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(' ');
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        el.addEventListener(k.slice(2), v as EventListener);
      } else if (k === 'class') {
        el.className = [el.className, String(v)].filter(Boolean).join(' ');
      } else if (k === 'style' && typeof v === 'object') {
        Object.assign(el.style, v);
      } else if (k === 'dataset' && typeof v === 'object') {
        Object.assign(el.dataset, v);
      } else if (v === true) {
        el.setAttribute(k, '');
      } else {
        el.setAttribute(k, String(v));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el: Element, children: (Child | Child[])[]): void {
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : String(c));
  }
}

export function replace(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}

/** A card saying what could not be opened and why, with the way back to the lobby. */
export function failureCard(title: string, message: string, cls: `div.${string}` = 'div.center.card'): HTMLElement {
  return h(cls, null, h('h2', null, title), h('p.bad', null, message), h('a', { href: '#/' }, 'Back to the lobby'));
}

/** A short notice at the foot of the page; a warning (a timer) stays twice as long. */
export function toast(text: string, kind: 'info' | 'error' | 'warn' = 'info'): void {
  let box = document.getElementById('toasts');
  if (!box) {
    box = h('div#toasts', { 'aria-live': 'polite' });
    document.body.append(box);
  }
  // The same message again (a burst of refusals) counts up on the one already shown instead of stacking a copy, and
  // at most MAX_TOASTS show at once (the oldest goes): a flood of errors must not bury the screen.
  const same = [...box.children].find((c) => (c as HTMLElement).dataset.text === text) as HTMLElement | undefined;
  const t = same ?? h('div.toast', { class: kind, dataset: { text, count: '0' } }, text);
  const n = Number(t.dataset.count) + 1;
  t.dataset.count = String(n);
  if (n > 1) t.textContent = `${text} (×${n})`;
  box.append(t);
  while (box.children.length > MAX_TOASTS) box.firstElementChild!.remove();
  placeNotices();
  clearTimeout(Number(t.dataset.timer));
  t.dataset.timer = String(setTimeout(() => t.remove(), kind === 'warn' ? 8000 : 4000));
}

const MAX_TOASTS = 3;

/** Seconds left until an epoch-ms deadline, never negative. */
export function secondsLeft(deadline: number, now = Date.now()): number {
  return deadline > 0 ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
}

/**
 * Small inline SVG icons, for symbols the system fonts may lack (Debian's chromium has no emoji font: an emoji
 * renders as an empty box). Stroked in currentColor, sized to the text.
 */
const ICONS = {
  eye: '<path d="M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8z"/><circle cx="8" cy="8" r="2"/>',
} as const;

export function icon(name: keyof typeof ICONS): HTMLElement {
  const span = document.createElement('span');
  span.className = 'icon';
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = `<svg viewBox="0 0 16 16" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</svg>`;
  return span;
}
