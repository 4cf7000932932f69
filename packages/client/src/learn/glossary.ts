// Every abbreviation and term the game's screens show, with what it means. Plain data: the learn page
// lists it, tooltips look terms up in it. The numbers of a rule are the engine's.
import { HIT_BASE, HIT_DIE, MAX_LINEAR, MAX_ROTATIONAL } from '@star-eater/engine';

export interface Term {
  term: string;
  /** Where a player sees it. */
  where: string;
  meaning: string;
}

export const GLOSSARY: readonly Term[] = [
  { term: 'S1, S2, S3', where: 'ship cards', meaning: 'Your three squadrons, in draft order.' },
  { term: '⌂', where: 'ship cards', meaning: 'The squadron is aboard its warship (ready to launch).' },
  { term: '▲', where: 'ship cards', meaning: 'The squadron is out in space, on the board.' },
  { term: '✕', where: 'ship cards', meaning: 'The squadron was destroyed (Squadron Maintenance can repair it).' },
  { term: '•', where: 'ship cards', meaning: 'One munition on that squadron: each attack or torpedo spends one.' },
  {
    term: 'B C P S',
    where: 'ship cards',
    meaning: 'Armour of the bow, core, port (rear-left) and starboard (rear-right) sections.',
  },
  {
    term: 'structure',
    where: 'ship cards',
    meaning: 'The hull. Damage to a section with no armour left comes off it; at 0 the warship is destroyed.',
  },
  {
    term: 'ammo a/b/ct',
    where: 'ship cards',
    meaning: 'Tokens in supply: main weapon / broadside / squadron torpedoes (t).',
  },
  { term: 'power ◆', where: 'ship cards', meaning: 'Power tokens for your faction’s Special Ability.' },
  {
    term: '★',
    where: 'ship cards',
    meaning: 'Holds the initiative token: acts first where order matters; it passes each round.',
  },
  {
    term: 'locked / thinking',
    where: 'ship cards',
    meaning: 'Whether that player has locked in this round’s orders (never what they chose).',
  },
  {
    term: 'Main, Broadside, Bay, PD',
    where: 'ship cards',
    meaning: 'The components: main weapon, broadsides, fighter bay, point defence.',
  },
  {
    term: 'cd N / ✓',
    where: 'ship cards',
    meaning: 'Cooldown tokens on a component (it cannot act until they are gone) / ready.',
  },
  {
    term: 'momentum mat',
    where: 'ship cards',
    meaning: `Up to ${MAX_LINEAR} linear (arrows) and ${MAX_ROTATIONAL} rotational (↻ ↺) tokens that move your ship every round.`,
  },
  {
    term: 'N NE SE S SW NW',
    where: 'engine wheel',
    meaning:
      'A thrust in that board direction; its arrow shows which way that is on your screen (Flip turns the board).',
  },
  { term: '2× (DOUBLE)', where: 'engine wheel', meaning: 'Two thrusts in the direction your warship faces.' },
  {
    term: '↻ ↺ (CW, CCW)',
    where: 'engine wheel',
    meaning: 'A rotational thrust: turn 60° clockwise or counter-clockwise.',
  },
  { term: '— (NONE)', where: 'engine wheel', meaning: 'No thrust this round: momentum alone moves you.' },
  {
    term: 'Commitment cards',
    where: 'commit panel',
    meaning: 'Up to two of the eight orders (Fire Main, broadsides, Launch Squadron, …) for this round.',
  },
  {
    term: 'fore / aft',
    where: 'commit panel',
    meaning: 'Which way a broadside fires: towards the bow or towards the stern.',
  },
  {
    term: 'turret',
    where: 'commit panel',
    meaning: 'A weapon that points at one arc you choose (front, left, right, rear).',
  },
  {
    term: 'Lock in / Revise',
    where: 'commit panel',
    meaning: 'Seal your orders; revise them until both players are locked in.',
  },
  {
    term: 'front / side / rear arc',
    where: 'cards, log',
    meaning: 'Where a weapon can reach, measured from its mount: within 60° of ahead, of the side, or behind.',
  },
  { term: 'bullseye', where: 'cards, log', meaning: 'The one-hex-wide line straight ahead of the ship.' },
  {
    term: 'laser',
    where: 'cards, log',
    meaning:
      'A beam: destroys small tokens on its path (yours too), losing 1 damage for each, and hits the first warship.',
  },
  {
    term: 'projectile',
    where: 'cards, log',
    meaning: 'A token that flies straight at its speed and hits the first warship it enters.',
  },
  {
    term: 'torpedo',
    where: 'cards, log',
    meaning: 'A slow token that homes in on the nearest enemy warship in its front arc.',
  },
  {
    term: 'direct fire',
    where: 'cards, log',
    meaning: `An instant attack on a target you choose, rolled on a d${HIT_DIE}.`,
  },
  {
    term: `d${HIT_DIE} > ${HIT_BASE} + eva − acc`,
    where: 'log, board caption',
    meaning: `A direct-fire hit: roll a ${HIT_DIE}-sided die; beat ${HIT_BASE} plus the target’s evasion minus the weapon’s accuracy.`,
  },
  {
    term: 'PD (point defence)',
    where: 'cards, prompts',
    meaning: 'Defence Stations fires it at enemy squadrons and torpedoes near you.',
  },
  {
    term: 'AOE',
    where: 'draft cards',
    meaning: 'Area of effect: one roll against every enemy target within that many hexes of the aimed hex.',
  },
  {
    term: 'dmg spd rng acc cd tok',
    where: 'draft cards',
    meaning: 'Damage, speed, range, accuracy, cooldown, tokens in supply.',
  },
  {
    term: 'eva cap max heavy',
    where: 'draft cards',
    meaning: 'Evasion, munition capacity, copy limit, heavy (at most two heavy squadrons).',
  },
  {
    term: 'launch / recall',
    where: 'draft cards, prompts',
    meaning: 'How far from a bay a squadron appears; how close it must be to come back aboard.',
  },
  {
    term: 'swap',
    where: 'draft',
    meaning:
      'After the picks, the initiative holder may trade one slot for another card of it; then the other player may.',
  },
  { term: 'pass', where: 'fighter prompt', meaning: 'End your fighter phase this round.' },
  {
    term: 'cooldown',
    where: 'everywhere',
    meaning:
      'A component that acted gets its cooldown in tokens; one comes off each cleanup. Vent Coolant removes one.',
  },
  {
    term: 'initiative',
    where: 'log',
    meaning: 'Who resolves first when both act at once; passes to the other player every round.',
  },
  {
    term: 'Relaxed / Standard / Blitz',
    where: 'lobby, header',
    meaning: 'Timer presets: how long orders, prompts and draft picks may take.',
  },
  {
    term: 'seed hash',
    where: 'header, end',
    meaning: 'Fair dice: the hash of the secret seed, published at the start and checked against the seed at the end.',
  },
];
