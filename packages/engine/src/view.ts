// The public JSON view of a match state (RULES §10): directions as names, axial {q, r}, tokens with kind/owner/at/facing.
import { smallTokens } from './tokens.js';
import type { Component, Dir, Hex, PublicState, Rotation, Seat, SectionName } from './types.js';

export interface ShipView {
  name: string;
  faction: string;
  core: Hex;
  facing: Dir;
  armour: Record<SectionName, number>;
  structure: number;
  momentum: { linear: Dir[]; rotational: Rotation[] };
  cooldown: Record<Component, number>;
  power: number;
  supply: { main: number; broadside: number; squadronTorpedo: number };
  squadrons: { id: string; card: string; status: string; munitions: number }[];
}

export interface TokenView {
  id: string;
  kind: 'squadron' | 'projectile' | 'torpedo';
  owner: Seat;
  at: Hex;
  facing: Dir;
}

export interface StateView {
  ruleset: string;
  round: number;
  initiative: Seat;
  winner: Seat | 'draw' | null;
  endReason: string | null;
  ships: [ShipView, ShipView];
  tokens: TokenView[];
}

export function stateView(s: PublicState): StateView {
  const ship = (i: Seat): ShipView => {
    const w = s.ships[i];
    return {
      name: w.name,
      faction: w.faction,
      core: { ...w.core },
      facing: w.facing,
      armour: { ...w.armour },
      structure: w.structure,
      momentum: { linear: [...w.momentum.linear], rotational: [...w.momentum.rotational] },
      cooldown: { ...w.cooldown },
      power: w.power,
      supply: { ...w.supply },
      squadrons: w.squadrons.map((q) => ({ id: q.id, card: q.card, status: q.status, munitions: q.munitions })),
    };
  };
  return {
    ruleset: s.ruleset,
    round: s.round,
    initiative: s.initiative,
    winner: s.winner,
    endReason: s.endReason,
    ships: [ship(0), ship(1)],
    tokens: smallTokens(s).map((t) => ({
      id: t.ref.id,
      kind: t.ref.kind,
      owner: t.ref.owner,
      at: { ...t.at },
      facing: t.facing,
    })),
  };
}
