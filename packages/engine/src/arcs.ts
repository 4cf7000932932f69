// Arcs on hexes (RULES §2, from the arc glossary). All arcs are measured by the bearing θ: the angle from the
// origin's facing to the vector between hex centres, clockwise positive, in (−180°, 180°].
import { dirIndex, dirVector, equals, sub, toPixel } from './hex.js';
import type { ArcName, Dir, Hex, TurretSetting } from './types.js';

/** Tolerance for "a hex exactly on a boundary line is in both arcs" (RULES §2). */
const EPS = 1e-6;

/** Bearing of h from origin o facing f, in degrees in (−180, 180]; NaN when h = o. */
export function bearing(o: Hex, f: Dir, h: Hex): number {
  if (equals(o, h)) return NaN;
  const v = toPixel(sub(h, o));
  // Compass angle of the vector (0° = north, clockwise), minus the facing's compass angle (60° per direction).
  let a = (Math.atan2(v.x, -v.y) * 180) / Math.PI - 60 * dirIndex(f);
  while (a <= -180) a += 360;
  while (a > 180) a -= 360;
  return Math.abs(a) < EPS ? 0 : a;
}

/**
 * h − o in cube coordinates (q, r, s = −q − r), turned as if the origin faced N. RULES §1's six directions lie 60°
 * apart, so the turn is exact: each sixth counter-clockwise maps (q, r, s) to (−s, −q, −r).
 */
function facingNorth(o: Hex, f: Dir, h: Hex): { q: number; r: number; s: number } {
  let q = h.q - o.q;
  let r = h.r - o.r;
  let s = -q - r;
  for (let k = dirIndex(f); k > 0; k--) {
    const was = q;
    q = -s;
    s = -r;
    r = -was;
  }
  return { q, r, s };
}

/**
 * Is h in the named arc of an origin o facing f? (RULES §2 table; boundaries belong to both arcs.) Every boundary
 * of the table is a line of hexes (θ = ±60°, ±120° run through the NE, SE, SW and NW neighbours, ±90° through
 * (2, −1) and (−2, 1) when facing N), so each arc is a test of signs, exact where the bearing needs a tolerance.
 */
export function inArc(arc: ArcName, o: Hex, f: Dir, h: Hex): boolean {
  if (equals(o, h)) return false;
  const { q, r, s } = facingNorth(o, f, h);
  switch (arc) {
    case 'bullseye':
      return onRay(o, f, h);
    case 'front': // from NW (−60°) through N to NE (60°)
      return r <= 0 && s >= 0;
    case 'right': // from NE (60°) to SE (120°)
      return r <= 0 && s <= 0;
    case 'left': // from SW (−120°) to NW (−60°)
      return r >= 0 && s >= 0;
    case 'rear': // from SE (120°) through S to SW (−120°)
      return r >= 0 && s <= 0;
    case 'fullFront': // |θ| ≤ 90°: not south of the origin's centre (toPixel's y ≤ 0)
      return 2 * r + q <= 0;
    case 'fullRear':
      return 2 * r + q >= 0;
  }
}

/** h lies on the straight hex line ahead of o in direction d (k ≥ 1): the bullseye when d is the facing. */
export function onRay(o: Hex, d: Dir, h: Hex): boolean {
  const vq = h.q - o.q;
  const vr = h.r - o.r;
  const u = dirVector(d);
  // v = h − o = k·u for an integer k ≥ 1
  const k = u.q !== 0 ? vq / u.q : vr / u.r;
  return Number.isInteger(k) && k >= 1 && vq === k * u.q && vr === k * u.r;
}

/** Is any of `hexes` in the arc, none of them being the origin's own (a ship is never in its own arc). */
export function anyInArc(arc: ArcName, o: Hex, f: Dir, hexes: readonly Hex[], own: readonly Hex[] = []): boolean {
  return hexes.some((h) => !own.some((x) => equals(x, h)) && inArc(arc, o, f, h));
}

/** Every standard-table arc the hex is in (for events: the target's location, RULES §2). */
export function arcsOf(o: Hex, f: Dir, h: Hex): ArcName[] {
  const all: ArcName[] = ['front', 'left', 'right', 'rear', 'bullseye', 'fullFront', 'fullRear'];
  return all.filter((a) => inArc(a, o, f, h));
}

/** The arcs a turret setting covers: single (one arc) or double (two opposite arcs). */
export function turretArcs(setting: TurretSetting, double = false): ArcName[] {
  if (!double) return [setting];
  return setting === 'front' || setting === 'rear' ? ['front', 'rear'] : ['left', 'right'];
}

/**
 * Relative position of ship A to ship B (RULES §2 midway line): 'front' when every hex of A has |θ| < 90° from B's
 * core, 'behind' when every hex has |θ| > 90°, else 'flanking'.
 */
export function relativePosition(bCore: Hex, bFacing: Dir, aHexes: readonly Hex[]): 'front' | 'behind' | 'flanking' {
  let front = 0;
  let behind = 0;
  for (const h of aHexes) {
    const t = Math.abs(bearing(bCore, bFacing, h));
    if (Number.isNaN(t)) return 'flanking';
    if (t < 90 - EPS) front++;
    else if (t > 90 + EPS) behind++;
  }
  if (front === aHexes.length) return 'front';
  if (behind === aHexes.length) return 'behind';
  return 'flanking';
}
