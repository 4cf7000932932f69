// What a tutorial lesson is, and the few helpers every lesson's data uses: the card names with their keys, the
// check for a card in the orders, the lesson board (you, FPA, against a Lamais target that holds still).
import { CARD_NAMES, type CardId, type Commitment, type Dir, type Loadout, type MatchState } from '@star-eater/engine';
import { LOADOUTS, position as place } from './positions.js';

export interface Lesson {
  id: string;
  /** The lesson's name; the tutorial numbers it. */
  title: string;
  /** What to read before the task. */
  teach: string[];
  /** The task, in one sentence. */
  task: string;
  setup(): MatchState;
  /** Null when the orders do what the task asks, else a hint. */
  check(c: Commitment): string | null;
  /** What just happened, after the round played. */
  after: string;
}

/** A card's name with the key that plays it. */
export const card = (id: CardId, key: string) => `${CARD_NAMES[id]} (key ${key})`;

export const has = (c: Commitment, id: CardId) => c.cards.some((x) => x.card === id);

/** You (FPA, seat 0, with `yours`) and a target (Lamais, seat 1) on the standard board. */
export const position = (you: [number, number, Dir], them: [number, number, Dir], yours: Loadout = LOADOUTS[0]) =>
  place(you, them, ['You', 'Target'], yours);
