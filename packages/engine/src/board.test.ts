// RULES §1: the board as scenario data, odd-q offset columns × rows.
import { describe, expect, it } from 'vitest';
import { innerHex, onBoard, STANDARD } from './board.js';
import { DIRS, fromOffset, neighbour } from './hex.js';

describe('RULES §1: the board', () => {
  it('innerHex holds exactly when a hex and its six neighbours are all on the board', () => {
    for (const board of [STANDARD, { cols: 4, rows: 3 }, { cols: 2, rows: 2 }]) {
      let inner = 0;
      for (let col = -3; col < board.cols + 3; col++)
        for (let row = -3; row < board.rows + 3; row++) {
          const h = fromOffset(col, row);
          const all = onBoard(board, h) && DIRS.every((d) => onBoard(board, neighbour(h, d)));
          expect(innerHex(board, h), `${col},${row} on ${board.cols}×${board.rows}`).toBe(all);
          if (all) inner++;
        }
      expect(inner).toBe(Math.max(0, board.cols - 2) * Math.max(0, board.rows - 2));
    }
  });
});
