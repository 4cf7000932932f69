// The two blunders a newcomer reads as carelessness: a shot with nothing it can reach, and a drift into the board's
// edge. Both judged as the seat can tell at the commitment window: its warship where its drift with the engine card
// leaves it, the other warship where its own momentum carries it (stateWhenFiring, RULES §4.2 and §4.5). easy leaves
// such plays out (levels.ts); the arena counts them (arena/care.ts) and bots' care.test.ts holds the rates.
import {
  cardMount,
  findCard,
  firingDirection,
  inArc,
  mountComponent,
  mountHex,
  resolveRoundWith,
  shipHexes,
  stateWhenFiring,
  weaponReach,
  type CardPlay,
  type Commitment,
  type EngineSetting,
  type Hex,
  type MatchState,
  type PublicState,
  type Seat,
  type WeaponCard,
} from '@star-eater/engine';
import { quickDecision } from './policy.js';
import { type Dice, NONE, pair } from './simulate.js';

const key = (h: Hex) => `${h.q},${h.r}`;
const other = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

/** The position in the weapons phase as `seat` can foresee it with `engine`: both warships drifted. */
export function foreseen(s: PublicState, seat: Seat, engine: EngineSetting): PublicState {
  return stateWhenFiring(stateWhenFiring(s, seat, engine), other(seat), 'NONE');
}

/** The hexes of what a shot of `seat` could hit: the other warship and its squadrons in space. */
function enemyHexes(s: PublicState, seat: Seat): Set<string> {
  const enemy = s.ships[other(seat)];
  const out = new Set(shipHexes(enemy).map(key));
  for (const q of enemy.squadrons) if (q.status === 'space' && q.at) out.add(key(q.at));
  return out;
}

/**
 * Whether a warship weapon card fired from `at` has nothing to reach: no enemy hex on its line or in its arcs within
 * range; a torpedo homes (RULES §4.5), so it is empty only with the other warship outside its launch's front arc.
 */
export function emptyShot(at: PublicState, seat: Seat, play: CardPlay): boolean {
  const mount = cardMount(play.card);
  if (!mount) return false;
  const ship = at.ships[seat];
  const card = findCard<WeaponCard>(ship.loadout[mountComponent(mount)], ['main', 'broadside']);
  if (card.ok && card.value.class === 'torpedo') {
    const dir = firingDirection(ship, mount, 'aim' in play ? play.aim : undefined);
    return !inArc('front', mountHex(ship, mount), dir, at.ships[other(seat)].core);
  }
  const targets = enemyHexes(at, seat);
  return !weaponReach(at, seat, play).some((h) => targets.has(key(h)));
}

/** The shots of a commitment that have nothing to reach, as `seat` foresees the weapons phase. */
export function emptyShots(s: PublicState, seat: Seat, c: Commitment): number {
  const at = foreseen(s, seat, c.engine);
  return c.cards.filter((p) => emptyShot(at, seat, p)).length;
}

/**
 * Whether `engine` drives `seat`'s warship off the board's edge this round (a collision of kind edge), the other
 * warship drifting on its mat: the momentum phase played by the engine on the bot's own dice.
 */
export function edgeDrift(s: MatchState, seat: Seat, engine: EngineSetting, dice: Dice): boolean {
  const p = resolveRoundWith({ ...s, rng: [...dice] }, pair(seat, { engine, cards: [] }, NONE), (prompt, _i, now) =>
    quickDecision(now, prompt),
  );
  if (p.status === 'error') throw new Error(`bot: the edge check's round was refused: ${p.error.message}`);
  return p.events.some((e) => e.type === 'collision' && e.kind === 'edge' && e.seat === seat);
}

/** What the blunder counts add up: commitments, shots fired, shots with nothing to reach, drifts into the edge. */
export interface CareCount {
  commitments: number;
  shots: number;
  emptyShots: number;
  edgeDrifts: number;
}

export const noCare = (): CareCount => ({ commitments: 0, shots: 0, emptyShots: 0, edgeDrifts: 0 });

/** Adds one commitment of `seat` at `s` to `count` (the match's own generator stands in for dice: nothing is rolled). */
export function countCare(count: CareCount, s: MatchState, seat: Seat, c: Commitment): void {
  count.commitments++;
  count.shots += c.cards.filter((p) => cardMount(p.card)).length;
  count.emptyShots += emptyShots(s, seat, c);
  if (edgeDrift(s, seat, c.engine, s.rng)) count.edgeDrifts++;
}
