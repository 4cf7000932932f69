// The Pixi board: draws a BoardState and reports clicks on hexes. It knows no rules (chessground's model).
import { Application, Container } from 'pixi.js';
// The server's CSP allows no eval (server http/gate.ts): Pixi then builds its shader uniform code without `new Function`.
import 'pixi.js/unsafe-eval';
import type { FactionId, Hex, Seat } from '@star-eater/engine';
import { Backdrop } from './backdrop.js';
import { fitLayout, hexToPixel, pixelToHex, type Layout } from './layout.js';
import { Overlays } from './overlays.js';
import { ShipSprite, TokenSprite } from './pieces.js';
import type { BoardState } from './state.js';
import { seatColour } from './theme.js';

export interface BoardViewOptions {
  onHexClick?: (h: Hex) => void;
  /** A press on one hex released over another (a drag): e.g. a launch facing pointed on the board. */
  onHexDrag?: (from: Hex, to: Hex) => void;
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
  private layout: Layout | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private ready = false;
  /** Set by the benchmark to receive every frame's timing; null (the default) costs nothing. */
  onTiming: ((t: FrameTiming) => void) | null = null;
  /** The WebGL renderer's name when it is a software one (then the board draws with Canvas 2D at resolution 1). */
  softwareGl = '';

  constructor(
    private host: HTMLElement,
    public state: BoardState,
    private opts: BoardViewOptions = {},
  ) {}

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
    const canvas = this.app.canvas;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Game board');
    canvas.classList.add('board-canvas');
    // Positioned so that it paints over the absolutely positioned backdrop that precedes it.
    canvas.style.position = 'relative';
    this.host.append(this.backdrop.canvas, canvas);
    this.app.stage.addChild(this.overlays.under, this.pieces, this.overlays.top);
    let pressed: Hex | null = null;
    canvas.addEventListener('pointerdown', (e) => {
      const h = this.hexAt(e);
      pressed = h;
      if (h) this.opts.onHexClick?.(h);
    });
    canvas.addEventListener('pointerup', (e) => {
      const from = pressed;
      pressed = null;
      const to = this.hexAt(e);
      if (from && to && (from.q !== to.q || from.r !== to.r)) this.opts.onHexDrag?.(from, to);
    });
    canvas.addEventListener('pointermove', (e) => {
      const h = this.hexAt(e);
      const cur = this.state.hover;
      if ((h && (!cur || cur.q !== h.q || cur.r !== h.r)) || (!h && cur)) {
        this.state.hover = h;
        this.state.dirty = true;
      }
    });
    canvas.addEventListener('pointerleave', () => {
      this.state.hover = null;
      this.state.dirty = true;
    });
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

  /** The hex under a pointer event, or null off the board (the tooltip asks too). */
  hexAt(e: PointerEvent): Hex | null {
    if (!this.layout) return null;
    const r = this.app.canvas.getBoundingClientRect();
    const h = pixelToHex(this.layout, { x: e.clientX - r.left, y: e.clientY - r.top });
    const { cols, rows } = this.state.model;
    const col = h.q;
    const row = h.r + (h.q - (h.q & 1)) / 2;
    return col >= 0 && col < cols && row >= 0 && row < rows ? h : null;
  }

  /** Pixel centre of a hex in page coordinates (for e2e clicks and tooltips). */
  pagePoint(h: Hex): { x: number; y: number } | null {
    if (!this.layout) return null;
    const r = this.app.canvas.getBoundingClientRect();
    const p = hexToPixel(this.layout, h);
    return { x: r.left + p.x, y: r.top + p.y };
  }

  resize(): void {
    if (!this.ready) return;
    const w = Math.max(100, this.host.clientWidth);
    const h = Math.max(100, this.host.clientHeight);
    this.app.renderer.resize(w, h);
    this.layout = null;
    this.state.dirty = true;
  }

  private ensureLayout(): Layout {
    const m = this.state.model;
    const flipped = this.state.orientation === 1;
    const l = this.layout;
    if (l && l.flipped === flipped && l.cols === m.cols && l.rows === m.rows) return l;
    const nl = fitLayout(
      m.cols,
      m.rows,
      { width: this.app.screen.width, height: this.app.screen.height },
      { flipped, pad: 6 },
    );
    this.layout = nl;
    this.backdrop.draw(nl, this.app.screen.width, this.app.screen.height, pixelRatio());
    return nl;
  }

  private frame(dt: number): void {
    const timing = this.onTiming;
    // The clock is read only when the bench listens (onTiming): a player's frames pay nothing for it.
    const now = timing ? () => performance.now() : () => 0;
    const t0 = now();
    this.opts.onFrame?.(dt);
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

  destroy(): void {
    this.resizeObserver?.disconnect();
    this.app.destroy(true, { children: true });
    this.backdrop.canvas.remove();
  }
}
