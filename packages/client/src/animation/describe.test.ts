// The match log's line for an AOE shot (RULES §4.5: an AOE weapon may aim at an empty hex).
import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '@star-eater/engine';
import { describeEvent } from './describe.js';

const names = ['Ada', 'Brin'] as const;
const shot = (targets: number): MatchEvent => ({
  type: 'aoe-fired',
  source: { seat: 1, by: 'main', weapon: 'lamais-siege-battery', attackArc: 'front' },
  from: { q: 7, r: 5 },
  at: { q: 7, r: 8 },
  radius: 1,
  targets,
});

describe('describeEvent: aoe-fired', () => {
  it('RULES §4.5: says where the shot landed and that the area was empty', () => {
    expect(describeEvent(shot(0), names)).toMatch(/^Brin's .*Siege Battery.* fires at hex 7,8: nothing in the area\.$/);
  });
  it('RULES §4.5: counts the targets rolled against', () => {
    expect(describeEvent(shot(2), names)).toMatch(/fires at hex 7,8: 2 targets in the area\.$/);
  });
});
