// A fast deep copy of the match state: the resolver works on its own copy so the public API never mutates input.
import type { MatchState, Squadron, Warship } from './types.js';

const cloneSquadron = (q: Squadron): Squadron => {
  const c: Squadron = { ...q };
  if (q.at) c.at = { ...q.at };
  return c;
};

const cloneShip = (w: Warship): Warship => ({
  ...w,
  loadout: { ...w.loadout, squadrons: [...w.loadout.squadrons] },
  core: { ...w.core },
  armour: { ...w.armour },
  startArmour: { ...w.startArmour },
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
    tokens: s.tokens.map((t) => ({ ...t, at: { ...t.at } })),
    rng: [...s.rng],
  };
}
