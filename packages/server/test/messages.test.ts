// Every class of invalid message gets an `error` naming what was wrong, the match untouched, the connection kept.
// A flood gets errors, then a disconnect, and the room goes on.
import type { Room } from '@colyseus/sdk';
import { describe, expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { joinById, quickMatch, serverForFile, type TestClient } from './harness.js';

// The flood limiter's clock (RoomDeps.floodClock) runs, except while the flood test holds it: a flood is sent at
// one instant however slowly a loaded machine delivers it (the refill and "one notice a second" are frames.test's).
let heldAt: number | null = null;
const server = serverForFile({ room: { floodClock: () => heldAt ?? performance.now() } });
const open = server.open;

async function pair() {
  const a = await quickMatch(server.get(), 'A');
  const b = await quickMatch(server.get(), 'B');
  const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
  open.push(a, b, spec);
  await a.until(() => a.of('welcome').length && b.of('welcome').length, 'welcomes');
  return { a, b, spec };
}

/** Sends, expects an error with that code, and checks that nothing changed and the socket is still open. */
async function refused(
  c: TestClient,
  watcher: TestClient,
  type: string | number,
  payload: unknown,
  code: string,
  mention?: RegExp,
) {
  const before = JSON.stringify(watcher.state.toJSON());
  const e = await c.expectError(type, payload);
  expect(e.code, `${String(type)} ${JSON.stringify(payload)} → ${e.message}`).toBe(code);
  if (mention) expect(e.message).toMatch(mention);
  await watcher.roundTrip();
  expect(JSON.stringify(watcher.state.toJSON())).toBe(before);
  expect(c.closed).toBe(false);
  return e;
}

describe('invalid messages', () => {
  it('are refused by class with the state unchanged and the connection alive', async () => {
    const { a, b, spec } = await pair();
    await a.until(() => a.state.phase === 'factions', 'factions');
    // Draft, by hand: factions, then the seat without the turn tries to pick.
    a.send('faction', { faction: 'fpa' });
    // Sealed: the others see that a chose, not what.
    await spec.until(() => spec.state.seats?.[a.seat]?.lockedIn, 'choice shown as made');
    expect(spec.state.seats[a.seat].faction).toBe('');
    await refused(a, spec, 'faction', { faction: 'lamais' }, 'wrong-phase', /already/);
    b.send('faction', { faction: 'lamais' });
    await a.until(() => a.state.phase === 'draft', 'draft');
    const turn = a.state.turn as 0 | 1;
    const [mover, waiter] = a.seat === turn ? [a, b] : [b, a];
    await refused(waiter, spec, 'pick', { slot: 'main', card: 'fpa-mass-driver' }, 'not-your-turn', /turn/);
    // Bad type, bad shapes and ranges, naming the field.
    await refused(mover, spec, 'launch-the-nukes', {}, 'bad-type', /launch-the-nukes/);
    await refused(mover, spec, 42, {}, 'bad-type');
    await refused(mover, spec, 'pick', { slot: 'main' }, 'bad-payload', /card/);
    await refused(mover, spec, 'pick', { slot: 'hull', card: 'x' }, 'bad-payload');
    await refused(mover, spec, 'munitions', { munitions: [1, 2, 99] }, 'bad-payload', /munitions\[2\]/);
    await refused(mover, spec, 'pick', 'not an object', 'bad-payload');
    // Wrong phase: a commitment or an answer during the draft.
    await refused(mover, spec, 'commit', { round: 1, commitment: { engine: 'N', cards: [] } }, 'wrong-phase', /commit/);
    await refused(
      mover,
      spec,
      'decide',
      { prompt: 1, decision: { kind: 'fighter', answer: { kind: 'pass' } } },
      'wrong-phase',
    );
    await refused(mover, spec, 'rematch', {}, 'wrong-phase');
    // Ownership: a card from the other faction's deck.
    const mine = mover.state.seats[mover.seat].faction;
    await refused(
      mover,
      spec,
      'pick',
      { slot: 'main', card: mine === 'fpa' ? 'lamais-spinal-railgun' : 'fpa-mass-driver' },
      'illegal',
      /deck/,
    );
    // Spectators change nothing.
    await refused(spec, spec, 'pick', { slot: 'main', card: 'fpa-mass-driver' }, 'spectator', /spectators/);
    await refused(spec, spec, 'concede', undefined, 'spectator');

    // Let bots finish the draft, then the commitment window.
    for (const c of [a, b]) {
      const bot = attachBot(c.room as Room, { seed: `bot-${c.seat}`, manualCommit: true });
      bot.seatNo = c.seat;
      bot.tick();
    }
    await a.until(() => a.state.phase === 'commit', 'commit window');
    await refused(a, spec, 'commit', { round: 7, commitment: { engine: 'N', cards: [] } }, 'stale', /round 7/);
    await refused(
      a,
      spec,
      'commit',
      { round: 1, commitment: { engine: 'N', cards: [{ card: 'port-broadside', aim: 'sideways' }] } },
      'bad-payload',
      /cards\[0\]\.aim/,
    );
    // A malformed card play is the payload's fault; what the ship cannot do (its special ability takes a section or
    // a component, by faction) is the engine's refusal.
    await refused(
      a,
      spec,
      'commit',
      { round: 1, commitment: { engine: 'N', cards: [{ card: 'squadron-maintenance' }] } },
      'bad-payload',
      /cards\[0\]\.munitions: required/,
    );
    await refused(
      a,
      spec,
      'commit',
      { round: 1, commitment: { engine: 'N', cards: [{ card: 'special-ability' }] } },
      'illegal',
      /cards\[0\]\.(section|component): required for/,
    );
    await refused(a, spec, 'revise', { round: 1 }, 'wrong-phase', /not locked/);
    await refused(a, spec, 'pick', { slot: 'main', card: 'fpa-mass-driver' }, 'wrong-phase');
    await refused(spec, spec, 'commit', { round: 1, commitment: { engine: 'N', cards: [] } }, 'spectator');
    // And a valid message still works on the same connection.
    const n = a.messages.length;
    a.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    expect(await a.next('commitment', n)).toMatchObject({ lockedIn: true });
  });

  it('rate-limits a flood, then disconnects it, and the room keeps going', async () => {
    const { a, b, spec } = await pair();
    await a.until(() => a.state.phase === 'factions', 'factions');
    heldAt = performance.now();
    try {
      for (let i = 0; i < 80; i++) a.send('revise', { round: 1 });
      await a.until(() => a.of('error').some((e) => e.code === 'rate-limited'), 'a rate-limited error');
      expect(a.closed).toBe(false);
      // The other seat is not slowed down.
      b.send('faction', { faction: 'lamais' });
      await spec.until(() => spec.state.seats[b.seat].lockedIn, 'the other seat acts');
      // A flood that goes on is disconnected; the seat is held as for any drop.
      for (let i = 0; i < 400; i++) a.send('revise', { round: 1 });
      await a.until(() => a.closed, 'disconnect');
      // One notice for the whole flood (the same second), not one per message.
      expect(a.of('error').filter((e) => e.code === 'rate-limited')).toHaveLength(1);
    } finally {
      heldAt = null;
    }
    await spec.until(() => !spec.state.seats[a.seat].connected, 'seat shown dropped');
    expect(spec.state.seats[a.seat].taken).toBe(true);
    expect(spec.state.phase).toBe('factions');
  });
});
