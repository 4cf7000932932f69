// The tutorial's lessons as the engine plays them: the orders each task asks for pass its check and do what the
// lesson then says happened; the orders it warns about get a hint. The target holds still (HOLD), as in tutorial.ts.
import {
  defaultDecision,
  resolveRoundWith,
  type Commitment,
  type Decision,
  type MatchEvent,
  type Prompt,
} from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { HOLD, LESSONS } from './lessons.js';

const lesson = (id: string) => LESSONS.find((l) => l.id === id)!;

/** The round the lesson's orders play, our prompts answered by `answer` (else the default). */
function play(id: string, c: Commitment, answer: (p: Prompt) => Decision = defaultDecision): MatchEvent[] {
  const l = lesson(id);
  expect(l.check(c), `${id}: the task's orders pass its check`).toBeNull();
  const p = resolveRoundWith(l.setup(), [c, HOLD], (prompt) =>
    prompt.seat === 0 ? answer(prompt) : defaultDecision(prompt),
  );
  if (p.status !== 'done') throw new Error(`${id}: the round ended ${p.status}`);
  return p.events;
}

const damageTo = (events: MatchEvent[], seat: 0 | 1) =>
  events
    .filter((e) => e.type === 'damage' && e.seat === seat)
    .reduce((n, e) => n + (e.type === 'damage' ? e.amount : 0), 0);

describe('tutorial lessons (tutorial.ts) resolved by the engine', () => {
  it('every lesson has a unique id and a task', () => {
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const id of ['turning', 'direct-fire', 'torpedoes']) expect(lesson(id).task.length).toBeGreaterThan(0);
  });

  it('turning (RULES §4.2): CW turns the warship to NE after its moves and the main weapon then hits', () => {
    expect(lesson('turning').check({ engine: 'NONE', cards: [{ card: 'fire-main' }] })).toContain('CW');
    const events = play('turning', { engine: 'CW', cards: [{ card: 'fire-main' }] });
    expect(events.some((e) => e.type === 'step' && e.seat === 0 && e.to.facing === 'NE')).toBe(true);
    expect(damageTo(events, 1)).toBeGreaterThan(0);
    // Without the turn the same shot finds nothing: the lesson needs the turn.
    const l = lesson('turning');
    const still = resolveRoundWith(
      l.setup(),
      [{ engine: 'NONE', cards: [{ card: 'fire-main' }] }, HOLD],
      defaultDecision,
    );
    expect(still.status === 'done' && damageTo(still.events, 1)).toBe(0);
  });

  it('aimed direct fire (RULES §4.5): we are asked for a target, the list gives odds, the roll is made', () => {
    const prompts: Prompt[] = [];
    const events = play('direct-fire', { engine: 'NONE', cards: [{ card: 'starboard-broadside' }] }, (p) => {
      prompts.push(p);
      return defaultDecision(p);
    });
    const direct = prompts.find((p) => p.kind === 'direct-fire');
    expect(direct, 'a direct-fire prompt for seat 0').toBeDefined();
    if (direct?.kind !== 'direct-fire') return;
    expect(direct.options.some((o) => (o.affected?.length ?? 0) > 0 && (o.hitTwelfths ?? 0) > 0)).toBe(true);
    expect(events.some((e) => e.type === 'attack')).toBe(true);
  });

  it('torpedoes (RULES §4.5): the starboard torpedo, aimed fore, homes and hits the target this round', () => {
    expect(
      lesson('torpedoes').check({ engine: 'NONE', cards: [{ card: 'starboard-broadside', aim: 'aft' }] }),
    ).toContain('fore');
    const events = play('torpedoes', { engine: 'NONE', cards: [{ card: 'starboard-broadside', aim: 'fore' }] });
    expect(events.some((e) => e.type === 'token-spawned')).toBe(true);
    expect(damageTo(events, 1)).toBeGreaterThan(0);
  });
});
