// A direct-fire prompt read as a player reads it (RULES §4.5): real targets first, likeliest first, each with its odds;
// an AOE weapon's hexes named by what they catch and where they lie, never as raw coordinates, one line per set caught;
// "Hold fire" where an empty hex is legal. From the demo match's own AOE prompt (the engine made it).
import { createRng, randomDecision, resolveRoundWith, type Prompt, type PublicState } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { DEMO_NAMES, demoState } from '../fixtures/demo.js';
import { targetList } from './target-list.js';

/**
 * The demo's round 3 again, with Orion's third squadron flown to the port side of Vega's warship (within reach of
 * her Flak Batteries, AOE 1), keeping every direct-fire prompt the engine asks, with the position it asks it on.
 */
function directFirePrompts(): { prompt: Extract<Prompt, { kind: 'direct-fire' }>; state: PublicState }[] {
  const out: { prompt: Extract<Prompt, { kind: 'direct-fire' }>; state: PublicState }[] = [];
  const rng = createRng('target-list');
  const start = demoState();
  Object.assign(start.ships[1].squadrons[2]!, { status: 'space', at: { q: 5, r: 8 }, facing: 'N' });
  resolveRoundWith(
    start,
    [
      { engine: 'N', cards: [{ card: 'fire-main' }, { card: 'port-broadside', aim: 'fore' }] },
      { engine: 'CW', cards: [{ card: 'starboard-broadside', aim: 'aft' }, { card: 'defence-stations' }] },
    ],
    (prompt, _i, state) => {
      if (prompt.kind === 'direct-fire') out.push({ prompt: structuredClone(prompt), state: structuredClone(state) });
      return randomDecision(state, prompt, rng);
    },
  );
  return out;
}

describe('the direct-fire target list', () => {
  it('lists the real targets first with odds, names hexes by what they catch, and offers Hold fire', () => {
    const aoe = directFirePrompts().find((p) => p.prompt.options.some((o) => o.target.kind === 'hex'));
    expect(aoe, 'the demo round has an AOE prompt').toBeTruthy();
    const { prompt, state } = aoe!;
    const list = targetList(prompt.options, DEMO_NAMES, state.ships[prompt.seat]);
    const empty = prompt.options.filter((o) => !o.affected?.length);
    // Four hexes catch the squadron, two catch nothing: one line for the squadron, and Hold fire.
    expect(prompt.options.length).toBe(6);
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]!.label).toMatch(/catching Orion's squadron 3 · 50% to hit$/);
    for (const e of list.entries) expect(e.label).not.toMatch(/\(\d+, ?\d+\)/);
    // Every line catches something, likeliest first.
    for (const e of list.entries) expect(e.option.affected?.length).toBeGreaterThan(0);
    const odds = list.entries.map((e) => e.option.hitTwelfths ?? 0);
    expect(odds).toEqual([...odds].sort((a, b) => b - a));
    expect(list.entries[0]!.label).toMatch(
      /^Blast \d+ hexe?s? at \d{1,2} o'clock, catching .+ · (\d+% to hit|\d\.\d hits expected)$/,
    );
    // One line per set of targets caught.
    const sets = list.entries.map((e) => JSON.stringify(e.option.affected));
    expect(new Set(sets).size).toBe(sets.length);
    // Hold fire: the nearest hex that catches nothing.
    expect(empty.length).toBeGreaterThan(0);
    expect(list.hold?.affected ?? []).toEqual([]);
    expect(list.hold!.distance).toBe(Math.min(...empty.map((o) => o.distance)));
  });

  it('a single-target weapon: every option a target with its odds, and no hold (a played weapon must fire)', () => {
    const single = directFirePrompts().find((p) => p.prompt.options.every((o) => o.target.kind !== 'hex'));
    if (!single) return; // the demo round has only AOE direct fire
    const list = targetList(single.prompt.options, DEMO_NAMES, single.state.ships[single.prompt.seat]);
    expect(list.hold).toBeNull();
    for (const e of list.entries) expect(e.label).toMatch(/ · range \d+ · \d+% to hit$/);
  });
});
