// The packed messages' table of shapes (wire.ts) is the one wire-sample.ts computes from random matches: when the
// engine's events or prompts change shape this fails, and `pnpm --filter @star-eater/protocol wire-shapes` rewrites it.
import { describe, expect, it } from 'vitest';
import { decodeServerMessage, packMessage, unpackMessage, WIRE_TAG } from './wire.js';
import { SAMPLE_MATCHES, sampleMessages, shapeTable } from './wire-sample.js';
import { WIRE_SHAPES } from './wire-shapes.js';

describe('the table of shapes', () => {
  it('is what random matches produce now (else run `pnpm --filter @star-eater/protocol wire-shapes`)', () => {
    expect(WIRE_SHAPES).toEqual(shapeTable(sampleMessages(SAMPLE_MATCHES)));
  });

  it('round-trips every message of random matches exactly', () => {
    const msgs = sampleMessages(4).map((m) => JSON.parse(JSON.stringify(m)));
    for (const m of msgs) {
      const type = 'prompt' in m ? 'prompt' : 'from' in m ? 'events' : 'round-so-far';
      expect(unpackMessage(type, packMessage(m))).toEqual(m);
    }
  });

  it('leaves what is not packed bytes as it is', () => {
    expect(decodeServerMessage('receipt', { round: 1 })).toEqual({ round: 1 });
    expect(decodeServerMessage('events', { round: 1 })).toEqual({ round: 1 });
    expect(packMessage({ round: 1 })[0]).toBe(WIRE_TAG);
  });
});
