// The round-cost bench's allocation summary (bench/alloc-profile.ts): a sampled allocation without a script (a
// native or builtin) is charged to the JS function that called it, and inclusive sizes count a function once per stack.
import { describe, expect, it } from 'vitest';
import { allocSummary, startAllocProfile } from '../bench/alloc-profile.js';

type Node = Parameters<typeof allocSummary>[0];
const frame = (functionName: string, url: string, selfSize: number, children: Node[] = []): Node => ({
  callFrame: { functionName, url },
  selfSize,
  children,
});

describe('round-cost --alloc summary', () => {
  it('charges natives to their JS caller and counts a recursive function once per stack', () => {
    const head = frame('(root)', '', 0, [
      frame('resolve', 'file:///x/engine/src/round.ts', 1000, [
        frame('map', '', 3000), // a native: charged to resolve
        frame('resolve', 'file:///x/engine/src/round.ts', 2000, [
          frame('clone', 'file:///x/engine/src/clone.ts', 4000),
        ]),
      ]),
    ]);
    const lines = allocSummary(head, 2, 5);
    expect(lines[0]).toBe('allocated: 5.00 KB per round');
    const self = lines.slice(2, lines.indexOf('--- inclusive, KB per round'));
    expect(self).toEqual(['   3.00 resolve src/round.ts', '   2.00 clone src/clone.ts']);
    const inclusive = lines.slice(lines.indexOf('--- inclusive, KB per round') + 1);
    expect(inclusive).toEqual(['   5.00 resolve src/round.ts', '   2.00 clone src/clone.ts']);
  });

  it('records what the code between start and stop allocates, by function', async () => {
    const profile = await startAllocProfile(256);
    const kept: number[][] = [];
    function allocateArrays(): void {
      for (let i = 0; i < 2000; i++) kept.push(new Array(64).fill(i));
    }
    allocateArrays();
    const lines = await profile.stop('/dev/null', 1);
    expect(lines.some((l) => / allocateArrays test\/alloc-summary\.test\.ts$/.test(l))).toBe(true);
    expect(kept).toHaveLength(2000);
  });
});
