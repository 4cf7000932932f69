// The protocol's commitment schema accepts exactly the engine's commitment shapes (parseCommitment), so it
// accepts everything the engine accepts for some loadout, and what it refuses every engine refuses. What depends on
// the seat's loadout (a token broadside needs its aim, FPA's special ability takes a section, a turret main weapon
// its setting) is the engine's check when the commitment arrives (validateCommitment).
import {
  CARD_IDS,
  COMPONENTS,
  createMatch,
  createRng,
  ENGINE_SETTINGS,
  FACTION_IDS,
  getFaction,
  legalCommitments,
  munitionPlacements,
  munitionRules,
  parseCommitment,
  SECTIONS,
  squadronTriples,
  validateCommitment,
  type MatchState,
  type Rng,
} from '@star-eater/engine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { commitmentSchema } from './schemas.js';

/** One match state per faction and broadside: every loadout difference the commitment check looks at. */
function loadoutStates(): MatchState[] {
  const out: MatchState[] = [];
  for (const id of FACTION_IDS) {
    const f = getFaction(id);
    for (const broadside of f.broadside) {
      const squadrons = squadronTriples(f)[0]!;
      const player = {
        name: id,
        faction: id,
        loadout: {
          main: f.main[0]!.id,
          broadside: broadside.id,
          fighterBay: f.fighterBay[0]!.id,
          pointDefence: f.pointDefence[0]!.id,
          squadrons,
        },
        munitions: munitionPlacements(munitionRules(f, squadrons))[0]!,
      };
      out.push(createMatch({ seed: 'agreement', initiative: 0, players: [player, player] }));
    }
  }
  return out;
}

function wild(rng: Rng): unknown {
  const values: unknown[] = ['fore', 'aft', 'up', 'front', 'left', ...SECTIONS, ...COMPONENTS, 0, 1, 2, 3, -1, 1.5];
  values.push([], [0], [2, 2], [0, 1, 2], ['0'], null, true);
  const card = (): Record<string, unknown> => {
    const c: Record<string, unknown> = { card: rng.chance(0.95) ? rng.pick(CARD_IDS) : 'warp' };
    for (const k of ['aim', 'turret', 'component', 'section', 'munitions', 'repair', 'target'])
      if (rng.chance(0.25)) c[k] = rng.pick(values);
    return c;
  };
  return {
    engine: rng.chance(0.95) ? rng.pick(ENGINE_SETTINGS) : rng.pick(['UP', 0, 'n']),
    cards: Array.from({ length: rng.int(4) }, card),
  };
}

describe('protocol and engine agree on commitments', () => {
  const states = loadoutStates();
  const engineOk = (x: unknown) => states.some((s) => validateCommitment(s, 0, x).ok);
  const protocolOk = (x: unknown) => v.safeParse(commitmentSchema, x).success;

  it('on a corpus of valid and invalid commitments: the schema is the engine shape, and never refuses a legal one', () => {
    const rng = createRng('agreement');
    const corpus: unknown[] = [
      ...states.flatMap((s) => legalCommitments(s, 0).filter(() => rng.chance(0.05))),
      ...Array.from({ length: 4000 }, () => wild(rng)),
      // a maintenance card with no munitions, or with neither munitions nor repair: refused by the schema
      { engine: 'N', cards: [{ card: 'squadron-maintenance', munitions: [] }] },
      { engine: 'N', cards: [{ card: 'squadron-maintenance' }] },
    ];
    let legal = 0;
    let refused = 0;
    for (const x of corpus) {
      const p = protocolOk(x);
      expect(p, JSON.stringify(x)).toBe(parseCommitment(x).ok);
      if (engineOk(x)) {
        expect(p, `the engine accepts ${JSON.stringify(x)}`).toBe(true);
        legal++;
      }
      if (!p) refused++;
    }
    expect(protocolOk(corpus.at(-1))).toBe(false);
    expect(protocolOk(corpus.at(-2))).toBe(false);
    expect(legal).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });
});
