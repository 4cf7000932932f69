// Test fixtures: build positions directly (no draft), as the rulebook's worked examples do. Used only by tests.
import { STANDARD } from './board.js';
import { createCtx, type Ctx } from './context.js';
import { fromOffset } from './hex.js';
import { seedRng } from './rng.js';
import type { Dir, EngineSetting, Hex, Loadout, MatchState, Seat, Squadron, Warship, WeaponToken } from './types.js';
import type { Decision, Prompt } from './decision.js';

export const FPA_LOADOUT: Loadout = {
  main: 'fpa-mass-driver',
  broadside: 'fpa-torpedo-racks',
  fighterBay: 'fpa-catapult-bay',
  pointDefence: 'fpa-ciws',
  squadrons: ['fpa-interceptor', 'fpa-interceptor', 'fpa-strike-fighter'],
};
export const LAMAIS_LOADOUT: Loadout = {
  main: 'lamais-spinal-railgun',
  broadside: 'lamais-pulse-lasers',
  fighterBay: 'lamais-deep-hangar',
  pointDefence: 'lamais-point-lasers',
  squadrons: ['lamais-dart', 'lamais-dart', 'lamais-lancer'],
};

export function testSquadron(seat: Seat, index: number, card: string, over: Partial<Squadron> = {}): Squadron {
  return {
    id: `${seat}:${index}`,
    index,
    card,
    status: 'aboard',
    munitions: 1,
    activated: false,
    launchedThisRound: false,
    ...over,
  };
}

export function testShip(seat: Seat, over: Partial<Warship> = {}): Warship {
  const fpa = (over.faction ?? (seat === 0 ? 'fpa' : 'lamais')) === 'fpa';
  const loadout = over.loadout ?? (fpa ? FPA_LOADOUT : LAMAIS_LOADOUT);
  const armour = fpa ? { bow: 4, core: 5, port: 3, starboard: 3 } : { bow: 3, core: 4, port: 4, starboard: 4 };
  const start = STANDARD.starts[seat];
  return {
    seat,
    name: `Player ${seat + 1}`,
    faction: fpa ? 'fpa' : 'lamais',
    loadout,
    core: fromOffset(start.col, start.row),
    facing: start.facing,
    armour: { ...armour },
    startArmour: { ...armour },
    structure: fpa ? 10 : 9,
    momentum: { linear: [], rotational: [] },
    cooldown: { main: 0, broadside: 0, fighterBay: 0, pointDefence: 0 },
    power: 2,
    supply: { main: 3, broadside: fpa ? 3 : 6, squadronTorpedo: fpa ? 3 : 0 },
    squadrons: [
      testSquadron(seat, 0, loadout.squadrons[0]),
      testSquadron(seat, 1, loadout.squadrons[1]),
      testSquadron(seat, 2, loadout.squadrons[2]),
    ],
    effects: { thrusterLocked: false, fuelLeak: false, commsDown: false, screensFailUntil: 0, markedBonus: 0 },
    ...over,
  };
}

export function testState(over: Partial<MatchState> & { ships?: [Warship, Warship] } = {}): MatchState {
  return {
    ruleset: 'star-eater-0.10/online-1',
    scenario: STANDARD,
    variants: { rangeBands: false, initiativeRoll: false, criticalHits: false },
    round: 1,
    initiative: 0,
    winner: null,
    endReason: null,
    ships: [testShip(0), testShip(1)],
    tokens: [],
    rng: seedRng('test'),
    nextTokenId: 1,
    ...over,
  };
}

export function testToken(over: Partial<WeaponToken> & { at: Hex; facing: Dir }): WeaponToken {
  return {
    id: 'p1',
    kind: 'projectile',
    owner: 0,
    source: 'main',
    damage: 3,
    speed: 3,
    firedRound: 0,
    evasion: 0,
    ...over,
  };
}

/** A context over a state with scripted decisions; commitments are these engine cards (NONE) and no cards. */
export function testCtx(
  s: MatchState,
  decisions: Decision[] = [],
  engines: [EngineSetting, EngineSetting] = ['NONE', 'NONE'],
): Ctx {
  return createCtx(
    s,
    [
      { engine: engines[0], cards: [] },
      { engine: engines[1], cards: [] },
    ],
    (_p, i) => decisions[i],
  );
}

/** testCtx that also records every prompt it is asked (the decisions answer them in order). */
export function recordingCtx(s: MatchState, decisions: Decision[]): { ctx: Ctx; prompts: Prompt[] } {
  const prompts: Prompt[] = [];
  const ctx = createCtx(
    s,
    [
      { engine: 'NONE', cards: [] },
      { engine: 'NONE', cards: [] },
    ],
    (p, i) => {
      prompts.push(p);
      return decisions[i];
    },
  );
  return { ctx, prompts };
}
