// The board view's camera in motion: the fitted layout for the current screen, the camera over it (moved at once by a
// finger or a wheel, eased by a button or a prompt), and the layout they give, which the view draws and hit-tests.
import type { Hex } from '@star-eater/engine';
import {
  clampCamera,
  FIT,
  frameHexes,
  lerpCamera,
  maxZoom,
  refit,
  shows,
  viewLayout,
  type Camera,
  type Viewport,
} from './camera.js';
import { fitLayout, type Layout } from './layout.js';

/** How long an eased change of view takes, ms. */
const EASE_MS = 220;
const easeOut = (t: number): number => 1 - (1 - t) ** 3;

export class ViewCamera {
  private fit: Layout | null = null;
  private vp: Viewport = { width: 0, height: 0 };
  private cam: Camera = FIT;
  private tween: { from: Camera; to: Camera; t: number } | null = null;
  /** The player's view a prompt moved away from, gone back to when the prompt closes (null: none moved it). */
  private own: Camera | null = null;
  /** What the board is drawn with right now (null before the first fit). */
  layout: Layout | null = null;

  /** `changed` hears every change of zoom (the zoom buttons enable and disable themselves by it). */
  constructor(private changed: (zoom: number, max: number) => void = () => {}) {}

  get zoom(): number {
    return this.cam.zoom;
  }

  /** Whether an eased change of view is under way. */
  get easing(): boolean {
    return this.tween !== null;
  }

  get maxZoom(): number {
    return this.fit ? maxZoom(this.fit) : 1;
  }

  /** Fits the board to this screen (kept while nothing changed) and returns the layout to draw. */
  update(cols: number, rows: number, flipped: boolean, vp: Viewport): Layout {
    const f = this.fit;
    if (
      f &&
      this.layout &&
      f.cols === cols &&
      f.rows === rows &&
      f.flipped === flipped &&
      this.vp.width === vp.width &&
      this.vp.height === vp.height
    )
      return this.layout;
    const nf = fitLayout(cols, rows, vp, { flipped, pad: 6 });
    // A resized screen or a flipped board keeps its view; another board starts from the whole of it.
    const keep = f && f.cols === cols && f.rows === rows;
    const cam = keep ? refit(f, nf, this.cam, this.vp, vp) : FIT;
    this.own = keep && this.own ? refit(f, nf, this.own, this.vp, vp) : null;
    this.fit = nf;
    this.vp = { ...vp };
    this.tween = null;
    this.set(cam);
    return this.layout!;
  }

  private set(c: Camera): void {
    const zoomed = c.zoom !== this.cam.zoom || !this.layout;
    this.cam = c;
    this.layout = viewLayout(this.fit!, c);
    if (zoomed) this.changed(c.zoom, this.maxZoom);
  }

  /** Moves the view at once (a finger, a wheel), from where it is now. */
  move(to: (fit: Layout, c: Camera, vp: Viewport) => Camera): void {
    if (!this.fit) return;
    this.tween = null;
    this.set(to(this.fit, this.cam, this.vp));
  }

  /** Eases the view to `to(...)` (a button, a prompt), from where it is now. */
  ease(to: (fit: Layout, c: Camera, vp: Viewport) => Camera, instant = false): void {
    if (!this.fit) return;
    const target = to(this.fit, this.tween?.to ?? this.cam, this.vp);
    if (instant) {
      this.tween = null;
      this.set(target);
    } else this.tween = { from: this.cam, to: target, t: 0 };
  }

  /** Advances an eased change by `dtMs`; whether the view moved (then the board is redrawn). */
  step(dtMs: number): boolean {
    const tw = this.tween;
    if (!tw || !this.fit) return false;
    tw.t = Math.min(1, tw.t + dtMs / EASE_MS);
    if (tw.t >= 1) this.tween = null;
    this.set(tw.t >= 1 ? tw.to : clampCamera(this.fit, lerpCamera(tw.from, tw.to, easeOut(tw.t)), this.vp));
    return true;
  }

  /**
   * A prompt asks for one of `hexes`: unless they are all on screen and `across` pixels wide already, the view moves
   * to them at that size. With none asked for (the prompt closed), back to the view the player had before a prompt
   * moved it; nothing else moves the player's view (a round plays in it).
   */
  follow(hexes: readonly Hex[], across: number, instant: boolean): void {
    if (!this.fit) return;
    if (hexes.length === 0) {
      const own = this.own;
      this.own = null;
      if (own) this.ease(() => own, instant);
      return;
    }
    if (shows(this.fit, this.tween?.to ?? this.cam, hexes, this.vp, across)) return;
    this.own ??= this.tween?.to ?? this.cam;
    this.ease((fit, _c, vp) => frameHexes(fit, hexes, vp, across), instant);
  }
}
