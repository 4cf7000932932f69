// The board's one way to a page (protocol: board-state.ts): the server writes the engine's state into the room's schema
// (output/sync.ts), the schema goes over the wire as Colyseus encodes it (a full state, then patches), and the page
// reads it back. Over random matches with every Arclight variant on (RULES §9), at every prompt and between rounds, the
// page's state is the server's but for the dice generator, and so the engine's previews agree: the drift of every
// engine setting (RULES §4.2), the commitment options (§4.1, §4.3), a fighter prompt's legal answers (§4.4, §8).
import { Decoder, Encoder } from '@colyseus/schema';
import {
  commitmentOptions,
  createMatch,
  ENGINE_SETTINGS,
  previewDrift,
  resolveRound,
  setupOf,
  simulateMatch,
  withFighterMoves,
  type MatchRecord,
  type MatchState,
  type Prompt,
  type PublicState,
} from '@star-eater/engine';
import { publicStateFromRoom } from '@star-eater/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MatchRoomState, SeatState, Settings, Ship, Squadron, Token } from '../src/output/state.js';
import { clearBoard, syncBoard, syncStrings } from '../src/output/sync.js';

const EVERY_VARIANT = { rangeBands: true, initiativeRoll: true, criticalHits: true };

/** A position the room syncs: a round's start, or the state a prompt waits in (match/rounds.ts `advance`). */
interface Moment {
  state: MatchState;
  prompt: Prompt | null;
}

/** A seat as the room holds it once the draft is over: the faction chosen and the picks (match/draft-view.ts). */
function seatOf(p: MatchRecord['players'][number]): SeatState {
  const seat = new SeatState();
  seat.faction = p.faction;
  const { main, broadside, fighterBay, pointDefence, squadrons } = p.loadout;
  Object.assign(seat, { main, broadside, fighterBay, pointDefence });
  syncStrings(seat.squadrons, squadrons);
  return seat;
}

/** Every moment of a recorded match, in order, as the room meets them: resolveRound with the decisions so far. */
function* moments(r: MatchRecord): Generator<Moment> {
  let state = createMatch(setupOf(r));
  for (const round of r.rounds) {
    yield { state, prompt: null };
    for (let k = 0; ; k++) {
      const p = resolveRound(state, round.commitments, round.decisions.slice(0, k));
      if (p.status === 'error') throw new Error(`the record does not replay: ${p.error.code}`);
      if (p.status === 'done') {
        state = p.state;
        break;
      }
      yield { state: p.state, prompt: p.prompt };
    }
  }
}

/** A room's schema (its settings' variants, if given) and the page that decodes it, a full state first, then patches. */
function mirrored(r: MatchRecord, variants?: typeof EVERY_VARIANT) {
  const room = new MatchRoomState();
  if (variants) {
    room.settings = new Settings();
    Object.assign(room.settings, variants);
  }
  room.seats.push(seatOf(r.players[0]), seatOf(r.players[1]));
  const encoder = new Encoder(room);
  const page = new MatchRoomState();
  const decoder = new Decoder(page);
  let first = true;
  /** Sends what changed; the page's warships and tokens are then the room's, every field (the page's board reads
   * only some of them), and a squadron's token has a new token's weapon fields. */
  const send = () => {
    decoder.decode(first ? encoder.encodeAll() : encoder.encode());
    encoder.discardChanges();
    first = false;
    expect(page.ships.toJSON()).toEqual(room.ships.toJSON());
    expect(page.tokens.toJSON()).toEqual(room.tokens.toJSON());
    for (const [id, tok] of room.tokens)
      if (tok.kind === 'squadron')
        expect({ id, ...tok.toJSON() }).toMatchObject({ source: '', damage: 0, speed: 0, firedRound: 0, weapon: '' });
  };
  return { room, page, send };
}

/** A room's schema and a page's copy of it, kept in step as a client's is (mirrored): the state a page reads back. */
function wire(r: MatchRecord) {
  const m = mirrored(r, EVERY_VARIANT);
  return (s: MatchState): PublicState | null => {
    syncBoard(m.room, s);
    m.send();
    return publicStateFromRoom(m.page);
  };
}

const publicPart = ({ rng: _, ...rest }: MatchState): PublicState => rest;

describe('the board a page reads back from the synced schema', () => {
  it('RULES §4, §9: is the server state but its dice, and gives the same previews, prompt answers and options', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.nat(200), (seed, index) => {
        const { record } = simulateMatch(seed, index, { variants: EVERY_VARIANT });
        const send = wire(record);
        for (const { state, prompt } of moments(record)) {
          const page = send(state);
          expect(page).toEqual(publicPart(state));
          if (!page) continue;
          for (const seat of [0, 1] as const) {
            expect(commitmentOptions(page, seat)).toEqual(commitmentOptions(state, seat));
            for (const engine of ENGINE_SETTINGS)
              expect(previewDrift(page, seat, engine)).toEqual(previewDrift(state, seat, engine));
          }
          if (prompt?.kind === 'fighter') expect(withFighterMoves(page, prompt)).toEqual(prompt);
        }
      }),
      { numRuns: 12 },
    );
  });
});

describe('syncing the board again', () => {
  it('records no change when the state is the one synced, nor for a field assigned the value it holds', () => {
    const { record } = simulateMatch('resync', 3, { variants: EVERY_VARIANT });
    const room = new MatchRoomState();
    room.seats.push(seatOf(record.players[0]), seatOf(record.players[1]));
    const encoder = new Encoder(room);
    for (const { state } of moments(record)) {
      syncBoard(room, state);
      encoder.encode();
      encoder.discardChanges();
      // The same engine state again, then a copy of it (no object shared): nothing to send either time.
      syncBoard(room, state);
      expect(encoder.hasChanges).toBe(false);
      syncBoard(room, structuredClone(state));
      expect(encoder.hasChanges).toBe(false);
      const ship = room.ships[0]!;
      const { q, facing } = ship;
      ship.q = q;
      ship.facing = facing;
      expect(encoder.hasChanges).toBe(false);
    }
  });

  it('from the last state synced leaves the schema as a sync of the final state into a fresh room does', () => {
    const { record } = simulateMatch('incremental', 5, { variants: EVERY_VARIANT });
    const step = new MatchRoomState();
    let last: MatchState | null = null;
    for (const { state } of moments(record)) {
      syncBoard(step, state);
      last = state;
    }
    const fresh = new MatchRoomState();
    syncBoard(fresh, last!);
    expect(step.ships.toJSON()).toEqual(fresh.ships.toJSON());
    expect(step.tokens.toJSON()).toEqual(fresh.tokens.toJSON());
    expect(step.ships.length).toBe(2);
  });
});

/** Syncs every moment of `r` into the room, sending each; returns every schema object its board held. */
function playInto({ room, send }: ReturnType<typeof mirrored>, r: MatchRecord): Set<unknown> {
  const held = new Set<unknown>();
  for (const { state } of moments(r)) {
    syncBoard(room, state);
    send();
    for (const ship of room.ships) {
      held.add(ship);
      for (const v of ship.squadrons) held.add(v);
    }
    for (const tok of room.tokens.values()) held.add(tok);
  }
  return held;
}

const simulated = (seed: string, index: number) => simulateMatch(seed, index, { variants: EVERY_VARIANT }).record;

describe('schema objects that leave a board', () => {
  it("a token is reused for another room's new one, which a page decodes as a new one, fields and all", () => {
    const a = simulated('spares', 1);
    const before = playInto(mirrored(a), a);
    const b = simulated('spares', 2);
    const after = playInto(mirrored(b), b);
    expect([...after].filter((t) => t instanceof Token && before.has(t)).length).toBeGreaterThan(0);
  });

  it('warships and squadrons are reused by the next match, and a page decodes the new board as the room holds it', () => {
    const a = simulated('rematch', 1);
    const m = mirrored(a);
    const before = playInto(m, a);
    clearBoard(m.room); // a rematch's draft: an empty board
    m.send();
    expect([m.page.ships.length, m.page.tokens.size]).toEqual([0, 0]);
    const b = simulated('rematch', 2);
    const after = playInto(m, b);
    const reused = [...after].filter((x) => before.has(x));
    expect(reused.filter((x) => x instanceof Ship).length).toBe(2);
    expect(reused.filter((x) => x instanceof Squadron).length).toBeGreaterThan(0);
  });
});
