// The board's camera: a zoom and a pan laid over the fitted layout, so a phone can bring hexes up to a size a finger
// can tap. Pure maths, no canvas: the view turns a camera into the layout it draws with (every piece, highlight and
// hit test goes through that one layout, so a tap lands on the hex drawn under it at any zoom).
import { boardCentre, hexToPixel, type Layout, type Point } from './layout.js';
import type { Hex } from '@star-eater/engine';

/** A screen point p of the fitted board is drawn at `zoom · p + (x, y)`. */
export interface Camera {
  zoom: number;
  x: number;
  y: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The whole board, fitted: where every view starts and where it returns. */
export const FIT: Camera = { zoom: 1, x: 0, y: 0 };

/** A hex at least this wide (flat side to flat side, CSS px) is a comfortable tap target (a fingertip's width). */
export const TAP_ACROSS = 44;
/** Zooming in stops when hexes are this wide, or at twice the fitted size if that is larger (a big screen). */
const MAX_ACROSS = 100;
/** Pixels of space allowed between a zoomed board's edge and the canvas' edge (the fitted layout's own margin). */
const MARGIN = 6;

/** A hex's width from flat side to flat side: the distance between neighbouring centres. */
export const hexAcross = (l: Layout): number => Math.sqrt(3) * l.size;

/** How far this fitted board may be zoomed in. */
export const maxZoom = (fit: Layout): number => Math.max(2, MAX_ACROSS / hexAcross(fit));

export const isFit = (c: Camera): boolean => c.zoom === 1 && c.x === 0 && c.y === 0;

/** The layout drawn through a camera: the fitted one scaled about the screen's origin and moved. */
export function viewLayout(fit: Layout, c: Camera): Layout {
  if (isFit(c)) return fit;
  return {
    ...fit,
    size: fit.size * c.zoom,
    origin: { x: fit.origin.x * c.zoom + c.x, y: fit.origin.y * c.zoom + c.y },
    width: fit.width * c.zoom,
    height: fit.height * c.zoom,
  };
}

/** One axis of the clamp: a board narrower than the screen is centred, a wider one covers it (up to the margin). */
function clampAxis(lo: number, extent: number, zoom: number, screen: number, t: number): number {
  const hi = lo + extent;
  if (extent * zoom <= screen) return (screen - (lo + hi) * zoom) / 2;
  return Math.min(MARGIN - lo * zoom, Math.max(screen - MARGIN - hi * zoom, t));
}

/** The nearest camera that keeps the zoom within [1, maxZoom] and the board over the screen (no panning it away). */
export function clampCamera(fit: Layout, c: Camera, vp: Viewport): Camera {
  const zoom = Math.min(maxZoom(fit), Math.max(1, c.zoom));
  if (zoom === 1) return FIT;
  const left = (vp.width - fit.width) / 2;
  const top = (vp.height - fit.height) / 2;
  return {
    zoom,
    x: clampAxis(left, fit.width, zoom, vp.width, c.x),
    y: clampAxis(top, fit.height, zoom, vp.height, c.y),
  };
}

/** Zoom by `factor` keeping the board point under the screen point `at` where it is (a pinch, a wheel notch). */
export function zoomAt(fit: Layout, c: Camera, at: Point, factor: number, vp: Viewport): Camera {
  const zoom = Math.min(maxZoom(fit), Math.max(1, c.zoom * factor));
  const fx = (at.x - c.x) / c.zoom;
  const fy = (at.y - c.y) / c.zoom;
  return clampCamera(fit, { zoom, x: at.x - zoom * fx, y: at.y - zoom * fy }, vp);
}

/** Move the zoomed board by a drag of (dx, dy) screen pixels. */
export function panBy(fit: Layout, c: Camera, dx: number, dy: number, vp: Viewport): Camera {
  return clampCamera(fit, { zoom: c.zoom, x: c.x + dx, y: c.y + dy }, vp);
}

/**
 * Whether every one of `hexes` is on screen through this camera (its whole centre region, not just a sliver) and at
 * least `across` pixels wide: then a prompt asking for one of them needs no other view.
 */
export function shows(fit: Layout, c: Camera, hexes: readonly Hex[], vp: Viewport, across: number): boolean {
  const l = viewLayout(fit, c);
  if (hexAcross(l) < across - 0.01) return false;
  const m = l.size * 0.8;
  return hexes.every((h) => {
    const p = hexToPixel(l, h);
    return p.x >= m && p.y >= m && p.x <= vp.width - m && p.y <= vp.height - m;
  });
}

/**
 * The view for a prompt that asks for one of `hexes`: hexes at least `across` wide (never smaller than fitted),
 * centred on the hexes asked for, the board kept over the screen. When they are too far apart to be seen together at
 * that size, on the largest group of them that can be (the others are a drag away, and listed on the panel).
 */
export function frameHexes(fit: Layout, hexes: readonly Hex[], vp: Viewport, across: number): Camera {
  const zoom = Math.min(maxZoom(fit), Math.max(1, across / hexAcross(fit)));
  if (zoom === 1 || hexes.length === 0) return FIT;
  const pts = hexes.map((h) => hexToPixel(fit, h));
  // What the screen holds at this zoom, in fitted pixels, less a hex's margin all round.
  const m = 2 * fit.size;
  const [w, hgt] = [vp.width / zoom - m, vp.height / zoom - m];
  const near = (c: Point) => pts.filter((p) => Math.abs(p.x - c.x) <= w / 2 && Math.abs(p.y - c.y) <= hgt / 2);
  let group = pts;
  if (!fits(pts, w, hgt)) {
    group = [];
    for (const c of pts) {
      const g = near(c);
      if (g.length > group.length && fits(g, w, hgt)) group = g;
    }
  }
  const cx = (Math.min(...group.map((p) => p.x)) + Math.max(...group.map((p) => p.x))) / 2;
  const cy = (Math.min(...group.map((p) => p.y)) + Math.max(...group.map((p) => p.y))) / 2;
  return clampCamera(fit, { zoom, x: vp.width / 2 - zoom * cx, y: vp.height / 2 - zoom * cy }, vp);
}

/** Whether points span no more than w × h. */
function fits(pts: readonly Point[], w: number, h: number): boolean {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return Math.max(...xs) - Math.min(...xs) <= w && Math.max(...ys) - Math.min(...ys) <= h;
}

/** A camera part way (`t` in 0..1) from `a` to `b` (an animated change of view). */
export function lerpCamera(a: Camera, b: Camera, t: number): Camera {
  if (t >= 1) return b;
  return { zoom: a.zoom + (b.zoom - a.zoom) * t, x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/**
 * The same view on a resized screen (a phone turned, its address bar shown) or a flipped board: the same zoom, centred
 * on the board point that was at the middle of the screen (turned with the board when it was flipped).
 */
export function refit(from: Layout, to: Layout, c: Camera, fromVp: Viewport, toVp: Viewport): Camera {
  if (isFit(c)) return FIT;
  const k = to.size / from.size;
  let fx = (fromVp.width / 2 - c.x) / c.zoom;
  let fy = (fromVp.height / 2 - c.y) / c.zoom;
  if (from.flipped !== to.flipped) {
    const m = boardCentre(from);
    [fx, fy] = [2 * m.x - fx, 2 * m.y - fy];
  }
  const nx = to.origin.x + (fx - from.origin.x) * k;
  const ny = to.origin.y + (fy - from.origin.y) * k;
  return clampCamera(to, { zoom: c.zoom, x: toVp.width / 2 - c.zoom * nx, y: toVp.height / 2 - c.zoom * ny }, toVp);
}
