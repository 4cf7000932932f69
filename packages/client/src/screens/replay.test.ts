// The replay's side panels (squadrons in space or aboard, munitions, ammunition) stay right to the end of a match:
// they start from the engine's state at each round's start, not from the events alone.
import { simulateMatch } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { modelFromMatch } from '../board/model.js';
import { modelAt, replayFromRecord } from './replay-data.js';

const panels = (m: ReturnType<typeof modelFromMatch>) =>
  m.ships.map((s) => ({
    squadrons: s.squadrons,
    supply: s.supply,
    armour: s.armour,
    structure: s.structure,
    cooldown: s.cooldown,
    power: s.power,
    momentum: s.momentum,
  }));

describe('replay positions', () => {
  it('at the end and at every round boundary, the panels are the engine’s state there', async () => {
    for (const index of [0, 1, 2]) {
      const sim = simulateMatch('replay-panels', index);
      const data = await replayFromRecord(sim.record);
      const events = data.rounds.flat();
      expect(data.states).toHaveLength(data.rounds.length + 1);
      const end = modelAt(data, events, events.length);
      expect(panels(end)).toEqual(panels(modelFromMatch(data.states!.at(-1)!)));
      let n = 0;
      for (let k = 0; k < data.rounds.length; k++) {
        expect(panels(modelAt(data, events, n))).toEqual(panels(modelFromMatch(data.states![k]!)));
        n += data.rounds[k]!.length;
      }
    }
  });
});
