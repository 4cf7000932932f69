// Animation steps for small tokens, weapons and squadrons: spawns, paths, removals, beams, shots with their roll,
// launches, recalls, munitions. Each `finish` leaves the board as the event says.
import type { SquadronEvent, WeaponEvent } from './event-groups.js';
import { dirAt, dirIndex, type Hex, type Seat, type Target, type TokenRef } from '@star-eater/engine';
import { findToken, shipHexes, squadronLabel, type BoardModel } from '../board/model.js';
import type { BoardState } from '../board/state.js';
import { THEME } from '../board/theme.js';
import { rollFormula } from './names.js';
import type { Steps } from './play-ship.js';
import { captionStep, DURATION, pathStep, shotStep } from './steps.js';

function hexOfTarget(m: BoardModel, t: Target): Hex | null {
  switch (t.kind) {
    case 'section': {
      const s = m.ships[t.seat];
      return shipHexes(s.core, dirAt(Math.round(s.facing)))[t.section];
    }
    case 'squadron':
    case 'torpedo':
      return findToken(m, t.id)?.at ?? null;
    case 'hex':
      return t.at;
  }
}

function removeToken(m: BoardModel, ref: TokenRef | { id: string }): void {
  m.tokens = m.tokens.filter((t) => t.id !== ref.id);
}

/** Fades a token out, then takes it off the board. */
const fadeOut = (s: BoardState, label: string, ref: TokenRef, duration: number) => [
  {
    label,
    duration,
    update(t: number) {
      const tok = findToken(s.model, ref.id);
      if (tok) tok.alpha = 1 - t;
      s.dirty = true;
    },
    finish() {
      removeToken(s.model, ref);
      s.dirty = true;
    },
  },
];

const squadronOf = (s: BoardState, seat: Seat, id: string) => s.model.ships[seat].squadrons.find((q) => q.id === id);

export const TOKEN_STEPS: Steps<WeaponEvent> = {
  'token-spawned': (s, e) => [
    {
      label: e.type,
      duration: DURATION.spawn,
      finish() {
        if (!findToken(s.model, e.token.id)) {
          const { id, kind, owner } = e.token;
          s.model.tokens.push({ id, kind, owner, at: { ...e.at }, facing: dirIndex(e.facing), label: '' });
        }
        s.dirty = true;
      },
    },
  ],
  'token-moved': (s, e) => [pathStep(s, e.type, e.token.id, e.from, e.path, e.facings)],
  'torpedo-turned': (s, e) => [
    captionStep(s, e.type, '', DURATION.small, () => {
      const t = findToken(s.model, e.token.id);
      if (t) t.facing = dirIndex(e.to);
    }),
  ],
  'torpedo-target': (s, e) => [captionStep(s, e.type, '', DURATION.small)],
  'token-destroyed': (s, e) => fadeOut(s, e.type, e.token, DURATION.remove),
  'token-returned': (s, e) => fadeOut(s, e.type, e.token, DURATION.small),
  beam: (s, e) => {
    const beam = { from: e.from, to: e.path[e.path.length - 1] ?? e.from, seat: e.source.seat, t: 0 };
    return [
      {
        label: e.type,
        duration: DURATION.beam,
        start() {
          s.beams.push(beam);
          s.dirty = true;
        },
        update(t) {
          beam.t = t;
          s.dirty = true;
        },
        finish() {
          s.beams = s.beams.filter((b) => b !== beam);
          s.dirty = true;
        },
      },
    ];
  },
  'aoe-fired': (s, e) => {
    const text = e.targets ? `AOE ×${e.targets}` : 'AOE: empty';
    const caption = e.targets ? `${e.targets} in the blast area` : 'nothing in the blast area';
    return [shotStep(s, e.type, e.from, e.at, e.source.seat, text, THEME.miss, caption)];
  },
  attack: (s, e) => {
    const at = e.aimedAt ?? hexOfTarget(s.model, e.target);
    const text = e.detail.hit ? `HIT ${e.detail.roll}` : `miss ${e.detail.roll}`;
    const colour = e.detail.hit ? 0xffd166 : THEME.miss;
    return [shotStep(s, e.type, e.from, at, e.source.seat, text, colour, rollFormula(e.detail))];
  },
};

export const SQUADRON_STEPS: Steps<SquadronEvent> = {
  'squadron-launched': (s, e) => [
    {
      label: e.type,
      duration: DURATION.spawn,
      finish() {
        const sq = squadronOf(s, e.seat, e.squadron);
        if (sq) sq.status = 'space';
        if (!findToken(s.model, e.squadron)) {
          s.model.tokens.push({
            id: e.squadron,
            kind: 'squadron',
            owner: e.seat,
            at: { ...e.at },
            facing: dirIndex(e.facing),
            label: squadronLabel(sq?.card ?? ''),
            munitions: sq?.munitions ?? 0,
          });
        }
        s.dirty = true;
      },
    },
  ],
  'squadron-moved': (s, e) => [pathStep(s, e.type, e.squadron, e.from, e.path, e.facings)],
  'squadron-recalled': (s, e) => [
    {
      label: e.type,
      duration: DURATION.remove,
      finish() {
        removeToken(s.model, { id: e.squadron });
        const sq = squadronOf(s, e.seat, e.squadron);
        if (sq) sq.status = 'aboard';
        s.dirty = true;
      },
    },
  ],
  'squadron-passed': (s, e) => [captionStep(s, e.type, '', DURATION.small)],
  'squadron-marked': (s, e) => [captionStep(s, e.type, '', DURATION.small)],
  'squadron-repaired': (s, e, n) => [
    captionStep(s, e.type, `${n[e.seat]} repairs a squadron`, DURATION.caption, () => {
      const sq = squadronOf(s, e.seat, e.squadron);
      if (sq) sq.status = 'aboard';
    }),
  ],
  munitions: (s, e) => [
    captionStep(s, e.type, '', DURATION.small, () => {
      const sq = squadronOf(s, e.seat, e.squadron);
      if (sq) sq.munitions = e.after;
      const tok = findToken(s.model, e.squadron);
      if (tok) tok.munitions = e.after;
    }),
  ],
};
