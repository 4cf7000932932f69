// The tutorial's lessons on bringing weapons to bear: turning the warship (a turn token stays on the mat), aimed
// direct fire (a target picked on the board, with its odds), and torpedoes (a token that homes). Each is one round
// the engine resolves, the target holding still. The figures in the text are the content's.
import { CARD_NAMES, FACTIONS, HIT_BASE, HIT_DIE, weaponCard, type Commitment, type Loadout } from '@star-eater/engine';
import { card, has, type Lesson, position } from './lesson-kit.js';
import { LOADOUTS } from './positions.js';

const FIRE = CARD_NAMES['fire-main'];
const STARBOARD = CARD_NAMES['starboard-broadside'];
const LANCE = weaponCard(LOADOUTS[0].main);
const TORPEDOES = weaponCard(LOADOUTS[0].broadside);
/** The direct-fire lesson's broadside: the FPA's direct-fire, area-of-effect one. */
const FLAK_LOADOUT: Loadout = { ...LOADOUTS[0], broadside: 'fpa-flak-batteries' };
const FLAK = weaponCard(FLAK_LOADOUT.broadside);
const TARGET_EVASION = FACTIONS.lamais.evasion;

const starboardFore = (c: Commitment) =>
  c.cards.some((x) => x.card === 'starboard-broadside' && (!('aim' in x) || x.aim !== 'aft'));

export const turningLesson: Lesson = {
  id: 'turning',
  title: 'Turning',
  teach: [
    'Engine CW (↻) or CCW (↺) puts a turn token on your mat: your warship turns 60° after its moves — and again every round while the token stays. The opposite turn removes it.',
    `The target is off to the right, outside the ${LANCE.name}’s straight line. One clockwise turn points your bow at it; the weapons fire after the turn.`,
  ],
  task: `Play engine CW (key 8) and ${FIRE} (key Q), then lock in. The see-through ship shows where you will face.`,
  setup: () => position([7, 12, 'N'], [11, 10, 'S']),
  check: (c) =>
    c.engine !== 'CW'
      ? 'Turn clockwise: engine CW (key 8).'
      : has(c, 'fire-main')
        ? null
        : `Fire as well: ${card('fire-main', 'Q')}.`,
  after:
    'You turned to face north-east and the beam hit. The ↻ token is still on your mat: next round you turn again unless you play CCW (key 9).',
};

export const directFireLesson: Lesson = {
  id: 'direct-fire',
  title: 'Aimed direct fire',
  teach: [
    `Your starboard broadside is now ${FLAK.name}: direct fire, range ${FLAK.range}, to the right side. Direct fire hits at once, on a target you choose in the weapons phase.`,
    `A hit needs a d${HIT_DIE} roll above ${HIT_BASE} + the target’s evasion (${TARGET_EVASION}) − the weapon’s accuracy (${FLAK.accuracy}). ${FLAK.name} hits an area: it rolls against every enemy within ${FLAK.aoe} hex of the hex you aim at.`,
  ],
  task: `Play ${STARBOARD} (key E) with engine NONE (key 0), lock in, then pick the target: each option says what it is likely to hit.`,
  setup: () => position([7, 12, 'N'], [10, 11, 'S'], FLAK_LOADOUT),
  check: (c) =>
    !has(c, 'starboard-broadside')
      ? `Choose ${card('starboard-broadside', 'E')}: the target is on your right.`
      : c.engine !== 'NONE'
        ? 'Keep still so the target stays in range: engine NONE (key 0).'
        : null,
  after:
    'The log shows the roll against the number it had to beat. Pick the target with the best chance; a miss still cools the weapon down.',
};

export const torpedoLesson: Lesson = {
  id: 'torpedoes',
  title: 'Torpedoes',
  teach: [
    `Your broadside is ${TORPEDOES.name}: a torpedo leaves the side of your warship, fore or aft, and moves ${TORPEDOES.speed} hexes each weapons phase.`,
    'It homes: it picks the nearest enemy warship ahead of it and turns towards it. Slow, but hard to dodge — and point defence can shoot it down.',
  ],
  task: `Play ${STARBOARD} (key E), aimed fore, with engine NONE (key 0), then lock in.`,
  setup: () => position([7, 12, 'N'], [10, 11, 'S']),
  check: (c) =>
    !starboardFore(c)
      ? `Choose ${card('starboard-broadside', 'E')}, aimed fore: the target is ahead on your right.`
      : c.engine !== 'NONE'
        ? 'Keep still: engine NONE (key 0).'
        : null,
  after: `The torpedo turned towards the target and hit it for ${TORPEDOES.damage}. From further away it takes rounds to arrive: plan where the target will be.`,
};
