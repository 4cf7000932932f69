// A match that ends early (concede, forfeit) is stored as a record whose replay gives exactly the events its players
// and spectators were shown (RULES §10): the rounds played, the round cut short as far as it went, then the end.
import { parseRecord, replayRecord } from '@star-eater/engine';
import type { Room } from '@colyseus/sdk';
import type { ServerMessages } from '@star-eater/protocol';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { eventsShown } from './event-log.js';
import { joinById, quickMatch, serverForFile, type TestClient } from './harness.js';

const server = serverForFile();

/** Two seats with bots that draft but leave commitments and decisions to the test, and a spectator. */
async function match(names: [string, string]) {
  const s = server.get();
  const a = await quickMatch(s, names[0]);
  const b = await quickMatch(s, names[1]);
  const spec = await joinById(s, a.room.roomId, { spectate: true });
  server.open.push(a, b, spec);
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, { seed: `${names[c.seat]}-rec`, manualCommit: true, manualDecide: true });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await a.until(() => a.state.phase === 'commit', 'the first commitment window');
  return { a, b, spec };
}

/** The stored record of the match that just ended, replayed. */
async function replayOf(c: TestClient) {
  const ended = await c.until(() => c.of('ended')[0], 'the end');
  const res = await fetch(`${server.get().url}/api/records/${ended.recordId}`);
  const parsed = parseRecord(await res.json());
  if (!parsed.ok) throw new Error(`stored record: ${parsed.error.path}: ${parsed.error.message}`);
  const r = replayRecord(parsed.value);
  if (!r.ok) throw new Error(`replay: ${r.error.path}: ${r.error.message}`);
  return { record: parsed.value, replay: r.value };
}

function expectShownToEveryone(clients: TestClient[], events: unknown[]) {
  for (const c of clients) expect(eventsShown(c.messages, `seat ${c.seat}`)).toEqual(events);
}

/** Round 1 with a launch for seat `launcher` (a fighter prompt for it) and nothing for the other. */
function launchRound(a: TestClient, b: TestClient, launcher: TestClient) {
  for (const c of [a, b]) {
    const cards = c === launcher ? [{ card: 'launch-squadron' }] : [];
    c.send('commit', { round: 1, commitment: { engine: 'NONE', cards } });
  }
  return launcher.until(() => launcher.of('prompt')[0], 'a fighter prompt') as Promise<ServerMessages['prompt']>;
}

describe('RULES §10: the record of a match ended early replays to what the clients were shown', () => {
  it('a concession in a commitment window, after a round: the rounds, then the end', async () => {
    const { a, b, spec } = await match(['Cora', 'Dax']);
    for (const c of [a, b]) c.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await spec.until(() => spec.state.round === 2 && spec.state.phase === 'commit', 'round 2');
    b.send('concede');
    const { record, replay } = await replayOf(spec);
    expect(record.end).toEqual({ winner: a.seat, reason: 'concede' });
    expect(replay.events.at(-1)).toEqual({ type: 'match-ended', winner: a.seat, reason: 'concede' });
    await a.until(() => a.of('ended').length && b.of('ended').length, 'the end for both');
    expectShownToEveryone([a, b, spec], replay.events);
  });

  it('a concession while a prompt is open: the round as far as it went is in the record, then the end', async () => {
    const { a, b, spec } = await match(['Eli', 'Fen']);
    const ask = await launchRound(a, b, a);
    expect(ask.prompt.seat).toBe(a.seat);
    b.send('concede');
    const { record, replay } = await replayOf(spec);
    expect(record.rounds).toEqual([]);
    expect(record.end).toMatchObject({ winner: a.seat, reason: 'concede', interrupted: { decisions: [] } });
    expect(record.end?.interrupted?.commitments[a.seat]).toMatchObject({ cards: [{ card: 'launch-squadron' }] });
    await a.until(() => a.of('ended').length && b.of('ended').length, 'the end for both');
    expectShownToEveryone([a, b, spec], replay.events);
    // Nothing after the prompt: the replay stopped where the players were.
    const shown = eventsShown(spec.messages);
    expect(shown.slice(0, -1).length).toBeGreaterThan(0);
    expect(shown.filter((e) => e.type === 'match-ended')).toHaveLength(1);
  });

  it('a forfeit (the prompted player leaves) after a decision: the decision is in the record', async () => {
    const { a, b, spec } = await match(['Gil', 'Hap']);
    const ask = await launchRound(a, b, b);
    // B passes its first activation; if the engine asks again, B walks out with the next prompt open.
    const n = b.messages.length;
    b.send('decide', { prompt: ask.id, decision: { kind: 'fighter', answer: { kind: 'pass' } } });
    await b.until(() => b.messages.slice(n).some((m) => m.type === 'prompt-closed'), 'the answer taken');
    await b.leave();
    const { record, replay } = await replayOf(spec);
    expect(record.end).toMatchObject({ winner: a.seat, reason: 'forfeit' });
    const decided = [...record.rounds.flatMap((r) => r.decisions), ...(record.end?.interrupted?.decisions ?? [])];
    expect(decided[0]).toEqual({ kind: 'fighter', answer: { kind: 'pass' } });
    await a.until(() => a.of('ended').length, 'the end for A');
    expectShownToEveryone([a, spec], replay.events);
  });
});
