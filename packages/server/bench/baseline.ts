// `pnpm bench server --baseline`: the match server (A) beside a bare Colyseus room (B, bare-room.ts) that sends the
// same frames per round, in one invocation, alternating A B A B. The first A run measures the frame profile (kinds,
// counts and sizes per client per round) that every B run then sends. Printed: each run's line, the CPU per round of
// both, the ratio A/B of each pair and their median, and the A/A of the bare room (each B against the B before it),
// which is how far two runs of the same thing scatter on this machine.
import { frameProfile, type FrameProfile } from './bare-room.js';
import type { report } from './report.js';

type Step = ReturnType<typeof report>;
interface Bench {
  runStep: (matches: number, env?: Record<string, string>, bare?: FrameProfile) => Promise<Step>;
  repeat: number;
  json: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : s.length ? (s[m - 1]! + s[m]!) / 2 : NaN;
};
const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;

export async function baseline(n: number, b: Bench): Promise<void> {
  const pairs: { a: number; b: number }[] = [];
  let profile: FrameProfile | null = null;
  for (let i = 0; i < Math.max(1, b.repeat); i++) {
    const a = await b.runStep(n);
    console.log(`A match server: ${a.line}`);
    if (b.json) console.log(JSON.stringify(a.figures));
    profile ??= frameProfile(a.figures.bytesPerClientPerRoundByKind, a.figures.framesPerClientPerRoundByKind);
    if (i === 0)
      console.log(`frame profile (per client per round: frames, bytes per frame): ${JSON.stringify(profile)}`);
    const bare = await b.runStep(n, {}, profile);
    console.log(`B bare room:    ${bare.line}`);
    if (b.json) console.log(JSON.stringify(bare.figures));
    const kinds = (f: Step['figures']) =>
      Object.entries(f.bytesPerClientPerRoundByKind)
        .map(([k, v]) => `${k} ${f.framesPerClientPerRoundByKind[k]}×/${v} B`)
        .join(', ');
    console.log(`per client per round: match ${kinds(a.figures)}\n                      bare  ${kinds(bare.figures)}`);
    pairs.push({ a: a.figures.serverCpuMsPerRound, b: bare.figures.serverCpuMsPerRound });
    const ratio = pairs.at(-1)!.a / pairs.at(-1)!.b;
    console.log(
      `pair ${i + 1}: match ${pairs.at(-1)!.a.toFixed(3)} ms/round, bare ${pairs.at(-1)!.b.toFixed(3)} ms/round: ratio ${ratio.toFixed(2)}`,
    );
  }
  const ratios = pairs.map((p) => p.a / p.b);
  const aa = pairs.slice(1).map((p, i) => p.b / pairs[i]!.b - 1);
  const aaMatch = pairs.slice(1).map((p, i) => p.a / pairs[i]!.a - 1);
  console.log(
    `baseline ${n} matches: CPU per round match ${pairs.map((p) => p.a.toFixed(3)).join(', ')} ms; ` +
      `bare ${pairs.map((p) => p.b.toFixed(3)).join(', ')} ms; ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}, ` +
      `median ${median(ratios).toFixed(2)}; A/A bare (each run against the one before) ${aa.map(pct).join(', ') || 'n/a (one pair)'}; ` +
      `A/A match ${aaMatch.map(pct).join(', ') || 'n/a'}`,
  );
}
