// A seeded fuzz of the match room over real WebSockets: garbage payloads under real and made-up message
// types, valid messages bent out of shape, messages out of phase, and spectators acting. After every batch the
// match state must be what it was, every connection still open and the server still answering. Used by
// test/fuzz.test.ts (a short run in the suite) and `pnpm fuzz --messages N` (fuzz/cli.ts: a long one, with counts).
// Frames that cannot be decoded at all close the connection by design (room/flood.ts, test/frames.test.ts): the fuzz
// sends decodable frames with garbage inside.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { createRng, type Rng } from '@star-eater/engine';
import { CLIENT_MESSAGE_TYPES } from '@star-eater/protocol';
import { createGameServer, type GameServer } from '../src/app.js';
import { tapMessages } from '../src/colyseus-internals.js';
import { createLogger } from '../src/logger.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { attachBot } from '../test/bot.js';

export interface FuzzCounts {
  sent: number;
  byKind: Record<string, number>;
  errors: Record<string, number>;
  batches: number;
  phases: string[];
}

export interface FuzzOptions {
  seed: string;
  messages: number;
  /** Messages between two checks of the state (a ping round trip on every client first). */
  batch?: number;
  log?: (line: string) => void;
}

interface Member {
  room: Room;
  seat: 0 | 1 | null;
  errors: number;
  closed: boolean;
}

const LOOSE = { burst: 1e9, perSecond: 1e9, disconnectAfter: 1e9 };
const LONG = 1_000_000; // seconds: no timer runs out during a fuzz (its defaults would change the state)

/** Runs the fuzz on a server of its own; resolves with the counts, rejects at the first broken rule. */
export async function fuzzRoom(opts: FuzzOptions): Promise<FuzzCounts> {
  const dir = mkdtempSync(join(tmpdir(), 'se-fuzz-'));
  const storage = new SqliteStorage(join(dir, 'fuzz.sqlite'));
  await storage.init();
  const server = await createGameServer({
    port: 0,
    host: '127.0.0.1',
    storage,
    clientDir: null,
    log: createLogger('silent'),
    room: { rateLimit: LOOSE, timers: { draft: LONG, commit: LONG, prompt: LONG } },
    http: { matchmake: { burst: 1e9, perMinute: 1e9 }, api: { burst: 1e9, perMinute: 1e9 } },
  });
  try {
    return await run(server, opts);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function run(server: GameServer, opts: FuzzOptions): Promise<FuzzCounts> {
  const url = `ws://127.0.0.1:${server.port}`;
  const rng = createRng(`fuzz:${opts.seed}`);
  const counts: FuzzCounts = { sent: 0, byKind: {}, errors: {}, batches: 0, phases: [] };
  const a = member(await new Client(url).joinOrCreate('match', { name: 'Fuzz A' }), counts);
  const b = member(await new Client(url).joinOrCreate('match', { name: 'Fuzz B' }), counts);
  await until(() => a.room.state?.phase === 'factions', 'the match starts');
  const spec = member(await new Client(url).joinById(a.room.roomId, { spectate: true }), counts);
  const everyone = [a, b, spec];
  const half = Math.floor(opts.messages / 2);
  // Stage 1: the faction choice, nobody has chosen. Stage 2: round 1's commitment window, nobody locked in.
  await fuzzPhase('factions', half, everyone, [a, b], spec, rng, counts, opts, server);
  for (const m of [a, b]) {
    const bot = attachBot(m.room, { seed: `fuzz-${opts.seed}`, manualCommit: true });
    bot.seatNo = m.seat;
    bot.tick();
  }
  await until(() => a.room.state?.phase === 'commit' && spec.room.state?.phase === 'commit', 'round 1', 60_000);
  await fuzzPhase('commit', opts.messages - half, everyone, [a, b], spec, rng, counts, opts, server);
  for (const m of everyone) await m.room.leave(true).catch(() => {});
  return counts;
}

function member(room: Room, counts: FuzzCounts): Member {
  const m: Member = { room, seat: null, errors: 0, closed: false };
  room.reconnection.enabled = false;
  tapMessages(room, (type, msg) => {
    if (type === 'welcome') m.seat = (msg as { seat: 0 | 1 | null }).seat;
    if (type !== 'error') return;
    m.errors++;
    const code = (msg as { code: string }).code;
    counts.errors[code] = (counts.errors[code] ?? 0) + 1;
  });
  room.onMessage('*', () => {});
  room.onLeave(() => {
    m.closed = true;
  });
  return m;
}

async function until(pred: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`fuzz: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The error replies received so far. */
const answered = (counts: FuzzCounts) => Object.values(counts.errors).reduce((x, y) => x + y, 0);

/** Resolves when a PING sent now comes back: the room has handled everything this client sent before it. */
function roundTrip(m: Member): Promise<void> {
  return new Promise((resolve, reject) => {
    if (m.closed) return reject(new Error('fuzz: a connection was closed'));
    m.room.ping(() => resolve());
  });
}

async function fuzzPhase(
  phase: string,
  n: number,
  everyone: Member[],
  players: Member[],
  spec: Member,
  rng: Rng,
  counts: FuzzCounts,
  opts: FuzzOptions,
  server: GameServer,
): Promise<void> {
  counts.phases.push(phase);
  await until(() => spec.room.state?.phase === phase, `the spectator's state (${phase})`);
  await Promise.all(everyone.map(roundTrip));
  const snapshot = () => JSON.stringify(spec.room.state.toJSON());
  const before = snapshot();
  const batch = opts.batch ?? 250;
  for (let sent = 0; sent < n; ) {
    const size = Math.min(batch, n - sent);
    for (let i = 0; i < size; i++) {
      const who = rng.chance(0.25) ? spec : rng.pick(players);
      const [kind, type, payload] = fuzzMessage(rng, phase, who === spec);
      counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
      who.room.send(type as never, payload as never);
    }
    sent += size;
    counts.sent += size;
    // Every message is answered with its error once the room has handled it (a valid-looking one only after the
    // input log committed it, so after a ping sent now): then a ping round trip brings any patch it caused.
    await until(() => answered(counts) >= counts.sent, `an answer to each of the ${counts.sent} messages sent`);
    await Promise.all(everyone.map(roundTrip));
    counts.batches++;
    const now = snapshot();
    if (now !== before)
      throw new Error(`fuzz (${phase}, after ${sent} messages): the match state changed\n${diff(before, now)}`);
    if (everyone.some((m) => m.closed)) throw new Error(`fuzz (${phase}): a connection was closed`);
    const health = await fetch(`http://127.0.0.1:${server.port}/health`);
    if (health.status !== 200) throw new Error(`fuzz: /health answered ${health.status}`);
    opts.log?.(`${phase}: ${sent}/${n} sent, ${answered(counts)} errors`);
  }
}

/** The fields that differ between two JSON snapshots of the state. */
function diff(a: string, b: string): string {
  const flat = (x: unknown, p: string, out: Map<string, string>) => {
    if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) flat(v, `${p}.${k}`, out);
    else out.set(p, JSON.stringify(x));
    return out;
  };
  const fa = flat(JSON.parse(a), 'state', new Map());
  const fb = flat(JSON.parse(b), 'state', new Map());
  const keys = new Set([...fa.keys(), ...fb.keys()]);
  return [...keys]
    .filter((k) => fa.get(k) !== fb.get(k))
    .map((k) => `${k}: ${fa.get(k)} → ${fb.get(k)}`)
    .join('\n');
}

// ------------------------------------------------------------------ the messages
const PAYLOAD_TYPES = (CLIENT_MESSAGE_TYPES as readonly string[]).filter((t) => t !== 'concede' && t !== 'rematch');

/** One message that must change nothing: [its kind (for the counts), type, payload]. */
export function fuzzMessage(rng: Rng, phase: string, spectator: boolean): [string, string | number, unknown] {
  if (spectator && rng.chance(0.5)) return ['spectator-valid', ...validLooking(rng, phase, true)];
  switch (rng.int(4)) {
    case 0:
      return ['garbage', garbageType(rng), garbage(rng, 3)];
    case 1: {
      const [type, payload] = validLooking(rng, phase, true);
      return ['wrong-shape', type, bend(rng, payload)];
    }
    case 2:
      return ['out-of-phase', ...outOfPhase(rng, phase)];
    default:
      // Not concede or rematch: nothing (undefined) or {} is what they take, and garbage can be exactly that.
      return ['garbage-payload', rng.pick(PAYLOAD_TYPES), garbage(rng, 3)];
  }
}

function garbageType(rng: Rng): string | number {
  return rng.pick<string | number>([rng.int(1000), '', 'x'.repeat(rng.int(60)), 'COMMIT', '__proto__', 'constructor']);
}

function garbage(rng: Rng, depth: number): unknown {
  const k = rng.int(depth > 0 ? 9 : 6);
  switch (k) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_VALUE]);
    case 3:
      // Near misses of real values, never one (a bent faction choice must not become a valid one).
      return rng.pick(['', 'n', 'FPA', 'lamais ', '\u202E', 'x'.repeat(300), '__proto__']);
    case 4:
      return undefined;
    case 5:
      return new Uint8Array(rng.int(8));
    case 6:
      return Array.from({ length: rng.int(4) }, () => garbage(rng, depth - 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(4); i > 0; i--)
        own(
          o,
          rng.pick(['round', 'commitment', 'faction', 'prompt', 'decision', 'slot', 'card', 'x', '__proto__']),
          garbage(rng, depth - 1),
        );
      return o;
    }
  }
}

/** A message of the right shape that the room must still refuse here (a player's ones are out of phase). */
function validLooking(rng: Rng, phase: string, anyType: boolean): [string, unknown] {
  const all: [string, unknown][] = [
    ['faction', { faction: rng.pick(['fpa', 'lamais']) }],
    ['pick', { slot: 'main', card: 'fpa-mass-driver' }],
    ['swap', { skip: true }],
    ['munitions', { munitions: [2, 1, 1] }],
    ['commit', { round: 1, commitment: { engine: 'N', cards: [] } }],
    ['revise', { round: 1 }],
    ['decide', { prompt: rng.int(5), decision: { kind: 'fighter', answer: { kind: 'pass' } } }],
    ['concede', {}],
    ['rematch', {}],
  ];
  return anyType ? rng.pick(all) : rng.pick(all.filter(([t]) => !legalFor(t, phase)));
}

/** Messages a seated player may legally send in this phase (the fuzz sends them from players only bent). */
const legalFor = (type: string, phase: string) =>
  type === 'concede' || (phase === 'factions' && type === 'faction') || (phase === 'commit' && type === 'commit');

function outOfPhase(rng: Rng, phase: string): [string, unknown] {
  const [type, payload] = validLooking(rng, phase, false);
  // A commit for a round that is not the current one is stale in any phase.
  if (rng.chance(0.2)) return ['commit', { round: 2 + rng.int(50), commitment: { engine: 'S', cards: [] } }];
  return [type, payload];
}

/** Sets an own property, `__proto__` included (as JSON.parse would): the payload's key, not its prototype. */
function own(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A valid-looking payload with one thing wrong: a field dropped, added, retyped, or the whole thing replaced. */
function bend(rng: Rng, payload: unknown): unknown {
  if (payload === null || typeof payload !== 'object') return garbage(rng, 2);
  const o = { ...(payload as Record<string, unknown>) };
  const keys = Object.keys(o);
  // (`__proto__` is no key here: msgpack decoders may drop it, leaving a payload that is right after all.)
  if (!keys.length) return rng.chance(0.5) ? [o] : { ...o, [rng.pick(['extra', 'Round'])]: garbage(rng, 1) };
  switch (rng.int(4)) {
    case 0:
      delete o[rng.pick(keys)];
      return o;
    case 1:
      own(o, rng.pick(['extra', 'Round', 'faction ']), garbage(rng, 1));
      return o;
    case 2:
      o[rng.pick(keys)] = garbage(rng, 1);
      return o;
    default:
      return [o];
  }
}
