// @star-eater/engine — the public surface. Everything else is internal.
export * from './types.js';
export * from './decision.js';
export type * from './events.js';

// hex maths, arcs and the board: pure helpers the client may use
export * as hexes from './hex.js';
export {
  DIRS,
  DIR_NAMES,
  dirIndex,
  dirAt,
  turnsBetween,
  distance,
  neighbour,
  directionTo,
  range,
  roundHex,
  toPixel,
  fromPixel,
  fromOffset,
  toOffset,
  parseDir,
  isDir,
  turn,
  opposite,
} from './hex.js';
export { bearing, inArc, arcsOf, relativePosition } from './arcs.js';
export { STANDARD, SCENARIOS, onBoard, boardHexes } from './board.js';
export { sectionHexes, shipHexes, sectionAt } from './warship.js';
export { mountHex, firingDirection, mountArcs, cardMount, mountComponent } from './mounts.js';
export { firingLine, type FiringLine } from './firing-line.js';
export { stateWhenFiring, weaponReach } from './weapon-reach.js';

// content
export {
  FACTIONS,
  FACTION_IDS,
  getFaction,
  findFaction,
  findCard,
  type ContentError,
  cardSlot,
  weaponCard,
  fighterBayCard,
  pointDefenceCard,
  squadronCard,
  slotCards,
  isFactionId,
  type AnyCard,
} from './content/index.js';
export { CARD_NAMES, COMPONENT_NAMES, SLOT_NAMES, PHASE_NAMES } from './content/names.js';
export { TOKEN_EVASION } from './weapons/projectile.js';

// the draft, commitments, a match
export * from './loadout.js';
export {
  SINGLE_SLOTS,
  SQUADRON_COUNT,
  MUNITIONS_TOTAL,
  checkLoadout,
  checkMunitions,
  checkSquadrons,
  munitionRules,
  defaultMunitions,
  munitionPlacements,
  squadronTriples,
  type SingleSlot,
  type Triple,
  type Munitions,
  type MunitionRules,
  type DraftError,
  type DraftErrorCode,
} from './loadout-check.js';
export { MAX_LINEAR, MAX_ROTATIONAL } from './momentum.js';
export { parseCommitment, validateCommitment, type CommitmentError } from './commitment.js';
export { cardAvailability, type CardAvailability } from './card-availability.js';
export { maintenanceShortfall } from './maintenance-plays.js';
export {
  commitmentOptions,
  legalCommitments,
  cardPlays,
  cardSets,
  type CommitmentOptions,
  type CardOptions,
} from './commitment-options.js';
export { createMatch, validateSetup, concede, forfeit, RULESET, type MatchSetup, type PlayerSetup } from './match.js';

// resolution
export { resolveRound, resolveRoundWith, type RoundProgress } from './round.js';
export type { DecisionSource, DiceOptions } from './context.js';
export { defaultDecision } from './defaults.js';
export { applyThrust, engineThrusts } from './momentum.js';
export { previewDrift } from './movement.js';
export { squadronNextSteps, launchHexes } from './squadron-move.js';
export { validateFighterAnswer } from './fighter-answer.js';
export { squadronEndOptions } from './squadron-action.js';
export { squadronMoves, placementAnswer, withFighterMoves } from './fighter-options.js';
export { targetOptions, HIT_DIE, HIT_BASE } from './targeting.js';
export { lineOfSight } from './los.js';

// records, replays, randomness
export {
  parseRecord,
  makeRecord,
  RECORD_FORMAT,
  type MatchRecord,
  type RecordRound,
  type RecordReceipt,
  type RecordEnd,
  type RecordError,
} from './record.js';
export { replayRecord, replayJson, setupOf, type ReplayResult } from './replay.js';
export { stateView, type StateView } from './view.js';
export { createRng, seedRng, seedHash, type Rng } from './rng.js';
export { coinToss, matchInitiative, type InitiativeFrom } from './coin-toss.js';
export { sha256 } from './sha256.js';
export { canonicalCommitment, commitmentHash, receiptMatches, RECEIPT_FORMAT, SALT_PATTERN } from './receipt.js';
export { randomCommitment, randomDecision } from './random.js';
export { simulateMatch } from './simulate.js';

// positions built directly, as the rulebook's worked examples do: for the tests of other packages
export { testState, testShip, testToken } from './fixtures.js';

// review: a recorded round resolved again with other orders
export {
  stateBeforeRound,
  roundAnswers,
  resolveBranch,
  type Answer,
  type Branch,
} from './what-if.js';
