// The record-packed frames of wire.ts decode, with the plain msgpackr `unpack` the SDK uses, to exactly the message
// Colyseus' default encoding would carry — and are smaller for event streams.
import { Packr, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import type { ServerMessages } from '@star-eater/protocol';
import { packedFrame } from '../src/rooms/wire.js';

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

/** What the SDK does with a ROOM_DATA frame: read the type string, msgpack-decode the rest. */
function sdkDecode(frame: Buffer): { code: number; type: string; msg: unknown } {
  const len = frame[1]! & 0x1f;
  return { code: frame[0]!, type: frame.subarray(2, 2 + len).toString('utf8'), msg: unpack(frame, { start: 2 + len }) };
}

describe('record-packed frames', () => {
  it('decode to the same message, frame after frame, and are smaller than plain msgpack', () => {
    const msg: ServerMessages['events'] = { round: 3, from: 0, events, done: true };
    const first = sdkDecode(packedFrame('events', msg));
    expect(first).toEqual({ code: 13, type: 'events', msg });
    // A second, different frame from the same packer decodes on its own (no structures shared between frames).
    const other: ServerMessages['round-so-far'] = { round: 4, events: [...events].reverse() };
    expect(sdkDecode(packedFrame('round-so-far', other)).msg).toEqual(other);
    // The catch-up with the last completed round in it.
    const caught: ServerMessages['round-so-far'] = { round: 5, events: [], previous: { round: 4, events } };
    expect(sdkDecode(packedFrame('round-so-far', caught)).msg).toEqual(caught);
    expect(sdkDecode(packedFrame('events', msg)).msg).toEqual(msg);
    // A real round repeats its shapes (steps, thrusts, damage, cooldowns): keys are then sent once per frame.
    const round: ServerMessages['events'] = { ...msg, events: [...events, ...events, ...events] };
    expect(sdkDecode(packedFrame('events', round)).msg).toEqual(round);
    const plain = new Packr({ useRecords: false }).pack(round).length;
    expect(packedFrame('events', round).length).toBeLessThan(plain * 0.8);
  });
});
