// A player's rating over their rated matches, drawn as a small inline SVG (no charting library: the line, a band of
// ± RD around it, and the lowest and highest values on the axis are all it shows).
import type { RatingPoint } from '../net/player-api.js';
import { h } from '../ui/dom.js';

const W = 600;
const H = 180;
const PAD = { left: 56, right: 10, top: 10, bottom: 20 };
const NS = 'http://www.w3.org/2000/svg';

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** The chart's scale: x by match number (the first point is the start), y over the values and their bands. */
export function chartScale(points: readonly RatingPoint[]): { x: (i: number) => number; y: (v: number) => number } {
  const lo = Math.min(...points.map((p) => p.rating - p.rd));
  const hi = Math.max(...points.map((p) => p.rating + p.rd));
  const span = Math.max(1, hi - lo);
  const n = Math.max(1, points.length - 1);
  return {
    x: (i) => PAD.left + (i / n) * (W - PAD.left - PAD.right),
    y: (v) => PAD.top + (1 - (v - lo) / span) * (H - PAD.top - PAD.bottom),
  };
}

/** The chart, or a sentence while there is nothing to draw. `start`: the rating before the first rated match. */
export function ratingChart(points: readonly RatingPoint[], start?: RatingPoint): HTMLElement {
  if (points.length === 0) return h('p.dim', { id: 'rating-chart-empty' }, 'No rated matches yet.');
  const all = start ? [start, ...points] : [...points];
  const { x, y } = chartScale(all);
  const root = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'rating-chart',
    role: 'img',
    'aria-label': `Rating over ${points.length} rated matches, now ${Math.round(points.at(-1)!.rating)}`,
  });
  const band = [
    ...all.map((p, i) => `${x(i)},${y(p.rating + p.rd)}`),
    ...all.map((p, i) => `${x(i)},${y(p.rating - p.rd)}`).reverse(),
  ];
  root.append(svg('polygon', { points: band.join(' '), class: 'band' }));
  root.append(svg('polyline', { points: all.map((p, i) => `${x(i)},${y(p.rating)}`).join(' '), class: 'line' }));
  for (const [i, p] of all.entries()) root.append(svg('circle', { cx: x(i), cy: y(p.rating), r: 3, class: 'dot' }));
  const values = all.map((p) => p.rating);
  for (const v of [Math.min(...values), Math.max(...values)]) {
    root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: 'grid' }));
    root.append(svg('text', { x: PAD.left - 6, y: y(v) + 4, class: 'axis' }, String(Math.round(v))));
  }
  root.append(svg('text', { x: W - PAD.right, y: H - 4, class: 'axis end' }, `${points.length} rated`));
  return h('div.chart-wrap', { id: 'rating-chart' }, root as unknown as HTMLElement);
}
