// Decision prompts answered wrongly: by the seat that is not asked, or naming a squadron that is not one the prompt
// offers → an `error`, the match untouched, the connection alive; the right answer then goes through.
import type { ServerMessages } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import type { BotOptions } from './bot.js';
import { advanceClock, botMatch, launchForPrompt, serverForFile, type TestClient } from './harness.js';

const server = serverForFile();

async function refused(c: TestClient, watcher: TestClient, payload: unknown, code: string, mention?: RegExp) {
  const before = JSON.stringify(watcher.state.toJSON());
  const e = await c.expectError('decide', payload);
  expect(e.code, `decide ${JSON.stringify(payload)} → ${e.message}`).toBe(code);
  if (mention) expect(e.message).toMatch(mention);
  await watcher.roundTrip();
  expect(JSON.stringify(watcher.state.toJSON())).toBe(before);
  expect(c.closed).toBe(false);
  return e;
}

/** Two seats whose bots draft; the test commits and answers. Seat A has launched a squadron: its fighter prompt. */
async function fighterPrompt(tag: string) {
  const { a, b, spec } = await botMatch(server, tag, { faction: 'fpa', manualCommit: true, manualDecide: true });
  const ask = await launchForPrompt(a, b);
  return { a, b, spec, ask };
}

describe('fighter prompts', () => {
  it('refuse an answer from the wrong seat and a squadron that is not on offer, then take the right one', async () => {
    const { a, b, spec, ask } = await fighterPrompt('prompts');
    expect(ask.prompt.seat).toBe(a.seat);
    await spec.until(() => spec.state.phase === 'resolving' && spec.state.step === 'fighter', 'resolving shown');
    expect(b.of('prompt')).toHaveLength(0); // the prompt goes to the deciding seat only
    expect(spec.of('prompt')).toHaveLength(0);
    const prompt = ask.prompt as Extract<ServerMessages['prompt']['prompt'], { kind: 'fighter' }>;
    const offered = prompt.squadrons.find((s) => s.mode === 'launch' && s.launchHexes?.length);
    expect(offered, JSON.stringify(prompt)).toBeTruthy();
    const good = {
      kind: 'fighter',
      answer: {
        kind: 'launch',
        squadron: offered!.squadron,
        at: offered!.launchHexes![0]!,
        facing: 'N',
        path: [],
        end: { kind: 'none' },
      },
    };

    // The wrong seat answers A's prompt: refused, even with the right id and a legal answer.
    await refused(b, spec, { prompt: ask.id, decision: good }, 'not-your-turn', /other player/);
    // A spectator answers it.
    const se = await spec.expectError('decide', { prompt: ask.id, decision: good });
    expect(se.code).toBe('spectator');
    // A squadron that is not on offer: not on the board, so it cannot be activated …
    const aboard = prompt.squadrons.find((s) => s.mode === 'launch')!;
    const e1 = await refused(
      a,
      spec,
      {
        prompt: ask.id,
        decision: {
          kind: 'fighter',
          answer: { kind: 'activate', squadron: aboard.squadron, path: [], end: { kind: 'none' } },
        },
      },
      'illegal',
    );
    expect(e1.detail).toBe('squadron-cannot-act');
    // … a squadron index that does not exist …
    await refused(
      a,
      spec,
      {
        prompt: ask.id,
        decision: { kind: 'fighter', answer: { kind: 'activate', squadron: 3, path: [], end: { kind: 'none' } } },
      },
      'bad-payload',
      /squadron/,
    );
    // … a stale prompt id, and the wrong kind of decision.
    await refused(a, spec, { prompt: ask.id + 1, decision: good }, 'stale');
    const e2 = await refused(
      a,
      spec,
      { prompt: ask.id, decision: { kind: 'direct-fire', target: { kind: 'section', seat: b.seat, section: 'bow' } } },
      'illegal',
    );
    expect(e2.detail).toBe('wrong-kind');
    expect(a.of('prompt-closed')).toHaveLength(0);

    // The right seat with a legal answer: accepted, the prompt closes, the squadron is in space.
    const m = a.messages.length;
    a.send('decide', { prompt: ask.id, decision: good });
    expect(await a.next('prompt-closed', m)).toEqual({ id: ask.id, defaulted: false });
    await spec.until(
      () =>
        [...spec.state.tokens.values()].some(
          (t: { kind: string; owner: number }) => t.kind === 'squadron' && t.owner === a.seat,
        ),
      'the launched squadron on the board',
    );
    expect(a.closed || b.closed).toBe(false);
  });
});

type Prompted = ServerMessages['prompt'];
type ShotPrompt = Extract<Prompted['prompt'], { kind: 'direct-fire' | 'point-defence' }>;

/**
 * Lets seat A's open prompt run out on the room's clock (which starts once the animations are played, or their cap)
 * and checks what its seat alone is told: the step that timed out, said before the prompt closes as defaulted.
 * Returns the index of A's messages from which the time-out's came.
 */
async function runOut(a: TestClient, b: TestClient, spec: TestClient, ask: Prompted, step: string): Promise<number> {
  const roomId = a.room.roomId;
  advanceClock(roomId, 60_000);
  await a.until(() => a.state.deadline > 0 && a.state.phase === 'resolving', 'the prompt timer running');
  const n = a.messages.length;
  advanceClock(roomId, 31_000);
  expect(await a.next('timed-out', n)).toEqual({ step });
  expect(await a.next('prompt-closed', n)).toEqual({ id: ask.id, defaulted: true });
  // Said before the prompt closes, so the page names the cause when the panel goes.
  const order = a.messages.slice(n).map((m) => m.type);
  expect(order.indexOf('timed-out')).toBeLessThan(order.indexOf('prompt-closed'));
  await spec.roundTrip();
  expect(b.of('timed-out')).toEqual([]);
  expect(spec.of('timed-out')).toEqual([]);
  return n;
}

/**
 * RULES §7's default for a shot, read from the prompt's own options: the best hit chance (an AOE hex: the most expected
 * hits), then the nearest, then the first listed (the engine lists its options in its fixed order).
 */
function ruleDefault(p: ShotPrompt) {
  const odds = (o: ShotPrompt['options'][number]) => o.hitTwelfths ?? 0;
  return p.options.reduce((best, o) =>
    odds(o) > odds(best) || (odds(o) === odds(best) && o.distance < best.distance) ? o : best,
  );
}

/** Where seat A's AOE shot landed, from the round's events A received after message `n`. */
function blastOf(a: TestClient, n: number) {
  return a.until(
    () =>
      a.messages
        .slice(n)
        .filter((m) => m.type === 'events')
        .flatMap((m) => (m.msg as ServerMessages['events']).events)
        .find((e) => e.type === 'aoe-fired' && e.source.seat === a.seat),
    "A's shot",
  );
}

/** Two seats of `faction` whose bots draft `loadout` around the rest; the test commits and answers. */
const shotMatch = (tag: string, faction: 'fpa' | 'lamais', loadout: BotOptions['loadout']) =>
  botMatch(server, tag, { faction, loadout, manualCommit: true, manualDecide: true });

async function shotPrompt(a: TestClient, kind: ShotPrompt['kind']): Promise<Prompted & { prompt: ShotPrompt }> {
  return (await a.until(() => a.of('prompt').find((p) => p.prompt.kind === kind), `a ${kind} prompt`)) as Prompted & {
    prompt: ShotPrompt;
  };
}

describe('a prompt left to run out', () => {
  it('takes the RULES §7 default (a fighter activation passes) and tells the deciding seat alone why', async () => {
    const { a, b, spec, ask } = await fighterPrompt('late');
    await runOut(a, b, spec, ask, 'fighter');
  });

  it('direct fire: fires at the best hit chance, then the nearest (RULES §7), and tells its seat alone why', async () => {
    const { a, b, spec } = await shotMatch('aim', 'lamais', { main: 'lamais-siege-battery' });
    // Both warships close in (each thrusts towards the other, RULES §1's starts): the Siege Battery's blast (range 5,
    // AOE 1, front arc) then reaches the other warship's bow, so some hexes have odds and others none.
    const towards = (c: TestClient) => (c.seat === 0 ? 'N' : 'S');
    a.send('commit', { round: 1, commitment: { engine: towards(a), cards: [{ card: 'fire-main' }] } });
    b.send('commit', { round: 1, commitment: { engine: towards(b), cards: [] } });
    const ask = await shotPrompt(a, 'direct-fire');
    const best = ruleDefault(ask.prompt);
    expect(best.hitTwelfths, 'a hex that catches the other warship').toBeGreaterThan(0);
    expect(ask.prompt.options.some((o) => !o.hitTwelfths)).toBe(true);
    const n = await runOut(a, b, spec, ask, 'direct-fire');
    expect(await blastOf(a, n)).toMatchObject({ at: (best.target as { at: unknown }).at });
  });

  it('point defence: fires at the likeliest, then the nearest (RULES §7), and tells its seat alone why', async () => {
    // The Flak Screen (AOE 1, range 3) may aim at any hex in range: with no squadron or torpedo out, every hex has
    // no odds, and the default is the nearest, first listed.
    const { a, b, spec } = await shotMatch('screen', 'fpa', { pointDefence: 'fpa-flak-screen' });
    a.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [{ card: 'defence-stations' }] } });
    b.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
    const ask = await shotPrompt(a, 'point-defence');
    const best = ruleDefault(ask.prompt);
    expect(new Set(ask.prompt.options.map((o) => o.distance)).size).toBeGreaterThan(1);
    const n = await runOut(a, b, spec, ask, 'point-defence');
    expect(await blastOf(a, n)).toMatchObject({ at: (best.target as { at: unknown }).at });
  });
});

describe('a concession during a round', () => {
  it('takes the match off the Watch list at once; the record counts the round cut short', async () => {
    const { a, b } = await fighterPrompt('cut');
    const url = server.get().url;
    const live = async () =>
      ((await (await fetch(`${url}/api/matches`)).json()) as { matches: { roomId: string }[] }).matches.map(
        (m) => m.roomId,
      );
    expect(await live()).toContain(a.room.roomId);
    b.send('concede');
    await a.until(() => a.state.phase === 'finished', 'the end');
    const ended = await a.until(() => a.of('ended')[0], 'ended');
    expect(await live()).not.toContain(a.room.roomId);
    const { records } = (await (await fetch(`${url}/api/records`)).json()) as {
      records: { id: string; rounds: number }[];
    };
    // Round 1 was under way (a fighter prompt open): one round, as the replay's summary counts it.
    expect(records.find((r) => r.id === ended.recordId)).toMatchObject({ rounds: 1 });
  });
});
