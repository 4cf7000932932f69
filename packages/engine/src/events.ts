// Resolution events (RULES §8). Each carries what a client needs to animate it without re-running rules.
import type {
  CardId,
  Commitment,
  Component,
  Dir,
  EndReason,
  Hex,
  Momentum,
  Rotation,
  Seat,
  SectionName,
  WeaponTokenKind,
} from './types.js';
import type { Target } from './decision.js';

export type Phase = 'momentum' | 'action' | 'fighter' | 'weapons' | 'cleanup';

/** What dealt damage or destroyed something: for the log and for "attack arc vs target location" (RULES §2). */
export interface Source {
  seat: Seat | null;
  /** e.g. 'main', 'port-broadside', 'squadron:0:1', 'token:p7', 'collision', 'edge', 'critical'. */
  by: string;
  /** The card id of the weapon, when a weapon. */
  weapon?: string;
  /** The arc the weapon attacked through (the attack arc). */
  attackArc?: string;
  /** The arcs of the attacker the target occupied (the target location). */
  targetArcs?: string[];
}

export type TokenRef =
  | { kind: 'squadron'; id: string; owner: Seat }
  | { kind: WeaponTokenKind; id: string; owner: Seat };

/** The d12 and every number of the formula (RULES §4.5): hit when roll > 6 + evasion − accuracy. */
export interface RollDetail {
  roll: number;
  evasion: number;
  /** Accuracy after modifiers. */
  accuracy: number;
  baseAccuracy: number;
  modifiers: { reason: string; value: number }[];
  /** 6 + evasion − accuracy. */
  needAbove: number;
  hit: boolean;
}

export type MatchEvent =
  | { type: 'round-started'; round: number; initiative: Seat }
  | { type: 'phase'; phase: Phase }
  | { type: 'engine-revealed'; engines: [Commitment['engine'], Commitment['engine']] }
  | { type: 'cards-revealed'; commitments: [Commitment, Commitment] }
  | {
      type: 'thrust';
      seat: Seat;
      /** The thrust applied ('DOUBLE' appears as two events). */
      thrust: Dir | Rotation;
      effect: 'added' | 'cancelled' | 'modified' | 'ignored';
      /** Index on the mat that changed (added, removed or turned). */
      index: number | null;
      before: Momentum;
      after: Momentum;
    }
  | { type: 'engine-blocked'; seat: Seat; engine: Commitment['engine']; reason: 'thruster-locked' | 'fuel-leak' }
  | {
      type: 'step';
      seat: Seat;
      /** Step number within the movement, from 0. */
      step: number;
      token: Dir | Rotation;
      from: { core: Hex; facing: Dir };
      to: { core: Hex; facing: Dir };
    }
  | {
      type: 'collision';
      kind: 'edge' | 'warship';
      seat: Seat;
      step: number;
      /** The momentum token removed from this seat's mat, if any. */
      removed: Dir | Rotation | null;
      /** The seat's momentum mat after the removal (which of two like tokens went is the engine's, RULES §4.2). */
      momentum: Momentum;
      /** Sections involved: off the board (edge), or of the other ship that this ship's move overlapped (warship). */
      sections: SectionName[];
      /** Where the ship is put back to. */
      undoneTo: { core: Hex; facing: Dir };
    }
  | {
      type: 'damage';
      seat: Seat;
      section: SectionName;
      amount: number;
      armourBefore: number;
      armourAfter: number;
      structureBefore: number;
      structureAfter: number;
      /** Damage lost to excess on an armoured section (RULES §3). */
      lost: number;
      source: Source;
    }
  | { type: 'ship-destroyed'; seat: Seat }
  | {
      type: 'token-spawned';
      token: TokenRef;
      at: Hex;
      facing: Dir;
      weapon: string;
    }
  | {
      type: 'token-moved';
      token: TokenRef;
      /** Every hex entered, in order (not including the start). */
      path: Hex[];
      /** Facing on entering each hex of `path` (torpedoes turn). */
      facings: Dir[];
      from: Hex;
      fromFacing: Dir;
    }
  | { type: 'torpedo-target'; token: TokenRef; target: Seat | null }
  | { type: 'torpedo-turned'; token: TokenRef; at: Hex; from: Dir; to: Dir; reason: 'homing' | 'adjustment' }
  | {
      type: 'token-destroyed';
      token: TokenRef;
      at: Hex;
      cause: 'laser' | 'projectile' | 'direct-fire' | 'warship' | 'collision' | 'damage';
      source: Source;
    }
  | {
      type: 'token-returned';
      token: TokenRef;
      at: Hex;
      reason: 'hit' | 'left-board' | 'collided' | 'destroyed';
    }
  | {
      type: 'beam';
      source: Source;
      from: Hex;
      dir: Dir;
      /** Hexes the beam covered, in order, up to where it stopped. */
      path: Hex[];
      damageStart: number;
      /** Damage left when it reached the warship it stopped at (0 if none). */
      damageEnd: number;
      stoppedAt: { seat: Seat; section: SectionName } | null;
    }
  /**
   * An AOE weapon's shot lands on the hex aimed at (RULES §4.5: any hex in arc, range and line of sight, with or
   * without a target); one `attack` per enemy target within `radius` of it follows (`targets` of them).
   */
  | { type: 'aoe-fired'; source: Source; from: Hex; at: Hex; radius: number; targets: number }
  | {
      type: 'attack';
      source: Source;
      from: Hex;
      target: Target;
      /** For AOE: the hex aimed at. */
      aimedAt?: Hex;
      detail: RollDetail;
    }
  | { type: 'squadron-launched'; seat: Seat; squadron: string; at: Hex; facing: Dir }
  | { type: 'squadron-moved'; seat: Seat; squadron: string; from: Hex; path: Hex[]; facings: Dir[] }
  | { type: 'squadron-recalled'; seat: Seat; squadron: string; from: Hex }
  /** automatic: nothing was left to activate (RULES §4.4), no prompt was made. */
  | { type: 'squadron-passed'; seat: Seat; automatic?: boolean }
  | { type: 'squadron-marked'; seat: Seat; squadron: string; target: Seat; bonus: number }
  | { type: 'munitions'; seat: Seat; squadron: string; before: number; after: number; reason: string }
  | { type: 'squadron-repaired'; seat: Seat; squadron: string }
  | {
      type: 'card-ignored';
      seat: Seat;
      card: CardId;
      reason: 'cooldown' | 'no-power' | 'no-tokens' | 'no-target' | 'nothing-to-do' | 'invalid-parameter';
    }
  | { type: 'card-resolved'; seat: Seat; card: CardId }
  | { type: 'armour-restored'; seat: Seat; section: SectionName; before: number; after: number }
  | { type: 'power-spent'; seat: Seat; before: number; after: number }
  | { type: 'cooldown'; seat: Seat; component: Component; before: number; after: number; reason: string }
  | { type: 'critical'; seat: Seat; trigger: number; roll: number | null; effect: string | null }
  | { type: 'initiative-roll'; rolls: [number, number] }
  | { type: 'initiative'; seat: Seat }
  | { type: 'match-ended'; winner: Seat | 'draw'; reason: EndReason };

export type EventType = MatchEvent['type'];
export type EventOf<T extends EventType> = Extract<MatchEvent, { type: T }>;
