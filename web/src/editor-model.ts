// The board editor's model: for games whose position text starts with a
// grid of one character a cell (Pathagon, Abalone, tic-tac-toe), the
// cells as a grid, a click's change of one cell and of the side to move.
// The server's parser checks the result (piece counts, reserves, ...).
// Pure.

interface GridFormat {
  /** The characters a cell cycles through, empty first. */
  pieces: string[];
  /** The side-to-move tokens, the position text's second word. */
  sides: string[];
  /** Cells a row when the grid is written without separators (tic-tac-toe). */
  width?: number;
}

export const gridFormats: Record<string, GridFormat> = {
  pathagon: { pieces: ['.', 'L', 'D'], sides: ['l', 'd'] },
  abalone: { pieces: ['.', 'b', 'w'], sides: ['b', 'w'] },
  tictactoe: { pieces: ['.', 'x', 'o'], sides: ['x', 'o'], width: 3 },
};

/** grid reads the cells of a position text; null when the game or text has no editable grid. */
export function grid(game: string, text: string): string[][] | null {
  const f = gridFormats[game];
  const first = text.trim().split(/\s+/)[0] ?? '';
  if (!f || first === '') return null;
  let rows: string[];
  if (f.width) {
    if (first.length % f.width !== 0) return null;
    rows = [];
    for (let i = 0; i < first.length; i += f.width) rows.push(first.slice(i, i + f.width));
  } else rows = first.split('/');
  const cells = rows.map((r) => [...r]);
  if (!cells.every((r) => r.every((c) => f.pieces.includes(c)))) return null;
  return cells;
}

/** cycle changes cell (row, col) of text to the next piece of its game. */
export function cycle(game: string, text: string, row: number, col: number): string {
  const f = gridFormats[game];
  const g = grid(game, text);
  if (!f || !g || g[row]?.[col] === undefined) return text;
  const cur = g[row]![col]!;
  g[row]![col] = f.pieces[(f.pieces.indexOf(cur) + 1) % f.pieces.length]!;
  const first = g.map((r) => r.join('')).join(f.width ? '' : '/');
  const rest = text.trim().split(/\s+/).slice(1);
  return [first, ...rest].join(' ');
}

/** switchSide changes the side to move, the second word of the text. */
export function switchSide(game: string, text: string): string {
  const f = gridFormats[game];
  const words = text.trim().split(/\s+/);
  if (!f || words.length < 2 || !f.sides.includes(words[1]!)) return text;
  words[1] = f.sides[(f.sides.indexOf(words[1]!) + 1) % f.sides.length]!;
  return words.join(' ');
}
