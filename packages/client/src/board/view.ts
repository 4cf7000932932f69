// The Pixi board: draws a BoardState and reports clicks on hexes. It knows no rules (chessground's model).
import { Application, Container } from 'pixi.js';
// The server's CSP allows no eval (server http/gate.ts): Pixi then builds its shader uniform code without `new Function`.
import 'pixi.js/unsafe-eval';
import type { FactionId, Hex, Seat } from '@star-eater/engine';
import { Backdrop } from './backdrop.js';
import { panBy, TAP_ACROSS, zoomAt } from './camera.js';
import { attachGestures, type GestureHandlers } from './gestures.js';
import { hexToPixel, pixelToHex, type Layout, type Point } from './layout.js';
import { highlightColour, Overlays } from './overlays.js';
import { ShipSprite, TokenSprite } from './pieces.js';
import type { BoardState, Highlight } from './state.js';
import { seatColour } from './theme.js';
import { ViewCamera } from './view-camera.js';
import { coarsePointer } from '../ui/pointer.js';

export interface BoardViewOptions {
  onHexClick?: (h: Hex) => void;
  /** A press on one hex released over another (a drag): e.g. a launch facing pointed on the board. */
  onHexDrag?: (from: Hex, to: Hex) => void;
  /** Whether a drag from this hex points a piece (then reported by onHexDrag) rather than moving a zoomed view. */
  dragsFrom?: (h: Hex) => boolean;
  /** The board zooms and pans (a pinch, the wheel, a prompt's hexes); off, it always shows the whole board. */
  zoomable?: boolean;
  /** Hears every change of zoom (1 = the whole board) and the most it may be. */
  onZoom?: (zoom: number, max: number) => void;
  /** Called every frame before drawing (the animation queue ticks here). */
  onFrame?: (dtMs: number) => void;
}

/** One frame's main-thread work in ms (for the benchmark): the animation tick, the scene update, Pixi's render call. */
export interface FrameTiming {
  tick: number;
  draw: number;
  render: number;
  /** Whether the board was redrawn this frame (render on demand: only when the state changed). */
  rendered: boolean;
}

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

let probed: string | undefined;

/** The WebGL renderer's name when it is a software rasteriser (SwiftShader, llvmpipe …), else '' (probed once). */
function softwareWebGl(): string {
  probed ??= probeWebGl();
  return probed;
}

function probeWebGl(): string {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return '';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return SOFTWARE_GL.test(name) ? name : '';
  } catch {
    return '';
  }
}

const reducedMotion = (): boolean => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** The screen's pixel ratio, capped at 2 (more costs fill rate for no visible gain). The 2D backdrop always uses it. */
const pixelRatio = (): number => Math.min(2, globalThis.devicePixelRatio ?? 1);

export class BoardView {
  private app = new Application();
  /** The still board (background, stars, hex grid) on a 2D canvas under Pixi's transparent one, drawn per layout. */
  private backdrop = new Backdrop();
  private pieces = new Container();
  private overlays = new Overlays();
  private ships = new Map<number, ShipSprite>();
  private tokens = new Map<string, TokenSprite>();
  private factions: [FactionId, FactionId] = ['fpa', 'lamais'];
  private camera: ViewCamera;
  /** The focus last followed (a prompt's hexes): compared by identity, as screens replace it to change it. */
  private followed: readonly Hex[] = [];
  private unGestures: (() => void) | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private ready = false;
  /** Left (its screen unmounted); a left board still initialising is destroyed when its renderer is ready. */
  private left = false;
  /** Set by the benchmark to receive every frame's timing; null (the default) costs nothing. */
  onTiming: ((t: FrameTiming) => void) | null = null;
  /** The WebGL renderer's name when it is a software one (then the board draws with Canvas 2D at resolution 1). */
  softwareGl = '';

  constructor(
    private host: HTMLElement,
    public state: BoardState,
    private opts: BoardViewOptions = {},
  ) {
    this.camera = new ViewCamera((z, max) => this.opts.onZoom?.(z, max));
  }

  private get layout(): Layout | null {
    return this.camera.layout;
  }

  async init(): Promise<this> {
    // Software WebGL (no GPU: SwiftShader in headless Chromium, llvmpipe, blocklisted drivers) shades every pixel on
    // the CPU in the GPU process, and the browser's software compositor then reads the whole canvas back every frame:
    // ~10 ms of CPU per animated frame even for a few pieces. Pixi's Canvas 2D renderer draws the same scene without
    // either, so it is used there, at one pixel per CSS pixel. `?renderer=canvas|webgl` in the URL forces one.
    const forced = new URLSearchParams(globalThis.location?.search ?? '').get('renderer');
    this.softwareGl = softwareWebGl();
    const preference = forced === 'canvas' || forced === 'webgl' ? forced : this.softwareGl ? 'canvas' : 'webgl';
    await this.app.init({
      // Transparent: the backdrop canvas underneath shows the space background and the grid. Cleared to black at
      // alpha 0: the canvas is premultiplied, so any colour here would be added to everything under it.
      background: 0x000000,
      backgroundAlpha: 0,
      antialias: true,
      resolution: this.softwareGl ? 1 : pixelRatio(),
      autoDensity: true,
      width: Math.max(100, this.host.clientWidth),
      height: Math.max(100, this.host.clientHeight),
      preference,
    });
    // Pixi cannot destroy an application whose init has not finished (its resize plugin is not set up yet).
    if (this.left) {
      this.app.destroy(true, { children: true });
      return this;
    }
    const canvas = this.app.canvas;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Game board');
    canvas.classList.add('board-canvas');
    // Positioned so that it paints over the absolutely positioned backdrop that precedes it.
    canvas.style.position = 'relative';
    this.host.append(this.backdrop.canvas, canvas);
    this.app.stage.addChild(this.overlays.under, this.pieces, this.overlays.top);
    this.unGestures = attachGestures(canvas, this.gestureHandlers());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.host);
    // Render on demand: Pixi would re-render the whole stage every frame even when nothing changed, which keeps a
    // software-GL browser (and a phone's battery) busy for nothing. The ticker still drives the animation queue.
    this.app.ticker.remove(this.app.render, this.app);
    this.app.ticker.add((t) => this.frame(t.deltaMS));
    this.ready = true;
    this.resize();
    return this;
  }

  /** What a tap, a drag, a pinch and a wheel do on this board (gestures.ts tells them apart). */
  private gestureHandlers(): GestureHandlers {
    return {
      tap: (p) => {
        const h = this.hexAtPoint(p);
        if (h) this.opts.onHexClick?.(h);
      },
      drag: (a, b) => {
        const [from, to] = [this.hexAtPoint(a), this.hexAtPoint(b)];
        if (from && to && (from.q !== to.q || from.r !== to.r)) this.opts.onHexDrag?.(from, to);
      },
      dragsPiece: (p) => {
        const h = this.hexAtPoint(p);
        return !!h && !!this.opts.dragsFrom?.(h);
      },
      canPan: () => this.camera.zoom > 1,
      pan: (dx, dy) => this.moveCamera((f, c, vp) => panBy(f, c, dx, dy, vp)),
      ...(this.opts.zoomable
        ? { zoom: (at: Point, k: number) => this.moveCamera((f, c, vp) => zoomAt(f, c, at, k, vp)) }
        : {}),
      hover: (p) => {
        const h = p && this.hexAtPoint(p);
        const cur = this.state.hover;
        if ((h && (!cur || cur.q !== h.q || cur.r !== h.r)) || (!h && cur)) {
          this.state.hover = h;
          this.state.dirty = true;
        }
      },
    };
  }

  /** Exposed for the benchmark and for e2e probes. */
  get pixi(): Application {
    return this.app;
  }

  /** The seat this page plays (its warship always in the player's colour), or null for a spectator or a replay. */
  private you: Seat | null = null;

  setFactions(f: [FactionId, FactionId], you: Seat | null = this.you): void {
    if (f[0] === this.factions[0] && f[1] === this.factions[1] && you === this.you) return;
    this.factions = f;
    this.you = you;
    for (const s of this.ships.values()) s.destroy();
    for (const t of this.tokens.values()) t.destroy();
    this.ships.clear();
    this.tokens.clear();
    this.state.dirty = true;
  }

  colourOf = (seat: number): number => seatColour(this.factions, seat as Seat, this.you);

  /** The colour a highlight is drawn in on this board (the overlay draws it with the same function). */
  highlightColourOf = (h: Highlight): number => highlightColour(h, this.colourOf);

  /** The hex under a pointer event, or null off the board (the tooltip asks too). */
  hexAt(e: PointerEvent): Hex | null {
    const r = this.app.canvas.getBoundingClientRect();
    return this.hexAtPoint({ x: e.clientX - r.left, y: e.clientY - r.top });
  }

  /** The board hex drawn at a point of the canvas, or null off the board. */
  private hexAtPoint(p: Point): Hex | null {
    if (!this.layout) return null;
    const h = pixelToHex(this.layout, p);
    const { cols, rows } = this.state.model;
    const col = h.q;
    const row = h.r + (h.q - (h.q & 1)) / 2;
    return col >= 0 && col < cols && row >= 0 && row < rows ? h : null;
  }

  /** Pixel centre of a hex in page coordinates, as drawn at the current zoom (for e2e clicks and tooltips). */
  pagePoint(h: Hex): { x: number; y: number } | null {
    if (!this.layout) return null;
    const r = this.app.canvas.getBoundingClientRect();
    const p = hexToPixel(this.layout, h);
    return { x: r.left + p.x, y: r.top + p.y };
  }

  /** How far the board is zoomed in (1: the whole board fits). */
  get zoom(): number {
    return this.camera.zoom;
  }

  /** Whether the view is easing to a new zoom or place (e2e probes wait for it to settle). */
  get easing(): boolean {
    return this.camera.easing;
  }

  /** Zoom in (factor > 1) or out about the middle of the canvas, eased (the zoom buttons, keys). */
  zoomBy(factor: number): void {
    const { width, height } = this.app.screen;
    this.camera.ease((f, c, vp) => zoomAt(f, c, { x: width / 2, y: height / 2 }, factor, vp), reducedMotion());
    this.state.dirty = true;
  }

  private moveCamera(to: Parameters<ViewCamera['move']>[0]): void {
    this.camera.move(to);
    this.state.dirty = true;
  }

  resize(): void {
    if (!this.ready) return;
    const w = Math.max(100, this.host.clientWidth);
    const h = Math.max(100, this.host.clientHeight);
    this.app.renderer.resize(w, h);
    this.state.dirty = true;
  }

  private ensureLayout(): Layout {
    const m = this.state.model;
    const { width, height } = this.app.screen;
    const l = this.camera.update(m.cols, m.rows, this.state.orientation === 1, { width, height });
    this.backdrop.draw(l, width, height, pixelRatio());
    return l;
  }

  /**
   * A prompt's hexes (state.focus) changed: on a touch screen the view zooms to them so that each is a tap target;
   * with a mouse it only makes sure they are on screen. When the prompt goes, the view the player had before it.
   */
  private followFocus(): void {
    const focus = this.state.focus;
    if (focus === this.followed) return;
    const same =
      focus.length === this.followed.length &&
      focus.every((h, i) => h.q === this.followed[i]!.q && h.r === this.followed[i]!.r);
    this.followed = focus;
    if (same || !this.opts.zoomable) return;
    this.ensureLayout();
    this.camera.follow(focus, coarsePointer() ? TAP_ACROSS : 0, reducedMotion());
    this.state.dirty = true;
  }

  private frame(dt: number): void {
    const timing = this.onTiming;
    // The clock is read only when the bench listens (onTiming): a player's frames pay nothing for it.
    const now = timing ? () => performance.now() : () => 0;
    const t0 = now();
    this.opts.onFrame?.(dt);
    this.followFocus();
    if (this.camera.step(dt)) this.state.dirty = true;
    const t1 = now();
    if (!this.state.dirty) {
      timing?.({ tick: t1 - t0, draw: 0, render: 0, rendered: false });
      return;
    }
    this.state.dirty = false;
    this.draw();
    const t2 = now();
    this.app.render();
    timing?.({ tick: t1 - t0, draw: t2 - t1, render: now() - t2, rendered: true });
  }

  /** Draw now (normally once per frame, only when the state changed). */
  draw(): void {
    const l = this.ensureLayout();
    const m = this.state.model;
    for (const ship of m.ships) {
      let sp = this.ships.get(ship.seat);
      if (!sp) {
        sp = new ShipSprite(ship.seat, this.colourOf(ship.seat));
        this.ships.set(ship.seat, sp);
        this.pieces.addChild(sp.root);
      }
      sp.update(l, ship, false);
    }
    const seen = new Set<string>();
    for (const t of m.tokens) {
      seen.add(t.id);
      let sp = this.tokens.get(t.id);
      if (!sp) {
        sp = new TokenSprite(this.colourOf(t.owner));
        this.tokens.set(t.id, sp);
        this.pieces.addChild(sp.root);
      }
      sp.update(l, t);
    }
    for (const [id, sp] of this.tokens) {
      if (!seen.has(id)) {
        sp.destroy();
        this.tokens.delete(id);
      }
    }
    this.overlays.drawUnder(l, this.state, this.colourOf);
    this.overlays.drawTop(l, this.state, this.colourOf);
  }

  /** Whether the board was left; after an `await init()` the caller stops there if it was. */
  get destroyed(): boolean {
    return this.left;
  }

  destroy(): void {
    if (this.left) return;
    const initialising = !this.ready;
    this.left = true;
    this.resizeObserver?.disconnect();
    this.unGestures?.();
    this.backdrop.canvas.remove();
    // Still initialising (or never initialised): init() destroys the application once Pixi has it ready.
    if (!initialising) this.app.destroy(true, { children: true });
  }
}
