// A match against the computer survives a killed server. The computer's seat and every answer it
// gives go to the write-ahead log as inputs of its seat before the room acts on them, exactly like a player's, so a
// restart seats the computer again and it plays on. One real game-server process (real bot threads, `easy`) holds
// three practice matches, each with a spectator, stopped at: the computer locked in and the human not; a decision
// prompt pending for the human; mid-draft. It is killed with SIGKILL and started again on the same address and
// storage. The human gets back in with the token held before the crash, the spectator rejoins by room id, the human
// plays to the end against the restored computer, and each stored record replays to exactly the events the human and
// the spectator received. Nothing of the computer's sealed commitment reaches a socket, an HTTP answer or a log line
// before the reveal. Once on SQLite, once on a real PostgreSQL.
import type { Room } from '@colyseus/sdk';
import { parseRecord, replayRecord, type MatchRecord } from '@star-eater/engine';
import { describe, expect, it } from 'vitest';
import { attachBot, type BotOptions } from './bot.js';
import { eventsShown } from './event-log.js';
import type { TestClient } from './harness.js';
import {
  createPrivateVia,
  eventually,
  getJson,
  joinByIdVia,
  quickMatchVia,
  spawnServer,
  type ServerProcess,
} from './processes.js';
import { crashRig, picks } from './crash-setup.js';
import { servicesInstalled } from './services.js';

const hasPostgres = servicesInstalled('postgres');
if (!hasPostgres) console.warn('crash-computer.test.ts: PostgreSQL is not installed: the PostgreSQL case is SKIPPED');

/** What a sealed commitment would show in a frame, a response or a log line. */
const SEALED_MARKS = ['"cards"', 'commitment'];

interface Case {
  name: string;
  roomId: string;
  invite: string;
  human: TestClient;
  spec: TestClient;
  spec2?: TestClient;
  /** The observers' frames received up to the check after the restart (all before the computer's reveal). */
  sealedFrames?: number[];
}

function crashSuite(kind: 'sqlite' | 'postgres') {
  // Every answer must be the computer's own (a deadline out of reach: no default stands in for it).
  const rig = crashRig(kind, 'crash-bot', { BOT_THREADS: '1', BOT_THINK_MS: '600000', BOT_OFFER_SECONDS: '1' });
  const track = rig.track;
  let proc: ServerProcess | null = null;

  /** A practice match against `easy`: the human (a scripted client) and a spectator. */
  async function practice(name: string, bot: Omit<BotOptions, 'seed'>): Promise<Case> {
    const p = proc!;
    const human = track(await createPrivateVia(p, { name, bot: 'easy' }));
    const invite = human.of('welcome')[0]!.invite!;
    expect(human.seat).toBe(0);
    expect(human.state.seats[1]).toMatchObject({ name: 'Computer (easy)', bot: 'easy', taken: true });
    attachBot(human.room as Room, { seed: `${name}-human`, ...bot }).seatNo = 0;
    await human.until(() => human.state.phase !== 'waiting', `${name}: the match starts`);
    const spec = track(await joinByIdVia(p, human.room.roomId, { spectate: true, invite }));
    return { name, roomId: human.room.roomId, invite, human, spec };
  }

  it(`kill -9 of a match against the computer on ${kind}: the computer is restored and the human plays it out`, async () => {
    proc = rig.proc = await spawnServer(`crash-bot-${kind}`, { env: rig.env });
    expect((await proc.health()).body.storage).toBe(kind);
    const port = proc.port;

    // (a) The computer locked in, the human not.
    const locked = await practice('locked', { manualCommit: true });
    await locked.spec.until(
      () => locked.spec.state.phase === 'commit' && locked.spec.state.seats[1].lockedIn,
      'locked: the computer locked in',
      60_000,
    );
    expect(locked.spec.state.seats[0].lockedIn).toBe(false);
    // (b) A decision prompt pending for the human: it launched a squadron in round 1 (its fighter prompt).
    const prompt = await practice('prompt', { faction: 'fpa', manualCommit: true, manualDecide: true });
    await prompt.spec.until(() => prompt.spec.state.phase === 'commit', 'prompt: commit window', 60_000);
    prompt.human.send('commit', { round: 1, commitment: { engine: 'NONE', cards: [{ card: 'launch-squadron' }] } });
    const asked = await prompt.human.until(() => prompt.human.of('prompt')[0], 'prompt: the human is asked', 60_000);
    // (c) Mid-draft: three picks or more made, the human's turn (it holds).
    const draft = await practice('draft', { hold: (st) => st.phase === 'draft' && picks(st) >= 3 });
    await draft.spec.until(
      () => draft.spec.state.phase === 'draft' && picks(draft.spec.state) >= 3 && draft.spec.state.turn === 0,
      'draft: three picks, the human to play',
      60_000,
    );
    const picksBefore = picks(draft.spec.state);
    const cases = [locked, prompt, draft];
    // (d) Quick match: a player alone was offered the computer and had not answered yet.
    const alone = track(await quickMatchVia(proc, 'alone'));
    const offered = await alone.until(() => alone.of('computer-offer')[0], 'alone: the offer', 60_000);

    // ------------------------------------------------------------------ the crash
    const first = proc;
    proc.kill('SIGKILL');
    expect(await proc.exited).toBe('SIGKILL');
    proc = rig.proc = await spawnServer(`crash-bot-${kind}-2`, { env: rig.env, port });
    const restarted = proc;
    await eventually(async () => /matches restored from their logs/.test(restarted.output()), 'the restore logged');

    // ------------------------------------------------------------------ back in: the human with its old token
    for (const c of cases) {
      await c.human.until(() => c.human.closed, `${c.name}: the human saw the crash`);
      await c.human.reconnect();
      c.spec2 = track(await joinByIdVia(proc, c.roomId, { spectate: true, invite: c.invite }));
      for (const s of [c.human, c.spec2]) await s.until(() => s.state.seats?.length === 2, `${c.name}: state`);
      // The computer is in its seat again.
      expect(c.spec2.state.seats[1]).toMatchObject({ name: 'Computer (easy)', bot: 'easy', taken: true });
    }

    // The player alone is offered the computer again, accepts, and the computer takes the empty seat.
    await alone.until(() => alone.closed, 'alone: the crash seen');
    await alone.reconnect();
    expect(await alone.until(() => alone.of('computer-offer')[1], 'alone: the offer made again')).toEqual(offered);
    const aloneBot = attachBot(alone.room as Room, { seed: 'alone-after', aggressive: true });
    aloneBot.seatNo = alone.seat;
    alone.send('play-computer', { level: 'easy' });
    await alone.until(() => alone.state.phase !== 'waiting', 'alone: the match against the computer starts');
    expect(alone.state.seats[1 - alone.seat]).toMatchObject({ name: 'Computer (easy)', bot: 'easy' });
    aloneBot.tick();

    // Same point as before the crash: the computer's lock-in is still there (the human's is not); the prompt is asked
    // again with the same id; the draft has the picks it had.
    expect(locked.spec2!.state).toMatchObject({ phase: 'commit', round: 1 });
    expect(locked.spec2!.state.seats[1].lockedIn).toBe(true);
    expect(locked.spec2!.state.seats[0].lockedIn).toBe(false);
    const again = await prompt.human.until(
      () => prompt.human.of('prompt').find((p, i) => i > 0 && p.id === asked.id),
      'prompt: asked again after the restart',
    );
    expect(again.prompt).toEqual(asked.prompt);
    expect(draft.spec2!.state.phase).toBe('draft');
    expect(picks(draft.spec2!.state)).toBe(picksBefore);
    // The computer's sealed commitment reached no observer, before or after the restart.
    for (const o of [locked.human, locked.spec, locked.spec2!]) {
      if (!o.closed) await o.roundTrip();
      const text = Buffer.concat(o.frames).toString('latin1');
      for (const t of SEALED_MARKS) expect(text.includes(t), `"${t}" reached an observer`).toBe(false);
    }
    locked.sealedFrames = [locked.human, locked.spec, locked.spec2!].map((o) => o.frames.length);

    // ------------------------------------------------------------------ the human plays to the end
    for (const c of cases) {
      const bot = attachBot(c.human.room as Room, { seed: `${c.name}-after`, aggressive: true });
      bot.seatNo = 0;
      bot.tick();
      if (c === prompt) prompt.human.send('decide', { prompt: again.id, decision: bot.decide(again.prompt) });
    }
    for (const c of cases)
      await c.spec2!.until(() => c.spec2!.of('ended').length > 0, `${c.name}: the end of the match`, 240_000);

    await alone.until(() => alone.of('ended').length > 0, 'alone: the end of the match', 240_000);

    // ------------------------------------------------------------------ the records replay to what was shown
    const aloneRecord = await storedRecord(proc.url, alone.of('ended')[0]!.recordId);
    const aloneReplay = replayRecord(aloneRecord.body);
    if (!aloneReplay.ok) throw new Error(`alone: replay: ${aloneReplay.error.message}`);
    expect(eventsShown(alone.messages, 'alone')).toEqual(aloneReplay.value.events);
    for (const c of cases) {
      const ended = c.spec2!.of('ended')[0]!;
      expect(ended.recordId, `${c.name}: a record`).toBeTruthy();
      const r = await storedRecord(proc.url, ended.recordId);
      const parsed = parseRecord(r.body);
      if (!parsed.ok) throw new Error(`${c.name}: record: ${parsed.error.path}: ${parsed.error.message}`);
      expect(parsed.value.players.map((p) => p.bot)).toEqual([undefined, 'easy']);
      const replay = replayRecord(parsed.value);
      if (!replay.ok) throw new Error(`${c.name}: replay: ${replay.error.path}: ${replay.error.message}`);
      expect(replay.value.state.winner).toBe(ended.winner === 'draw' ? 'draw' : ended.winner);
      expect(eventsShown(c.human.messages, `${c.name} human`)).toEqual(replay.value.events);
      expect(eventsShown([...c.spec.messages, ...c.spec2!.messages], `${c.name} spectator`)).toEqual(
        replay.value.events,
      );
    }
    // The computer's round-1 commitment of (a), locked in before the crash: none of its cards in what the observers
    // received before its reveal.
    const lockedRecord = await storedRecord(proc.url, locked.spec2!.of('ended')[0]!.recordId);
    const cards = lockedRecord.body.rounds[0]!.commitments[1].cards.map((x) => x.card);
    [locked.human, locked.spec, locked.spec2!].forEach((o, i) => {
      const before = Buffer.concat(o.frames.slice(0, locked.sealedFrames![i])).toString('latin1');
      for (const card of cards) expect(before.includes(card), `${card} shown before the reveal`).toBe(false);
    });
    // Every answer was the computer's own, before and after the restart; no log line carried a commitment.
    const output = first.output() + restarted.output();
    expect(output).not.toMatch(/the computer failed to answer|the computer answered illegally/);
    expect(output).toMatch(/the computer takes a seat/);
    for (const t of SEALED_MARKS) expect(output.includes(t), `"${t}" in a log line`).toBe(false);
  }, 600_000);
}

/**
 * A match's record once stored: `ended` names it as the match ends, and the store's write (another process' database)
 * settles after that, so a read at once may find nothing yet.
 */
const storedRecord = (url: string, id: string | null) =>
  eventually(async () => {
    const r = await getJson<MatchRecord>(`${url}/api/records/${id}`);
    return r.status === 200 ? r : undefined;
  }, `the record ${id} stored`);

describe('a killed server with matches against the computer (SQLite)', () => crashSuite('sqlite'));
describe.skipIf(!hasPostgres)('a killed server with matches against the computer (PostgreSQL)', () =>
  crashSuite('postgres'),
);
