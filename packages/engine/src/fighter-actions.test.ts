// RULES §4.4, §8 ("the legal options"): the actions a fighter prompt lists at each placement are what
// `squadronEndOptions` (the rules of a squadron's end of activation) says there, each turret setting apart.
import { describe, expect, it } from 'vitest';
import { squadronCard } from './content/index.js';
import { actionsAt, squadronMoves } from './fighter-options.js';
import { fighterPrompt } from './fighters.js';
import { DIRS, range } from './hex.js';
import { inRecallRange, squadronEndOptions, TURRET_SETTINGS } from './squadron-action.js';
import { simulateMatch } from './simulate.js';
import { smallTokens } from './tokens.js';
import type { MatchState, Seat } from './types.js';
import { shipHexes } from './warship.js';
import type { SquadronEnd } from './decision.js';

/** The listing as the end-of-activation rules give it, one call of `squadronEndOptions` per setting. */
function byEndOptions(
  s: MatchState,
  seat: Seat,
  squadron: number,
  at: MatchState['ships'][0]['core'],
  facing: (typeof DIRS)[number],
): SquadronEnd[] {
  const o = squadronEndOptions(s, seat, squadron, at, facing);
  const w = squadronCard(s.ships[seat].squadrons[squadron]!.card).weapon;
  if (o.munitions <= 0) return [];
  if (w.kind === 'laser') return [{ kind: 'action' }];
  if (w.kind === 'torpedo') return o.spawnClear ? [{ kind: 'action' }] : [];
  if (w.kind === 'mark')
    return (o.markTargets ?? []).map((t) => ({
      kind: 'action',
      target: { kind: 'section', seat: t, section: 'core' },
    }));
  if (w.arc !== 'turret') return o.targets.map((t) => ({ kind: 'action', target: t.target }));
  return TURRET_SETTINGS.flatMap((turret) =>
    squadronEndOptions(s, seat, squadron, at, facing, turret).targets.map(
      (t): SquadronEnd => ({ kind: 'action', target: t.target, turret }),
    ),
  );
}

describe('RULES §4.4: a fighter prompt lists the actions the end-of-activation rules allow', () => {
  it('at every placement near the squadrons of random mid-game states', () => {
    const listed = new Map<string, number>();
    for (let m = 0; m < 40; m++) {
      simulateMatch('fighter-actions', m, {
        variants: 'random',
        onRound: (s) => {
          if (s.winner !== null || s.round % 2 !== 0) return;
          for (const seat of [0, 1] as const) {
            const enemy = s.ships[seat === 0 ? 1 : 0];
            const near = [...shipHexes(enemy), ...smallTokens(s).map((t) => t.at)];
            s.ships[seat].squadrons.forEach((sq, i) => {
              if (sq.status !== 'space') return;
              for (const at of range(sq.at!, 2))
                for (const facing of DIRS) {
                  const got = actionsAt(s, seat, i, at, facing, near);
                  expect(got).toEqual(byEndOptions(s, seat, i, at, facing));
                  if (got.length) {
                    const w = squadronCard(sq.card).weapon;
                    const kind = w.kind === 'direct' ? `direct-${w.arc}` : w.kind;
                    listed.set(kind, (listed.get(kind) ?? 0) + 1);
                  }
                }
            });
          }
        },
      });
    }
    // every path of the listing was taken with actions to list (the Warden's "any" arc goes the front arc's way)
    expect([...listed.keys()].filter((k) => k !== 'direct-any').sort()).toEqual([
      'direct-front',
      'direct-turret',
      'laser',
      'mark',
      'torpedo',
    ]);
  });

  it("lists at each placement of a prompt's moves what actionsAt and inRecallRange say there alone", () => {
    let placements = 0;
    for (let m = 0; m < 12; m++) {
      simulateMatch('fighter-moves', m, {
        variants: 'random',
        onRound: (s) => {
          if (s.winner !== null) return;
          for (const seat of [0, 1] as const) {
            const prompt = fighterPrompt(s, seat, 1);
            const enemy = s.ships[seat === 0 ? 1 : 0];
            const near = [...shipHexes(enemy), ...smallTokens(s).map((t) => t.at)];
            for (const option of prompt?.squadrons ?? []) {
              const moves = squadronMoves(s, seat, option);
              for (const p of moves.placements) {
                const alone = actionsAt(s, seat, option.squadron, moves.reach[p.hex]!.at, p.facing, near);
                expect(p.actions ?? []).toEqual(alone);
                expect(p.recall ?? false).toBe(inRecallRange(s, seat, moves.reach[p.hex]!.at));
                if (alone.length) placements++;
              }
            }
          }
        },
      });
    }
    expect(placements).toBeGreaterThan(100);
  });
});
