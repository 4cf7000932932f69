// Everything the board view draws besides the pieces: highlights, the momentum ghost, weapon arcs, transient effects.
// Plain data, changed by screens and the animation queue; the renderer redraws once per frame when `dirty`.
import type { Dir, Hex, Seat } from '@star-eater/engine';
import { cloneModel, type BoardModel } from './model.js';

export type HighlightKind = 'target' | 'move' | 'launch' | 'path' | 'arc' | 'selected' | 'ghost';
export interface Highlight {
  at: Hex;
  kind: HighlightKind;
  /** What a click on it chooses (an option index or an id), passed back to the click handler. */
  ref?: string;
  /** Drawn in this seat's colour instead of the kind's own (a what-if's ghost warship: that seat's). */
  seat?: Seat;
}

/** Where a squadron being planned will end up (its heading, once it has one): drawn as a see-through squadron. */
export interface TokenGhost {
  seat: Seat;
  at: Hex;
  facing: Dir | null;
}

export interface Ghost {
  seat: Seat;
  core: Hex;
  facing: Dir;
  /** The hexes the core drifts through, in order. */
  path: Hex[];
}

export interface Beam {
  from: Hex;
  to: Hex;
  seat: Seat | null;
  /** 0..1 of its life. */
  t: number;
}
export interface FloatText {
  at: Hex;
  text: string;
  colour: number;
  t: number;
}

export interface BoardState {
  model: BoardModel;
  /** Seat at the bottom of the screen (seat 1 flips the board). */
  orientation: Seat;
  highlights: Highlight[];
  ghost: Ghost | null;
  tokenGhost: TokenGhost | null;
  beams: Beam[];
  floats: FloatText[];
  /** A caption shown over the board while an event plays (dice formula, phase name). */
  caption: string;
  hover: Hex | null;
  /** The hexes a prompt asks the player to choose among: the view brings them into sight (and to tap size). */
  focus: readonly Hex[];
  dirty: boolean;
}

export function createBoardState(model: BoardModel, orientation: Seat = 0): BoardState {
  return {
    model: cloneModel(model),
    orientation,
    highlights: [],
    ghost: null,
    tokenGhost: null,
    beams: [],
    floats: [],
    caption: '',
    hover: null,
    focus: [],
    dirty: true,
  };
}

/** Settle on a new synced model: transient effects are cleared, overlays kept. */
export function setModel(s: BoardState, model: BoardModel): void {
  s.model = cloneModel(model);
  s.beams = [];
  s.floats = [];
  s.caption = '';
  s.dirty = true;
}

export function setHighlights(s: BoardState, h: Highlight[]): void {
  s.highlights = h;
  s.dirty = true;
}

export function setGhost(s: BoardState, g: Ghost | null): void {
  s.ghost = g;
  s.dirty = true;
}

export function setTokenGhost(s: BoardState, g: TokenGhost | null): void {
  s.tokenGhost = g;
  s.dirty = true;
}

/** A prompt's hexes to bring into view, or none (a new array each time: the view follows each change). */
export function setFocus(s: BoardState, hexes: readonly Hex[]): void {
  s.focus = hexes;
  s.dirty = true;
}

export function highlightAt(s: BoardState, at: Hex): Highlight | undefined {
  // Later highlights win: screens push the clickable ones last.
  for (let i = s.highlights.length - 1; i >= 0; i--) {
    const h = s.highlights[i]!;
    if (h.at.q === at.q && h.at.r === at.r) return h;
  }
  return undefined;
}

/**
 * What the under-the-pieces overlay (highlights, the momentum ghost, the hover outline) is drawn from, as a string:
 * the renderer redraws that layer only when this changes, so an animated frame does not re-tessellate it. Built
 * from the contents, not the array's identity, since screens may refill the same highlights array.
 */
export function underlayKey(s: BoardState): string {
  const hl = s.highlights.map((h) => `${h.kind}${h.seat ?? ''}${h.at.q},${h.at.r}`).join(' ');
  const t = s.tokenGhost;
  const tg = t ? `${t.seat}|${t.at.q},${t.at.r}|${t.facing ?? ''}` : '';
  const g = s.ghost;
  const gh = g ? `${g.seat}|${g.core.q},${g.core.r}|${g.facing}|${g.path.map((h) => `${h.q},${h.r}`).join(' ')}` : '';
  return `${hl}|${gh}|${tg}|${s.hover ? `${s.hover.q},${s.hover.r}` : ''}`;
}
