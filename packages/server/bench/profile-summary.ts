// `node --import tsx packages/server/bench/profile-summary.ts FILE.cpuprofile [--top N] [--filter TEXT] [--last S]`: the top
// functions of a V8 CPU profile (as written by `pnpm bench server --cpu-prof DIR`) by self time and by inclusive time,
// in ms and % of the busy time, idle and GC shown apart. --last S keeps only the S seconds before the profile's last
// second (the bench's measuring window: the server is stopped right after it), leaving out start-up and joins.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  hitCount?: number;
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const opt = (n: string) => {
  const i = args.indexOf(`--${n}`);
  return i >= 0 ? args[i + 1] : undefined;
};
if (!file) {
  console.error('usage: profile-summary.ts FILE.cpuprofile [--top N] [--filter TEXT] [--last S]');
  process.exit(2);
}
const top = Number(opt('top') ?? 30);
const filter = opt('filter');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Self time per node from the samples and their time deltas (µs).
const selfUs = new Map<number, number>();
const last = opt('last');
const at: number[] = [];
for (let i = 0, t = p.startTime; i < p.samples.length; i++) {
  t += p.timeDeltas[i] ?? 0;
  at.push(t);
}
const to = (at.at(-1) ?? 0) - 1e6;
const from = last ? to - Number(last) * 1e6 : -Infinity;
for (let i = 0; i < p.samples.length; i++) {
  if (at[i]! < from || (last && at[i]! > to)) continue;
  selfUs.set(p.samples[i]!, (selfUs.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const shortUrl = (u: string) =>
  u
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')
    .replace(/.*\/packages\//, '');
const key = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const incl = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  self.set(key(n), (self.get(key(n)) ?? 0) + us);
  // Inclusive: every distinct function on the stack gets the sample once.
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur)!);
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + us);
  }
}
const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
const gc = [...self].filter(([k]) => k.startsWith('(garbage collector)')).reduce((a, [, v]) => a + v, 0);
const busy = total - idle;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
console.log(
  `${file}\nsampled ${ms(total)} ms, idle ${ms(idle)} ms, busy ${ms(busy)} ms (GC ${ms(gc)} ms = ${pct(gc)} of busy)`,
);
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (ms, % of busy)`);
  const rows = [...m]
    .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(root)') && (!filter || k.includes(filter)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
  for (const [k, v] of rows) console.log(`${ms(v)} ${pct(v)}  ${k}`);
};
show('top self time', self);
show('top inclusive time', incl);
