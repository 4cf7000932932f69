import { describe, expect, it } from 'vitest';
import { CARD_IDS, COMPONENTS, SLOTS } from '../types.js';
import { CARD_NAMES, COMPONENT_NAMES, PHASE_NAMES, SLOT_NAMES } from './names.js';

// A literal copy of RULES §4.1's list: "Up to two distinct Commitment Cards of the eight: …".
const RULES_4_1 = `Fire Main, Port Broadside, Starboard Broadside,
  Launch Squadron, Defence Stations, Vent Coolant, Squadron Maintenance, Special Ability`;

describe('the names screens show', () => {
  it('RULES §4.1: the eight commitment cards are named as the rulebook lists them, in its order', () => {
    const names = RULES_4_1.split(',').map((s) => s.replace(/\s+/g, ' ').trim());
    expect(CARD_IDS.map((id) => CARD_NAMES[id])).toEqual(names);
  });

  it('every component, slot and phase has a name', () => {
    for (const c of COMPONENTS) expect(COMPONENT_NAMES[c]).toMatch(/^[a-z ]+$/);
    for (const s of SLOTS) expect(SLOT_NAMES[s]).toMatch(/^[a-z ]+$/);
    expect(Object.keys(PHASE_NAMES)).toEqual(['momentum', 'action', 'fighter', 'weapons', 'cleanup']);
  });
});
