// The decisions a player makes while a round resolves (RULES §4.3–4.5, §7): what the engine asks (a Prompt, with its
// legal options) and what a player answers (a Decision). Plain JSON data, like the rest of the vocabulary (types.ts).
import type { Dir, Hex, Seat, SectionName, TurretSetting } from './types.js';

/** Something a direct-fire weapon can aim at. Sections are of the enemy warship. */
export type Target =
  | { kind: 'section'; seat: Seat; section: SectionName }
  | { kind: 'squadron'; id: string }
  | { kind: 'torpedo'; id: string }
  /** AOE weapons aim at a hex. */
  | { kind: 'hex'; at: Hex };

export type WeaponMount = 'main' | 'port-broadside' | 'starboard-broadside';

/** The end of a squadron activation after its movement. */
export type SquadronEnd =
  | { kind: 'none' }
  | { kind: 'recall' }
  /** Use the squadron's action (spends a munition). target: for direct fire and Mark; turret: for turret weapons. */
  | { kind: 'action'; target?: Target; turret?: TurretSetting };

export type FighterAnswer =
  | { kind: 'pass' }
  | { kind: 'activate'; squadron: number; path: Hex[]; end: SquadronEnd }
  /** Launch: placed at `at` with `facing` (counts as one move), then `path`, then the end. */
  | { kind: 'launch'; squadron: number; at: Hex; facing: Dir; path: Hex[]; end: SquadronEnd };

export type Decision =
  | { kind: 'direct-fire'; target: Target }
  | { kind: 'point-defence'; target: Target }
  | { kind: 'fighter'; answer: FighterAnswer };

export interface TargetOption {
  target: Target;
  /** Chance to hit in twelfths for a single target; for a hex, the enemy targets it would roll against. */
  hitTwelfths?: number;
  distance: number;
  /** AOE: the targets the roll would be made against. */
  affected?: Target[];
}

export interface SquadronOption {
  squadron: number;
  id: string;
  /** 'activate': on the board; 'launch': aboard, may be launched this activation. */
  mode: 'activate' | 'launch';
  /** Launch: the legal placement hexes. */
  launchHexes?: Hex[];
  /** Moves left after placement (launch) or in all (activate). */
  speed: number;
  munitions: number;
  /**
   * Every legal activation of this squadron (fighter-options.ts): on prompts returned by `resolveRound`; the
   * callback form `resolveRoundWith` leaves it out for speed (`fighterMoves` lists it on demand).
   */
  moves?: SquadronMoves;
}

/** A hex a squadron's path may step on: the fewest moves to reach it, the previous hex of one shortest path (-1: a start). */
export interface ReachNode {
  at: Hex;
  moves: number;
  from: number;
}
/** A placement an activation may end on (`hex` indexes `reach`), and what it may do there besides ending with none. */
export interface PlacementOption {
  hex: number;
  facing: Dir;
  recall?: true;
  /** Each legal action (with its target and turret setting), in the engine's order. */
  actions?: SquadronEnd[];
}
/**
 * Every legal activation of one squadron, compactly (RULES §4.4). A path is legal exactly when it has at most `speed`
 * steps, each to an adjacent hex of `reach`, and ends on a listed placement (the hex of its last step, facing that
 * step's direction; an empty path ends where the squadron stands, facing as it does; a launch may face any way).
 */
export interface SquadronMoves {
  reach: ReachNode[];
  placements: PlacementOption[];
}

export type Prompt =
  | { kind: 'direct-fire'; seat: Seat; mount: WeaponMount; weapon: string; options: TargetOption[] }
  | { kind: 'point-defence'; seat: Seat; weapon: string; shot: number; shots: number; options: TargetOption[] }
  | { kind: 'fighter'; seat: Seat; squadrons: SquadronOption[] };

export type DecisionErrorCode =
  | 'wrong-kind'
  | 'not-a-legal-target'
  | 'unknown-squadron'
  | 'squadron-cannot-act'
  | 'illegal-path'
  | 'illegal-launch'
  | 'illegal-action'
  | 'no-munitions'
  | 'illegal-recall';

export interface DecisionError {
  code: DecisionErrorCode;
  message: string;
}
