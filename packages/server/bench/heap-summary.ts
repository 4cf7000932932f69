// `node --import tsx packages/server/bench/heap-summary.ts FILE.heapsnapshot [--per N] [--top K] [--base IDLE.heapsnapshot]`:
// what a V8 heap snapshot holds, by kind of object (its constructor or, for strings, arrays, code and closures, V8's
// node type and name): count and shallow bytes, largest first, divided by N (the live matches of the bench's memory
// mode) to read as "per match". With --base, an earlier snapshot's counts are subtracted first (what the matches
// added). Shallow sizes: a Map's entries are in its "system / Map" and "array" rows, not its own. --held KIND: only
// the objects of that kind, by what holds them (e.g. --held array: which objects' arrays and properties weigh).
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

type Tally = Map<string, { count: number; bytes: number }>;

/**
 * Counts the snapshot's objects by kind; with `owned`, only the objects of that kind, by who holds them: the kind of
 * the first object that refers to them and the name of its reference ("Ship.linear").
 */
function tally(file: string, owned?: string): Tally {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt, edgesAt] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
    fields.indexOf(f),
  ) as [number, number, number, number];
  const out: Tally = new Map();
  const { nodes, strings, edges } = snap;
  const kind = (i: number) => {
    const type = types[nodes[i + typeAt]!]!;
    const name = strings[nodes[i + nameAt]!]!;
    return type === 'object' || type === 'native' ? name : type === 'closure' ? `closure ${name}` : type;
  };
  const holder = new Map<number, string>();
  if (owned) {
    const ef = snap.snapshot.meta.edge_fields;
    const edgeTypes = snap.snapshot.meta.edge_types[0];
    const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [
      number,
      number,
      number,
    ];
    let e = 0;
    for (let i = 0; i < nodes.length; i += fields.length) {
      for (let k = 0; k < nodes[i + edgesAt]!; k++, e += ef.length) {
        const to = edges[e + eTo]!;
        const t = edgeTypes[edges[e + eType]!];
        if (t === 'weak' || holder.has(to) || kind(to) !== owned) continue;
        const name = t === 'element' || t === 'hidden' ? `[${edges[e + eName]}]` : strings[edges[e + eName]!];
        holder.set(to, `${kind(i)}.${name}`);
      }
    }
  }
  for (let i = 0; i < nodes.length; i += fields.length) {
    let key = kind(i);
    if (owned) {
      if (key !== owned) continue;
      key = holder.get(i) ?? '(no holder)';
    }
    const row = out.get(key) ?? { count: 0, bytes: 0 };
    row.count += 1;
    row.bytes += nodes[i + sizeAt]!;
    out.set(key, row);
  }
  return out;
}

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const file = argv[0];
if (!file) throw new Error('usage: heap-summary.ts FILE.heapsnapshot [--per N] [--top K] [--base FILE]');
const per = Number(opt('per') ?? 1);
const top = Number(opt('top') ?? 40);
const owned = opt('held');
const rows = tally(file, owned);
const base = opt('base');
if (base)
  for (const [k, v] of tally(base, owned)) {
    const r = rows.get(k) ?? { count: 0, bytes: 0 };
    rows.set(k, { count: r.count - v.count, bytes: r.bytes - v.bytes });
  }
const sorted = [...rows].sort((a, b) => b[1].bytes - a[1].bytes);
const total = sorted.reduce((acc, [, v]) => acc + v.bytes, 0);
console.log(
  `${file}${base ? ` minus ${base}` : ''}: ${(total / 1024 / per).toFixed(1)} KB per ${per > 1 ? 'match' : 'heap'}`,
);
console.log('bytes/N  count/N  kind');
for (const [k, v] of sorted.slice(0, top))
  console.log(
    `${(v.bytes / per).toFixed(0).padStart(8)} ${(v.count / per).toFixed(1).padStart(8)}  ${k.slice(0, 100)}`,
  );
