// Creating a match from the draft's outcome, and the ways a match ends outside the rounds (RULES §4.6, §5, §7).
import { SCENARIOS } from './board.js';
import { FACTIONS, getFaction, squadronCard, weaponCard } from './content/index.js';
import { fromOffset } from './hex.js';
import { checkLoadout, checkMunitions, munitionRules } from './loadout-check.js';
import { seedRng } from './rng.js';
import type { EndReason, FactionId, Loadout, MatchState, Result, Seat, Squadron, Variants, Warship } from './types.js';
import { err, ok } from './types.js';

/** The ruleset this engine implements: Star Eater draft 0.10 as resolved by RULES.md. */
export const RULESET = 'star-eater-0.10/online-1';

export interface PlayerSetup {
  name: string;
  faction: FactionId;
  loadout: Loadout;
  /** Munitions per squadron, in squadron order. */
  munitions: number[];
}

export interface MatchSetup {
  seed: string;
  initiative: Seat;
  variants?: Partial<Variants>;
  scenario?: string;
  players: [PlayerSetup, PlayerSetup];
}

export interface SetupError {
  path: string;
  message: string;
}

export const NO_VARIANTS: Variants = { rangeBands: false, initiativeRoll: false, criticalHits: false };

export function validateSetup(setup: MatchSetup): Result<MatchSetup, SetupError> {
  if (!SCENARIOS[setup.scenario ?? 'standard'])
    return err({ path: 'scenario', message: `unknown scenario "${setup.scenario}"` });
  for (const seat of [0, 1] as const) {
    const p = setup.players[seat];
    if (!FACTIONS[p.faction])
      return err({ path: `players[${seat}].faction`, message: `unknown faction "${p.faction}"` });
    const faction = getFaction(p.faction);
    const l = checkLoadout(faction, p.loadout);
    if (!l.ok) return err({ path: `players[${seat}].loadout`, message: l.error.message });
    const m = checkMunitions(munitionRules(faction, l.value.squadrons), p.munitions);
    if (!m.ok) return err({ path: `players[${seat}].munitions`, message: m.error.message });
  }
  return ok(setup);
}

function createWarship(seat: Seat, p: PlayerSetup, scenarioId: string): Warship {
  const scenario = SCENARIOS[scenarioId]!;
  const faction = getFaction(p.faction);
  const start = scenario.starts[seat];
  const squadrons = p.loadout.squadrons.map(
    (card, index): Squadron => ({
      id: `${seat}:${index}`,
      index,
      card,
      status: 'aboard',
      munitions: p.munitions[index] ?? 0,
      activated: false,
      launchedThisRound: false,
    }),
  ) as [Squadron, Squadron, Squadron];
  // A torpedo bomber's munitions are torpedo tokens taken from the squadron torpedo supply (RULES §6).
  const torpedoesCarried = squadrons
    .filter((q) => squadronCard(q.card).munition === 'torpedo')
    .reduce((n, q) => n + q.munitions, 0);
  return {
    seat,
    name: p.name,
    faction: p.faction,
    loadout: { ...p.loadout, squadrons: [...p.loadout.squadrons] },
    core: fromOffset(start.col, start.row),
    facing: start.facing,
    armour: { ...faction.armour },
    startArmour: { ...faction.armour },
    structure: faction.structure,
    momentum: { linear: [], rotational: [] },
    cooldown: { main: 0, broadside: 0, fighterBay: 0, pointDefence: 0 },
    power: faction.special.power,
    supply: {
      main: weaponCard(p.loadout.main).tokens ?? 0,
      broadside: weaponCard(p.loadout.broadside).tokens ?? 0,
      squadronTorpedo: faction.squadronTorpedoTokens - torpedoesCarried,
    },
    squadrons,
    effects: { thrusterLocked: false, fuelLeak: false, commsDown: false, screensFailUntil: 0, markedBonus: 0 },
  };
}

/** A new match at the start of round 1. Throws on an invalid setup (use validateSetup for untrusted input). */
export function createMatch(setup: MatchSetup): MatchState {
  const v = validateSetup(setup);
  if (!v.ok) throw new Error(`createMatch: ${v.error.path}: ${v.error.message}`);
  const scenario = setup.scenario ?? 'standard';
  return {
    ruleset: RULESET,
    scenario: SCENARIOS[scenario]!,
    variants: { ...NO_VARIANTS, ...setup.variants },
    round: 1,
    initiative: setup.initiative,
    winner: null,
    endReason: null,
    ships: [createWarship(0, setup.players[0], scenario), createWarship(1, setup.players[1], scenario)],
    tokens: [],
    rng: seedRng(setup.seed),
    nextTokenId: 1,
  };
}

function end(state: MatchState, loser: Seat, reason: EndReason): MatchState {
  if (state.winner !== null) return state;
  return { ...state, winner: loser === 0 ? 1 : 0, endReason: reason };
}

/** A player may concede at any time (RULES §4.6). */
export const concede = (state: MatchState, seat: Seat): MatchState => end(state, seat, 'concede');
/** A seat whose reconnection budget ran out forfeits (RULES §7). */
export const forfeit = (state: MatchState, seat: Seat): MatchState => end(state, seat, 'forfeit');
