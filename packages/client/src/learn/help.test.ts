// In-match help: every commitment card and every prompt kind has its one line, naming the player's own cards.
import { CARD_NAMES, type CardId, type Prompt } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { cardHelp, promptHelp } from './help.js';
import { LOADOUTS, position } from './positions.js';

describe('in-match help (help.ts)', () => {
  it('every card says what it does for this warship, naming its weapons (RULES §4.1)', () => {
    const s = position([7, 12, 'N'], [7, 3, 'S']);
    const lines = (Object.keys(CARD_NAMES) as CardId[]).map((id) => [id, cardHelp(id, s, 0)] as const);
    for (const [id, line] of lines) expect(line.length, id).toBeGreaterThan(10);
    const byCard = Object.fromEntries(lines);
    expect(byCard['fire-main']).toBe('Heavy Lance: beam, straight ahead');
    expect(byCard['starboard-broadside']).toBe('Torpedo Racks: homing torpedo, to the right');
    expect(byCard['port-broadside']).toContain('to the left');
    expect(byCard['launch-squadron']).toContain('3 aboard');
    expect(byCard['special-ability']).toContain('Emergency Repairs');
    // The other seat's cards are its own (Lamais, seat 1).
    expect(cardHelp('fire-main', s, 1)).toContain('Spinal Railgun');
    expect(cardHelp('defence-stations', s, 1)).toContain('Point Lasers');
    expect(LOADOUTS[0].main).toBe('fpa-heavy-lance');
  });

  it('an area weapon says so', () => {
    const s = position([7, 12, 'N'], [7, 3, 'S'], ['You', 'Target'], {
      ...LOADOUTS[0],
      broadside: 'fpa-flak-batteries',
    });
    expect(cardHelp('port-broadside', s, 0)).toBe('Flak Batteries: direct fire, area, to the left');
  });

  it('every prompt kind has its line', () => {
    for (const kind of ['direct-fire', 'point-defence', 'fighter'] as const)
      expect(promptHelp({ kind } as Prompt).length).toBeGreaterThan(20);
  });
});
