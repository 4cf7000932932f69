// A squadron's facing pointed on the board (besides the facing buttons): the board
// direction nearest to the line from one hex to another, and a sixth of a turn clockwise (RULES §1: +1 mod 6).
import { DIR_NAMES, toPixel, type Dir, type Hex } from '@star-eater/engine';
import { dirDegrees } from '../board/layout.js';

/** The direction (N … NW) whose heading is nearest to the line from `from`'s centre to `to`'s. */
export function facingTowards(from: Hex, to: Hex): Dir {
  const a = toPixel(from);
  const b = toPixel(to);
  const deg = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  let best: Dir = 'N';
  let bestGap = Infinity;
  for (const d of DIR_NAMES) {
    const gap = Math.abs(((deg - dirDegrees(d) + 540) % 360) - 180);
    if (gap < bestGap) {
      bestGap = gap;
      best = d;
    }
  }
  return best;
}

export function turnCw(d: Dir): Dir {
  return DIR_NAMES[(DIR_NAMES.indexOf(d) + 1) % 6]!;
}
