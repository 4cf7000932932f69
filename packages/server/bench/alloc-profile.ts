// What a measured piece of code allocates, by function (round-cost.ts `--alloc FILE`): V8's sampling heap profiler,
// run in this process through node:inspector, counting objects collected by minor and major GC too (an allocation
// profile, not a retained-size one: what the garbage collector has to clear). A sample without a script (a native,
// a builtin) is charged to the JS function that called it, so `Array.prototype.map`'s array shows under its caller.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export interface HeapNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: HeapNode[];
}

/** Starts sampling every `interval` bytes allocated; `stop` writes the profile and returns its summary's lines. */
export async function startAllocProfile(
  interval = 1024,
): Promise<{ stop(file: string, per: number): Promise<string[]> }> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: interval,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(file, per) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      session.disconnect();
      writeFileSync(file, JSON.stringify(profile));
      return allocSummary((profile as { head: HeapNode }).head, per);
    },
  };
}

/** A function's name and its file (the last two path parts), as a profile's row names it. */
const nameOf = (f: HeapNode['callFrame']): string =>
  `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}`;

/**
 * The top allocating functions in KB per `per` (e.g. per round): self (natives charged to their JS caller) and
 * inclusive (what it and everything it calls allocated, each function counted once per stack).
 */
export function allocSummary(head: HeapNode, per: number, top = 30, what = 'allocated'): string[] {
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode, owner: string, stack: ReadonlySet<string>): void => {
    const name = n.callFrame.url ? nameOf(n.callFrame) : owner;
    total += n.selfSize;
    self.set(name, (self.get(name) ?? 0) + n.selfSize);
    const st = n.callFrame.url && !stack.has(name) ? new Set(stack).add(name) : stack;
    for (const f of st) incl.set(f, (incl.get(f) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c, name, st);
  };
  walk(head, '(root)', new Set());
  const kb = (b: number): string => (b / 1e3 / per).toFixed(2).padStart(7);
  const rows = (m: Map<string, number>, n: number): string[] =>
    [...m]
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${kb(v)} ${k}`);
  return [
    `${what}: ${kb(total).trim()} KB per round`,
    '--- self (natives charged to their caller), KB per round',
    ...rows(self, top),
    '--- inclusive, KB per round',
    ...rows(incl, top),
  ];
}
