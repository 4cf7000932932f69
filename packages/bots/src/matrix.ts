// The stage game of one round (simultaneous sealed commitments) as a zero-sum matrix, solved by regret matching+
// (Hart & Mas-Colell 2000; Tammelin 2014's RM+): each player's average strategy converges to a Nash equilibrium.
// A commitment chosen against the opponent's equilibrium mix cannot be exploited by guessing it, which is what a
// sealed-move game asks for (Lanctot et al. 2013, "Monte Carlo tree search in simultaneous move games").

/** Row player's payoffs `m[i][j]` (column player gets the negative). Returns both average strategies. */
export function solveZeroSum(m: readonly (readonly number[])[], iterations = 300): { row: number[]; col: number[] } {
  const rows = m.length;
  const cols = m[0]?.length ?? 0;
  const rRow = new Array<number>(rows).fill(0);
  const rCol = new Array<number>(cols).fill(0);
  const sumRow = new Array<number>(rows).fill(0);
  const sumCol = new Array<number>(cols).fill(0);
  const strategy = (regret: number[]): number[] => {
    const pos = regret.map((x) => Math.max(0, x));
    const total = pos.reduce((a, b) => a + b, 0);
    return total > 0 ? pos.map((x) => x / total) : regret.map(() => 1 / regret.length);
  };
  for (let t = 1; t <= iterations; t++) {
    const sr = strategy(rRow);
    const sc = strategy(rCol);
    const rowValue = m.map((r) => r.reduce((v, x, j) => v + x * sc[j]!, 0));
    const colValue = Array.from({ length: cols }, (_, j) => -m.reduce((v, r, i) => v + r[j]! * sr[i]!, 0));
    const vr = rowValue.reduce((v, x, i) => v + x * sr[i]!, 0);
    const vc = colValue.reduce((v, x, j) => v + x * sc[j]!, 0);
    for (let i = 0; i < rows; i++) rRow[i] = Math.max(0, rRow[i]! + rowValue[i]! - vr);
    for (let j = 0; j < cols; j++) rCol[j] = Math.max(0, rCol[j]! + colValue[j]! - vc);
    // RM+ weights later iterations more (linear averaging)
    for (let i = 0; i < rows; i++) sumRow[i]! += t * sr[i]!;
    for (let j = 0; j < cols; j++) sumCol[j]! += t * sc[j]!;
  }
  const norm = (xs: number[]) => {
    const total = xs.reduce((a, b) => a + b, 0);
    return xs.map((x) => x / total);
  };
  return { row: norm(sumRow), col: norm(sumCol) };
}
