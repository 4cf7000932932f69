// The flood screen's check that a payload decodes (room/flood.ts): the walk over the bytes that builds nothing
// (plainMsgpack) says yes only to bytes msgpackr's unpack, which Colyseus runs next, decodes; anything it does not
// vouch for is judged by unpack itself, so a frame's verdict is unpack's. Payloads are packed as the SDK packs them
// (a msgpackr Packr: every object a record).
import { encode } from '@colyseus/schema';
import { Packr, pack, unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { inspectFrame } from '../src/room/flood.js';
import { plainMsgpack } from '../src/room/plain-msgpack.js';

const sdkPackr = new Packr();
const payloads: unknown[] = [
  {
    round: 3,
    commitment: { engine: 'FULL', cards: [{ card: 'fire-main', turret: 'forward' }, { card: 'vent-coolant' }] },
  },
  { prompt: 13, decision: { kind: 'fighter', answer: { kind: 'launch', squadron: 1, at: { q: 2, r: -3 }, path: [] } } },
  { slot: 'squadrons', cards: ['a', 'b', 'c'] },
  { round: 3, events: 70_000 },
  {},
  [1, -1, -200, 300, -300, 70_000, -70_000, 1.5, 2 ** 40, null, true, false, 'x'.repeat(40), 'é', 'y'.repeat(300)],
  { x: Array.from({ length: 20 }, (_, i) => ({ q: i, r: -i })) },
];

const decodes = (b: Uint8Array): boolean => {
  try {
    unpack(b);
    return true;
  } catch {
    return false;
  }
};

/** Seeded bytes (a linear congruential generator): the same cases every run. */
function bytesFrom(seed: number) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s >>> 24;
  };
}

describe('plainMsgpack', () => {
  it('vouches for what clients send, packed as the SDK and as msgpackr plainly packs it', () => {
    for (const p of payloads) {
      expect(plainMsgpack(sdkPackr.pack(p), 0), JSON.stringify(p)).toBe(true);
      expect(plainMsgpack(pack(p), 0), JSON.stringify(p)).toBe(true);
    }
  });

  it('never for a truncation or a trailing byte, nor for nesting deeper than its bound', () => {
    for (const p of payloads) {
      const b = sdkPackr.pack(p);
      for (let cut = 0; cut < b.length; cut++) expect(plainMsgpack(b.subarray(0, cut), 0)).toBe(false);
      expect(plainMsgpack(Buffer.concat([b, Buffer.from([0])]), 0)).toBe(false);
    }
    const deep = new Uint8Array(40).fill(0x91);
    deep[39] = 1;
    expect(plainMsgpack(deep, 0)).toBe(false);
    expect(plainMsgpack(deep, 10)).toBe(true);
  });

  it('vouches only for bytes unpack decodes: 100,000 seeded mutations of real payloads and random bytes', () => {
    const next = bytesFrom(27);
    let vouched = 0;
    for (let i = 0; i < 100_000; i++) {
      const base = sdkPackr.pack(payloads[i % payloads.length]);
      const b = i % 4 === 0 ? Uint8Array.from({ length: 1 + (next() % 12) }, next) : new Uint8Array(base);
      if (i % 4 !== 0) for (let k = next() % 3; k >= 0; k--) b[next() % b.length] = next();
      if (!plainMsgpack(b, 0)) continue;
      vouched++;
      if (!decodes(b)) expect.fail(`vouched for bytes unpack refuses: ${Buffer.from(b).toString('hex')}`);
    }
    expect(vouched).toBeGreaterThan(10_000);
  });
});

describe('inspectFrame', () => {
  const frame = (payload: number[] | Uint8Array) => {
    const head = Buffer.alloc(16);
    const it = { offset: 0 };
    head[it.offset++] = 13;
    encode.string(head, 'commit', it);
    return new Uint8Array(Buffer.concat([head.subarray(0, it.offset), Buffer.from(payload)]));
  };

  it('judges what the walk does not vouch for by unpack: a record whose key is bytes, a 0xc1, a bin value', () => {
    // d4 72 40: record 0 defined, its keys [bin] (msgpackr refuses a key that is bytes), then its value.
    expect(inspectFrame(frame([0xd4, 0x72, 0x40, 0x91, 0xc4, 0x01, 0x00, 0x01])).undecodable).toBe(
      'the payload of "commit" is not valid msgpack',
    );
    expect(inspectFrame(frame([0xc1])).undecodable).toBeUndefined(); // msgpackr reads 0xc1 as its "never used" value
    expect(inspectFrame(frame([0xc4, 0x02, 0x01, 0x02])).undecodable).toBeUndefined();
    expect(inspectFrame(frame([0xc4, 0x02, 0x01])).undecodable).toBe('the payload of "commit" is not valid msgpack');
    expect(inspectFrame(frame(sdkPackr.pack(payloads[0]))).undecodable).toBeUndefined();
  });
});
