// A live match survives a killed server. One real game-server process holds matches stopped at every
// point of a match — waiting for the second player, faction choice, mid-draft, a commitment window with one seat
// locked, a decision prompt pending, between rounds, just after the final blow (its record not stored yet), and a
// commitment timer running — with a spectator each; it is killed with SIGKILL and started again on the same address
// and storage. Every seat's real SDK client gets back in with the token it held before the crash, spectators rejoin by
// room id, the matches play on to their end, and each stored record replays to exactly the events both seats and the
// spectator received across the crash. Once on SQLite, once on a real PostgreSQL.
import { DatabaseSync } from 'node:sqlite';
import { parseRecord, receiptMatches, replayRecord, type Commitment, type MatchRecord } from '@star-eater/engine';
import type { Room } from '@colyseus/sdk';
import { bytesToHex, hexToBytes, type ServerMessages } from '@star-eater/protocol';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { frameKind } from '../src/colyseus-internals.js';
import { attachBot, type Bot, type BotOptions } from './bot.js';
import { eventsShown } from './event-log.js';
import type { TestClient } from './harness.js';
import { createPrivateVia, eventually, getJson, joinByIdVia, spawnServer, type ServerProcess } from './processes.js';
import { crashRig, picks } from './crash-setup.js';
import { servicesInstalled } from './services.js';

const hasPostgres = servicesInstalled('postgres');
if (!hasPostgres) console.warn('crash.test.ts: PostgreSQL is not installed: the PostgreSQL case is SKIPPED');

/** The sealed commitment of the locked seat: strings a leak would show. */
const SEALED: Commitment = {
  engine: 'SW',
  cards: [
    { card: 'port-broadside', aim: 'aft' },
    { card: 'vent-coolant', component: 'pointDefence' },
  ],
};
const TELLTALES = ['port-broadside', 'vent-coolant', 'pointDefence', '"cards"', 'commitment'];

interface Case {
  name: string;
  roomId: string;
  invite: string;
  seats: TestClient[];
  spec: TestClient | null;
  /** The spectator's client after the restart (its messages continue the first one's). */
  spec2?: TestClient;
}

function crashSuite(kind: 'sqlite' | 'postgres') {
  const rig = crashRig(kind, 'crash');
  const track = rig.track;
  let proc: ServerProcess | null = null;

  /** A private room: its creator (seat 0), and the invited guest and a spectator unless `alone`. */
  async function room(
    name: string,
    bots: (seat: 0 | 1) => BotOptions | null,
    opts: { alone?: boolean; timers?: { commit: number } } = {},
  ) {
    const p = proc!;
    const c0 = track(await createPrivateVia(p, { name: `${name}-0`, ...(opts.timers ? { timers: opts.timers } : {}) }));
    const invite = c0.of('welcome')[0]!.invite!;
    const c: Case = { name, roomId: c0.room.roomId, invite, seats: [c0], spec: null };
    if (opts.alone) return c;
    const c1 = track(await joinByIdVia(p, c.roomId, { name: `${name}-1`, invite }));
    c.seats.push(c1);
    for (const s of c.seats) {
      const o = bots(s.seat);
      if (!o) continue;
      const bot = attachBot(s.room as Room, o);
      bot.seatNo = s.seat;
      bot.tick();
    }
    await c0.until(() => c0.state.phase !== 'waiting', `${name}: the match starts`);
    c.spec = track(await joinByIdVia(p, c.roomId, { spectate: true, invite }));
    return c;
  }

  const seatOf = (c: Case, seat: 0 | 1) => c.seats.find((s) => s.seat === seat)!;

  it(`kill -9 at every point of a match on ${kind}: everyone gets back in and plays to the end`, async () => {
    proc = rig.proc = await spawnServer(`crash-${kind}`, { env: rig.env });
    expect((await proc.health()).body.storage).toBe(kind);
    const port = proc.port;
    const cases: Case[] = [];

    // Waiting for the second player.
    const waiting = await room('waiting', () => null, { alone: true });
    cases.push(waiting);
    // Faction choice: seat 0 has chosen, seat 1 not yet.
    const factions = await room('factions', (seat) => ({ seed: `f${seat}`, faction: 'fpa', hold: () => seat === 1 }));
    await factions.spec!.until(() => factions.spec!.state.seats[0].lockedIn, 'factions: seat 0 chose (sealed)');
    cases.push(factions);
    // Mid-draft: three picks made.
    const draft = await room('draft', (seat) => ({
      seed: `d${seat}`,
      hold: (st) => st.phase === 'draft' && picks(st) >= 3,
    }));
    await draft.spec!.until(
      () => draft.spec!.state.phase === 'draft' && picks(draft.spec!.state) >= 3,
      'draft: 3 picks',
    );
    cases.push(draft);
    // Commitment window, seat 0 locked in with a sealed commitment.
    const locked = await room('locked', (seat) => ({ seed: `l${seat}`, manualCommit: true }));
    await locked.spec!.until(() => locked.spec!.state.phase === 'commit', 'locked: commit window');
    seatOf(locked, 0).send('commit', { round: 1, commitment: SEALED });
    await locked.spec!.until(() => locked.spec!.state.seats[0].lockedIn, 'locked: seat 0 locked in');
    const sealedEcho = await seatOf(locked, 0).until(() => seatOf(locked, 0).of('commitment')[0], 'locked: the echo');
    const other = seatOf(locked, 1);
    const receiptBefore = await other.until(
      () => other.of('receipt').find((r) => r.seat === 0)?.hash,
      'locked: receipt',
    );
    cases.push(locked);
    // A decision prompt pending (seat 0 launched a squadron: its fighter prompt).
    const prompt = await room('prompt', (seat) => ({
      seed: `p${seat}`,
      faction: 'fpa',
      manualCommit: true,
      manualDecide: true,
    }));
    await prompt.spec!.until(() => prompt.spec!.state.phase === 'commit', 'prompt: commit window');
    seatOf(prompt, 0).send('commit', {
      round: 1,
      commitment: { engine: 'NONE', cards: [{ card: 'launch-squadron' }] },
    });
    seatOf(prompt, 1).send('commit', { round: 1, commitment: { engine: 'NONE', cards: [] } });
    const asked = await seatOf(prompt, 0).until(() => seatOf(prompt, 0).of('prompt')[0], 'prompt: the fighter prompt');
    cases.push(prompt);
    // Between rounds: round 1 resolved, round 2's window open, nobody locked.
    const between = await room('between', (seat) => ({ seed: `b${seat}`, manualCommit: true }));
    await between.spec!.until(() => between.spec!.state.phase === 'commit', 'between: commit window');
    for (const s of between.seats) s.send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await between.spec!.until(
      () => between.spec!.state.round === 2 && between.spec!.state.phase === 'commit',
      'between: round 2',
    );
    cases.push(between);
    // Just after the final blow.
    const final = await room('final', (seat) => ({ seed: `e${seat}`, manualCommit: true }));
    await final.spec!.until(() => final.spec!.state.phase === 'commit', 'final: commit window');
    seatOf(final, 1).send('concede');
    const told = await final.spec!.until(() => final.spec!.of('ended')[0], 'final: the end');
    cases.push(final);
    // A commitment timer running (5 s), seat 0 locked, seat 1 not.
    const timer = await room('timer', (seat) => ({ seed: `t${seat}`, manualCommit: true }), { timers: { commit: 5 } });
    await timer.spec!.until(() => timer.spec!.state.phase === 'commit', 'timer: commit window');
    seatOf(timer, 0).send('commit', { round: 1, commitment: { engine: 'N', cards: [] } });
    await timer.spec!.until(() => timer.spec!.state.seats[0].lockedIn, 'timer: seat 0 locked in');
    const deadlineBefore = timer.spec!.state.deadline as number;
    const lastInputAt = Date.now(); // the lock-in was logged before this
    cases.push(timer);

    // ------------------------------------------------------------------ the crash
    const killedAt = Date.now();
    proc.kill('SIGKILL');
    expect(await proc.exited).toBe('SIGKILL');
    // "Before the record is stored": whatever the writer managed before the kill, the record is not there.
    await deleteRecord(kind, rig.env, told.recordId!);
    const restartAt = Date.now();
    proc = rig.proc = await spawnServer(`crash-${kind}-2`, { env: rig.env, port });
    const readyAt = Date.now(); // /health answers 200 once the matches are restored (503 "restoring" before)
    const restarted = proc;
    await eventually(async () => /matches restored from their logs/.test(restarted.output()), 'the restore logged');

    // ------------------------------------------------------------------ back in, with the old tokens
    for (const c of cases) {
      for (const s of c.seats) {
        await s.until(() => s.closed, `${c.name}: seat ${s.seat} saw the crash`);
        await s.reconnect();
      }
      if (c.spec) c.spec2 = track(await joinByIdVia(proc, c.roomId, { spectate: true, invite: c.invite }));
    }
    for (const c of cases)
      for (const s of [...c.seats, ...(c.spec2 ? [c.spec2] : [])])
        await s.until(() => s.state.seats?.length === 2, `${c.name}: state after the restart`);

    // Same phase as before the crash.
    expect(seatOf(waiting, 0).state.phase).toBe('waiting');
    expect(factions.spec2!.state.phase).toBe('factions');
    expect(factions.spec2!.state.seats[0].lockedIn).toBe(true); // sealed until both chose
    expect(draft.spec2!.state.phase).toBe('draft');
    expect(picks(draft.spec2!.state)).toBeGreaterThanOrEqual(3);
    expect(between.spec2!.state).toMatchObject({ phase: 'commit', round: 2 });
    expect(final.spec2!.state).toMatchObject({ phase: 'finished', recordId: told.recordId });

    // The locked seat is still locked; its commitment went back to it alone (the leak test, after the restore).
    const lockedSeat = seatOf(locked, 0);
    await lockedSeat.until(() => lockedSeat.of('commitment').length > 1, 'locked: the echo after the restart');
    expect(lockedSeat.of('commitment').at(-1)).toEqual(sealedEcho);
    expect(sealedEcho).toMatchObject({ round: 1, lockedIn: true, commitment: { engine: SEALED.engine } });
    for (const o of [seatOf(locked, 1), locked.spec2!]) {
      await o.until(() => o.state.phase === 'commit' && o.state.seats[0].lockedIn, 'locked: lockedIn seen');
      await o.roundTrip();
      expect(o.of('commitment').filter((m) => m.round === 1 && m.commitment?.engine === 'SW')).toEqual([]);
      const text = Buffer.concat(o.frames).toString('latin1');
      for (const t of TELLTALES) expect(text.includes(t), `"${t}" reached an observer`).toBe(false);
    }

    // The pending prompt is asked again, same id; the answer goes through.
    const decider = seatOf(prompt, 0);
    const again = await decider.until(
      () => decider.of('prompt').find((p, i) => i > 0 && p.id === asked.id),
      'prompt: asked again after the restart',
    );
    expect(again.prompt).toEqual(asked.prompt);

    // The timer resumes with the time it had left (extended by the downtime), then takes the default (NONE).
    // The shift is the time from the process' last sign of life (its last input or heartbeat, between the lock-in and
    // the kill) to the restore (between the restart and /health's 200).
    const shift = (timer.spec2!.state.deadline as number) - deadlineBefore;
    expect(shift).toBeGreaterThanOrEqual(restartAt - killedAt);
    expect(shift).toBeLessThanOrEqual(readyAt - lastInputAt);
    // (Whether it runs out before or after the clients are back, the round resolves: its record says how, below.)
    await timer.spec2!.until(() => timer.spec2!.state.round >= 2, 'timer: round 1 resolved by the timer');

    // The second player of the waiting room arrives; everyone plays on to the end.
    const guest = track(await joinByIdVia(proc, waiting.roomId, { name: 'waiting-1', invite: waiting.invite }));
    waiting.seats.push(guest);
    await seatOf(waiting, 0).until(() => seatOf(waiting, 0).state.phase !== 'waiting', 'waiting: the match starts');
    waiting.spec2 = track(await joinByIdVia(proc, waiting.roomId, { spectate: true, invite: waiting.invite }));
    const bots: Bot[] = [];
    for (const c of cases) {
      if (c === final) continue;
      for (const s of c.seats) {
        const bot = attachBot(s.room as Room, { seed: `${c.name}-after-${s.seat}`, aggressive: true });
        bot.seatNo = s.seat;
        bots.push(bot);
        bot.tick();
      }
      const p = await decider.of('prompt').at(-1);
      if (c === prompt && p) decider.send('decide', { prompt: p.id, decision: bots.at(-2)!.decide(p.prompt) });
    }
    // Two more rounds after the restart, then seat 0 concedes: the match ends, its record is stored.
    for (const c of cases) {
      if (c === final) continue;
      const watch = c.spec2!;
      const from = Math.max(1, watch.state.round as number);
      await watch.until(
        () => watch.state.round >= from + 2 || watch.state.phase === 'finished',
        `${c.name}: two rounds on`,
        60_000,
      );
      if (watch.state.phase !== 'finished') seatOf(c, 0).send('concede');
      await watch.until(() => watch.of('ended').length > 0, `${c.name}: the end`);
    }

    // ------------------------------------------------------------------ the records replay to what everyone saw
    for (const c of cases) {
      const ended = c.spec2!.of('ended')[0] ?? c.spec!.of('ended')[0]!;
      expect(ended.recordId, `${c.name}: a record`).toBeTruthy();
      const r = await getJson(`${proc.url}/api/records/${ended.recordId}`);
      expect(r.status, `${c.name}: record stored`).toBe(200);
      const parsed = parseRecord(r.body);
      if (!parsed.ok) throw new Error(`${c.name}: record: ${parsed.error.path}: ${parsed.error.message}`);
      const replay = replayRecord(parsed.value);
      if (!replay.ok) throw new Error(`${c.name}: replay: ${replay.error.path}: ${replay.error.message}`);
      for (const s of c.seats) expect(eventsShown(s.messages, `${c.name} seat ${s.seat}`)).toEqual(replay.value.events);
      const watched = [...(c.spec?.messages ?? []), ...c.spec2!.messages];
      expect(eventsShown(watched, `${c.name} spectator`)).toEqual(replay.value.events);
    }
    // The commit receipt published before the crash is the one shown after it and checked at the reveal:
    // the restored lock-in drew the same salt (from the match's salt key, in its input log).
    const spec2 = locked.spec2!;
    expect(spec2.of('receipt').find((r) => r.round === 1 && r.seat === 0)?.hash).toEqual(receiptBefore);
    const lockedRecord = await getJson<MatchRecord>(`${proc.url}/api/records/${spec2.of('ended')[0]!.recordId}`);
    const round1 = lockedRecord.body.rounds[0]!;
    expect(round1.receipts?.[0]?.hash).toBe(bytesToHex(receiptBefore));
    expect(receiptMatches(round1.commitments[0]!, round1.receipts![0]!.salt, round1.receipts![0]!.hash)).toBe(true);
    // The restored match goes on issuing receipts that verify: every round's, each the hash the spectator was sent.
    expect(lockedRecord.body.rounds.length).toBeGreaterThanOrEqual(3);
    for (const [i, rd] of lockedRecord.body.rounds.entries())
      for (const seat of [0, 1] as const) {
        const sent = spec2.of('receipt').findLast((r) => r.round === i + 1 && r.seat === seat)?.hash;
        expect(rd.receipts?.[seat]?.hash, `round ${i + 1} seat ${seat}`).toBe(sent && bytesToHex(sent));
        expect(receiptMatches(rd.commitments[seat], rd.receipts![seat]!.salt, rd.receipts![seat]!.hash)).toBe(true);
      }
    // No salt went out before its reveal, across the crash: the first frame to hold round 1's salt of the locked seat is
    // the reveal, after the restart (the spectator before the crash never saw it).
    const salt1 = Buffer.from(hexToBytes(round1.receipts![0]!.salt)).toString('latin1');
    const firstWith = (o: TestClient) => o.frames.find((f) => Buffer.from(f).toString('latin1').includes(salt1));
    expect(firstWith(locked.spec!)).toBeUndefined();
    for (const o of [seatOf(locked, 0), seatOf(locked, 1), spec2])
      expect(frameKind(firstWith(o)!)).toBe('receipts-revealed');
    // The timer's default for the seat that had not locked in: NONE, no cards (RULES §7).
    const timed = await getJson<MatchRecord>(`${proc.url}/api/records/${timer.spec2!.of('ended')[0]!.recordId}`);
    expect(timed.body.rounds[0]!.commitments[1]).toEqual({ engine: 'NONE', cards: [] });
    expect(timed.body.rounds[0]!.commitments[0]).toEqual({ engine: 'N', cards: [] });
  }, 240_000);
}

/** Deletes a stored record, as if the kill had come before its write. */
async function deleteRecord(kind: 'sqlite' | 'postgres', env: Record<string, string>, id: string) {
  if (kind === 'sqlite') {
    const db = new DatabaseSync(env.SQLITE_PATH!);
    db.prepare('DELETE FROM records WHERE id = ?').run(id);
    db.close();
    return;
  }
  const c = new pg.Client({ connectionString: env.DATABASE_URL });
  await c.connect();
  await c.query('DELETE FROM records WHERE id = $1', [id]);
  await c.end();
}

describe('a killed server (SQLite)', () => crashSuite('sqlite'));
describe.skipIf(!hasPostgres)('a killed server (PostgreSQL)', () => crashSuite('postgres'));

export type { ServerMessages };
