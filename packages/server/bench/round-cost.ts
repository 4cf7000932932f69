// `node --import tsx packages/server/bench/round-cost.ts [--matches M] [--rounds N] [--repeat R] [--alloc FILE]
// [--players random]`: the CPU a round
// costs the match's own code, measured without sockets, so that a change can be compared on a loaded machine.
// M matches (default 40, seeded: every run plays the same ones) are first played through the match's public calls as
// the load bench's bots play them (test/bot.ts: a random card for a random empty draft slot, no swap, random
// munitions; a commitment of a random engine setting and the weapons that are ready, NONE if refused; a random target
// when a prompt offers one, else the default) up to round N (default 15: the load bench's matches spend most of a window in their
// early rounds), and every action is recorded. Then the actions are replayed R times (default 7) through fresh
// matches, taking turns one action each (as a server's live matches do, each finding its objects out of the cache),
// with what the room does around them: each message packed as it goes out (wire.ts: packed, or msgpack maps as
// Colyseus frames the others), the state patch encoded (once for all clients, as Colyseus does) before a message and after each
// action, the listing's key at each phase. The replay's CPU time (process.cpuUsage, user + system) per round is printed
// for each repeat, then the median, the bytes per round by kind (once per message, before the copy to each client) and
// a hash of every frame in order and of the catch-ups (unchanged by a change that keeps the wire as it is). Not measured: sockets,
// Colyseus' clients, the input log, the client frame's validation.
// --players random: the matches are played by the engine's random player instead (random.ts: every card, Launch
// Squadron and Defence Stations included, and a random legal answer to every prompt, fighter activations included),
// which the load bench's bots never play: what rounds with squadrons in space cost.
// --alloc FILE: V8's sampling heap profile of the R measured repeats only (alloc-profile.ts: objects the GC collected
// included) is written to FILE, and the top allocating functions printed in KB per round; the sampling slows the
// run, so its CPU figures are not comparable with a run without it.
// To compare two versions of the code, run it in each tree in turn, a few times each (A B A B).
import { createHash, type Hash } from 'node:crypto';
import { Encoder } from '@colyseus/schema';
import pino from 'pino';
import {
  type CardPlay,
  type Commitment,
  createRng,
  defaultDecision,
  randomCommitment as engineCommitment,
  randomDecision as engineDecision,
  type Draft,
  type DraftAction,
  draftTurn,
  getFaction,
  type MatchState,
  munitionPlacements,
  munitionRules,
  type Prompt,
  type Rng,
  type Seat,
  squadronTriples,
} from '@star-eater/engine';
import { packPlain, type ParsedMessages, type ServerMessages } from '@star-eater/protocol';
import type { BotAnswer } from '../src/bots/levels.js';
import { Match } from '../src/match/match.js';
import type { MatchHost, Outcome } from '../src/match/match-host.js';
import { Listing } from '../src/output/listing.js';
import { MatchRoomState, SeatState } from '../src/output/state.js';
import { frameOf, isPacked, packedFrame } from '../src/output/wire.js';
import { startAllocProfile } from './alloc-profile.js';

const argv = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : dflt;
};
const matches = Number(opt('matches', '40'));
const repeat = Number(opt('repeat', '7'));
const upTo = Number(opt('rounds', '15'));
const allocFile = opt('alloc', '');
const players = opt('players', 'bench');
if (players !== 'bench' && players !== 'random') throw new Error(`--players ${players}: bench or random`);
const random = players === 'random';

const NONE: Commitment = { engine: 'NONE', cards: [] };
type Action = { seat: Seat; type: string; value: unknown };

/** A room around one match: the state, packed frames counted, the patch encoded when asked. */
class BenchRoom {
  readonly state = new MatchRoomState();
  readonly encoder: Encoder;
  readonly listing = new Listing(() => {});
  readonly bytes = new Map<string, number>();
  readonly match: Match;

  /** `digest`: every frame sent is hashed into it, in order (the untimed run that checks the bytes). */
  constructor(private readonly digest: Hash | null = null) {
    for (let i = 0; i < 2; i++) this.state.seats.push(new SeatState());
    this.state.settings.commitSeconds = 60;
    this.encoder = new Encoder(this.state);
    const host: MatchHost = {
      state: this.state,
      log: pino({ level: 'silent' }),
      now: () => 0,
      setTimeout: () => ({ clear() {} }),
      sendToSeat: (_seat, type, msg) => {
        if (type !== 'commitment') this.patch();
        this.send(type, msg);
      },
      broadcast: (type, msg) => {
        this.patch();
        this.send(type, msg);
      },
      broadcastPacked: (type, body) => {
        this.patch();
        this.count(type, frameOf(type, body));
      },
      animationCapMs: 0,
      saveResult: () => Promise.resolve(null),
      onPhaseChange: () => this.listing.update(this.state),
    };
    this.match = new Match(host);
  }

  private send<K extends keyof ServerMessages>(type: K, msg: ServerMessages[K]): void {
    this.count(type, isPacked(type) ? packedFrame(type, msg as ServerMessages[typeof type]) : packPlain(msg, 0));
  }

  private count(kind: string, frame: Uint8Array): void {
    this.bytes.set(kind, (this.bytes.get(kind) ?? 0) + frame.length);
    this.digest?.update(kind).update(frame);
  }

  /** The patch as Colyseus' SchemaSerializer encodes it (one encoding for all clients). */
  patch(): void {
    if (!this.encoder.hasChanges) return;
    this.count('patch', this.encoder.encode({ offset: 1 }));
    this.encoder.discardChanges();
  }

  apply(a: Action): void {
    const out = this.tryApply(a);
    if (!out.ok) throw new Error(`replay: ${a.type} refused: ${out.error.message}`);
  }

  tryApply(a: Action): Outcome {
    const m = this.match;
    const v = a.value as never;
    const out =
      a.type === 'faction'
        ? m.chooseFaction(a.seat, v)
        : a.type === 'commit'
          ? m.commit(a.seat, v as ParsedMessages['commit'])
          : a.type === 'decide'
            ? m.decide(a.seat, v as ParsedMessages['decide'])
            : m.draftAction(a.seat, a.type as 'pick', v);
    this.patch();
    return out;
  }
}

const ENGINES = ['N', 'NE', 'SE', 'S', 'SW', 'NW', 'DOUBLE', 'CW', 'CCW', 'NONE'] as const;

/** The load bench's commitment (test/bot.ts randomCommitment, aggressive as bot-worker.ts plays): what fires. */
function randomCommitment(rng: Rng, st: MatchState, seat: Seat): Commitment {
  const ship = st.ships[seat];
  const pool: CardPlay[] = [];
  if (ship.cooldown.main === 0) pool.push({ card: 'fire-main' });
  if (ship.cooldown.broadside === 0)
    pool.push({
      card: rng.pick(['port-broadside', 'starboard-broadside'] as const),
      aim: rng.pick(['fore', 'aft'] as const),
    });
  const cards: CardPlay[] = [];
  while (cards.length < 2 && pool.length) cards.push(pool.splice(rng.int(pool.length), 1)[0]!);
  return { engine: rng.pick(ENGINES), cards };
}

const SINGLE = ['main', 'broadside', 'fighterBay', 'pointDefence'] as const;

/** The load bench's draft (test/bot.ts): a random card for a random empty slot, no swap, random munitions. */
function randomDraftAction(rng: Rng, draft: Draft, seat: Seat): DraftAction {
  const faction = getFaction(draft.factions[seat]);
  const mine = draft.loadouts[seat];
  const stage = draftTurn(draft).stage;
  if (stage === 'swap') return { kind: 'no-swap' };
  if (stage === 'munitions')
    return { kind: 'munitions', munitions: rng.pick(munitionPlacements(munitionRules(faction, mine.squadrons!))) };
  const slot = rng.pick([...SINGLE.filter((s) => !mine[s]), ...(mine.squadrons ? [] : ['squadrons' as const])]);
  if (slot === 'squadrons') return { kind: 'pick', slot, cards: rng.pick(squadronTriples(faction)) };
  return { kind: 'pick', slot, card: rng.pick(faction[slot] as { id: string }[]).id };
}

/** The load bench's answer to a prompt (test/bot.ts decide). */
function randomDecision(rng: Rng, prompt: Prompt) {
  if (prompt.kind === 'direct-fire' && prompt.options.length)
    return { kind: 'direct-fire' as const, target: rng.pick(prompt.options).target };
  if (prompt.kind === 'point-defence' && prompt.options.length)
    return { kind: 'point-defence' as const, target: rng.pick(prompt.options).target };
  return defaultDecision(prompt);
}

const secrets = (i: number) => ({ seed: `round-cost-${i}`, saltKey: `salt-key-${i}` });

/** Plays match i as the load bench's bots would; its actions and rounds. */
function record(i: number): { actions: Action[]; rounds: number } {
  const room = new BenchRoom();
  room.match.start(['A', 'B'], secrets(i));
  const actions: Action[] = [];
  const rng = createRng(`round-cost-bots-${i}`);
  for (let step = 0; room.match.live && room.state.round <= upTo; step++) {
    if (step > 5000) throw new Error(`record: match ${i} does not end`);
    const seat = ([0, 1] as const).find((s) => room.match.question(s));
    if (seat === undefined) throw new Error(`record: match ${i} asks nobody in phase ${room.match.phase}`);
    const q = room.match.question(seat)!;
    const r = q.request;
    const answer: BotAnswer =
      r.kind === 'commit'
        ? {
            kind: 'commit',
            commitment: random ? engineCommitment(r.state, seat, rng) : randomCommitment(rng, r.state, seat),
          }
        : r.kind === 'decide'
          ? {
              kind: 'decide',
              decision: random ? engineDecision(r.state, r.prompt, rng) : randomDecision(rng, r.prompt),
            }
          : r.kind === 'faction'
            ? { kind: 'faction', faction: rng.pick(['fpa', 'lamais'] as const) }
            : { kind: 'draft', action: randomDraftAction(rng, r.draft, seat) };
    const msg = room.match.messageOf(answer);
    let a: Action = { seat, type: msg.type, value: msg.value };
    // A refused commitment falls back to NONE and no cards, a refused decision to the default (as the bots do).
    if (!room.tryApply(a).ok) {
      const fallback: BotAnswer =
        r.kind === 'commit'
          ? { kind: 'commit', commitment: NONE }
          : { kind: 'decide', decision: defaultDecision((r as { prompt: Prompt }).prompt) };
      const m = room.match.messageOf(fallback);
      a = { seat, type: m.type, value: m.value };
      room.apply(a);
    }
    actions.push(structuredClone(a));
  }
  return { actions, rounds: room.match.live ? room.state.round - 1 : room.state.round };
}

const played = Array.from({ length: matches }, (_, i) => record(i));
const rounds = played.reduce((n, p) => n + p.rounds, 0);
const perRound: number[] = [];
let rooms: BenchRoom[] = [];
const allocs = allocFile ? await startAllocProfile() : null;
for (let r = 0; r < repeat; r++) {
  // Fresh copies, as a client's message is parsed into fresh objects.
  const inputs = played.map((p) => structuredClone(p.actions));
  rooms = played.map(() => new BenchRoom());
  const t0 = process.cpuUsage();
  // The matches take turns, one action each, as a server's live matches do: each finds its objects out of the cache.
  for (const [i, room] of rooms.entries()) room.match.start(['A', 'B'], secrets(i));
  const longest = Math.max(...inputs.map((a) => a.length));
  for (let k = 0; k < longest; k++)
    rooms.forEach((room, i) => {
      const a = inputs[i]![k];
      if (a) room.apply(a);
    });
  const t = process.cpuUsage(t0);
  perRound.push((t.user + t.system) / rounds);
  console.log(`repeat ${r + 1}: ${perRound.at(-1)!.toFixed(1)} µs/round`);
}
if (allocs) for (const line of await allocs.stop(allocFile, rounds * repeat)) console.log(line);
// The bytes themselves, for a change that must not change the wire: every frame of every match, hashed in order, and
// what a client coming back after each action would be sent (the catch-up: seat 0's and a spectator's).
const digest = createHash('sha256');
played.forEach((p, i) => {
  const room = new BenchRoom(digest);
  room.match.start(['A', 'B'], secrets(i));
  for (const a of structuredClone(p.actions)) {
    room.apply(a);
    digest.update(JSON.stringify([room.match.catchUp(0), room.match.catchUp(null)]));
  }
});
const bytes = new Map<string, number>();
for (const room of rooms) for (const [k, v] of room.bytes) bytes.set(k, (bytes.get(k) ?? 0) + v);
const sorted = [...perRound].sort((a, b) => a - b);
console.log(
  `${matches} matches, ${rounds} rounds: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs/round`,
);
console.log(`every frame sent, in order: sha256 ${digest.digest('hex').slice(0, 16)}`);
console.log(
  `bytes/round: ${[...bytes]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${(v / rounds).toFixed(0)}`)
    .join(', ')}`,
);
