import { describe, expect, it } from 'vitest';
import { RejectedDecision } from './context.js';
import { defaultFighterAnswer, fighterPrompt, resolveFighterPhase } from './fighters.js';
import { recordingCtx, testState } from './fixtures.js';
import { hex } from './hex.js';
import type { Dir, Hex, MatchState, Seat, Squadron } from './types.js';
import type { Decision, FighterAnswer } from './decision.js';

// Default position: seat 0 (FPA, Catapult Bay: launch 2, recall 1) core (7,10) facing N — bow (7,9), port (6,11),
// starboard (8,10); seat 1 (Lamais, Deep Hangar) core (7,0) facing S — bow (7,1), port (8,-1), starboard (6,0).
function space(s: MatchState, seat: Seat, i: number, at: Hex, facing: Dir, over: Partial<Squadron> = {}): Squadron {
  const sq = s.ships[seat].squadrons[i]!;
  Object.assign(sq, { status: 'space', at, facing, ...over });
  return sq;
}
const fighter = (answer: FighterAnswer): Decision => ({ kind: 'fighter', answer });
const pass = fighter({ kind: 'pass' });

describe('the fighter phase loop (RULES §4.4, draft §6.4)', () => {
  it('RULES §4.4: activations alternate from the initiative holder; a passed player stops, the other continues alone', () => {
    const s = testState();
    space(s, 0, 0, hex(3, 5), 'N');
    space(s, 0, 1, hex(5, 5), 'N');
    space(s, 1, 0, hex(11, 5), 'S');
    const { ctx, prompts } = recordingCtx(s, [
      fighter({ kind: 'activate', squadron: 0, path: [hex(3, 4), hex(4, 3)], end: { kind: 'none' } }),
      pass,
      fighter({ kind: 'activate', squadron: 1, path: [], end: { kind: 'none' } }),
    ]);
    resolveFighterPhase(ctx);
    expect(prompts.map((p) => [p.seat, p.kind === 'fighter' ? p.squadrons.map((o) => o.id) : []])).toEqual([
      [0, ['0:0', '0:1']],
      [1, ['1:0']],
      [0, ['0:1']],
    ]);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'fighter' },
      {
        type: 'squadron-moved',
        seat: 0,
        squadron: '0:0',
        from: hex(3, 5),
        path: [hex(3, 4), hex(4, 3)],
        facings: ['N', 'NE'],
      },
      { type: 'squadron-passed', seat: 1 },
      { type: 'squadron-moved', seat: 0, squadron: '0:1', from: hex(5, 5), path: [], facings: [] },
      { type: 'squadron-passed', seat: 0, automatic: true },
    ]);
    expect(s.ships[0].squadrons[0]).toMatchObject({ at: hex(4, 3), facing: 'NE', activated: true });
    expect(s.ships[0].squadrons[1]).toMatchObject({ at: hex(5, 5), facing: 'N', activated: true });
    expect(s.ships[1].squadrons[0]).toMatchObject({ activated: false });
  });

  it('RULES §4.4: with seat 1 holding initiative, seat 1 activates first; passing ends only your own phase', () => {
    const s = testState({ initiative: 1 });
    space(s, 0, 0, hex(3, 5), 'N');
    space(s, 1, 0, hex(11, 5), 'S');
    space(s, 1, 1, hex(12, 5), 'S');
    const { ctx, prompts } = recordingCtx(s, [
      fighter({ kind: 'activate', squadron: 1, path: [hex(12, 6)], end: { kind: 'none' } }),
      pass,
      fighter({ kind: 'activate', squadron: 0, path: [hex(11, 6)], end: { kind: 'none' } }),
    ]);
    resolveFighterPhase(ctx);
    expect(prompts.map((p) => p.seat)).toEqual([1, 0, 1]);
    expect(ctx.events.map((e) => e.type + ('seat' in e ? e.seat : ''))).toEqual([
      'phase',
      'squadron-moved1',
      'squadron-passed0',
      'squadron-moved1',
      'squadron-passed1',
    ]);
  });

  it('RULES §4.4: with nothing to activate both players pass automatically, without a prompt', () => {
    const s = testState();
    const { ctx, prompts } = recordingCtx(s, []);
    resolveFighterPhase(ctx);
    expect(prompts).toEqual([]);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'fighter' },
      { type: 'squadron-passed', seat: 0, automatic: true },
      { type: 'squadron-passed', seat: 1, automatic: true },
    ]);
  });

  it('RULES §4.4: a squadron destroyed, aboard without a launch, or already acted is not offered', () => {
    const s = testState();
    space(s, 0, 0, hex(3, 5), 'N', { activated: true });
    s.ships[0].squadrons[1]!.status = 'destroyed';
    expect(fighterPrompt(s, 0, 0)).toBeNull();
    expect(fighterPrompt(s, 0, 1)?.squadrons.map((o) => [o.id, o.mode])).toEqual([['0:2', 'launch']]);
  });

  it('RULES §7: the time-out default of a fighter activation is a pass', () => {
    expect(defaultFighterAnswer()).toEqual({ kind: 'pass' });
  });
});

describe('launching (RULES §4.4, draft §6.4.2)', () => {
  it('draft §6.4.2: a launch places the squadron (one move), then it moves; the bay is activated and the launch used', () => {
    const s = testState();
    const { ctx, prompts } = recordingCtx(s, [
      fighter({
        kind: 'launch',
        squadron: 2,
        at: hex(9, 9),
        facing: 'NW',
        path: [hex(9, 8), hex(10, 7)],
        end: { kind: 'none' },
      }),
    ]);
    ctx.launches[0] = 1;
    resolveFighterPhase(ctx);
    const first = prompts[0]!;
    expect(
      first.kind === 'fighter' &&
        first.squadrons.map((o) => ({ id: o.id, mode: o.mode, speed: o.speed, n: o.launchHexes?.length })),
    ).toEqual([
      { id: '0:0', mode: 'launch', speed: 3, n: 24 },
      { id: '0:1', mode: 'launch', speed: 3, n: 24 },
      { id: '0:2', mode: 'launch', speed: 2, n: 24 }, // Strike Fighter, speed 3
    ]);
    expect(prompts).toHaveLength(1); // after its one launch, seat 0 has nothing left and passes automatically
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'fighter' },
      { type: 'squadron-launched', seat: 0, squadron: '0:2', at: hex(9, 9), facing: 'NW' },
      {
        type: 'squadron-moved',
        seat: 0,
        squadron: '0:2',
        from: hex(9, 9),
        path: [hex(9, 8), hex(10, 7)],
        facings: ['N', 'NE'],
      },
      { type: 'squadron-passed', seat: 1, automatic: true },
      { type: 'squadron-passed', seat: 0, automatic: true },
    ]);
    expect(s.ships[0].squadrons[2]).toEqual({
      id: '0:2',
      index: 2,
      card: 'fpa-strike-fighter',
      status: 'space',
      munitions: 1,
      at: hex(10, 7),
      facing: 'NE',
      activated: true,
      launchedThisRound: true,
    });
    expect(ctx.launches[0]).toBe(0);
    expect([...ctx.activated[0]]).toEqual(['fighterBay']);
  });

  it('ruling: a launched squadron keeps the facing its player chose when it does not move', () => {
    const s = testState();
    const { ctx } = recordingCtx(s, [
      fighter({ kind: 'launch', squadron: 0, at: hex(5, 11), facing: 'SW', path: [], end: { kind: 'none' } }),
    ]);
    ctx.launches[0] = 1;
    resolveFighterPhase(ctx);
    expect(ctx.events[1]).toEqual({
      type: 'squadron-launched',
      seat: 0,
      squadron: '0:0',
      at: hex(5, 11),
      facing: 'SW',
    });
    expect(s.ships[0].squadrons[0]).toMatchObject({ status: 'space', at: hex(5, 11), facing: 'SW' });
  });

  it('RULES §6 Launch Rails: a squadron launched this round has +1 speed', () => {
    const s = testState({ initiative: 1 });
    s.ships[1].loadout = { ...s.ships[1].loadout, fighterBay: 'lamais-launch-rails' };
    // Lancer, speed 3: placement + 3 moves. Seat 1's starboard hex is (6,0).
    const path = [hex(5, 2), hex(5, 3), hex(5, 4)];
    const { ctx, prompts } = recordingCtx(s, [
      fighter({ kind: 'launch', squadron: 2, at: hex(5, 1), facing: 'S', path, end: { kind: 'none' } }),
    ]);
    ctx.launches[1] = 1;
    resolveFighterPhase(ctx);
    const p = prompts[0]!;
    expect(p.kind === 'fighter' && p.squadrons.find((o) => o.id === '1:2')?.speed).toBe(3);
    expect(s.ships[1].squadrons[2]).toMatchObject({ at: hex(5, 4), facing: 'S', launchedThisRound: true });
  });

  it('RULES §4.3: a Launch Squadron card whose fighter bay has cooldown does nothing', () => {
    const s = testState();
    s.ships[0].cooldown.fighterBay = 1;
    const { ctx, prompts } = recordingCtx(s, []);
    ctx.launches[0] = 1;
    resolveFighterPhase(ctx);
    expect(prompts).toEqual([]);
    expect(ctx.events).toEqual([
      { type: 'phase', phase: 'fighter' },
      { type: 'card-ignored', seat: 0, card: 'launch-squadron', reason: 'cooldown' },
      { type: 'squadron-passed', seat: 0, automatic: true },
      { type: 'squadron-passed', seat: 1, automatic: true },
    ]);
    expect(ctx.activated[0].size).toBe(0);
  });

  it('draft §6.4.2: launching counts as the launch plus one move — one move too many is rejected', () => {
    const s = testState();
    const before = structuredClone(s);
    const { ctx } = recordingCtx(s, [
      fighter({
        kind: 'launch',
        squadron: 2,
        at: hex(9, 9),
        facing: 'N',
        path: [hex(9, 8), hex(9, 7), hex(9, 6)],
        end: { kind: 'none' },
      }),
    ]);
    ctx.launches[0] = 1;
    let thrown: unknown;
    try {
      resolveFighterPhase(ctx);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toEqual(new RejectedDecision(0, { code: 'illegal-path', message: '3 moves, but only 2 allowed' }));
    expect(s).toEqual(before);
  });
});

describe('recall and actions in the phase (RULES §4.4)', () => {
  it('RULES §4.4: a recalled squadron returns aboard with its munitions and has acted this round', () => {
    const s = testState();
    space(s, 0, 0, hex(4, 11), 'N', { munitions: 2 });
    const { ctx, prompts } = recordingCtx(s, [
      fighter({ kind: 'activate', squadron: 0, path: [hex(5, 11)], end: { kind: 'recall' } }),
      pass,
    ]);
    ctx.launches[0] = 1;
    resolveFighterPhase(ctx);
    // Back aboard, it is not offered for launch again this round (ruling); the two others are.
    const again = prompts[1]!;
    expect(again.kind === 'fighter' && again.squadrons.map((o) => [o.id, o.mode])).toEqual([
      ['0:1', 'launch'],
      ['0:2', 'launch'],
    ]);
    expect(ctx.events.slice(1, 3)).toEqual([
      { type: 'squadron-moved', seat: 0, squadron: '0:0', from: hex(4, 11), path: [hex(5, 11)], facings: ['SE'] },
      { type: 'squadron-recalled', seat: 0, squadron: '0:0', from: hex(5, 11) },
    ]);
    expect(s.ships[0].squadrons[0]).toEqual({
      id: '0:0',
      index: 0,
      card: 'fpa-interceptor',
      status: 'aboard',
      munitions: 2,
      activated: true,
      launchedThisRound: false,
    });
  });

  it('RULES §6 Deep Hangar (recall 2): a squadron 2 hexes from a bay is recalled; 3 hexes away it is refused', () => {
    // Seat 1's Deep Hangar bays: port (8,-1), starboard (6,0). Dart 1:0 at (4,1): 2 from the starboard hex.
    const s = testState();
    space(s, 1, 0, hex(4, 1), 'S', { munitions: 1 });
    space(s, 1, 1, hex(3, 1), 'S'); // 3 from the starboard hex, 4 from the port hex
    const recall = (squadron: number) => fighter({ kind: 'activate', squadron, path: [], end: { kind: 'recall' } });
    const { ctx } = recordingCtx(s, [recall(0), recall(1)]);
    let refused: unknown = null;
    try {
      resolveFighterPhase(ctx);
    } catch (e) {
      refused = e;
    }
    expect(ctx.events).toContainEqual({ type: 'squadron-recalled', seat: 1, squadron: '1:0', from: hex(4, 1) });
    expect(s.ships[1].squadrons[0]).toMatchObject({ status: 'aboard', munitions: 1, activated: true });
    expect(refused).toBeInstanceOf(RejectedDecision);
    expect(refused).toMatchObject({ index: 1, error: { code: 'illegal-recall' } });
    expect(s.ships[1].squadrons[1]).toMatchObject({ status: 'space', at: hex(3, 1) });
  });

  it('RULES §4.4: the action resolves at once, after the moves; a squadron destroyed by it is no longer offered', () => {
    const s = testState({ initiative: 1 });
    space(s, 1, 2, hex(7, 4), 'S', { munitions: 2 }); // Lancer facing S
    space(s, 0, 0, hex(7, 8), 'N'); // an Interceptor in the beam's way
    const { ctx, prompts } = recordingCtx(s, [
      fighter({ kind: 'activate', squadron: 2, path: [hex(7, 5), hex(7, 6)], end: { kind: 'action' } }),
    ]);
    resolveFighterPhase(ctx);
    expect(prompts).toHaveLength(1);
    expect(ctx.events.map((e) => e.type)).toEqual([
      'phase',
      'squadron-moved',
      'munitions',
      'beam',
      'token-destroyed',
      'munitions',
      'damage',
      'squadron-passed',
      'squadron-passed',
    ]);
    expect(ctx.events[3]).toMatchObject({
      type: 'beam',
      from: hex(7, 6),
      dir: 'S',
      stoppedAt: { seat: 0, section: 'bow' },
    });
    expect(s.ships[1].squadrons[2]).toMatchObject({ munitions: 1, activated: true });
    expect(s.ships[0].armour.bow).toBe(3);
  });

  it('RULES §8: an illegal answer stops the phase with a typed error and leaves the state untouched', () => {
    const s = testState();
    space(s, 0, 0, hex(3, 5), 'N', { munitions: 0 });
    const before = structuredClone(s);
    const cases: [Decision, string][] = [
      [{ kind: 'direct-fire', target: { kind: 'squadron', id: '1:0' } }, 'wrong-kind'],
      [fighter({ kind: 'activate', squadron: 1, path: [], end: { kind: 'none' } }), 'squadron-cannot-act'],
      [fighter({ kind: 'activate', squadron: 0, path: [hex(3, 3)], end: { kind: 'none' } }), 'illegal-path'],
      [fighter({ kind: 'activate', squadron: 0, path: [], end: { kind: 'action' } }), 'no-munitions'],
      [
        fighter({ kind: 'launch', squadron: 1, at: hex(9, 9), facing: 'N', path: [], end: { kind: 'none' } }),
        'illegal-launch',
      ],
    ];
    for (const [decision, code] of cases) {
      const { ctx } = recordingCtx(s, [decision]);
      let thrown: unknown;
      try {
        resolveFighterPhase(ctx);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RejectedDecision);
      expect((thrown as RejectedDecision).error.code).toBe(code);
      expect(s).toEqual(before);
      expect(ctx.events).toEqual([{ type: 'phase', phase: 'fighter' }]);
    }
  });
});
