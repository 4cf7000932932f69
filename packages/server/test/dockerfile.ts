// The Dockerfile's stages as data, for image.test.ts to run their steps without a Docker engine: instructions with
// their line continuations joined, comments dropped, grouped by stage (`FROM … AS name`).

export interface Instruction {
  op: string;
  arg: string;
  line: number;
}

export interface Stage {
  name: string;
  from: string;
  steps: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let l = lines[i]!.trim();
    if (!l || l.startsWith('#')) continue;
    while (l.endsWith('\\') && i + 1 < lines.length) l = `${l.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    const m = l.match(/^([A-Z]+)\s+(.*)$/);
    if (!m) throw new Error(`Dockerfile line ${start}: not an instruction: ${l}`);
    const [, op, arg] = m as unknown as [string, string, string];
    if (op === 'FROM') {
      const f = arg.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      if (!f) throw new Error(`Dockerfile line ${start}: FROM ${arg}`);
      stages.push({ from: f[1]!, name: f[2] ?? String(stages.length), steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${start}: ${op} before any FROM`);
    stage.steps.push({ op, arg, line: start });
  }
  return stages;
}

/** `ENV a=1 b=2` (unquoted values, as ours are) as a record. */
export function envPairs(arg: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const kv of arg.split(/\s+/)) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw new Error(`ENV ${arg}: "${kv}" is not name=value`);
    out[kv.slice(0, eq)] = kv.slice(eq + 1);
  }
  return out;
}
