// `node --import tsx packages/server/bench/heap-retained.ts FILE.heapsnapshot [--of MatchRoom,Match] [--top K]`: what
// each instance of a class keeps alive, from a V8 heap snapshot: the dominator tree (Cooper, Harvey and Kennedy's
// iterative algorithm; weak references do not hold), each object's retained size, then for the instances of the class
// their mean retained size and, by property, the mean retained size of what only they hold. What several rooms share
// (code, content tables) is held by none of them and does not count.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: {
    meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const file = argv[0];
if (!file) throw new Error('usage: heap-retained.ts FILE.heapsnapshot [--of CLASS] [--top K]');
const of = opt('of') ?? 'MatchRoom';
const top = Number(opt('top') ?? 30);

const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const { meta } = snap.snapshot;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const [nType, nName, nSize, nEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
  meta.node_fields.indexOf(f),
) as [number, number, number, number];
const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
  number,
  number,
  number,
];
const weak = meta.edge_types[0].indexOf('weak');
const named = new Set(['context', 'property', 'internal', 'shortcut'].map((t) => meta.edge_types[0].indexOf(t)));
const { nodes, edges, strings } = snap;
const N = nodes.length / NF;

// Out-edges in CSR form (node index, not field offset), weak edges left out.
const firstEdge = new Uint32Array(N + 1);
for (let i = 0, e = 0; i < N; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + nEdges]! * EF;
}
firstEdge[N] = edges.length;
const target = (e: number) => edges[e + eTo]! / NF;

// Postorder by an iterative DFS from the root (node 0).
const order = new Int32Array(N).fill(-1);
const post: number[] = [];
{
  const stack: number[] = [0];
  const cursor = new Uint32Array(N);
  order[0] = -2;
  for (let i = 0; i < N; i++) cursor[i] = firstEdge[i]!;
  while (stack.length) {
    const v = stack.at(-1)!;
    let pushed = false;
    while (cursor[v]! < firstEdge[v + 1]!) {
      const e = cursor[v]!;
      cursor[v] = e + EF;
      if (edges[e + eType] === weak) continue;
      const w = target(e);
      if (order[w] !== -1) continue;
      order[w] = -2;
      stack.push(w);
      pushed = true;
      break;
    }
    if (!pushed) {
      stack.pop();
      order[v] = post.length;
      post.push(v);
    }
  }
}
// Predecessors (reachable ones only).
const predCount = new Uint32Array(N + 1);
for (let v = 0; v < N; v++)
  if (order[v]! >= 0)
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF)
      if (edges[e + eType] !== weak) predCount[target(e) + 1]! += 1;
for (let i = 0; i < N; i++) predCount[i + 1]! += predCount[i]!;
const preds = new Uint32Array(predCount[N]!);
{
  const fill = predCount.slice(0, N);
  for (let v = 0; v < N; v++)
    if (order[v]! >= 0)
      for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF)
        if (edges[e + eType] !== weak) preds[fill[target(e)]!++] = v;
}
// Immediate dominators, by postorder numbers.
const idom = new Int32Array(N).fill(-1);
const root = 0;
idom[root] = root;
const intersect = (a: number, b: number) => {
  while (a !== b) {
    while (order[a]! < order[b]!) a = idom[a]!;
    while (order[b]! < order[a]!) b = idom[b]!;
  }
  return a;
};
for (let changed = true; changed; ) {
  changed = false;
  for (let k = post.length - 2; k >= 0; k--) {
    const v = post[k]!;
    let d = -1;
    for (let p = predCount[v]!; p < predCount[v + 1]!; p++) {
      const u = preds[p]!;
      if (idom[u] === -1) continue;
      d = d === -1 ? u : intersect(u, d);
    }
    if (d !== -1 && idom[v] !== d) {
      idom[v] = d;
      changed = true;
    }
  }
}
// Retained sizes: each node's own plus what it dominates (children come before parents in postorder).
const retained = new Float64Array(N);
for (const v of post) retained[v]! += nodes[v * NF + nSize]!;
for (const v of post) if (v !== root) retained[idom[v]!]! += retained[v]!;

const nameOf = (v: number) => strings[nodes[v * NF + nName]!]!;
for (const cls of of.split(',')) {
  const instances = post.filter((v) => nameOf(v) === cls && meta.node_types[0][nodes[v * NF + nType]!] === 'object');
  if (!instances.length) {
    console.log(`no ${cls} in the snapshot`);
    continue;
  }
  const byEdge = new Map<string, number>();
  // --depth D: the properties' own properties too, as paths ("computer.host.start"), down to D levels.
  const depth = Number(opt('depth') ?? 1);
  const walk = (v: number, path: string, level: number) => {
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EF) {
      const w = target(e);
      if (idom[w] !== v) continue;
      const label = named.has(edges[e + eType]!) ? strings[edges[e + eName]!]! : `[${edges[e + eName]}]`;
      const at = path ? `${path}.${label}` : label;
      byEdge.set(at, (byEdge.get(at) ?? 0) + retained[w]!);
      if (level < depth) walk(w, at, level + 1);
    }
  };
  for (const v of instances) walk(v, '', 1);
  const total = instances.reduce((acc, v) => acc + retained[v]!, 0) / instances.length;
  console.log(`${instances.length} × ${cls}: ${(total / 1024).toFixed(1)} KB retained each (mean); by property:`);
  for (const [k, b] of [...byEdge].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(b / instances.length).toFixed(0).padStart(8)}  ${k}`);
}

// --tops: the units the heap is made of: every object of under 256 KB retained whose dominator holds more than 2 MB
// (a registry, the roots), summed by kind and divided by the instances of --of's first class (per match).
if (argv.includes('--tops')) {
  const per = post.filter((v) => nameOf(v) === of.split(',')[0]).length || 1;
  const units = new Map<string, { n: number; b: number }>();
  for (const v of post) {
    if (v === root || retained[v]! >= 256 * 1024 || retained[idom[v]!]! <= 2 * 1024 * 1024) continue;
    const t = meta.node_types[0][nodes[v * NF + nType]!]!;
    const k = t === 'object' || t === 'closure' ? `${t} ${nameOf(v)}` : t;
    const u = units.get(k) ?? { n: 0, b: 0 };
    u.n += 1;
    u.b += retained[v]!;
    units.set(k, u);
  }
  console.log(`top-level units per ${of.split(',')[0]} (${per}):`);
  for (const [k, u] of [...units].sort((a, b) => b[1].b - a[1].b).slice(0, top))
    console.log(`${(u.b / per).toFixed(0).padStart(8)} ${(u.n / per).toFixed(1).padStart(6)}  ${k.slice(0, 90)}`);
}

// --unit KIND: those top-level units of one kind ("object Object"), by who refers to them (kind and property).
const unit = opt('unit');
if (unit) {
  const per = post.filter((v) => nameOf(v) === of.split(',')[0]).length || 1;
  const kindOf = (v: number) => {
    const t = meta.node_types[0][nodes[v * NF + nType]!]!;
    return t === 'object' || t === 'closure' ? `${t} ${nameOf(v)}` : t;
  };
  const by = new Map<string, number>();
  for (const v of post) {
    if (v === root || retained[v]! >= 256 * 1024 || retained[idom[v]!]! <= 2 * 1024 * 1024 || kindOf(v) !== unit)
      continue;
    const labels: string[] = [];
    for (let p = predCount[v]!; p < predCount[v + 1]! && labels.length < 2; p++) {
      const u = preds[p]!;
      for (let e = firstEdge[u]!; e < firstEdge[u + 1]!; e += EF)
        if (target(e) === v) {
          const l = named.has(edges[e + eType]!) ? strings[edges[e + eName]!]! : `[]`;
          labels.push(`${kindOf(u)}.${l}`);
          break;
        }
    }
    const k = labels.sort().join(' & ');
    by.set(k, (by.get(k) ?? 0) + retained[v]!);
  }
  console.log(`${unit} units by holders, per ${of.split(',')[0]}:`);
  for (const [k, b] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(b / per).toFixed(0).padStart(8)}  ${k.slice(0, 150)}`);
}
