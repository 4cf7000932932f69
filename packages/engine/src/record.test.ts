import { describe, expect, it } from 'vitest';
import { DIRS } from './hex.js';
import { commitmentHash } from './receipt.js';
import { parseRecord } from './record.js';
import { replayJson, replayRecord } from './replay.js';
import { resolveRound } from './round.js';
import { simulateMatch } from './simulate.js';

describe('RULES §10: the match record', () => {
  const m = simulateMatch('record-test', 0);

  it('RULES §10: a simulated record parses and replays to the same end', () => {
    const parsed = parseRecord(JSON.parse(JSON.stringify(m.record)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = replayRecord(parsed.value);
    expect(r.ok && r.value.state.winner).toBe(m.winner);
  });

  it('RULES §10: optional fields default (variants, scenario, draft, end, decisions)', () => {
    const { variants: _v, scenario: _s, draft: _d, end: _e, ...bare } = m.record;
    const parsed = parseRecord({ ...bare, rounds: bare.rounds.map((r) => ({ commitments: r.commitments })) });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.variants).toEqual({ rangeBands: false, initiativeRoll: false, criticalHits: false });
    expect(parsed.value.scenario).toBe('standard');
    // decisions that run out take the time-out defaults: the replay still completes
    expect(replayRecord(parsed.value).ok).toBe(true);
  });

  it('RULES §10: the optional bot on a player is kept, checked, and changes no replay', () => {
    const players = [{ ...m.record.players[0] }, { ...m.record.players[1], bot: 'hard' }];
    const parsed = parseRecord(JSON.parse(JSON.stringify({ ...m.record, players })));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.players.map((p) => p.bot)).toEqual([undefined, 'hard']);
    const r = replayRecord(parsed.value);
    expect(r.ok && r.value.state.winner).toBe(m.winner);
    const bad = parseRecord({ ...m.record, players: [m.record.players[0], { ...m.record.players[1], bot: 3 }] });
    expect(!bad.ok && bad.error.path).toBe('record.players[1].bot');
  });

  it.each([
    [{ format: 'other/9' }, 'record.format'],
    [{ seed: 'not hex!' }, 'record.seed'],
    [{ initiative: 2 }, 'record.initiative'],
    [{ players: [] }, 'record.players'],
    [{ rounds: [{ commitments: [{}] }] }, 'record.rounds[0].commitments'],
    [{ rounds: [{ commitments: [{}, {}], decisions: [{ kind: 'nope' }] }] }, 'record.rounds[0].decisions[0].kind'],
    [{ end: { winner: 5, reason: 'destroyed' } }, 'record.end.winner'],
    [{ variants: { rangeBands: 'yes' } }, 'record.variants.rangeBands'],
  ])('RULES §10: a malformed record names its first bad field (%j)', (patch, path) => {
    const r = parseRecord({ ...m.record, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe(path);
  });

  it('RULES §10: an end that the replay does not reach is refused', () => {
    const r = replayRecord({
      ...m.record,
      rounds: m.record.rounds.slice(0, 1),
      end: { winner: 0, reason: 'destroyed' },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe('record.end');
  });

  it('RULES §10: a concession at the end of the record ends the match with that winner', () => {
    const r = replayRecord({ ...m.record, rounds: m.record.rounds.slice(0, 2), end: { winner: 1, reason: 'concede' } });
    expect(r.ok).toBe(true);
    if (r.ok) expect([r.value.state.winner, r.value.state.endReason]).toEqual([1, 'concede']);
  });

  it('RULES §10, §4.6: a concession during a round replays that round up to the decisions given, then the end', () => {
    // A round that asked for decisions: the match is conceded while its second prompt is open.
    const i = m.record.rounds.findIndex((r) => r.decisions.length >= 2);
    expect(i).toBeGreaterThanOrEqual(0);
    const before = replayRecord({ ...m.record, rounds: m.record.rounds.slice(0, i), end: undefined });
    expect(before.ok).toBe(true);
    if (!before.ok) return;
    const round = m.record.rounds[i]!;
    const interrupted = { commitments: round.commitments, decisions: round.decisions.slice(0, 1) };
    const seen = resolveRound(before.value.state, round.commitments, interrupted.decisions);
    if (seen.status !== 'awaiting') throw new Error(`round ${i} did not stop at its second prompt`);
    const parsed = parseRecord(
      JSON.parse(
        JSON.stringify({
          ...m.record,
          rounds: m.record.rounds.slice(0, i),
          end: { winner: 0, reason: 'concede', interrupted },
        }),
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = replayRecord(parsed.value);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ended = { type: 'match-ended', winner: 0, reason: 'concede' };
    // Exactly what the players were shown: the rounds before, the interrupted round so far, the end.
    expect(r.value.events).toEqual([...before.value.events, ...seen.events, ended]);
    expect(r.value.rounds.at(-1)).toEqual([...seen.events, ended]);
    expect([r.value.state.winner, r.value.state.endReason]).toEqual([0, 'concede']);
    // The interrupted round resolved to its end belongs in rounds; an interruption without concede or forfeit too.
    const whole = { commitments: round.commitments, decisions: round.decisions };
    const wrong = replayRecord({ ...parsed.value, end: { winner: 0, reason: 'concede', interrupted: whole } });
    expect(!wrong.ok && wrong.error.path).toBe('record.end.interrupted');
    const notEarly = replayRecord({ ...parsed.value, end: { winner: 0, reason: 'destroyed', interrupted } });
    expect(!notEarly.ok && notEarly.error.path).toBe('record.end.interrupted');
  });

  it('RULES §10: rounds after the end are refused', () => {
    const extra = { ...m.record, rounds: [...m.record.rounds, m.record.rounds[0]!] };
    const r = replayRecord(extra);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe(`record.rounds[${m.record.rounds.length}]`);
  });

  it('RULES §10: directions are names in the record, the events and the state', () => {
    const launches = m.record.rounds.flatMap((r) =>
      r.decisions.flatMap((d) => (d.kind === 'fighter' && d.answer.kind === 'launch' ? [d.answer.facing] : [])),
    );
    expect(launches.length).toBeGreaterThan(0);
    for (const f of launches) expect(DIRS).toContain(f);
    const r = replayRecord(m.record);
    if (!r.ok) throw new Error(r.error.message);
    // every direction-bearing field of every event and of the final state is one of the six names
    const dirFields = ['facing', 'fromFacing', 'dir', 'facings', 'linear'];
    const bad: string[] = [];
    const walk = (x: unknown, path: string): void => {
      if (Array.isArray(x)) for (const [i, v] of x.entries()) walk(v, `${path}[${i}]`);
      else if (typeof x === 'object' && x !== null)
        for (const [k, v] of Object.entries(x)) {
          if (dirFields.includes(k)) {
            for (const d of [v].flat()) if (!DIRS.includes(d)) bad.push(`${path}.${k}: ${JSON.stringify(v)}`);
          } else walk(v, `${path}.${k}`);
        }
    };
    walk(r.value.events, 'events');
    walk(r.value.state, 'state');
    expect(bad).toEqual([]);
    const thrusts = r.value.events.flatMap((e) => (e.type === 'thrust' ? [e.thrust] : []));
    expect(thrusts.length).toBeGreaterThan(0);
    for (const t of thrusts) expect([...DIRS, 'CW', 'CCW']).toContain(t);
  });

  it('RULES §10: a record stored with numeric launch facings (0 = N … 5 = NW) still replays, read as names', () => {
    const stored = JSON.parse(JSON.stringify(m.record)) as { rounds: { decisions: unknown[] }[] };
    let changed = 0;
    for (const round of stored.rounds)
      for (const d of round.decisions as { kind: string; answer: { kind: string; facing?: unknown } }[])
        if (d.kind === 'fighter' && d.answer.kind === 'launch') {
          d.answer.facing = DIRS.indexOf(d.answer.facing as never);
          changed++;
        }
    expect(changed).toBeGreaterThan(0);
    const parsed = parseRecord(stored);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed).toEqual(parseRecord(m.record));
    const a = replayRecord(parsed.value);
    const b = replayRecord(m.record);
    expect(a.ok && b.ok && a.value.events).toEqual(b.ok && b.value.events);
  });

  it('RULES §10: a launch facing that is neither a name nor a stored index 0..5 is refused by the replay', () => {
    const stored = JSON.parse(JSON.stringify(m.record)) as { rounds: { decisions: unknown[] }[] };
    const at = stored.rounds.findIndex((r) =>
      (r.decisions as { kind: string; answer: { kind: string } }[]).some(
        (d) => d.kind === 'fighter' && d.answer.kind === 'launch',
      ),
    );
    const d = (stored.rounds[at]!.decisions as { kind: string; answer: { kind: string; facing?: unknown } }[]).find(
      (x) => x.kind === 'fighter' && x.answer.kind === 'launch',
    )!;
    d.answer.facing = 6;
    const r = replayJson(stored);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toMatch(new RegExp(`^record\\.rounds\\[${at}\\]`));
  });
});

describe('RULES §10, §7 fair play: commit receipts in the record (optional)', () => {
  const m = simulateMatch('receipts-test', 0);
  const salt = (i: number, s: number) => `${i}${s}`.padStart(64, '0');
  const withReceipts = () => ({
    ...m.record,
    rounds: m.record.rounds.map((r, i) => ({
      ...r,
      receipts: [0, 1].map((s) => ({ hash: commitmentHash(r.commitments[s as 0 | 1], salt(i, s)), salt: salt(i, s) })),
    })),
  });

  it('a record with receipts parses, keeps them and replays', () => {
    const parsed = parseRecord(JSON.parse(JSON.stringify(withReceipts())));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.rounds[0]!.receipts).toEqual(withReceipts().rounds[0]!.receipts);
    expect(replayRecord(parsed.value).ok).toBe(true);
  });

  it('a commitment changed after its receipt, or another salt, is refused naming the round and seat', () => {
    const changed = withReceipts();
    changed.rounds[0]!.commitments = [{ engine: 'DOUBLE', cards: [] }, changed.rounds[0]!.commitments[1]];
    expect(parseRecord(changed)).toEqual({
      ok: false,
      error: { path: 'record.rounds[0].receipts[0]', message: 'the commitment and salt do not give this hash' },
    });
    const salted = withReceipts();
    salted.rounds[1]!.receipts![1] = { ...salted.rounds[1]!.receipts![1]!, salt: 'f'.repeat(64) };
    expect(parseRecord(salted).ok ? null : (parseRecord(salted) as { error: { path: string } }).error.path).toBe(
      'record.rounds[1].receipts[1]',
    );
  });
});

describe('RULES §10, §7 fair play: the receipts of a round the end cut short', () => {
  const m = simulateMatch('receipts-test', 0);
  const salt = (s: number) => `c${s}`.padStart(32, '0');
  const i = m.record.rounds.findIndex((r) => r.decisions.length >= 1);
  const round = m.record.rounds[i]!;
  const receipts = [0, 1].map((s) => ({ hash: commitmentHash(round.commitments[s as 0 | 1], salt(s)), salt: salt(s) }));
  /** Conceded at the round's first prompt (RULES §4.6): its commitments were revealed, so their salts are in. */
  const conceded = () =>
    JSON.parse(
      JSON.stringify({
        ...m.record,
        rounds: m.record.rounds.slice(0, i),
        end: { winner: 0, reason: 'concede', interrupted: { commitments: round.commitments, decisions: [], receipts } },
      }),
    );

  it('an interrupted round keeps its receipts; they verify and the record replays', () => {
    expect(i).toBeGreaterThanOrEqual(0);
    const parsed = parseRecord(conceded());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.end?.interrupted?.receipts).toEqual(receipts);
    expect(replayRecord(parsed.value).ok).toBe(true);
  });

  it('a tampered salt or commitment in the interrupted round is refused, naming it', () => {
    const salted = conceded();
    salted.end.interrupted.receipts[1].salt = 'f'.repeat(32);
    expect(parseRecord(salted)).toEqual({
      ok: false,
      error: { path: 'record.end.interrupted.receipts[1]', message: 'the commitment and salt do not give this hash' },
    });
    const changed = conceded();
    changed.end.interrupted.commitments[0] = { engine: 'DOUBLE', cards: [] };
    expect(parseRecord(changed).ok ? null : (parseRecord(changed) as { error: { path: string } }).error.path).toBe(
      'record.end.interrupted.receipts[0]',
    );
  });

  it('a commitment window cut short keeps its hashes alone (unrevealed: no salt, no commitment)', () => {
    const hash = receipts[0]!.hash;
    const windowCut = { ...m.record, rounds: m.record.rounds.slice(0, i), end: { winner: 1, reason: 'concede' } };
    const ok = parseRecord({ ...windowCut, end: { ...windowCut.end, unrevealed: [hash, null] } });
    expect(ok.ok && ok.value.end?.unrevealed).toEqual([hash, null]);
    expect(ok.ok && replayRecord(ok.value).ok).toBe(true);
    const short = parseRecord({ ...windowCut, end: { ...windowCut.end, unrevealed: [hash.slice(1), null] } });
    expect(short).toEqual({
      ok: false,
      error: { path: 'record.end.unrevealed[0]', message: 'expected a SHA-256 hash: 64 lowercase hex digits' },
    });
    const both = parseRecord({ ...conceded(), end: { ...conceded().end, unrevealed: [hash, null] } });
    expect(both.ok && replayRecord(both.value)).toMatchObject({ ok: false, error: { path: 'record.end.unrevealed' } });
  });
});
