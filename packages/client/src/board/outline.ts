// A stroked closed polygon. Pixi's WebGL renderer closes a poly whose `close` is left undefined, its Canvas 2D renderer
// (used on software WebGL: view.ts) leaves it open, which drops an edge; every outline goes through here so none forgets.
import type { Graphics, StrokeInput } from 'pixi.js';

export function outline(g: Graphics, points: number[], style: StrokeInput): Graphics {
  return g.poly(points, true).stroke(style);
}
