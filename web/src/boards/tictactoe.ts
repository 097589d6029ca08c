// The model of the tic-tac-toe board (TicTacToeBoard.tsx): the position
// text of docs/rules/tictactoe.md read into cells, and the line that won.

/** A cell: 'x', 'o' or '' for empty. */
export type Mark = 'x' | 'o' | '';

export interface Position {
  /** The nine cells, numbered 0..8 row by row from the top left. */
  cells: Mark[];
  /** The side to move (for a finished game, the side that would move next). */
  toMove: 'x' | 'o';
}

/** lines are the rows, columns and diagonals by cell number. */
export const lines: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/**
 * parsePosition reads "x.o.x.... o": nine cells of x, o or '.', a space,
 * the side to move. Anything else gives null, and the board shows the text.
 */
export function parsePosition(text: string): Position | null {
  const m = /^([xo.]{9}) ([xo])$/.exec(text.trim());
  if (!m) return null;
  const cells = [...m[1]!].map((c) => (c === '.' ? '' : c) as Mark);
  return { cells, toMove: m[2] as 'x' | 'o' };
}

/** winningLine returns the cells of a completed line, or null. */
export function winningLine(cells: Mark[]): readonly number[] | null {
  for (const l of lines) {
    const c = cells[l[0]];
    if (c && c === cells[l[1]] && c === cells[l[2]]) return l;
  }
  return null;
}
