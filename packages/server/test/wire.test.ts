// The packed frames of wire.ts (ROOM_DATA_BYTES, the protocol's table of shapes) decode, as the client decodes them, to
// exactly the message sent, and are much smaller than msgpack records defining their shapes in every frame.
import { simulateMatch } from '@star-eater/engine';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { decodeServerMessage, type ServerMessages, WIRE_TAG } from '@star-eater/protocol';
import { messageFrame, packedFrame } from '../src/output/wire.js';

const events = [
  { type: 'round-started', round: 3, initiative: 0 },
  { type: 'phase', phase: 'momentum' },
  {
    type: 'thrust',
    seat: 0,
    thrust: 'NE',
    effect: 'cancelled',
    index: 0,
    before: { linear: ['SW', 'S'], rotational: [] },
    after: { linear: ['S'], rotational: [] },
  },
  {
    type: 'step',
    seat: 1,
    step: 0,
    token: 'S',
    from: { core: { q: 7, r: 0 }, facing: 'S' },
    to: { core: { q: 7, r: -1 }, facing: 'S' },
  },
  {
    type: 'collision',
    kind: 'edge',
    seat: 0,
    step: 0,
    removed: null,
    sections: ['port', 'starboard'],
    undoneTo: { core: { q: 5, r: 13 }, facing: 'N' },
  },
  {
    type: 'damage',
    seat: 0,
    section: 'port',
    amount: 1,
    armourBefore: 4,
    armourAfter: 3,
    structureBefore: 9,
    structureAfter: 9,
    lost: 0,
    source: { seat: null, by: 'edge' },
  },
  {
    type: 'attack',
    source: { seat: 1, by: 'main', weapon: 'fpa-mass-driver', attackArc: 'front', targetArcs: ['front'] },
    from: { q: 1, r: 2 },
    target: { kind: 'section', seat: 0, section: 'bow' },
    detail: {
      roll: 11,
      evasion: 2,
      accuracy: 3,
      baseAccuracy: 2,
      modifiers: [{ reason: 'marked', value: 1 }],
      needAbove: 5,
      hit: true,
    },
  },
  { type: 'squadron-passed', seat: 1, automatic: true },
  { type: 'match-ended', winner: 'draw', reason: 'destroyed' },
] as unknown as ServerMessages['events']['events'];

/** What the SDK does with a ROOM_DATA_BYTES frame (the type string, the rest as bytes), then what the client does. */
function clientDecode(frame: Buffer): { code: number; type: string; msg: unknown } {
  const len = frame[1]! & 0x1f;
  const type = frame.subarray(2, 2 + len).toString('utf8');
  return { code: frame[0]!, type, msg: decodeServerMessage(type, new Uint8Array(frame.subarray(2 + len))) };
}

/** One simulated round's events (the engine's own stream, as the room publishes it). */
function realRound(): ServerMessages['events'] {
  const sim = simulateMatch('wire-test', 7, { variants: 'random' });
  const round = sim.events.findIndex((e, i) => i > 0 && e.type === 'round-started');
  return { round: 1, from: 0, events: sim.events.slice(0, round), done: true };
}

describe('packed frames', () => {
  it('decode to the same message, frame after frame and out of order, shapes outside the table too', () => {
    const msg: ServerMessages['events'] = { round: 3, from: 0, events, done: true };
    const other: ServerMessages['round-so-far'] = { round: 4, events: [...events].reverse() };
    const caught: ServerMessages['round-so-far'] = { round: 5, events: [], previous: { round: 4, events } };
    // An event the table has never seen (the engine grew one): defined inline in its frame, decoded all the same.
    const novel = { ...msg, events: [{ type: 'future-thing', seat: 1, novelty: { deep: [1, 'two'] } }, ...events] };
    const frames = [msg, other, caught, novel].map((m, i) =>
      packedFrame(i === 1 || i === 2 ? 'round-so-far' : 'events', m as ServerMessages['events']),
    );
    expect(clientDecode(frames[0]!)).toEqual({ code: 17, type: 'events', msg });
    for (const i of [3, 2, 1, 0, 3]) expect(clientDecode(frames[i]!).msg).toEqual([msg, other, caught, novel][i]);
    const prompt: ServerMessages['prompt'] = {
      id: 9,
      round: 2,
      prompt: { kind: 'fighter', seat: 0, squadrons: [] },
      deadline: 123,
    };
    expect(clientDecode(packedFrame('prompt', prompt)).msg).toEqual(prompt);
  });

  it('carry a real round in well under two thirds of the record-packed bytes (key names defined in the frame)', () => {
    const round = realRound();
    expect(round.events.length).toBeGreaterThan(5);
    expect(clientDecode(packedFrame('events', round)).msg).toEqual(round);
    const recordPacked = new Packr({ useRecords: true, maxSharedStructures: 0 }).pack(round).length;
    expect(packedFrame('events', round).length).toBeLessThan(recordPacked * 0.67);
  });

  it('from a server with another table of shapes are refused with a clear error, not misread', () => {
    const frame = packedFrame('events', realRound());
    const len = frame[1]! & 0x1f;
    const bytes = new Uint8Array(frame.subarray(2 + len));
    bytes[0] = (WIRE_TAG + 1) & 0xff;
    expect(() => decodeServerMessage('events', bytes)).toThrow(
      /^The game was updated: reload the page \(the server's events messages use another table of shapes/,
    );
  });
});

describe('the other messages framed by the room itself', () => {
  it('are the frames Colyseus’ client.send and room.broadcast make of them, byte for byte', async () => {
    const { getMessageBytes } = await import('@colyseus/core');
    const ROOM_DATA = 13;
    const sent: [string, unknown][] = [
      ['receipt', { round: 4, seat: 1, hash: new Uint8Array(32).fill(7) }],
      ['receipt', { round: 4, seat: 0, hash: null }],
      ['commitment', { round: 4, commitment: { engine: 'DOUBLE', cards: [{ card: 'fire-main' }] }, lockedIn: true }],
      ['receipts-revealed', { round: 4, salts: [new Uint8Array(16).fill(200), null] }],
      ['prompt-closed', { id: 300, defaulted: false }],
      ['welcome', { role: 'spectator', seat: null, roomId: 'abcDEF123' }],
      ['timed-out', { step: 'orders' }],
      ['ended', undefined],
    ];
    for (const [type, msg] of sent) {
      const colyseus = getMessageBytes.raw(ROOM_DATA, type, msg);
      expect(Buffer.from(messageFrame(type, msg)).toString('hex')).toBe(Buffer.from(colyseus).toString('hex'));
    }
  });
});
