// Scenario tests: several rounds from a built position, checking events and the final state (RULES §4, §8).
import { describe, expect, it } from 'vitest';
import { testShip, testState } from './fixtures.js';
import { fromOffset } from './hex.js';
import { defaultDecision } from './defaults.js';
import { resolveRound, type RoundProgress } from './round.js';
import type { Commitment, MatchState } from './types.js';
import type { Decision } from './decision.js';

const NONE: Commitment = { engine: 'NONE', cards: [] };

function done(p: RoundProgress): Extract<RoundProgress, { status: 'done' }> {
  if (p.status !== 'done') throw new Error(`expected done, got ${p.status}: ${JSON.stringify(p)}`);
  return p;
}

describe('RULES §4: a round', () => {
  it('RULES §4: an empty round runs every phase in order, passes initiative and counts the round', () => {
    const s = testState();
    const p = done(resolveRound(s, [NONE, NONE], []));
    expect(p.events.filter((e) => e.type === 'phase').map((e) => (e as { phase: string }).phase)).toEqual([
      'momentum',
      'action',
      'fighter',
      'weapons',
      'cleanup',
    ]);
    expect(p.events[0]).toEqual({ type: 'round-started', round: 1, initiative: 0 });
    expect(p.events.at(-1)).toEqual({ type: 'initiative', seat: 1 });
    expect(p.state.round).toBe(2);
    expect(p.state.initiative).toBe(1);
    expect(s.round).toBe(1); // the input is never mutated
  });

  it('RULES §4.5/§4.6: a Mass Driver shot crosses the board over three rounds and hits the enemy bow for 3', () => {
    let s: MatchState = testState();
    const fire: Commitment = { engine: 'NONE', cards: [{ card: 'fire-main' }] };
    s = done(resolveRound(s, [fire, NONE], [])).state;
    // spawned on the bow (7,9) and moved 3 north
    expect(s.tokens).toHaveLength(1);
    expect(s.tokens[0]!.at).toEqual({ q: 7, r: 6 });
    expect(s.ships[0].supply.main).toBe(2);
    expect(s.ships[0].cooldown.main).toBe(1); // Mass Driver cooldown 1
    s = done(resolveRound(s, [NONE, NONE], [])).state;
    expect(s.tokens[0]!.at).toEqual({ q: 7, r: 3 });
    expect(s.ships[0].cooldown.main).toBe(0);
    const p = done(resolveRound(s, [NONE, NONE], []));
    const dmg = p.events.find((e) => e.type === 'damage');
    expect(dmg).toMatchObject({ type: 'damage', seat: 1, section: 'bow', amount: 3, armourBefore: 3, armourAfter: 0 });
    expect(p.state.tokens).toHaveLength(0);
    expect(p.state.ships[0].supply.main).toBe(3); // the token returned to its owner
    expect(p.state.ships[1].armour.bow).toBe(0);
  });

  it('RULES §8: a round pauses for a decision, refuses an illegal answer, and resumes with a legal one', () => {
    // Lamais with a Siege Battery (direct fire, front arc, range 5) facing the FPA ship 4 hexes away.
    const lamais = testShip(1, {
      core: fromOffset(7, 6),
      loadout: { ...testShip(1).loadout, main: 'lamais-siege-battery' },
    });
    const s = testState({ ships: [testShip(0, { core: fromOffset(7, 11) }), lamais] });
    const c: [Commitment, Commitment] = [NONE, { engine: 'NONE', cards: [{ card: 'fire-main' }] }];
    const first = resolveRound(s, c, []);
    expect(first.status).toBe('awaiting');
    if (first.status !== 'awaiting') return;
    expect(first.prompt).toMatchObject({ kind: 'direct-fire', seat: 1, mount: 'main' });
    const bad: Decision = { kind: 'direct-fire', target: { kind: 'section', seat: 1, section: 'bow' } };
    const refused = resolveRound(s, c, [bad]);
    expect(refused).toMatchObject({ status: 'error', index: 0, error: { code: 'not-a-legal-target' } });
    // the time-out default aims the AOE where it affects the most enemy targets (RULES §7)
    const answer = defaultDecision(first.prompt);
    expect(answer).toMatchObject({ kind: 'direct-fire', target: { kind: 'hex' } });
    const p = done(resolveRound(s, c, [answer]));
    expect(p.events.some((e) => e.type === 'attack')).toBe(true);
    expect(p.state.ships[1].cooldown.main).toBe(2);
    // the same inputs give the same events, bit for bit
    expect(JSON.stringify(done(resolveRound(s, c, [answer])).events)).toBe(JSON.stringify(p.events));
  });

  it('RULES §4.6: a ship at 0 structure loses at the end of the phase; the match ends with the winner', () => {
    // Seat 1 sits at the south edge with no armour and 1 structure, and thrusts S: its port and starboard leave
    // the board, each taking 1 damage (RULES §4.2), and the structure damage destroys it in the momentum phase.
    const bare = { bow: 0, core: 0, port: 0, starboard: 0 };
    const far = testState({
      ships: [testShip(0), testShip(1, { structure: 1, armour: bare, core: fromOffset(7, 15), facing: 'N' })],
    });
    const p = done(resolveRound(far, [NONE, { engine: 'S', cards: [] }], []));
    expect(p.state.winner).toBe(0);
    expect(p.state.endReason).toBe('destroyed');
    expect(p.events.at(-1)).toEqual({ type: 'match-ended', winner: 0, reason: 'destroyed' });
    expect(p.events.some((e) => e.type === 'phase' && e.phase === 'action')).toBe(false);
    expect(() => resolveRound(p.state, [NONE, NONE], [])).toThrow(/over/);
  });
});

describe('RULES §8: replaying the dice of a paused round', () => {
  it('with the decisions and the dice rolled so far, any generator reaches the same prompt and position', async () => {
    const { simulateMatch } = await import('./simulate.js');
    const { createRng } = await import('./rng.js');
    const { randomCommitment, randomDecision } = await import('./random.js');
    const { resolveRoundWith } = await import('./round.js');
    const rng = createRng('dice-replay');
    let checked = 0;
    let differs = 0;
    for (let m = 0; m < 60; m++) {
      simulateMatch('dice-replay', m, {
        onRound: (start) => {
          if (start.winner !== null) return;
          const commitments = [randomCommitment(start, 0, rng), randomCommitment(start, 1, rng)] as const;
          const decisions: Decision[] = [];
          const full = resolveRoundWith(start, commitments, (prompt, _i, now) => {
            const d = randomDecision(now, prompt, rng);
            decisions.push(d);
            return d;
          });
          if (full.status !== 'done') throw new Error(`round ended ${full.status}`);
          // pause at the last prompt: the most dice rolled before it
          const stopAt = decisions.length - 1;
          const paused = resolveRoundWith(start, commitments, (_p, i) => (i < stopAt ? decisions[i] : undefined));
          if (paused.status !== 'awaiting' || paused.rolls.length === 0) return;
          const poisoned: MatchState = { ...start, rng: [1, 2, 3, 4] };
          const again = resolveRoundWith(poisoned, commitments, (_p, i) => (i < stopAt ? decisions[i] : undefined), {
            rolls: paused.rolls,
          });
          if (again.status !== 'awaiting') throw new Error(`replay ended ${again.status}`);
          expect(again.prompt).toEqual(paused.prompt);
          expect(again.rolls).toEqual(paused.rolls);
          expect(again.events).toEqual(paused.events);
          expect({ ...again.state, rng: null }).toEqual({ ...paused.state, rng: null });
          // without the dice the poisoned generator rolls differently: the replay is what makes them agree
          const blind = resolveRoundWith(poisoned, commitments, (_p, i) => (i < stopAt ? decisions[i] : undefined));
          if (blind.status === 'awaiting' && JSON.stringify(blind.events) !== JSON.stringify(paused.events)) differs++;
          checked++;
        },
      });
    }
    expect(checked).toBeGreaterThan(10);
    expect(differs).toBeGreaterThan(0);
  });
});
