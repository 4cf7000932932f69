// Hex ↔ pixel layout of the board on screen (RULES §1: flat-top, axial, odd-q rectangle). Pure maths, no canvas.
// A layout fits the board's bounding box into a viewport; `flipped` turns the board 180° so that seat 1 sees its own
// ship at the bottom (chessground's "orientation").
import { dirIndex, fromOffset, fromPixel, toPixel, type Dir, type Hex } from '@star-eater/engine';

export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  cols: number;
  rows: number;
  /** Hex size in pixels: centre to corner. */
  size: number;
  /** Pixel position of the unit-space point (0, 0) before flipping, i.e. the centre of hex (0,0) when not flipped. */
  origin: Point;
  flipped: boolean;
  /** Pixel size of the board's bounding box. */
  width: number;
  height: number;
}

const SQRT3 = Math.sqrt(3);

/** The board's bounding box in unit hex size, relative to the centre of hex (0, 0). */
export function unitBounds(cols: number, rows: number): { minX: number; minY: number; maxX: number; maxY: number } {
  return {
    minX: -1,
    minY: -SQRT3 / 2,
    maxX: 1.5 * (cols - 1) + 1,
    // Odd columns sit half a hex lower; the lowest centre is at √3·(rows − 1 + ½) when there is an odd column.
    maxY: SQRT3 * (rows - 1 + (cols > 1 ? 0.5 : 0)) + SQRT3 / 2,
  };
}

/** Fit a cols×rows board into a viewport of `width`×`height` pixels with `pad` pixels around it, centred. */
export function fitLayout(
  cols: number,
  rows: number,
  viewport: { width: number; height: number },
  opts: { flipped?: boolean; pad?: number } = {},
): Layout {
  const pad = opts.pad ?? 8;
  const b = unitBounds(cols, rows);
  const uw = b.maxX - b.minX;
  const uh = b.maxY - b.minY;
  const size = Math.max(4, Math.min((viewport.width - 2 * pad) / uw, (viewport.height - 2 * pad) / uh));
  const width = uw * size;
  const height = uh * size;
  const left = (viewport.width - width) / 2;
  const top = (viewport.height - height) / 2;
  return {
    cols,
    rows,
    size,
    origin: { x: left - b.minX * size, y: top - b.minY * size },
    flipped: opts.flipped ?? false,
    width,
    height,
  };
}

/** The pixel centre of the board's bounding box (the point the 180° flip turns about). */
export function boardCentre(l: Layout): Point {
  const b = unitBounds(l.cols, l.rows);
  return { x: l.origin.x + ((b.minX + b.maxX) / 2) * l.size, y: l.origin.y + ((b.minY + b.maxY) / 2) * l.size };
}

function flip(l: Layout, p: Point): Point {
  if (!l.flipped) return p;
  const c = boardCentre(l);
  return { x: 2 * c.x - p.x, y: 2 * c.y - p.y };
}

/** Pixel centre of a hex (fractional axial coordinates allowed, for tweens). */
export function hexToPixel(l: Layout, h: Hex): Point {
  const p = toPixel(h, l.size); // the engine's flat-top geometry (RULES §1)
  return flip(l, { x: l.origin.x + p.x, y: l.origin.y + p.y });
}

/** The hex under a pixel (cube rounding); it may be off the board. */
export function pixelToHex(l: Layout, p: Point): Hex {
  const u = flip(l, p); // the flip is its own inverse
  return fromPixel({ x: u.x - l.origin.x, y: u.y - l.origin.y }, l.size);
}

/**
 * A heading for drawing, in sixths of a turn clockwise from north: a direction's index, or a fractional value while
 * a rotation animates. Only the renderer counts in sixths; the engine and the wire carry names (RULES §10).
 */
export const sixths = (d: Dir | number): number => (typeof d === 'number' ? d : dirIndex(d));

/** Angle in degrees on the unflipped board (0 = east, clockwise positive since y grows down) of a direction. */
export function dirDegrees(d: Dir | number): number {
  return -90 + 60 * sixths(d);
}

/** Screen angle in radians (0 = east, clockwise positive since y grows down) of a board direction. */
export function dirAngle(l: Layout, d: Dir | number): number {
  return (dirDegrees(d) + (l.flipped ? 180 : 0)) * (Math.PI / 180);
}

/** The six corners of a flat-top hex around a pixel centre, as a flat [x0,y0,x1,y1,…] array. */
export function hexCorners(centre: Point, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(centre.x + size * Math.cos(a), centre.y + size * Math.sin(a));
  }
  return out;
}

/** Every hex of a cols×rows odd-q board, column by column. */
export function boardHexList(cols: number, rows: number): Hex[] {
  const out: Hex[] = [];
  for (let col = 0; col < cols; col++) for (let row = 0; row < rows; row++) out.push(fromOffset(col, row));
  return out;
}

/** Linear interpolation between two hexes in axial space (for drawing moves between centres). */
export function lerpHex(a: Hex, b: Hex, t: number): Hex {
  return { q: a.q + (b.q - a.q) * t, r: a.r + (b.r - a.r) * t };
}

/** Interpolate between two board directions the short way round (for rotations), as a fractional direction. */
export function lerpDir(a: number, b: number, t: number): number {
  let d = (((b - a) % 6) + 6) % 6;
  if (d > 3) d -= 6;
  return a + d * t;
}
