// Turns engine events into animation steps on a BoardState. Each step's `finish` leaves the board exactly as the
// event says it ends (so skipping is exact); `update` only interpolates positions and effects in between.
import { dirAt, dirIndex, type Hex, type MatchEvent, type Target, type TokenRef } from '@star-eater/engine';
import { lerpDir, lerpHex } from '../board/layout.js';
import { findToken, shipHexes, squadronLabel, type BoardModel } from '../board/model.js';
import type { BoardState } from '../board/state.js';
import { THEME } from '../board/theme.js';
import { rollFormula, type Names } from './describe.js';
import type { AnimStep } from './queue.js';
import { captionStep, DURATION, floatStep, pathStep, shotStep } from './steps.js';

export { DURATION };

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

/** The animation steps of one event (usually one; none for bookkeeping events). */
export function stepsFor(s: BoardState, e: MatchEvent, names: Names): AnimStep[] {
  const m = () => s.model;
  switch (e.type) {
    case 'round-started':
      return [
        captionStep(s, e.type, `Round ${e.round}`, DURATION.caption, () => {
          m().round = e.round;
          m().initiative = e.initiative;
        }),
      ];
    case 'phase':
      return [captionStep(s, e.type, `${e.phase[0]!.toUpperCase() + e.phase.slice(1)} phase`, DURATION.caption)];
    case 'engine-revealed':
      return [
        captionStep(
          s,
          e.type,
          `Engines: ${names[0]} ${e.engines[0]} · ${names[1]} ${e.engines[1]}`,
          DURATION.caption * 1.5,
        ),
      ];
    case 'cards-revealed':
      return [captionStep(s, e.type, 'Commitments revealed', DURATION.caption)];
    case 'thrust':
      return [
        captionStep(s, e.type, '', DURATION.thrust, () => (m().ships[e.seat].momentum = structuredClone(e.after))),
      ];
    case 'step': {
      return [
        {
          label: e.type,
          duration: DURATION.step,
          update(t) {
            const ship = m().ships[e.seat];
            ship.core = lerpHex(e.from.core, e.to.core, t);
            ship.facing = lerpDir(dirIndex(e.from.facing), dirIndex(e.to.facing), t);
            s.dirty = true;
          },
          finish() {
            const ship = m().ships[e.seat];
            ship.core = { ...e.to.core };
            ship.facing = dirIndex(e.to.facing);
            s.dirty = true;
          },
        },
      ];
    }
    case 'collision': {
      const ship = () => m().ships[e.seat];
      return [
        floatStep(s, e.type, ship().core, e.kind === 'edge' ? 'EDGE!' : 'CRASH!', 0xffd166, DURATION.collision, () => {
          ship().core = { ...e.undoneTo.core };
          ship().facing = dirIndex(e.undoneTo.facing);
          // The mat as the engine left it: which of two like tokens went is its rule (RULES §4.2), not the board's.
          ship().momentum = { linear: [...e.momentum.linear], rotational: [...e.momentum.rotational] };
        }),
      ];
    }
    case 'damage': {
      const ship = m().ships[e.seat];
      const at = shipHexes(ship.core, dirAt(Math.round(ship.facing)))[e.section];
      return [
        floatStep(s, e.type, at, `−${e.amount}`, THEME.damage, DURATION.damage, () => {
          const sh = m().ships[e.seat];
          sh.armour[e.section] = e.armourAfter;
          sh.structure = e.structureAfter;
        }),
      ];
    }
    case 'ship-destroyed':
      return [
        captionStep(
          s,
          e.type,
          `${names[e.seat]}'s warship is destroyed!`,
          DURATION.end,
          () => (m().ships[e.seat].destroyed = true),
        ),
      ];
    case 'token-spawned':
      return [
        {
          label: e.type,
          duration: DURATION.spawn,
          finish() {
            if (!findToken(m(), e.token.id)) {
              m().tokens.push({
                id: e.token.id,
                kind: e.token.kind,
                owner: e.token.owner,
                at: { ...e.at },
                facing: dirIndex(e.facing),
                label: '',
              });
            }
            s.dirty = true;
          },
        },
      ];
    case 'token-moved':
      return [pathStep(s, e.type, e.token.id, e.from, e.path, e.facings)];
    case 'squadron-moved':
      return [pathStep(s, e.type, e.squadron, e.from, e.path, e.facings)];
    case 'torpedo-turned':
      return [
        captionStep(s, e.type, '', DURATION.small, () => {
          const t = findToken(m(), e.token.id);
          if (t) t.facing = dirIndex(e.to);
        }),
      ];
    case 'token-destroyed':
    case 'token-returned': {
      const id = e.token.id;
      return [
        {
          label: e.type,
          duration: e.type === 'token-destroyed' ? DURATION.remove : DURATION.small,
          update(t) {
            const tok = findToken(m(), id);
            if (tok) tok.alpha = 1 - t;
            s.dirty = true;
          },
          finish() {
            removeToken(m(), e.token);
            s.dirty = true;
          },
        },
      ];
    }
    case 'beam': {
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
    }
    case 'aoe-fired': {
      const text = e.targets ? `AOE ×${e.targets}` : 'AOE: empty';
      const caption = e.targets ? `${e.targets} in the blast area` : 'nothing in the blast area';
      return [shotStep(s, e.type, e.from, e.at, e.source.seat, text, THEME.miss, caption)];
    }
    case 'attack': {
      const at = e.aimedAt ?? hexOfTarget(m(), e.target);
      const text = e.detail.hit ? `HIT ${e.detail.roll}` : `miss ${e.detail.roll}`;
      const colour = e.detail.hit ? 0xffd166 : THEME.miss;
      return [shotStep(s, e.type, e.from, at, e.source.seat, text, colour, rollFormula(e.detail))];
    }
    case 'squadron-launched':
      return [
        {
          label: e.type,
          duration: DURATION.spawn,
          finish() {
            const ship = m().ships[e.seat];
            const sq = ship.squadrons.find((q) => q.id === e.squadron);
            if (sq) sq.status = 'space';
            if (!findToken(m(), e.squadron)) {
              m().tokens.push({
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
      ];
    case 'squadron-recalled':
      return [
        {
          label: e.type,
          duration: DURATION.remove,
          finish() {
            removeToken(m(), { id: e.squadron });
            const sq = m().ships[e.seat].squadrons.find((q) => q.id === e.squadron);
            if (sq) sq.status = 'aboard';
            s.dirty = true;
          },
        },
      ];
    case 'munitions':
      return [
        captionStep(s, e.type, '', DURATION.small, () => {
          const sq = m().ships[e.seat].squadrons.find((q) => q.id === e.squadron);
          if (sq) sq.munitions = e.after;
          const tok = findToken(m(), e.squadron);
          if (tok) tok.munitions = e.after;
        }),
      ];
    case 'squadron-repaired':
      return [
        captionStep(s, e.type, `${names[e.seat]} repairs a squadron`, DURATION.caption, () => {
          const sq = m().ships[e.seat].squadrons.find((q) => q.id === e.squadron);
          if (sq) sq.status = 'aboard';
        }),
      ];
    case 'armour-restored': {
      const ship = m().ships[e.seat];
      const at = shipHexes(ship.core, dirAt(Math.round(ship.facing)))[e.section];
      return [
        floatStep(
          s,
          e.type,
          at,
          `+${e.after - e.before}`,
          THEME.heal,
          DURATION.damage,
          () => (m().ships[e.seat].armour[e.section] = e.after),
        ),
      ];
    }
    case 'power-spent':
      return [captionStep(s, e.type, '', DURATION.small, () => (m().ships[e.seat].power = e.after))];
    case 'cooldown':
      return [captionStep(s, e.type, '', DURATION.small, () => (m().ships[e.seat].cooldown[e.component] = e.after))];
    case 'initiative':
      return [
        captionStep(s, e.type, `Initiative → ${names[e.seat]}`, DURATION.caption, () => (m().initiative = e.seat)),
      ];
    case 'match-ended':
      return [
        captionStep(
          s,
          e.type,
          e.winner === 'draw' ? 'Draw' : `${names[e.winner]} wins`,
          DURATION.end,
          () => (m().winner = e.winner),
        ),
      ];
    case 'card-ignored':
      return [
        captionStep(
          s,
          e.type,
          `${names[e.seat]}: card does nothing (${e.reason.replace(/-/g, ' ')})`,
          DURATION.caption,
        ),
      ];
    case 'squadron-passed':
    case 'squadron-marked':
    case 'torpedo-target':
    case 'engine-blocked':
    case 'critical':
    case 'initiative-roll':
      return [captionStep(s, e.type, '', DURATION.small)];
    case 'card-resolved':
      return [];
  }
}
