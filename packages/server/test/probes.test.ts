// Edge cases of a live match through the protocol: a reconnect during a decision prompt, a concede during one, what a
// spectator may not do, the spectator limit, and a room whose both players drop.
import type { Room } from '@colyseus/sdk';
import type { ServerMessages } from '@star-eater/protocol';
import { expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { advanceClock, joinById, launchForPrompt, quickMatch, serverRoom, serverForFile } from './harness.js';

const server = serverForFile({
  room: { maxSpectators: 2, rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
});
const open = server.open;

/** Two bots (FPA) to the first commitment window; the test commits and decides. */
async function toCommit(tag: string) {
  const a = await quickMatch(server.get(), `${tag}-A`);
  const b = await quickMatch(server.get(), `${tag}-B`);
  open.push(a, b);
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, {
      seed: `${tag}-${c.seat}`,
      faction: 'fpa',
      manualCommit: true,
      manualDecide: true,
    });
    bot.seatNo = c.seat;
    bot.tick();
  }
  await a.until(() => a.state.phase === 'commit' && b.state.phase === 'commit', 'commit window');
  return { a, b, roomId: a.room.roomId };
}

/** A launches a squadron, B does nothing: a fighter prompt for A. */
async function toPrompt(tag: string) {
  const { a, b, roomId } = await toCommit(tag);
  const ask = await launchForPrompt(a, b);
  await b.until(() => b.state.phase === 'resolving', 'resolving');
  return { a, b, roomId, ask };
}

it('a player who drops during its decision prompt gets the same prompt and the round so far back, and can answer it', async () => {
  const { a, b, ask } = await toPrompt('reprompt');
  const events = a.of('events').flatMap((e) => e.events);
  expect(events.length).toBeGreaterThan(0);
  a.drop();
  await b.until(() => !b.state.seats[a.seat].connected, 'a shown disconnected');
  await a.reconnect();
  const again = await a.until(() => a.of('prompt').at(-1), 'the prompt again');
  expect(again).toEqual(ask);
  const sofar = await a.until(() => a.of('round-so-far').at(-1), 'the round so far');
  expect(sofar.round).toBe(1);
  expect(sofar.events).toEqual(events);
  expect(b.of('prompt')).toHaveLength(0);
  // The answer goes through on the new connection.
  const prompt = again.prompt as Extract<ServerMessages['prompt']['prompt'], { kind: 'fighter' }>;
  const offered = prompt.squadrons.find((q) => q.mode === 'launch' && q.launchHexes?.length)!;
  const n = a.messages.length;
  a.send('decide', {
    prompt: ask.id,
    decision: {
      kind: 'fighter',
      answer: {
        kind: 'launch',
        squadron: offered.squadron,
        at: offered.launchHexes![0]!,
        facing: 'N',
        path: [],
        end: { kind: 'none' },
      },
    },
  });
  expect(await a.next('prompt-closed', n)).toEqual({ id: ask.id, defaulted: false });
  await b.until(
    () =>
      b.state.round === 2 || b.state.phase === 'finished' || (b.state.phase === 'resolving' && b.state.turn !== a.seat),
    'the round moves on',
  );
});

it('a concede during a decision prompt ends the match at once; the prompt timer no longer fires', async () => {
  const { a, b, roomId, ask } = await toPrompt('concede-prompt');
  const spec = await joinById(server.get(), roomId, { spectate: true });
  open.push(spec);
  b.send('concede'); // the seat that is not deciding concedes
  await spec.until(() => spec.state.phase === 'finished', 'finished');
  expect(spec.state.winner).toBe(a.seat);
  expect(spec.state.endReason).toBe('concede');
  expect(spec.state.seed).toMatch(/^[0-9a-f]{64}$/);
  const ended = await spec.until(() => spec.of('ended').at(-1), 'ended');
  expect(ended.recordId).toBeTruthy();
  // A late answer to the closed prompt is refused; the prompt timer running out changes nothing.
  const prompt = ask.prompt as Extract<ServerMessages['prompt']['prompt'], { kind: 'fighter' }>;
  const offered = prompt.squadrons.find((q) => q.mode === 'launch' && q.launchHexes?.length)!;
  const good = {
    kind: 'fighter',
    answer: {
      kind: 'launch',
      squadron: offered.squadron,
      at: offered.launchHexes![0]!,
      facing: 'N',
      path: [],
      end: { kind: 'none' },
    },
  };
  const e = await a.expectError('decide', { prompt: ask.id, decision: good });
  expect(e.code).toBe('wrong-phase');
  const before = JSON.stringify(spec.state.toJSON());
  advanceClock(roomId, 120_000);
  await spec.roundTrip();
  expect(JSON.stringify(spec.state.toJSON())).toBe(before);
  expect(a.of('prompt-closed')).toHaveLength(0);
  const rec = await fetch(`http://127.0.0.1:${server.get().port}/api/records/${ended.recordId}`);
  expect(rec.status).toBe(200);
});

it('a spectator can neither concede nor ask for a rematch; the spectator limit holds', async () => {
  const { a, b, roomId } = await toCommit('spectator-rights');
  const s1 = await joinById(server.get(), roomId, { spectate: true });
  const s2 = await joinById(server.get(), roomId, { spectate: true });
  open.push(s1, s2);
  await expect(joinById(server.get(), roomId, { spectate: true })).rejects.toThrow(/as many spectators/);
  expect((await s1.expectError('concede')).code).toBe('spectator');
  expect(s1.state.phase).toBe('commit');
  b.send('concede');
  await s1.until(() => s1.state.phase === 'finished', 'finished');
  const e = await s1.expectError('rematch');
  expect(e.code).toBe('spectator');
  a.send('rematch');
  await s1.until(() => s1.state.seats[a.seat].rematch, 'a asks');
  await s1.roundTrip();
  expect(s1.state.phase).toBe('finished'); // one player and a spectator are not two players
  expect(s1.state.seats[b.seat].rematch).toBe(false);
  b.send('rematch');
  await s1.until(() => s1.state.phase === 'factions' && s1.state.matchNo === 2, 'rematch started, spectators stayed');
  expect(s2.closed).toBe(false);
  expect(s1.state.initiative).toBe(b.seat); // the loser of the previous match
  // A spectator who leaves frees a place.
  await s2.leave();
  await s1.until(() => s1.state.spectators === 1, 'one spectator left');
  const s3 = await joinById(server.get(), roomId, { spectate: true });
  open.push(s3);
});

it('a room whose both players drop: timers run on, the budgets run out, the match ends by forfeit with a record', async () => {
  const { a, b, roomId } = await toCommit('both-drop');
  const spec = await joinById(server.get(), roomId, { spectate: true });
  open.push(spec);
  // A drops first; B a driven 10 s later: A's budget runs out first, so A forfeits and B wins.
  a.drop();
  await spec.until(() => !spec.state.seats[a.seat].connected, 'a shown disconnected');
  advanceClock(roomId, 10_000);
  b.drop();
  await spec.until(() => !spec.state.seats[b.seat].connected, 'b shown disconnected');
  // The commit timer keeps running: the round resolves with NONE for both.
  advanceClock(roomId, 51_000);
  await spec.until(() => spec.state.round === 2, 'round 2 without players');
  expect(spec.state.phase).not.toBe('finished');
  advanceClock(roomId, 120_000);
  await spec.until(() => spec.state.phase === 'finished', 'forfeit');
  expect(spec.state.endReason).toBe('forfeit');
  expect(spec.state.winner).toBe(b.seat);
  const ended = await spec.until(() => spec.of('ended').at(-1), 'ended');
  expect(ended.recordId).toBeTruthy();
  // A's seat is gone; B's is still held (its budget is not spent): B comes back to the result.
  await expect(a.reconnect()).rejects.toThrow();
  await b.reconnect();
  await b.until(() => b.state.phase === 'finished' && b.state.winner === b.seat, 'b sees its win');
  await spec.roundTrip(); // the spectator still watches the result
  expect(spec.closed).toBe(false);
  expect(() => serverRoom(roomId)).not.toThrow();
});

it('a second lock-in replaces the sealed commitment for its seat alone; a revise after the round resolved is refused', async () => {
  const { a, b, roomId } = await toCommit('double-lock');
  const spec = await joinById(server.get(), roomId, { spectate: true });
  open.push(spec);
  let n = a.messages.length;
  a.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
  expect(await a.next('commitment', n)).toMatchObject({ lockedIn: true, commitment: { engine: 'N' } });
  n = a.messages.length;
  a.send('commit', { round: 1, commitment: { engine: 'S', cards: [] } }); // double lock-in: the latest one stands
  expect(await a.next('commitment', n)).toMatchObject({ lockedIn: true, commitment: { engine: 'S' } });
  // The opponent may not revise what it has not locked.
  expect((await b.expectError('revise', { round: 1 })).code).toBe('wrong-phase');
  await spec.roundTrip();
  for (const o of [b, spec]) {
    expect(o.of('commitment')).toHaveLength(0);
    expect(o.state.seats[a.seat].lockedIn).toBe(true);
  }
  b.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
  await a.until(() => a.state.round === 2 && a.state.phase === 'commit', 'round 2');
  // Too late to revise round 1: refused, round 2 untouched.
  const e = await a.expectError('revise', { round: 1 });
  expect(['stale', 'wrong-phase']).toContain(e.code);
  expect(a.state.seats[a.seat].lockedIn).toBe(false);
  b.send('concede');
  const ended = await spec.until(() => spec.of('ended').at(-1), 'ended');
  const rec = (await (await fetch(`http://127.0.0.1:${server.get().port}/api/records/${ended.recordId}`)).json()) as {
    rounds: Array<{ commitments: Array<{ engine: string }> }>;
  };
  expect(rec.rounds[0]!.commitments[a.seat]!.engine).toBe('S');
  expect(rec.rounds[0]!.commitments[b.seat]!.engine).toBe('NONE');
});

it('stale and duplicate draft picks are refused by name; the draft goes on from where it was', async () => {
  const a = await quickMatch(server.get(), 'Picky-A');
  const b = await quickMatch(server.get(), 'Picky-B');
  open.push(a, b);
  await a.until(() => a.state.phase === 'factions', 'factions');
  a.send('faction', { faction: 'fpa' });
  b.send('faction', { faction: 'fpa' });
  await a.until(() => a.state.phase === 'draft' && a.state.step === 'pick', 'draft');
  const [first, second] = a.state.turn === a.seat ? [a, b] : [b, a];
  let n = first.messages.length;
  first.send('pick', { slot: 'main', card: 'fpa-mass-driver' });
  await first.until(
    () => first.state.seats[first.seat].main === 'fpa-mass-driver' && first.state.turn === second.seat,
    'first pick',
  );
  // The same pick again (a double click): not this seat's turn any more.
  expect((await first.expectError('pick', { slot: 'main', card: 'fpa-mass-driver' })).code).toBe('not-your-turn');
  second.send('pick', { slot: 'main', card: 'fpa-heavy-lance' });
  await first.until(() => first.state.turn === first.seat, 'first seat again');
  // A pick for a slot already filled, then a swap while the draft is still picking: refused, nothing changes.
  const before = JSON.stringify(first.state.toJSON());
  const e = await first.expectError('pick', { slot: 'main', card: 'fpa-heavy-lance' });
  expect(e.code).toBe('illegal');
  expect(e.message).toMatch(/main|slot|filled|already/i);
  expect((await first.expectError('swap', { slot: 'main', card: 'fpa-heavy-lance' })).code).toBe('wrong-phase');
  await first.roundTrip();
  expect(JSON.stringify(first.state.toJSON())).toBe(before);
  n = first.messages.length;
  first.send('pick', { slot: 'broadside', card: 'fpa-torpedo-racks' });
  await first.until(
    () =>
      first.state.seats[first.seat].broadside === 'fpa-torpedo-racks' ||
      first.messages.slice(n).some((m) => m.type === 'error'),
    'next pick',
  );
  expect(first.messages.slice(n).filter((m) => m.type === 'error')).toEqual([]);
});

it('a player who leaves while the match is being started (a slow listing write) does not leave a match with an empty seat', async () => {
  const a = await quickMatch(server.get(), 'Stayer');
  open.push(a);
  const room = serverRoom(a.room.roomId) as unknown as { setPrivate(v?: boolean): Promise<void> };
  // The listing write takes a while (Redis across the network): the start's write is held at a gate until the second
  // player has left, then completes.
  const setPrivate = room.setPrivate.bind(room);
  const writes: Array<boolean | undefined> = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let startWrites!: () => void;
  const startWriting = new Promise<void>((r) => (startWrites = r));
  let calls = 0;
  room.setPrivate = async (v?: boolean) => {
    if (calls++ === 0) {
      startWrites();
      await gate;
    }
    await setPrivate(v);
    writes.push(v);
  };
  const b = await quickMatch(server.get(), 'Leaver');
  expect(b.room.roomId).toBe(a.room.roomId);
  await startWriting;
  await b.leave();
  await a.until(() => a.state.seats.filter((s) => s.taken).length === 1, "the leaver's seat given up");
  expect(writes).toEqual([]); // the start's write is still under way
  release();
  // The start's write (private), then the one that puts the room back into matchmaking (public).
  await a.until(() => writes.length >= 2, 'the two listing writes');
  await a.roundTrip();
  expect(writes).toEqual([true, false]);
  expect(a.state.phase).toBe('waiting');
  expect(a.state.seats.filter((s: { taken: boolean }) => s.taken)).toHaveLength(1);
  // The room is back in matchmaking: the next stranger gets the seat and the match starts with both.
  const c = await quickMatch(server.get(), 'Newcomer');
  open.push(c);
  expect(c.room.roomId).toBe(a.room.roomId);
  await a.until(() => a.state.phase === 'factions', 'the match starts');
  expect(a.state.seats.map((s: { name: string; connected: boolean }) => [s.name, s.connected]).sort()).toEqual([
    ['Newcomer', true],
    ['Stayer', true],
  ]);
});
