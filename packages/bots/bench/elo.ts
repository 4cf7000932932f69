// Elo from a round robin: Bradley–Terry ratings by minorisation–maximisation (Hunter 2004), draws as half a win
// each, the first level anchored at 0; error bars (±1.96 σ) from a bootstrap over the games of each pairing.
import { createRng } from '@star-eater/engine';

export interface Pairing {
  a: string;
  b: string;
  winsA: number;
  winsB: number;
  draws: number;
}

function ratings(levels: readonly string[], pairs: readonly Pairing[]): number[] {
  const n = levels.length;
  const idx = (l: string) => levels.indexOf(l);
  const wins = new Array<number>(n).fill(0);
  const games: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const p of pairs) {
    const i = idx(p.a);
    const j = idx(p.b);
    // a small prior (one drawn game against each other) keeps a clean sweep finite
    wins[i]! += p.winsA + p.draws / 2 + 0.5;
    wins[j]! += p.winsB + p.draws / 2 + 0.5;
    const g = p.winsA + p.winsB + p.draws + 1;
    games[i]![j]! += g;
    games[j]![i]! += g;
  }
  let gamma = new Array<number>(n).fill(1);
  for (let it = 0; it < 2000; it++) {
    const next = gamma.map((_, i) => {
      let denom = 0;
      for (let j = 0; j < n; j++) if (j !== i && games[i]![j]! > 0) denom += games[i]![j]! / (gamma[i]! + gamma[j]!);
      return denom > 0 ? wins[i]! / denom : gamma[i]!;
    });
    const anchor = next[0]!;
    gamma = next.map((g) => g / anchor);
  }
  return gamma.map((g) => 400 * Math.log10(g));
}

/** Ratings and 95 % error bars (bootstrap), in level order. */
export function eloTable(levels: readonly string[], pairs: readonly Pairing[], reps = 300) {
  const elo = ratings(levels, pairs);
  const rng = createRng('elo-bootstrap');
  const samples: number[][] = levels.map(() => []);
  for (let r = 0; r < reps; r++) {
    const resampled = pairs.map((p) => {
      const n = p.winsA + p.winsB + p.draws;
      const out = { ...p, winsA: 0, winsB: 0, draws: 0 };
      for (let k = 0; k < n; k++) {
        const x = rng.int(n);
        if (x < p.winsA) out.winsA++;
        else if (x < p.winsA + p.winsB) out.winsB++;
        else out.draws++;
      }
      return out;
    });
    for (const [i, e] of ratings(levels, resampled).entries()) samples[i]!.push(e);
  }
  return levels.map((level, i) => {
    const s = samples[i]!;
    const mean = s.reduce((a, b) => a + b, 0) / s.length;
    const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, s.length - 1));
    return { level, elo: Math.round(elo[i]!), error: Math.round(1.96 * sd) };
  });
}
