// Pointer input on the board's canvas, told apart: a tap (pressed and released in place) chooses a hex, a drag either
// moves the zoomed view or points a piece, two fingers pinch the zoom, a mouse wheel zooms. Plain DOM pointer events
// on the canvas (every pointer type alike); Pixi's event system, left on, sets the canvas' `touch-action: none`, so the
// browser neither scrolls nor zooms the page under a finger on the board and the pinch reaches us.
import type { Point } from './layout.js';

export interface GestureHandlers {
  /** Pressed and released without moving: a tap or a click at the point pressed. */
  tap(at: Point): void;
  /** Pressed at `from`, moved and released at `to` without panning (a piece pointed, e.g. a launch facing). */
  drag(from: Point, to: Point): void;
  /** Whether a drag from this point points a piece rather than moving the view. */
  dragsPiece(at: Point): boolean;
  /** Whether there is anything to pan (the board is zoomed in). */
  canPan(): boolean;
  pan(dx: number, dy: number): void;
  /** Absent on a board that does not zoom (a picture in a page): the wheel scrolls the page, a pinch does nothing. */
  zoom?: (at: Point, factor: number) => void;
  /** The point a pointer rests over (null when it leaves or a gesture takes it). */
  hover(at: Point | null): void;
}

/** How far a press may wander and still be a tap, by pointer: a fingertip rolls more than a mouse. */
const SLOP: Record<string, number> = { mouse: 4, pen: 6, touch: 10 };
/** A wheel's pixels of scroll per doubling of the zoom. */
const WHEEL_PER_DOUBLING = 350;

type Mode = 'idle' | 'press' | 'drag' | 'pan' | 'pinch' | 'spent';

const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Listens on `el` until the returned function is called. */
export function attachGestures(el: HTMLElement, g: GestureHandlers): () => void {
  const t = new Tracker(el, g);
  const on: [string, (e: never) => void][] = [
    ['pointerdown', (e: PointerEvent) => t.down(e)],
    ['pointermove', (e: PointerEvent) => t.move(e)],
    ['pointerup', (e: PointerEvent) => t.up(e)],
    ['pointercancel', (e: PointerEvent) => t.cancel(e)],
    ['pointerleave', (e: PointerEvent) => t.leave(e)],
  ];
  for (const [type, f] of on) el.addEventListener(type, f as EventListener);
  const wheel = (e: WheelEvent) => t.wheel(e);
  el.addEventListener('wheel', wheel, { passive: false });
  return () => {
    for (const [type, f] of on) el.removeEventListener(type, f as EventListener);
    el.removeEventListener('wheel', wheel);
  };
}

/** The pointers down on the board and what they are doing together. */
class Tracker {
  private pointers = new Map<number, Point>();
  private mode: Mode = 'idle';
  private start: Point = { x: 0, y: 0 };
  private last: Point = this.start;
  private slop = SLOP.mouse!;
  private pinch = { d: 1, m: this.start };

  constructor(
    private el: HTMLElement,
    private g: GestureHandlers,
  ) {}

  private local(e: { clientX: number; clientY: number }): Point {
    const r = this.el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  private twoFingers(): [Point, Point] {
    const [a, b] = [...this.pointers.values()];
    return [a!, b!];
  }

  down(e: PointerEvent): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    // Keeps the moves and the release coming when the pointer leaves the canvas mid-gesture.
    if (!this.el.hasPointerCapture?.(e.pointerId)) this.el.setPointerCapture?.(e.pointerId);
    if (this.pointers.size === 1) {
      this.mode = 'press';
      this.start = this.last = p;
      this.slop = SLOP[e.pointerType] ?? SLOP.mouse!;
      this.g.hover(p);
    } else if (this.pointers.size === 2) {
      // A second finger turns whatever the first began into a pinch: it will not tap or drag.
      const [a, b] = this.twoFingers();
      this.mode = 'pinch';
      this.pinch = { d: Math.max(1, dist(a, b)), m: mid(a, b) };
      this.g.hover(null);
    }
  }

  move(e: PointerEvent): void {
    const p = this.local(e);
    if (!this.pointers.has(e.pointerId)) {
      if (this.mode === 'idle') this.g.hover(p);
      return;
    }
    this.pointers.set(e.pointerId, p);
    if (this.mode === 'press' && dist(p, this.start) > this.slop) {
      this.mode = this.g.canPan() && !this.g.dragsPiece(this.start) ? 'pan' : 'drag';
      if (this.mode === 'pan') this.g.hover(null);
    }
    if (this.mode === 'pan') {
      this.g.pan(p.x - this.last.x, p.y - this.last.y);
      this.last = p;
    } else if (this.mode === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = this.twoFingers();
      const d = Math.max(1, dist(a, b));
      const m = mid(a, b);
      this.g.zoom?.(m, d / this.pinch.d);
      this.g.pan(m.x - this.pinch.m.x, m.y - this.pinch.m.y);
      this.pinch = { d, m };
    } else if (this.mode === 'press' || this.mode === 'drag') this.g.hover(p);
  }

  up(e: PointerEvent): void {
    if (!this.pointers.delete(e.pointerId)) return;
    if (this.mode === 'press') this.g.tap(this.start);
    else if (this.mode === 'drag') this.g.drag(this.start, this.local(e));
    if (this.pointers.size === 0) this.mode = 'idle';
    else if (this.mode === 'pinch' && this.g.canPan()) {
      // One finger lifted from a pinch: the other goes on moving the view.
      this.mode = 'pan';
      this.last = [...this.pointers.values()][0]!;
    } else this.mode = 'spent';
  }

  cancel(e: PointerEvent): void {
    this.pointers.delete(e.pointerId);
    this.mode = this.pointers.size === 0 ? 'idle' : 'spent';
  }

  leave(e: PointerEvent): void {
    if (!this.pointers.has(e.pointerId)) this.g.hover(null);
  }

  wheel(e: WheelEvent): void {
    const zoom = this.g.zoom;
    const px = e.deltaY * (e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1);
    // Scrolling down over a fitted board has nothing to zoom out of: the page scrolls as usual.
    if (!zoom || (px > 0 && !this.g.canPan())) return;
    e.preventDefault();
    zoom(this.local(e), 2 ** (-px / WHEEL_PER_DOUBLING));
  }
}
