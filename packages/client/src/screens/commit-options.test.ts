// The commit panel's disabled-card reasons come from the engine's cardAvailability (RULES §4.3); the panel only
// resolves "play Vent Coolant / Capacitor Dump on it too" against the cards chosen with it.
import { describe, expect, it } from 'vitest';
import {
  CARD_IDS,
  cardAvailability,
  testShip,
  testState,
  testToken,
  type CardPlay,
  type MatchState,
  type Seat,
} from '@star-eater/engine';
import { availabilityOf, cardNote, disabledReason } from './commit-options.js';

const cooled = (seat: Seat, main: number, power = 2): MatchState =>
  testState({
    ships:
      seat === 0
        ? [testShip(0, { cooldown: { main, broadside: 0, fighterBay: 0, pointDefence: 2 }, power }), testShip(1)]
        : [testShip(0), testShip(1, { cooldown: { main, broadside: 0, fighterBay: 0, pointDefence: 0 }, power })],
  });

describe('commit options from the engine availability', () => {
  it('agrees with cardAvailability on every card of a fresh match, with nothing chosen', () => {
    const s = testState();
    for (const seat of [0, 1] as const) {
      for (const a of cardAvailability(s, seat)) {
        expect(availabilityOf(s, seat, a.card)).toEqual(a);
        expect(disabledReason(s, seat, a.card, [])).toBe(a.usable ? null : a.reason);
      }
    }
    expect(disabledReason(s, 0, 'vent-coolant', [])).toBe('No component has cooldown');
    expect(disabledReason(s, 0, 'fire-main', [])).toBeNull();
    expect(CARD_IDS.length).toBe(8);
  });

  it('a card whose cooldown Vent Coolant can clear is disabled until Vent Coolant is played on that component', () => {
    const s = cooled(0, 1);
    expect(disabledReason(s, 0, 'fire-main', [])).toBe('Main weapon has 1 cooldown: play Vent Coolant on it too');
    const wrong: CardPlay[] = [{ card: 'vent-coolant', component: 'pointDefence' }];
    expect(disabledReason(s, 0, 'fire-main', wrong)).not.toBeNull();
    const right: CardPlay[] = [{ card: 'vent-coolant', component: 'main' }];
    expect(disabledReason(s, 0, 'fire-main', right)).toBeNull();
    // The card itself being in the list (already chosen) does not count as its own dependency.
    expect(disabledReason(s, 0, 'fire-main', [{ card: 'fire-main' }])).not.toBeNull();
    // Two cooldown tokens: nothing clears them in time.
    expect(disabledReason(cooled(0, 2), 0, 'fire-main', right)).toBe('Main weapon has 2 cooldown');
    expect(disabledReason(s, 0, 'defence-stations', [])).toBe('Point defence has 2 cooldown');
  });

  it('Capacitor Dump on the component satisfies the dependency; without power nothing does', () => {
    const s = cooled(1, 2);
    expect(disabledReason(s, 1, 'fire-main', [])).not.toBeNull();
    expect(disabledReason(s, 1, 'fire-main', [{ card: 'special-ability', component: 'main' }])).toBeNull();
    expect(disabledReason(s, 1, 'fire-main', [{ card: 'special-ability', component: 'broadside' }])).not.toBeNull();
    expect(disabledReason(s, 1, 'special-ability', [])).toBeNull();
    const flat = cooled(1, 2, 0);
    expect(disabledReason(flat, 1, 'fire-main', [{ card: 'special-ability', component: 'main' }])).toBe(
      'Main weapon has 2 cooldown',
    );
    expect(disabledReason(flat, 1, 'special-ability', [])).toBe('No power left for Capacitor Dump');
  });

  it('an empty token supply disables the weapon unless a token of its own is out, then it is only a note', () => {
    const empty = { main: 0, broadside: 0, squadronTorpedo: 3 };
    const none = testState({ ships: [testShip(0, { supply: empty }), testShip(1, { supply: empty })] });
    expect(disabledReason(none, 0, 'fire-main', [])).toBe('No Mass Driver tokens left');
    expect(cardNote(none, 0, 'fire-main')).toBeNull();
    const out = { ...none, tokens: [testToken({ owner: 0, source: 'main', at: { q: 7, r: 0 }, facing: 'N' })] };
    expect(disabledReason(out, 0, 'fire-main', [])).toBeNull();
    expect(cardNote(out, 0, 'fire-main')).toBe('No Mass Driver tokens in supply: fires only if one returns first');
    expect(cardNote(cooled(0, 1), 0, 'fire-main')).toBeNull();
  });
});
