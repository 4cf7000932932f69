// The player called "You" (the tutorial's name, or anyone's) reads right in every templated line.
import { describe, expect, it } from 'vitest';
import { describeEvent } from './describe.js';
import { addressed } from './grammar.js';

describe('lines about a player named "You"', () => {
  it('take the second person and the possessive "your"', () => {
    expect(addressed('Round 2 begins. You holds the initiative.')).toBe('Round 2 begins. You hold the initiative.');
    expect(addressed("You's warship drifts N.")).toBe('Your warship drifts N.');
    expect(addressed("Mass Driver deals 3 to You's bow (hit).")).toBe('Mass Driver deals 3 to your bow (hit).');
    expect(addressed('You passes.')).toBe('You pass.');
    expect(addressed('You wins')).toBe('You win');
    expect(addressed('You is out of time; You has none left')).toBe('You are out of time; You have none left');
    // Other names and lines already right are left alone.
    expect(addressed("Ana's warship drifts N. Ana holds the initiative.")).toBe(
      "Ana's warship drifts N. Ana holds the initiative.",
    );
    expect(addressed('You choose a fighter activation')).toBe('You choose a fighter activation');
    expect(addressed('Youssef holds the initiative.')).toBe('Youssef holds the initiative.');
  });

  it('in the log lines the match makes', () => {
    expect(
      describeEvent(
        { type: 'round-started', round: 3, initiative: 0 },
        ['You', 'Target'],
        [
          { core: { q: 7, r: 13 }, facing: 'N' },
          { core: { q: 7, r: 3 }, facing: 'S' },
        ],
      ),
    ).toBe('Round 3 begins. You hold the initiative.');
  });
});
