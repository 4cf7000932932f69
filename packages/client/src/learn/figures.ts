// The learn page's pictures, drawn by the board's own renderer: small positions built from an engine match
// (the engine's own arcs, drift preview and launch hexes), cut to a small board, with the board's highlights and
// momentum ghost. Pure data here; learn-page.ts puts each on a BoardView.
import {
  fromOffset,
  inArc,
  launchHexes,
  previewDrift,
  type ArcName,
  type Hex,
  type MatchState,
} from '@star-eater/engine';
import { position } from './positions.js';
import { modelFromMatch, type BoardModel } from '../board/model.js';
import type { Ghost, Highlight } from '../board/state.js';

export interface Figure {
  id: string;
  caption: string;
  model: BoardModel;
  highlights: Highlight[];
  ghost: Ghost | null;
}

const COLS = 9;
const ROWS = 7;

function small(s: MatchState): BoardModel {
  return { ...modelFromMatch(s), cols: COLS, rows: ROWS };
}

function hexes(): Hex[] {
  const out: Hex[] = [];
  for (let c = 0; c < COLS; c++) for (let r = 0; r < ROWS; r++) out.push(fromOffset(c, r));
  return out;
}

function arcHexes(s: MatchState, arc: ArcName): Hex[] {
  const ship = s.ships[0];
  return hexes().filter((h) => inArc(arc, ship.core, ship.facing, h));
}

export function arcsFigure(): Figure {
  const s = position([4, 4, 'N'], [6, 1, 'S']);
  return {
    id: 'fig-arcs',
    caption:
      'Firing arcs from your warship (the lower one, pointing up): the front arc is shaded; the bullseye is the one-hex-wide ' +
      'line straight ahead (outlined). The opponent, up and to the right, is in your front arc but not in your bullseye.',
    model: small(s),
    highlights: [
      ...arcHexes(s, 'front').map((at) => ({ at, kind: 'arc' as const })),
      ...arcHexes(s, 'bullseye').map((at) => ({ at, kind: 'path' as const })),
    ],
    ghost: null,
  };
}

/** Seat 0's drift with engine NONE, as the see-through ship the momentum preview draws (the engine's previewDrift). */
function driftGhost(s: MatchState): Ghost {
  const drift = previewDrift(s, 0, 'NONE');
  const end = drift.path.at(-1) ?? { core: s.ships[0].core, facing: s.ships[0].facing };
  return { seat: 0, core: end.core, facing: end.facing, path: drift.path.map((p) => p.core) };
}

export function momentumFigure(): Figure {
  const s = position([2, 5, 'N'], [7, 1, 'S']);
  s.ships[0].momentum = { linear: ['N', 'NE'], rotational: [] };
  const ghost = driftGhost(s);
  return {
    id: 'fig-momentum',
    caption:
      'Momentum stays on the mat from round to round. With N and NE on the mat and engine NONE, your warship ' +
      'drifts one hex north, then one north-east (the see-through ship): the momentum preview shows it before you lock in.',
    model: small(s),
    highlights: ghost.path.map((at) => ({ at, kind: 'path' as const })),
    ghost,
  };
}

export function collisionFigure(): Figure {
  const s = position([4, 5, 'N'], [4, 2, 'S']);
  s.ships[0].momentum = { linear: ['N'], rotational: [] };
  return {
    id: 'fig-collision',
    caption:
      'A collision: your drift north would carry your bow into the opponent. Both steps are undone, the ship that ' +
      'moved loses that momentum token and deals 1 damage to each section it touched.',
    model: small(s),
    highlights: [{ at: s.ships[1].core, kind: 'target' }],
    ghost: driftGhost(s),
  };
}

export function turningFigure(): Figure {
  const s = position([3, 5, 'N'], [7, 1, 'S']);
  s.ships[0].momentum = { linear: [], rotational: ['CW'] };
  const ghost = driftGhost(s);
  const line = hexes().filter((h) => inArc('bullseye', ghost.core, ghost.facing, h));
  return {
    id: 'fig-turning',
    caption:
      'Turning: with a clockwise turn token (↻) on the mat and engine NONE, your warship turns 60° in place to face ' +
      'north-east (the see-through ship); the outlined line is where its bow, and its main weapon, will point. The ' +
      'token stays: next round it turns again unless you play CCW.',
    model: small(s),
    highlights: line.map((at) => ({ at, kind: 'path' as const })),
    ghost,
  };
}

export function fightersFigure(): Figure {
  const s = position([4, 4, 'N'], [6, 0, 'S']);
  const sq = s.ships[0].squadrons[0]!;
  sq.status = 'space';
  sq.at = fromOffset(5, 2);
  sq.facing = 'NE';
  return {
    id: 'fig-fighters',
    caption:
      'Fighters: a squadron launched from a fighter bay (the rear-left and rear-right hexes of your warship) appears ' +
      'on a highlighted launch hex, then moves up to its speed and may attack. One of yours is already out (I).',
    model: small(s),
    highlights: launchHexes(s, 0).map((at) => ({ at, kind: 'launch' as const })),
    ghost: null,
  };
}

export function figures(): Figure[] {
  return [arcsFigure(), momentumFigure(), collisionFigure(), fightersFigure(), turningFigure()];
}
