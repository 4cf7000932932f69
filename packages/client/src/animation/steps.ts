// The building blocks of the event animations (play.ts): a token walking a path, a shot landing, a floating number,
// a caption. Each step's `finish` leaves the board as it ends.
import { addressed } from './grammar.js';
import type { Dir, Hex, Seat } from '@star-eater/engine';
import { lerpHex, sixths } from '../board/layout.js';
import { findToken } from '../board/model.js';
import type { BoardState } from '../board/state.js';
import type { AnimStep } from './queue.js';

/** Durations in ms at speed 1. */
export const DURATION = {
  caption: 450,
  thrust: 260,
  step: 330,
  collision: 520,
  damage: 480,
  tokenHex: 150,
  beam: 520,
  attack: 820,
  spawn: 200,
  remove: 260,
  small: 140,
  end: 900,
};

/** Walk a token along a path of hexes with per-hex facings. */
export function pathStep(s: BoardState, label: string, id: string, from: Hex, path: Hex[], facings: Dir[]): AnimStep {
  const pts = [from, ...path];
  return {
    label,
    duration: DURATION.tokenHex * Math.max(1, path.length),
    update(t) {
      const tok = findToken(s.model, id);
      if (!tok || path.length === 0) return;
      const x = t * path.length;
      const i = Math.min(path.length - 1, Math.floor(x));
      tok.at = lerpHex(pts[i]!, pts[i + 1]!, x - i);
      tok.facing = sixths(facings[i] ?? tok.facing);
      s.dirty = true;
    },
    finish() {
      const tok = findToken(s.model, id);
      if (tok && path.length) {
        tok.at = { ...path[path.length - 1]! };
        tok.facing = sixths(facings[facings.length - 1] ?? tok.facing);
      }
      s.dirty = true;
    },
  };
}

/** A shot drawn from its origin to where it lands, with a floating result and a caption. */
export function shotStep(
  s: BoardState,
  label: string,
  from: Hex,
  at: Hex | null,
  seat: Seat | null,
  text: string,
  colour: number,
  caption: string,
): AnimStep {
  const beam = { from, to: at ?? from, seat, t: 0 };
  const f = floatStep(s, label, at, text, colour, DURATION.attack);
  return {
    ...f,
    start() {
      s.caption = caption;
      s.beams.push(beam);
      f.start?.();
    },
    update(t) {
      beam.t = Math.min(1, t * 2.5);
      f.update?.(t);
    },
    finish() {
      s.beams = s.beams.filter((b) => b !== beam);
      f.finish();
    },
  };
}

export function floatStep(
  s: BoardState,
  label: string,
  at: Hex | null,
  text: string,
  colour: number,
  duration: number,
  after?: () => void,
): AnimStep {
  const f = { at: at ?? { q: 0, r: 0 }, text, colour, t: 0 };
  return {
    label,
    duration,
    start() {
      if (at) s.floats.push(f);
      s.dirty = true;
    },
    update(t) {
      f.t = t;
      s.dirty = true;
    },
    finish() {
      s.floats = s.floats.filter((x) => x !== f);
      after?.();
      s.dirty = true;
    },
  };
}

export function captionStep(
  s: BoardState,
  label: string,
  text: string,
  duration = DURATION.caption,
  apply?: () => void,
): AnimStep {
  return {
    label,
    duration,
    start() {
      s.caption = addressed(text);
      s.dirty = true;
    },
    finish() {
      apply?.();
      s.dirty = true;
    },
  };
}
