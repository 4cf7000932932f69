// The engine's plain-data vocabulary. Every value here is JSON-serialisable and is never mutated by the public API
// (the resolver works on its own copy). Names follow the rulebook: warship, section, armour, structure, momentum
// token, commitment card, squadron, munition, cooldown, initiative.

export type Seat = 0 | 1;
/**
 * Board directions, clockwise from north (RULES §1), written as names everywhere public (RULES §10). The numeric
 * index (0=N … 5=NW) exists only inside hex.ts's maths.
 */
export type Dir = 'N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW';
/** Axial hex coordinates, flat-top (RULES §1). */
export interface Hex {
  readonly q: number;
  readonly r: number;
}

// ---------------------------------------------------------------- content (cards as data, RULES §6)
export type FactionId = 'fpa' | 'lamais';
export type SectionName = 'bow' | 'core' | 'port' | 'starboard';
export const SECTIONS: readonly SectionName[] = ['bow', 'core', 'port', 'starboard'];
/** Components that take cooldown tokens (RULES §4.6). */
export type Component = 'main' | 'broadside' | 'fighterBay' | 'pointDefence';
export const COMPONENTS: readonly Component[] = ['main', 'broadside', 'fighterBay', 'pointDefence'];
/** Loadout slots of the draft (RULES §5); the three squadrons are one slot. */
export type Slot = Component | 'squadrons';
export const SLOTS: readonly Slot[] = ['main', 'broadside', 'fighterBay', 'pointDefence', 'squadrons'];

export type WeaponClass = 'laser' | 'projectile' | 'torpedo' | 'direct';
/** A standard arc (RULES §2); 'side' means left for the port mount and right for the starboard mount. */
export type ArcName = 'front' | 'left' | 'right' | 'rear' | 'bullseye' | 'fullFront' | 'fullRear';
export type WeaponArc = ArcName | 'side' | 'turret' | 'any';
export type TurretSetting = 'front' | 'left' | 'right' | 'rear';
export const TURRET_SETTINGS: readonly TurretSetting[] = ['front', 'left', 'right', 'rear'];

export interface WeaponCard {
  id: string;
  slot: 'main' | 'broadside';
  name: string;
  class: WeaponClass;
  damage: number;
  /** Token weapons (projectile, torpedo): hexes per weapons phase. */
  speed?: number;
  /** Lasers: beam length; direct fire: targeting range. */
  range?: number;
  accuracy?: number;
  aoe?: number;
  cooldown: number;
  /** Token weapons: tokens in supply at the start. */
  tokens?: number;
  arc: WeaponArc;
  /** Short rules text for the client (content/). */
  text?: string;
}

export type FighterBayEffect = 'none' | 'resupply' | 'launchSpeed';
export interface FighterBayCard {
  id: string;
  slot: 'fighterBay';
  name: string;
  launch: number;
  recall: number;
  cooldown: number;
  effect: FighterBayEffect;
  text: string;
}

export interface PointDefenceCard {
  id: string;
  slot: 'pointDefence';
  name: string;
  range: number;
  accuracy: number;
  shots: number;
  aoe?: number;
  cooldown: number;
  /** Short rules text for the client (content/). */
  text?: string;
}

/** What a squadron's action does (RULES §6 squadron table). */
export type SquadronWeapon =
  | {
      kind: 'direct';
      range: number;
      accuracy: number;
      damage: number;
      arc: 'front' | 'turret' | 'any';
      /** Warden: squadrons and torpedoes only. */
      noWarships?: boolean;
      /** Wisp: extra accuracy when the squadron is behind the target warship (RULES §2 "behind"). */
      behindBonus?: number;
    }
  | { kind: 'laser'; range: number; damage: number }
  | { kind: 'torpedo'; speed: number; damage: number }
  | { kind: 'mark'; range: number; accuracyBonus: number };

export interface SquadronCard {
  id: string;
  name: string;
  speed: number;
  evasion: number;
  weapon: SquadronWeapon;
  capacity: number;
  /** 'torpedo': the munition is the weapon's own token, taken from the squadron torpedo supply. */
  munition: 'fighter' | 'torpedo';
  heavy: boolean;
  max: number;
  text: string;
}

export type SpecialKind = 'emergencyRepairs' | 'capacitorDump';
export interface SpecialAbility {
  id: string;
  name: string;
  kind: SpecialKind;
  power: number;
  amount?: number;
  text: string;
}

export interface Faction {
  id: FactionId;
  name: string;
  armour: Record<SectionName, number>;
  structure: number;
  evasion: number;
  special: SpecialAbility;
  /** Squadron torpedo tokens (FPA: 3). */
  squadronTorpedoTokens: number;
  main: WeaponCard[];
  broadside: WeaponCard[];
  fighterBay: FighterBayCard[];
  pointDefence: PointDefenceCard[];
  squadrons: SquadronCard[];
}

export interface Loadout {
  main: string;
  broadside: string;
  fighterBay: string;
  pointDefence: string;
  squadrons: [string, string, string];
}

// ---------------------------------------------------------------- commitments (RULES §4.1)
export type EngineSetting = Dir | 'DOUBLE' | 'CW' | 'CCW' | 'NONE';
export const ENGINE_SETTINGS: readonly EngineSetting[] = [
  'N',
  'NE',
  'SE',
  'S',
  'SW',
  'NW',
  'DOUBLE',
  'CW',
  'CCW',
  'NONE',
];
export type Rotation = 'CW' | 'CCW';

export type CardId =
  | 'fire-main'
  | 'port-broadside'
  | 'starboard-broadside'
  | 'launch-squadron'
  | 'defence-stations'
  | 'vent-coolant'
  | 'squadron-maintenance'
  | 'special-ability';
export const CARD_IDS: readonly CardId[] = [
  'fire-main',
  'port-broadside',
  'starboard-broadside',
  'launch-squadron',
  'defence-stations',
  'vent-coolant',
  'squadron-maintenance',
  'special-ability',
];

/** Up to two distinct commitment cards a round (RULES §4.1). */
export const MAX_CARDS = 2;

export type Aim = 'fore' | 'aft';
export const AIMS: readonly Aim[] = ['fore', 'aft'];
/** One commitment card and the parameters known at commit time. Only the fields of that card are allowed. */
export type CardPlay =
  | { card: 'fire-main'; turret?: TurretSetting }
  | { card: 'port-broadside' | 'starboard-broadside'; aim?: Aim }
  | { card: 'launch-squadron' }
  | { card: 'defence-stations' }
  | { card: 'vent-coolant'; component: Component }
  /** Either up to two munitions to squadrons aboard (indices 0..2, may repeat), or repair one destroyed squadron. */
  | { card: 'squadron-maintenance'; munitions?: number[]; repair?: number }
  | { card: 'special-ability'; section?: SectionName; component?: Component };

export interface Commitment {
  engine: EngineSetting;
  cards: CardPlay[];
}

// ---------------------------------------------------------------- match state
export interface Momentum {
  /** Board directions in the order placed (at most 4). */
  linear: Dir[];
  /** At most 2. */
  rotational: Rotation[];
}

export type SquadronStatus = 'aboard' | 'space' | 'destroyed';
export interface Squadron {
  /** Stable id: `${seat}:${index}`. */
  id: string;
  index: number;
  card: string;
  status: SquadronStatus;
  munitions: number;
  /** Set while status is 'space'. */
  at?: Hex;
  facing?: Dir;
  /** Activated (or launched) this round. */
  activated: boolean;
  /** Launched this round (Launch Rails: +1 speed). */
  launchedThisRound: boolean;
}

/** Effects of the Arclight critical hits table (RULES §9) and round-long marks. */
export interface ShipEffects {
  thrusterLocked: boolean;
  fuelLeak: boolean;
  /** Lose initiative at the next cleanup. */
  commsDown: boolean;
  /** Evasion −1 until the end of this round number (inclusive). */
  screensFailUntil: number;
  /** Marked by an enemy Pathfinder this round: +accuracy for the enemy's direct fire. */
  markedBonus: number;
}

export interface Warship {
  seat: Seat;
  name: string;
  faction: FactionId;
  /** Fixed for the match: states share it (clone.ts), so it is replaced, never changed in place. */
  loadout: Readonly<Loadout>;
  core: Hex;
  facing: Dir;
  armour: Record<SectionName, number>;
  startArmour: Readonly<Record<SectionName, number>>;
  structure: number;
  momentum: Momentum;
  cooldown: Record<Component, number>;
  power: number;
  /** Weapon tokens in supply: main weapon, broadside, squadron torpedoes. */
  supply: { main: number; broadside: number; squadronTorpedo: number };
  squadrons: [Squadron, Squadron, Squadron];
  effects: ShipEffects;
}

export type WeaponTokenKind = 'projectile' | 'torpedo';
/** Which supply a weapon token returns to. */
export type TokenSource = 'main' | 'broadside' | 'squadronTorpedo';
export interface WeaponToken {
  id: string;
  kind: WeaponTokenKind;
  owner: Seat;
  source: TokenSource;
  at: Hex;
  facing: Dir;
  damage: number;
  speed: number;
  /** Round in which it was fired; a warship's own hexes do not count as entered by its own shot that round. */
  firedRound: number;
  /** Torpedo tokens have evasion 2 (RULES §6). */
  evasion: number;
  /** The card id of the weapon that fired it (for damage sources and the log). */
  weapon?: string;
}

export interface Variants {
  rangeBands: boolean;
  initiativeRoll: boolean;
  criticalHits: boolean;
}
/** The Arclight variants (RULES §9), each on or off per match. */
export const VARIANT_NAMES: readonly (keyof Variants)[] = ['rangeBands', 'initiativeRoll', 'criticalHits'];

export interface Scenario {
  id: string;
  cols: number;
  rows: number;
  /** Start of each seat's warship core, in odd-q offset coordinates, and its facing. */
  starts: [{ col: number; row: number; facing: Dir }, { col: number; row: number; facing: Dir }];
}

export type EndReason = 'destroyed' | 'draw' | 'concede' | 'forfeit';

export interface MatchState {
  ruleset: string;
  scenario: Scenario;
  variants: Variants;
  /** The round being played or about to be played, from 1. */
  round: number;
  initiative: Seat;
  winner: Seat | 'draw' | null;
  endReason: EndReason | null;
  ships: [Warship, Warship];
  tokens: WeaponToken[];
  /** xoshiro128** state (see rng.ts). */
  rng: [number, number, number, number];
  nextTokenId: number;
}

/**
 * What any seat or spectator may know of a match at any moment (RULES §7: everything but the dice to come): the match
 * state without its generator. The previews a player sees before acting (drift, weapon reach, commitment options,
 * the legal answers to a prompt) take this, so the compiler shows they never read the generator.
 */
export type PublicState = Omit<MatchState, 'rng'>;

export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
