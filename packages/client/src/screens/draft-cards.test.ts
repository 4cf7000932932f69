// The draft's headings and pick names are the engine's (the client copies no content): renamed in the
// engine, they follow.
import { FACTIONS, SLOT_NAMES, type Slot } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { cardName } from '../animation/names.js';
import { withRenamed } from '../../test/with-renamed.js';
import { slotTitle } from './draft-cards.js';

describe('draft labels', () => {
  it('RULES §5: a slot heading is the engine’s slot name, capitalised', () => {
    expect(slotTitle('fighterBay')).toBe('Fighter bay');
    withRenamed(SLOT_NAMES as Record<Slot, string>, 'pointDefence', 'flak net', () =>
      expect(slotTitle('pointDefence')).toBe('Flak net'),
    );
  });

  it('RULES §6: a picked card shows the content’s name, renamed with it', () => {
    const card = FACTIONS.fpa.squadrons.find((c) => c.id === 'fpa-interceptor')!;
    expect(cardName('fpa-interceptor')).toBe(card.name);
    withRenamed(card, 'name', 'Test Fighter', () => expect(cardName('fpa-interceptor')).toBe('Test Fighter'));
  });
});
