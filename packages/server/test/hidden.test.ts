// Hidden information (RULES §4.1, §7): while one seat is locked in and the other is not, nothing of the sealed
// commitment reaches the opponent or a spectator: not in a raw frame, a decoded patch, a message, a log line or an
// HTTP answer. The proof: whatever the commitment, the bytes they receive are the same.
import { Writable } from 'node:stream';
import { Protocol } from '@colyseus/core';
import { createRng, randomCommitment, receiptMatches, type Commitment, type MatchState } from '@star-eater/engine';
import type { Room } from '@colyseus/sdk';
import { bytesToHex } from '@star-eater/protocol';
import pino from 'pino';
import { expect, it } from 'vitest';
import { attachBot } from './bot.js';
import { joinById, quickMatch, serverForFile, serverRoom } from './harness.js';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});
const server = serverForFile({
  log: pino({ level: 'debug' }, sink),
  room: { rateLimit: { burst: 1000, perSecond: 1000, disconnectAfter: 1000 } },
});
const open = server.open;

/** msgpack's bin8 header of 32 bytes: a receipt's hash follows. */
const HASH = Buffer.from([0xc4, 0x20]);
/** The frames (not the pings) as text, each receipt hash (a fresh salt every time) masked. */
const masked = (frames: Uint8Array[]) =>
  frames
    .filter((f) => f[0] !== Protocol.PING)
    .map((f) => {
      const b = Buffer.from(f);
      for (let at = b.indexOf(HASH); at >= 0; at = b.indexOf(HASH, at + 34)) b.fill(0x48, at + 2, at + 34);
      return b.toString('latin1');
    });
/** Strings that would betray a commitment's content. */
function telltales(c: Commitment): string[] {
  const out = new Set<string>();
  for (const card of c.cards) for (const v of Object.values(card)) if (typeof v === 'string') out.add(v);
  out.add('"cards"');
  out.add('commitment');
  return [...out];
}

it('keeps a locked commitment from the opponent and the spectators, whatever it is', async () => {
  const a = await quickMatch(server.get(), 'Sealer');
  const b = await quickMatch(server.get(), 'Watcher');
  open.push(a, b);
  await a.until(() => a.of('welcome').length && b.of('welcome').length, 'welcomes');
  for (const c of [a, b]) {
    const bot = attachBot(c.room as Room, { seed: `hidden-${c.seat}`, manualCommit: true });
    bot.seatNo = c.seat;
    bot.tick();
  }
  const spec = await joinById(server.get(), a.room.roomId, { spectate: true });
  open.push(spec);
  await a.until(() => a.state.phase === 'commit' && spec.state.phase === 'commit', 'commit window');
  const match = (serverRoom(a.room.roomId) as unknown as { match: { match: MatchState } }).match.match;
  const rng = createRng('hidden-information');
  const observers = [b, spec];
  const seen: string[][][] = [[], []];
  const baseline = observers.map((o) => JSON.stringify(o.state.toJSON()));

  for (let trial = 0; trial < 30; trial++) {
    let c = randomCommitment(match, a.seat, rng);
    if (trial === 0)
      c = {
        engine: 'SW',
        cards: [
          { card: 'port-broadside', aim: 'aft' },
          { card: 'vent-coolant', component: 'pointDefence' },
        ],
      };
    const starts = observers.map((o) => o.frames.length);
    const msgStarts = observers.map((o) => o.messages.length);
    const n = a.messages.length;
    a.send('commit', { round: 1, commitment: c });
    const echo = await a.until(
      () => a.messages.slice(n).find((m) => m.type === 'commitment' && m.msg.lockedIn)?.msg,
      'echo',
    );
    expect(echo).toEqual({ round: 1, commitment: c, lockedIn: true });
    for (const o of observers) await o.until(() => o.state.seats[a.seat].lockedIn, 'lockedIn seen');
    // Decoded state: exactly the baseline but for lockedIn.
    observers.forEach((o, i) => {
      const now = JSON.parse(JSON.stringify(o.state.toJSON()));
      expect(now.seats[a.seat].lockedIn).toBe(true);
      now.seats[a.seat].lockedIn = false;
      expect(JSON.stringify(now)).toBe(baseline[i]);
    });
    a.send('revise', { round: 1 });
    for (const o of observers) await o.until(() => !o.state.seats[a.seat].lockedIn, 'unlock seen');
    await a.until(() => a.messages.slice(n).some((m) => m.type === 'commitment' && !m.msg.lockedIn), 'unlock echo');
    observers.forEach((o, i) => {
      const frames = o.frames.slice(starts[i]);
      // The receipt's hash differs every time (a fresh salt): the rest must be the same bytes.
      seen[i]!.push(masked(frames));
      // No message but the receipt (a hash at lock-in, null at the revise), and no frame carries a telltale.
      const got = o.messages.slice(msgStarts[i]!);
      expect(got.map((m) => m.type)).toEqual(['receipt', 'receipt']);
      expect(got[0]!.msg).toEqual({ round: 1, seat: a.seat, hash: expect.any(Uint8Array) });
      expect((got[0]!.msg as { hash: Uint8Array }).hash).toHaveLength(32);
      expect(got[1]!.msg).toEqual({ round: 1, seat: a.seat, hash: null });
      const text = Buffer.concat(frames).toString('latin1');
      for (const t of telltales(c)) expect(text.includes(t), `"${t}" in a frame`).toBe(false);
    });
  }
  // Identical bytes whatever the commitment: the frames carry no information about it.
  for (const perObserver of seen) for (const trial of perObserver) expect(trial).toEqual(perObserver[0]);

  // Nothing in the HTTP answers or the log lines either.
  const http = (
    await Promise.all(['/api/matches', '/health'].map((p) => fetch(`${server.get().url}${p}`).then((r) => r.text())))
  ).join('');
  expect(http).not.toMatch(/port-broadside|vent-coolant|"engine"/);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('')).not.toMatch(/port-broadside|vent-coolant|"engine":|"cards"/);

  // Once both are locked, the commitments are revealed to everyone at once.
  a.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
  const before = spec.messages.length;
  b.send('commit', { round: 1, commitment: { engine: 'S', cards: [] } });
  const ev = await spec.next('events', before);
  const revealed = ev.events.find((e) => e.type === 'cards-revealed');
  expect(revealed).toBeTruthy();
  // The salts came just before the events, and each receipt published at lock-in checks out.
  const reveal = spec.of('receipts-revealed').at(-1)!;
  expect(reveal.round).toBe(1);
  for (const s of [0, 1] as const) {
    const salt = bytesToHex(reveal.salts[s]!)!;
    const hash = bytesToHex(
      spec
        .of('receipt')
        .filter((m) => m.seat === s)
        .at(-1)!.hash!,
    )!;
    expect(receiptMatches((revealed as { commitments: Commitment[] }).commitments[s]!, salt, hash)).toBe(true);
  }
  expect(spec.of('commitment')).toEqual([]);
  await b.until(() => b.of('commitment').length > 0, 'echo to b');
  expect(b.of('commitment').map((m) => m.commitment)).toEqual([{ engine: 'S', cards: [] }]);
});
