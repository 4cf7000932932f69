// A fast copy of the match state: the resolver works on its own copy so the public API never mutates input. What no
// rule changes in place is shared, not copied: hexes (Hex is read-only: a move makes a new one), a warship's loadout
// and starting armour (fixed for the match), the scenario. A server holds a state per live match for as long as its
// players think, so every object a copy saves is one the garbage collector does not carry to its old generation.
import type { MatchState, Squadron, Warship } from './types.js';

const cloneSquadron = (q: Squadron): Squadron => ({ ...q });

const cloneShip = (w: Warship): Warship => ({
  ...w,
  armour: { ...w.armour },
  momentum: { linear: [...w.momentum.linear], rotational: [...w.momentum.rotational] },
  cooldown: { ...w.cooldown },
  supply: { ...w.supply },
  squadrons: [cloneSquadron(w.squadrons[0]), cloneSquadron(w.squadrons[1]), cloneSquadron(w.squadrons[2])],
  effects: { ...w.effects },
});

export function cloneState(s: MatchState): MatchState {
  return {
    ...s,
    variants: { ...s.variants },
    ships: [cloneShip(s.ships[0]), cloneShip(s.ships[1])],
    tokens: s.tokens.map((t) => ({ ...t })),
    rng: [...s.rng],
  };
}
