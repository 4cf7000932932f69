// The Pixi board: draws a BoardState and reports clicks on hexes. It knows no rules (chessground's model).
import { Application, Container, Graphics } from 'pixi.js';
import type { FactionId, Hex, Seat } from '@star-eater/engine/types';
import { boardHexList, fitLayout, hexCorners, hexToPixel, pixelToHex, type Layout } from './layout.js';
import { Overlays } from './overlays.js';
import { ShipSprite, TokenSprite } from './pieces.js';
import type { BoardState } from './state.js';
import { seatColour, THEME } from './theme.js';

export interface BoardViewOptions {
  onHexClick?: (h: Hex) => void;
  /** Called every frame before drawing (the animation queue ticks here). */
  onFrame?: (dtMs: number) => void;
}

export class BoardView {
  private app = new Application();
  private stars = new Graphics();
  private grid = new Graphics();
  private pieces = new Container();
  private overlays = new Overlays();
  private ships = new Map<number, ShipSprite>();
  private tokens = new Map<string, TokenSprite>();
  private factions: [FactionId, FactionId] = ['fpa', 'lamais'];
  private layout: Layout | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private ready = false;

  constructor(
    private host: HTMLElement,
    public state: BoardState,
    private opts: BoardViewOptions = {},
  ) {}

  async init(): Promise<this> {
    await this.app.init({
      background: THEME.background,
      antialias: true,
      resolution: Math.min(2, globalThis.devicePixelRatio ?? 1),
      autoDensity: true,
      width: Math.max(100, this.host.clientWidth),
      height: Math.max(100, this.host.clientHeight),
      preference: 'webgl',
    });
    const canvas = this.app.canvas;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Game board');
    canvas.classList.add('board-canvas');
    this.host.appendChild(canvas);
    this.app.stage.addChild(this.stars, this.grid, this.overlays.under, this.pieces, this.overlays.top);
    canvas.addEventListener('pointerdown', (e) => {
      const h = this.hexAt(e);
      if (h) this.opts.onHexClick?.(h);
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

  setFactions(f: [FactionId, FactionId]): void {
    if (f[0] === this.factions[0] && f[1] === this.factions[1]) return;
    this.factions = f;
    for (const s of this.ships.values()) s.destroy();
    for (const t of this.tokens.values()) t.destroy();
    this.ships.clear();
    this.tokens.clear();
    this.state.dirty = true;
  }

  colourOf = (seat: number): number => seatColour(this.factions, seat as Seat);

  private hexAt(e: PointerEvent): Hex | null {
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
    const nl = fitLayout(m.cols, m.rows, { width: this.app.screen.width, height: this.app.screen.height }, { flipped, pad: 6 });
    this.layout = nl;
    this.drawStatic(nl);
    return nl;
  }

  private drawStatic(l: Layout): void {
    const s = this.stars;
    s.clear();
    let seed = 1234567;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const { width, height } = this.app.screen;
    for (let i = 0; i < Math.round((width * height) / 2500); i++) {
      s.circle(rnd() * width, rnd() * height, rnd() * 1.1 + 0.2).fill({ color: 0xffffff, alpha: 0.15 + rnd() * 0.5 });
    }
    const g = this.grid;
    g.clear();
    for (const h of boardHexList(l.cols, l.rows)) {
      const pts = hexCorners(hexToPixel(l, h), l.size * 0.97);
      g.poly(pts).fill({ color: (h.q & 1) === 0 ? THEME.hexFill : THEME.hexFillAlt, alpha: 0.92 });
    }
    for (const h of boardHexList(l.cols, l.rows)) {
      g.poly(hexCorners(hexToPixel(l, h), l.size * 0.97)).stroke({ width: 1, color: THEME.hexLine, alpha: 0.9 });
    }
  }

  private frame(dt: number): void {
    this.opts.onFrame?.(dt);
    if (!this.state.dirty) return;
    this.state.dirty = false;
    this.draw();
    this.app.render();
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
  }
}
