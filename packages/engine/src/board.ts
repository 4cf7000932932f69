// The board is scenario data (RULES §1): a rectangle of columns × rows in odd-q offset layout.
import { fromOffset, offsetRow } from './hex.js';
import type { Hex, Scenario } from './types.js';

/** The default board: 15 × 17, cores at (7,13) facing N and (7,3) facing S (RULES §1). */
export const STANDARD: Scenario = {
  id: 'standard',
  cols: 15,
  rows: 17,
  starts: [
    { col: 7, row: 13, facing: 'N' },
    { col: 7, row: 3, facing: 'S' },
  ],
};

export const SCENARIOS: Record<string, Scenario> = { standard: STANDARD };

export function onBoard(s: Pick<Scenario, 'cols' | 'rows'>, h: Hex): boolean {
  // asked for every hex a token or an area weapon reaches: no offset object built
  const col = h.q;
  const row = offsetRow(h);
  return col >= 0 && col < s.cols && row >= 0 && row < s.rows;
}

/**
 * Whether h and its six neighbours are all on the board: in odd-q offset a neighbour's column differs by at most one,
 * and so does its row (RULES §1), so h must keep one column and one row from every edge.
 */
export function innerHex(s: Pick<Scenario, 'cols' | 'rows'>, h: Hex): boolean {
  const col = h.q;
  const row = offsetRow(h);
  return col >= 1 && col < s.cols - 1 && row >= 1 && row < s.rows - 1;
}

export function boardHexes(s: Pick<Scenario, 'cols' | 'rows'>): Hex[] {
  const out: Hex[] = [];
  for (let col = 0; col < s.cols; col++) for (let row = 0; row < s.rows; row++) out.push(fromOffset(col, row));
  return out;
}
