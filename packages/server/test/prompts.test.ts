// Decision prompts answered wrongly: by the seat that is not asked, or naming a squadron that is not one the prompt
// offers → an `error`, the match untouched, the connection alive; the right answer then goes through.
import type { ServerMessages } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
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

describe('a prompt left to run out', () => {
  it('takes the RULES §7 default (a fighter activation passes) and tells the deciding seat alone why', async () => {
    const { a, b, spec, ask } = await fighterPrompt('late');
    const roomId = a.room.roomId;
    // The prompt's clock starts once the animations are played (or their cap): driven there, then past it.
    advanceClock(roomId, 60_000);
    await a.until(() => a.state.deadline > 0 && a.state.phase === 'resolving', 'the prompt timer running');
    const n = a.messages.length;
    advanceClock(roomId, 31_000);
    expect(await a.next('timed-out', n)).toEqual({ step: 'fighter' });
    expect(await a.next('prompt-closed', n)).toEqual({ id: ask.id, defaulted: true });
    // Said before the prompt closes, so the page names the cause when the panel goes.
    const order = a.messages.slice(n).map((m) => m.type);
    expect(order.indexOf('timed-out')).toBeLessThan(order.indexOf('prompt-closed'));
    await spec.roundTrip();
    expect(b.of('timed-out')).toEqual([]);
    expect(spec.of('timed-out')).toEqual([]);
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
