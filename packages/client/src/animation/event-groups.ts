// The kinds of engine event grouped by what they are about, for the tables that turn each kind into a log line
// (lines.ts) or animation steps (play-ship.ts, play-tokens.ts).
import type { MatchEvent } from '@star-eater/engine';

type Kind = MatchEvent['type'];

/** The round's frame: its start, phases, reveals, initiative, the end. */
export type RoundEvent = Extract<
  Kind,
  'round-started' | 'phase' | 'engine-revealed' | 'cards-revealed' | 'initiative-roll' | 'initiative' | 'match-ended'
>;
/** A warship: momentum and steps, damage, its cards' effects, cooldown and power. */
export type ShipEvent = Extract<
  Kind,
  | 'thrust'
  | 'engine-blocked'
  | 'step'
  | 'collision'
  | 'damage'
  | 'ship-destroyed'
  | 'card-ignored'
  | 'card-resolved'
  | 'armour-restored'
  | 'power-spent'
  | 'cooldown'
  | 'critical'
>;
/** Small weapon tokens, beams and shots. */
export type WeaponEvent = Extract<
  Kind,
  | 'token-spawned'
  | 'token-moved'
  | 'torpedo-target'
  | 'torpedo-turned'
  | 'token-destroyed'
  | 'token-returned'
  | 'beam'
  | 'aoe-fired'
  | 'attack'
>;
/** Squadrons: launches, moves, recalls, actions, munitions. */
export type SquadronEvent = Extract<Kind, `squadron-${string}` | 'munitions'>;
