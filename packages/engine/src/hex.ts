// Hex maths for flat-top axial coordinates (RULES §1).
import type { Dir, Hex } from './types.js';

/** RULES §1/§10: the six board directions, clockwise from north, by name. */
export const DIRS: readonly Dir[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
/** The same list (the name the client and tests use for the six names). */
export const DIR_NAMES = DIRS;
/** RULES §1: N (0,-1), NE (+1,-1), SE (+1,0), S (0,+1), SW (-1,+1), NW (-1,0), in DIRS' order. */
const VECTORS: readonly Hex[] = (
  [
    [0, -1],
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ] as const
).map(([q, r]) => ({ q, r }));

/**
 * The direction's clockwise index from north (0..5, its place in DIRS), for hex maths and angles only; never public
 * data. A switch, not a table keyed by name: one site reading six different names of an object makes its keyed load
 * megamorphic (a lookup in a global cache), and movement, line of sight and targeting ask this at every step and hex.
 */
export function dirIndex(d: Dir): number {
  switch (d) {
    case 'N':
      return 0;
    case 'NE':
      return 1;
    case 'SE':
      return 2;
    case 'S':
      return 3;
    case 'SW':
      return 4;
    case 'NW':
      return 5;
  }
}

export const hex = (q: number, r: number): Hex => ({ q, r });
export const dirVector = (d: Dir): Hex => VECTORS[dirIndex(d)]!;
/** The direction with clockwise index i (mod 6). */
export const dirAt = (i: number): Dir => DIRS[((i % 6) + 6) % 6]!;
/** Turning clockwise is +1 (mod 6); the opposite direction is +3. */
export const turn = (d: Dir, by: number): Dir => dirAt(dirIndex(d) + by);
export const opposite = (d: Dir): Dir => turn(d, 3);
/** Clockwise sixths from a to b, in 0..5. */
export const turnsBetween = (a: Dir, b: Dir): number => (((dirIndex(b) - dirIndex(a)) % 6) + 6) % 6;
export const isDir = (x: unknown): x is Dir => typeof x === 'string' && DIRS.includes(x as Dir);
/** A direction from external input: its name (RULES §10); a number 0..5 only where a stored record allows it. */
export function parseDir(x: unknown, numeric = false): Dir | null {
  if (isDir(x)) return x;
  if (numeric && typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < 6) return DIRS[x]!;
  return null;
}

export const add = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const sub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const scale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });
export function neighbour(h: Hex, d: Dir, k = 1): Hex {
  const v = VECTORS[dirIndex(d)]!;
  return { q: h.q + v.q * k, r: h.r + v.r * k };
}
export const equals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const key = (h: Hex): string => `${h.q},${h.r}`;
const idOf = (q: number, r: number): number => (q + 2048) * 4096 + (r + 2048);
/** A hex as one number, for a Set or Map key made without a string: distinct for |q|, |r| < 2048 (any board). */
export const hexId = (h: Hex): number => idOf(h.q, h.r);
/** The hexId of h's neighbour in direction d, without building the hex. */
export function neighbourId(h: Hex, d: Dir): number {
  const v = VECTORS[dirIndex(d)]!;
  return idOf(h.q + v.q, h.r + v.r);
}

export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Distance from a hex to the nearest of several (a point to a ship, RULES §1). */
export function distanceToAny(a: Hex, hexes: readonly Hex[]): number {
  let best = Infinity;
  for (const h of hexes) best = Math.min(best, distance(a, h));
  return best;
}

/** The direction from a to an adjacent b, or null if not adjacent. */
export function directionTo(a: Hex, b: Hex): Dir | null {
  const dq = b.q - a.q;
  const dr = b.r - a.r;
  for (let i = 0; i < 6; i++) if (VECTORS[i]!.q === dq && VECTORS[i]!.r === dr) return DIRS[i]!;
  return null;
}

/** Pixel centre for unit size, y grows southward (RULES §1). */
export function toPixel(h: Hex, size = 1): { x: number; y: number } {
  return { x: size * 1.5 * h.q, y: size * Math.sqrt(3) * (h.r + h.q / 2) };
}

/** The hex whose centre is nearest a pixel point (inverse of toPixel, cube rounding). */
export function fromPixel(p: { x: number; y: number }, size = 1): Hex {
  const q = ((2 / 3) * p.x) / size;
  const r = ((-1 / 3) * p.x + (Math.sqrt(3) / 3) * p.y) / size;
  return roundHex(q, r);
}

/** Cube rounding of fractional axial coordinates. */
export function roundHex(fq: number, fr: number): Hex {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { q: q + 0, r: r + 0 };
}

/** Odd-q offset layout (RULES §1): col = q, row = r + (q − (q&1)) / 2. */
export function fromOffset(col: number, row: number): Hex {
  return { q: col, r: row - (col - (col & 1)) / 2 };
}
export function toOffset(h: Hex): { col: number; row: number } {
  return { col: h.q, row: offsetRow(h) };
}
/** toOffset's row alone (its col is q), for a board test that builds no object. */
export const offsetRow = (h: Hex): number => h.r + (h.q - (h.q & 1)) / 2;

/**
 * The hexes on the straight line between two centres, both ends included, nudged to one side of exact edges
 * (nudge = +1 or −1). Lines of sight test both nudges (see los.ts).
 */
export function line(a: Hex, b: Hex, nudge: 1 | -1 = 1): Hex[] {
  const n = distance(a, b);
  const out: Hex[] = [];
  for (let i = 0; i <= n; i++) out.push(lineHex(a, b, n, i, nudge));
  return out;
}

/** The i-th hex (0..n) of `line(a, b, nudge)`, where n = distance(a, b): one hex without building the line. */
export function lineHex(a: Hex, b: Hex, n: number, i: number, nudge: 1 | -1): Hex {
  const eps = 1e-6 * nudge;
  const t = n === 0 ? 0 : i / n;
  const fq = a.q + (b.q - a.q) * t + eps;
  const fr = a.r + (b.r - a.r) * t + eps;
  return roundHex(fq, fr - 2 * eps);
}

/** All hexes within `radius` of a centre, by q then r. */
export function range(centre: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  for (let dq = -radius; dq <= radius; dq++) {
    for (let dr = Math.max(-radius, -dq - radius); dr <= Math.min(radius, -dq + radius); dr++) {
      out.push({ q: centre.q + dq, r: centre.r + dr });
    }
  }
  return out;
}
