// The headless board state (chessground style): everything the renderer draws, as plain data, with no rules in it.
// It is built from the synced match state; the animation queue changes a copy of it step by step while events play,
// and the board settles on the synced state afterwards.
import { dirIndex, FACTIONS, sectionHexes } from '@star-eater/engine';
import type { Component, Dir, FactionId, Hex, PublicState, Momentum, Seat, SectionName } from '@star-eater/engine';

export interface ShipView {
  seat: Seat;
  name: string;
  faction: FactionId;
  core: Hex;
  /** The heading for drawing, in sixths clockwise from north (see layout's `sixths`); fractional while turning. */
  facing: number;
  armour: Record<SectionName, number>;
  startArmour: Record<SectionName, number>;
  structure: number;
  maxStructure: number;
  momentum: Momentum;
  cooldown: Record<Component, number>;
  power: number;
  supply: { main: number; broadside: number; squadronTorpedo: number };
  /** Squadrons by index: status and munitions (shown on the ship's card). */
  squadrons: { id: string; card: string; status: 'aboard' | 'space' | 'destroyed'; munitions: number }[];
  destroyed: boolean;
}

export type TokenKind = 'squadron' | 'projectile' | 'torpedo';
export interface TokenView {
  id: string;
  kind: TokenKind;
  owner: Seat;
  /** May be fractional while a move animates. */
  at: Hex;
  /** The heading for drawing, in sixths clockwise from north (see layout's `sixths`). */
  facing: number;
  /** Short label drawn on the token (squadron initial, damage). */
  label: string;
  munitions?: number;
  /** 0..1, fades a token out while it is destroyed. */
  alpha?: number;
}

export interface BoardModel {
  cols: number;
  rows: number;
  round: number;
  initiative: Seat;
  ships: [ShipView, ShipView];
  tokens: TokenView[];
  winner: Seat | 'draw' | null;
}

export function squadronLabel(cardId: string): string {
  const name = cardId.split('-').slice(1).join(' ');
  return (name[0] ?? '?').toUpperCase();
}

/** The board as the engine's PublicState describes it (replays, fixtures, or a server that sends engine state). */
export function modelFromMatch(s: PublicState): BoardModel {
  const tokens: TokenView[] = s.tokens.map((t) => ({
    id: t.id,
    kind: t.kind,
    owner: t.owner,
    at: { ...t.at },
    facing: dirIndex(t.facing),
    label: String(t.damage),
  }));
  for (const ship of s.ships) {
    for (const sq of ship.squadrons) {
      if (sq.status === 'space' && sq.at && sq.facing !== undefined) {
        tokens.push({
          id: sq.id,
          kind: 'squadron',
          owner: ship.seat,
          at: { ...sq.at },
          facing: dirIndex(sq.facing),
          label: squadronLabel(sq.card),
          munitions: sq.munitions,
        });
      }
    }
  }
  const ships = s.ships.map(
    (w): ShipView => ({
      seat: w.seat,
      name: w.name,
      faction: w.faction,
      core: { ...w.core },
      facing: dirIndex(w.facing),
      armour: { ...w.armour },
      startArmour: { ...w.startArmour },
      structure: w.structure,
      maxStructure: Math.max(w.structure, FACTIONS[w.faction].structure),
      momentum: { linear: [...w.momentum.linear], rotational: [...w.momentum.rotational] },
      cooldown: { ...w.cooldown },
      power: w.power,
      supply: { ...w.supply },
      squadrons: w.squadrons.map((q) => ({ id: q.id, card: q.card, status: q.status, munitions: q.munitions })),
      destroyed: w.structure <= 0,
    }),
  ) as [ShipView, ShipView];
  return {
    cols: s.scenario.cols,
    rows: s.scenario.rows,
    round: s.round,
    initiative: s.initiative,
    ships,
    tokens,
    winner: s.winner,
  };
}

export function cloneModel(m: BoardModel): BoardModel {
  return structuredClone(m);
}

/** The four hexes of a warship by section: the engine's sectionHexes (RULES §3), keyed for drawing. */
export function shipHexes(core: Hex, facing: Dir): Record<SectionName, Hex> {
  const out = {} as Record<SectionName, Hex>;
  for (const { section, at } of sectionHexes(core, facing)) out[section] = at;
  return out;
}
/** Where a section sits relative to the core. */
export const sectionOffset = (section: SectionName, facing: Dir): Hex => shipHexes({ q: 0, r: 0 }, facing)[section];

export function findToken(m: BoardModel, id: string): TokenView | undefined {
  return m.tokens.find((t) => t.id === id);
}
