// The board editor's model for Talat and Palat: the three 5×5 boards of
// the position text, and a click that puts a chosen tower on a cell or
// takes a tower off. Every tower exists once (colour digit and kind,
// "1L6"), so a tower put on a cell is taken from wherever it was: another
// cell (the two swap), its colour's reserve (the tower it replaces goes
// back to its own reserve) or a seat's captures (the tower it replaces is
// captured in its place). A tower taken off a cell is captured by the
// board's other side (in Palat the human who moves the spirit there).
// Counts stay right; the server's parser checks the rest (start lines in
// setup, closed boards, the seat to act) and names what is wrong. Pure.

export const talatBoards = ['B01', 'B02', 'B12'] as const;
const boardColours: [number, number][] = [
  [0, 1],
  [0, 2],
  [1, 2],
];
export const talatKinds = ['S3', 'S4', 'S6', 'M3', 'M4', 'M6', 'L3', 'L4', 'L6'];
/** Every tower: colour digit and kind. */
export const talatTowers = [0, 1, 2].flatMap((c) => talatKinds.map((k) => `${c}${k}`));

interface TalatText {
  variant: string;
  turn: string;
  /** cells[board][rank 0..4][file 0..4]: "." or a tower. */
  cells: string[][][];
  reserve: string[][]; // kinds per colour
  taken: string[][]; // towers per seat
  closed: string;
}

const towerRe = /^[0-2][SML][346]$/;

/** parseTalat reads the position text's fields; null when it is not one. */
export function parseTalat(text: string): TalatText | null {
  const w = text.trim().split(/\s+/);
  if (w.length !== 8 || (w[0] !== 'talat' && w[0] !== 'palat')) return null;
  const cells: string[][][] = [];
  for (let b = 0; b < 3; b++) {
    const [name, v] = w[2 + b]!.split('=');
    if (name !== talatBoards[b] || v === undefined) return null;
    const ranks = v.split('/');
    if (ranks.length !== 5) return null;
    const board: string[][] = [];
    for (const r of ranks) {
      const row: string[] = [];
      for (let i = 0; i < r.length; ) {
        if (r[i] === '.') {
          row.push('.');
          i++;
        } else if (towerRe.test(r.slice(i, i + 3))) {
          row.push(r.slice(i, i + 3));
          i += 3;
        } else return null;
      }
      if (row.length !== 5) return null;
      board.push(row);
    }
    cells.push(board);
  }
  const field = (word: string, name: string) => (word.startsWith(name + '=') ? word.slice(name.length + 1) : null);
  const res = field(w[5]!, 'reserve');
  const tak = field(w[6]!, 'taken');
  const closed = field(w[7]!, 'closed');
  if (res === null || tak === null || closed === null) return null;
  const reserve = res.split('/').map((g) => (g === '-' ? [] : (g.match(/../g) ?? [])));
  const taken = tak.split('/').map((g) => (g === '-' ? [] : g.split(',')));
  if (reserve.length !== 3) return null;
  return { variant: w[0]!, turn: w[1]!, cells, reserve, taken, closed };
}

/** formatTalat writes the fields back as a position text. */
export function formatTalat(p: TalatText): string {
  const boards = p.cells.map((b, i) => `${talatBoards[i]}=${b.map((r) => r.join('')).join('/')}`);
  const reserve = p.reserve.map((g) => (g.length ? g.join('') : '-')).join('/');
  const taken = p.taken.map((g) => (g.length ? g.join(',') : '-')).join('/');
  return [p.variant, p.turn, ...boards, `reserve=${reserve}`, `taken=${taken}`, `closed=${p.closed}`].join(' ');
}

/** takerOf is the seat that captures owner's tower on board b. */
function takerOf(variant: string, b: number, owner: number): number {
  const [x, y] = boardColours[b]!;
  const other = owner === x ? y : x;
  if (variant === 'palat' && other === 2) return b === 1 ? 1 : 0; // who moves the spirit on B02 / B12
  return other;
}

/**
 * placeTower puts tower (or nothing, "") on a cell of board b (rank and
 * file from 0) as the module comment says; the text is returned unchanged
 * when it is no Talat position or the tower is out of the game.
 */
export function placeTower(text: string, b: number, rank: number, file: number, tower: string): string {
  const p = parseTalat(text);
  const cur = p?.cells[b]?.[rank]?.[file];
  if (!p || cur === undefined || cur === tower) return text;
  const capture = (t: string, board: number) => {
    const seat = takerOf(p.variant, board, Number(t[0]));
    if (p.taken[seat]) p.taken[seat]!.push(t);
  };
  if (tower === '') {
    p.cells[b]![rank]![file] = '.';
    capture(cur, b);
    return formatTalat(p);
  }
  if (!towerRe.test(tower)) return text;
  for (let ob = 0; ob < 3; ob++)
    for (let r = 0; r < 5; r++)
      for (let f = 0; f < 5; f++)
        if (p.cells[ob]![r]![f] === tower) {
          p.cells[ob]![r]![f] = cur; // swap
          p.cells[b]![rank]![file] = tower;
          return formatTalat(p);
        }
  const colour = Number(tower[0]);
  const kind = tower.slice(1);
  const ri = p.reserve[colour]!.indexOf(kind);
  if (ri >= 0) {
    p.reserve[colour]!.splice(ri, 1);
    if (cur !== '.') p.reserve[Number(cur[0])]!.push(cur.slice(1));
    p.cells[b]![rank]![file] = tower;
    return formatTalat(p);
  }
  for (const list of p.taken) {
    const ti = list.indexOf(tower);
    if (ti >= 0) {
      list.splice(ti, 1);
      if (cur !== '.') capture(cur, b);
      p.cells[b]![rank]![file] = tower;
      return formatTalat(p);
    }
  }
  return text; // out of the game (Palat's ninth spirit tower)
}

/** nextTurn passes the turn to the next seat (three in Talat, two in Palat). */
export function nextTurn(text: string): string {
  const p = parseTalat(text);
  if (!p || !/^[0-2]$/.test(p.turn)) return text;
  const n = p.variant === 'palat' ? 2 : 3;
  p.turn = String((Number(p.turn) + 1) % n);
  return formatTalat(p);
}
