// wire-records.ts writes what msgpackr's Packr writes with wire.ts's options, byte for byte: the client decodes it with
// msgpackr, and a frame's bytes must not depend on which of the two packed it.
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { RecordWriter, UNSUPPORTED } from './wire-records.js';
import { SAMPLE_MATCHES, sampleMessages } from './wire-sample.js';
import { WIRE_SHAPES } from './wire-shapes.js';

const structures = WIRE_SHAPES.map((s) => [...s]);
const packr = new Packr({
  useRecords: true,
  structures,
  maxSharedStructures: structures.length,
  shouldShareStructure: () => false,
});
const writer = new RecordWriter(WIRE_SHAPES);
const write = (v: unknown, prefix: number) => writer.write(v, prefix);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** Values at every boundary of msgpack's forms, and more shapes in one frame than it has ids of its own. */
const EDGES: unknown[] = [
  {
    ints: [
      0,
      31,
      32,
      63,
      64,
      255,
      256,
      65535,
      65536,
      2 ** 32 - 1,
      -1,
      -32,
      -33,
      -128,
      -129,
      -32768,
      -32769,
      -(2 ** 31),
    ],
    floats: [0.5, -1.25, 2 ** 32, -(2 ** 31) - 1, Number.NaN, Number.POSITIVE_INFINITY, -0],
    texts: ['', 'a'.repeat(31), 'a'.repeat(32), 'a'.repeat(255), 'a'.repeat(256), 'b'.repeat(70000)],
    unicode: ['é', 'ø'.repeat(20), 'é'.repeat(40), '€'.repeat(100), '😀', 'a\ud800', `${'x'.repeat(70)}\udc00`],
    rest: [true, false, null, undefined, {}, [], new Uint8Array([1, 2, 3]), Buffer.alloc(300, 7)],
    long: Array.from({ length: 20 }, (_, i) => i),
    huge: Array.from({ length: 70000 }, () => 1),
  },
  { shapes: Array.from({ length: 90 }, (_, i) => ({ [`k${i % 45}`]: i, t: i })) },
  { nested: { a: { b: { c: [{ d: 1 }, { d: 2, e: 3 }, { d: 4 }] } } } },
];

describe('the packed messages written directly', () => {
  it('are msgpackr’s bytes for every message of random matches', () => {
    const msgs = sampleMessages(Math.ceil(SAMPLE_MATCHES / 3));
    expect(msgs.length).toBeGreaterThan(100);
    for (const m of msgs) expect(hex(write(m, 0))).toBe(hex(packr.pack(m)));
  });

  it('are msgpackr’s bytes at every size and form boundary, and past its 32 ids of a frame', () => {
    for (const m of EDGES) expect(hex(write(m, 0))).toBe(hex(packr.pack(m)));
  });

  it('leave what msgpackr alone packs (a Map, a Date, a class) to it, and write after the prefix asked', () => {
    for (const m of [{ at: new Date(0) }, [new Map([[1, 2]])], { n: 1n }, new (class Point {})()])
      expect(() => write(m, 0)).toThrow(UNSUPPORTED);
    const prefixed = write({ round: 1 }, 1);
    expect(hex(prefixed.subarray(1))).toBe(hex(packr.pack({ round: 1 })));
  });

  it('keep each frame’s bytes as written while later frames are written, past a full slab and a big frame', () => {
    const own = new RecordWriter(WIRE_SHAPES);
    const msgs = [...sampleMessages(2), ...EDGES];
    const frames = msgs.map((m) => own.write(m, 0));
    for (const [i, m] of msgs.entries()) expect(hex(frames[i]!)).toBe(hex(packr.pack(m)));
  });
});

describe('messages written as plain maps (no table)', () => {
  // Colyseus' Packr for the messages it sends itself (@colyseus/core Protocol.ts).
  const plain = new Packr({ useRecords: false });
  const maps = new RecordWriter(null);

  it('are the bytes of msgpackr without records, for random matches’ messages and every boundary', () => {
    const small = [
      { round: 3, seat: 1, hash: new Uint8Array(32).fill(171) },
      { round: 3, seat: 0, hash: null },
      { round: 3, commitment: { engine: 'NE', cards: [{ card: 'fire-main' }] }, lockedIn: true },
      { round: 3, salts: [new Uint8Array(16), null] },
      { id: 127, defaulted: false },
      { id: 128, defaulted: true },
    ];
    for (const m of [...small, ...EDGES, ...sampleMessages(2)]) expect(hex(maps.write(m, 0))).toBe(hex(plain.pack(m)));
  });
});
