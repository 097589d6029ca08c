// Abalone board model: reads the position text (rules/abalone.md §7, doc.go
// of games/abalone), reads ABA-PRO move notation (§6) against a position to
// say which marbles a move slides where, and maps a gesture ("these 1–3
// marbles, that direction", or a click on a destination cell) onto one of
// the legal moves the server listed. It never decides legality: every move
// it returns is one of the server's texts.

/** A marble's colour: Black ("b", seat 0, moves first) or White ("w"). */
export type Marble = 'b' | 'w';

/** The six directions of rules/abalone.md §1, named as in package hexgrid. */
export type Dir = 'E' | 'NE' | 'NW' | 'W' | 'SW' | 'SE';

/** dirs lists the directions in the order of the game package. */
export const dirs: readonly Dir[] = ['E', 'NE', 'NW', 'W', 'SW', 'SE'];

/** delta is (Δrow, Δdiagonal) of each direction (§1 table). */
const delta: Record<Dir, readonly [number, number]> = {
  E: [0, 1],
  W: [0, -1],
  NE: [1, 1],
  SW: [-1, -1],
  NW: [1, 0],
  SE: [-1, 0],
};

/** opposite of each direction. */
export const opposite: Record<Dir, Dir> = { E: 'W', W: 'E', NE: 'SW', SW: 'NE', NW: 'SE', SE: 'NW' };

/** Rows on the board (A..I) and the longest row's length. */
export const rows = 9;

/** onBoard reports whether (r, n) is one of the 61 cells: max(1, r−3) ≤ n ≤ min(9, r+5). */
export function onBoard(r: number, n: number): boolean {
  return r >= 0 && r < rows && n >= Math.max(1, r - 3) && n <= Math.min(9, r + 5);
}

/** cellName writes (row 0..8, diagonal 1..9) as "a1".."i9"; it does not check the cell exists. */
export function cellName(r: number, n: number): string {
  return String.fromCharCode(97 + r) + String(n);
}

/** parseCell reads "e5" (either case) as [row, diagonal]; null when it is not a cell. */
export function parseCell(s: string): [number, number] | null {
  const m = /^([a-i])([1-9])$/i.exec(s);
  if (!m) return null;
  const r = m[1]!.toLowerCase().charCodeAt(0) - 97;
  const n = Number(m[2]);
  return onBoard(r, n) ? [r, n] : null;
}

/** cells lists the 61 cell names, row A first, each row by diagonal number. */
export const cells: readonly string[] = (() => {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) for (let n = 1; n <= 9; n++) if (onBoard(r, n)) out.push(cellName(r, n));
  return out;
})();

/** step gives the neighbour of cell in direction d, or null off the board. */
export function step(cell: string, d: Dir): string | null {
  const c = parseCell(cell);
  if (!c) return null;
  const [dr, dn] = delta[d];
  const r = c[0] + dr;
  const n = c[1] + dn;
  return onBoard(r, n) ? cellName(r, n) : null;
}

/** dirBetween gives the direction from a to its neighbour b; null when they are not neighbours. */
export function dirBetween(a: string, b: string): Dir | null {
  for (const d of dirs) if (step(a, d) === b) return d;
  return null;
}

/** A position: the marbles by cell, the side to move, marbles of each colour pushed off. */
export interface Position {
  board: ReadonlyMap<string, Marble>;
  toMove: Marble;
  /** off.b: Black marbles pushed off (they count for White); off.w: White marbles pushed off. */
  off: { b: number; w: number };
}

/** Marbles per colour at the start (§1). */
const marblesPerSide = 14;

/**
 * parsePosition reads "ROWS SIDE BLACKOFF WHITEOFF" (§7): nine rows from I
 * down to A, each from its lowest diagonal; null when malformed.
 */
export function parsePosition(text: string): Position | null {
  const f = text.trim().split(/\s+/);
  if (f.length !== 4) return null;
  const rowTexts = f[0]!.split('/');
  if (rowTexts.length !== rows) return null;
  const board = new Map<string, Marble>();
  for (let i = 0; i < rows; i++) {
    const r = rows - 1 - i;
    const first = Math.max(1, r - 3);
    const last = Math.min(9, r + 5);
    const row = rowTexts[i]!;
    if (row.length !== last - first + 1) return null;
    for (let k = 0; k < row.length; k++) {
      const ch = row[k]!;
      if (ch === 'b' || ch === 'w') board.set(cellName(r, first + k), ch);
      else if (ch !== '.') return null;
    }
  }
  const side = f[1];
  if (side !== 'b' && side !== 'w') return null;
  const offB = Number(f[2]);
  const offW = Number(f[3]);
  if (!/^\d+$/.test(f[2]!) || !/^\d+$/.test(f[3]!)) return null;
  let nb = 0;
  let nw = 0;
  for (const m of board.values()) m === 'b' ? nb++ : nw++;
  if (nb + offB > marblesPerSide || nw + offW > marblesPerSide) return null;
  return { board, toMove: side, off: { b: offB, w: offW } };
}

/** formatPosition writes a position in the §7 text (the inverse of parsePosition). */
export function formatPosition(p: Position): string {
  const parts: string[] = [];
  for (let r = rows - 1; r >= 0; r--) {
    let s = '';
    for (let n = Math.max(1, r - 3); n <= Math.min(9, r + 5); n++) s += p.board.get(cellName(r, n)) ?? '.';
    parts.push(s);
  }
  return `${parts.join('/')} ${p.toMove} ${p.off.b} ${p.off.w}`;
}

/** The starting positions of the three layouts (§7 table), by variant name. */
export const layouts: Readonly<Record<string, string>> = {
  standard: 'wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0',
  'belgian-daisy': 'ww.bb/wwwbbb/.ww.bb./......../........./......../.bb.ww./bbbwww/bb.ww b 0 0',
  'german-daisy': '...../ww..bb/www.bbb/.ww..bb./........./.bb..ww./bbb.www/bb..ww/..... b 0 0',
};

/** What a move does on the board: which marbles slide, which way. */
export interface Shape {
  kind: 'inline' | 'broadside';
  dir: Dir;
  /** The mover's marbles that move; in-line from the trailing marble forward. */
  group: string[];
  /** Enemy marbles pushed (sumito), nearest first; the last may leave the board. */
  pushed: string[];
}

/** One marble's slide: from a cell to the next one, or off the board (to = null). */
export interface Slide {
  from: string;
  to: string | null;
  marble: Marble;
}

/**
 * shape reads a move's notation against the position it is played in
 * (§6): "a1b2" is the trailing marble and its step, the group being the
 * mover's marbles in a line ahead of it; "c3c5d4" is a broadside given by
 * its two ends and the destination of the first. It only reads: null when
 * the text does not describe marbles of the side to move.
 */
export function shape(p: Position, text: string): Shape | null {
  const t = text.trim().toLowerCase();
  const me = p.toMove;
  if (t.length === 4) {
    const from = t.slice(0, 2);
    const d = dirBetween(from, t.slice(2));
    if (!d || p.board.get(from) !== me) return null;
    const group = [from];
    let c = step(from, d);
    while (c !== null && p.board.get(c) === me && group.length < 3) {
      group.push(c);
      c = step(c, d);
    }
    const pushed: string[] = [];
    while (c !== null && p.board.get(c) !== undefined && p.board.get(c) !== me) {
      pushed.push(c);
      c = step(c, d);
    }
    return { kind: 'inline', dir: d, group, pushed };
  }
  if (t.length === 6) {
    const a = t.slice(0, 2);
    const b = t.slice(2, 4);
    const d = dirBetween(a, t.slice(4));
    if (!d) return null;
    // The ends may be one or two steps apart: fill in the middle marble.
    let group: string[] | null = null;
    for (const axis of dirs) {
      const mid = step(a, axis);
      if (mid === null || axis === d || axis === opposite[d]) continue;
      if (mid === b) group = [a, b];
      else if (step(mid, axis) === b) group = [a, mid, b];
    }
    if (!group) return null;
    if (group.some((c) => p.board.get(c) !== me)) return null;
    return { kind: 'broadside', dir: d, group: group.sort(cellOrder), pushed: [] };
  }
  return null;
}

/** slides lists every marble a move moves, the mover's first. */
export function slides(p: Position, s: Shape): Slide[] {
  const out: Slide[] = [];
  for (const c of s.group) out.push({ from: c, to: step(c, s.dir), marble: p.toMove });
  const enemy: Marble = p.toMove === 'b' ? 'w' : 'b';
  for (const c of s.pushed) out.push({ from: c, to: step(c, s.dir), marble: enemy });
  return out;
}

/**
 * apply plays a move the server has already accepted on a copy of the
 * position: the slides, the push-off count, the side to move. It is for
 * drawing (replaying the record to find the previous position), not a rule
 * check; null when the text does not read as a move here.
 */
export function apply(p: Position, text: string): { position: Position; slides: Slide[] } | null {
  const s = shape(p, text);
  if (!s) return null;
  const moved = slides(p, s);
  const board = new Map(p.board);
  for (const m of moved) board.delete(m.from);
  const off = { ...p.off };
  for (const m of moved) {
    if (m.to === null) off[m.marble]++;
    else board.set(m.to, m.marble);
  }
  return { position: { board, toMove: p.toMove === 'b' ? 'w' : 'b', off }, slides: moved };
}

/** The last move as the board shows it: the position before it and its slides. */
export interface LastMove {
  before: Position;
  slides: Slide[];
}

/**
 * lastMove replays the record from the variant's start and returns the last
 * move's slides, when the replay ends in the position the server sent (so a
 * match started elsewhere, or a record this cannot read, shows no last move
 * rather than a wrong one).
 */
export function lastMove(variant: string, moves: readonly string[] | null, position: string): LastMove | null {
  if (!moves || moves.length === 0) return null;
  let p = parsePosition(layouts[variant] ?? layouts.standard!);
  let last: LastMove | null = null;
  for (const m of moves) {
    if (!p) return null;
    const r = apply(p, m);
    if (!r) return null;
    last = { before: p, slides: r.slides };
    p = r.position;
  }
  const now = parsePosition(position);
  if (!p || !now || formatPosition(p) !== formatPosition(now)) return null;
  return last;
}

/** cellOrder sorts cells by row letter, then number (the order of canonical output, §6). */
export function cellOrder(a: string, b: string): number {
  return a[0] === b[0] ? Number(a.slice(1)) - Number(b.slice(1)) : a < b ? -1 : 1;
}

/**
 * lineOf says whether 1–3 cells are neighbours in one line: the cells in
 * order (row, then number) and the axis (E, NE or NW) that leads from each
 * to the next; a single cell has no axis.
 */
export function lineOf(sel: readonly string[]): { cells: string[]; axis: Dir } | null {
  if (sel.length < 2 || sel.length > 3) return null;
  const sorted = [...sel].sort(cellOrder);
  for (const axis of ['E', 'NE', 'NW'] as const) {
    if (sorted.every((c, i) => i === 0 || step(sorted[i - 1]!, axis) === c)) return { cells: sorted, axis };
  }
  return null;
}

/** isGroup reports whether sel is 1–3 distinct cells in a line. */
export function isGroup(sel: readonly string[]): boolean {
  return sel.length === 1 || lineOf(sel) !== null;
}

/**
 * moveFor maps "these marbles, that direction" onto the legal move it
 * means, or null. A single marble or a line moved along its axis is an
 * in-line move named by its trailing marble (own marbles ahead of the
 * selection join the group, as §4.2 says, so selecting the back marble of a
 * column and pushing forward moves the column); a line of 2–3 moved across
 * its axis is a broadside, named by its ends in either order.
 */
export function moveFor(legal: ReadonlySet<string>, sel: readonly string[], d: Dir): string | null {
  if (sel.length === 1) {
    const to = step(sel[0]!, d);
    const text = to === null ? '' : sel[0]! + to;
    return legal.has(text) ? text : null;
  }
  const line = lineOf(sel);
  if (!line) return null;
  const cs = line.cells;
  if (d === line.axis || d === opposite[line.axis]) {
    const trail = d === line.axis ? cs[0]! : cs[cs.length - 1]!;
    const to = step(trail, d);
    const text = to === null ? '' : trail + to;
    return legal.has(text) ? text : null;
  }
  const a = cs[0]!;
  const b = cs[cs.length - 1]!;
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const dest = step(x, d);
    if (dest !== null && legal.has(x + y + dest)) return x + y + dest;
  }
  return null;
}

/** options lists, for a selection, the directions that give a legal move and the move for each. */
export function options(legal: ReadonlySet<string>, sel: readonly string[]): Map<Dir, string> {
  const out = new Map<Dir, string>();
  if (sel.length === 0) return out;
  for (const d of dirs) {
    const m = moveFor(legal, sel, d);
    if (m !== null) out.set(d, m);
  }
  return out;
}

/**
 * destinations maps the cells a click may name as the end of a move to that
 * move: for an in-line move the cell the front marble enters (empty, or the
 * enemy marble it pushes), for a broadside each cell the group moves into.
 * A cell that two moves share (two broadsides can overlap) is left out: the
 * arrows tell them apart.
 */
export function destinations(p: Position, legal: ReadonlySet<string>, sel: readonly string[]): Map<string, string> {
  const found = new Map<string, string | null>();
  for (const text of options(legal, sel).values()) {
    const s = shape(p, text);
    if (!s) continue;
    const cellsOf = s.kind === 'inline' ? [step(s.group[s.group.length - 1]!, s.dir)] : s.group.map((c) => step(c, s.dir));
    for (const c of cellsOf) {
      if (c === null) continue;
      found.set(c, found.has(c) && found.get(c) !== text ? null : text);
    }
  }
  const out = new Map<string, string>();
  for (const [c, text] of found) if (text !== null) out.set(c, text);
  return out;
}

/**
 * movable lists the marbles that are part of some legal move's group: the
 * ones worth selecting.
 */
export function movable(p: Position, legal: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const text of legal) {
    const s = shape(p, text);
    if (s) for (const c of s.group) out.add(c);
  }
  return out;
}

/** What a click on a cell did. */
export type ClickResult =
  | { kind: 'play'; move: string }
  | { kind: 'select'; selection: string[] }
  | { kind: 'none' };

/**
 * click maps a click on a cell onto a move or a new selection. A click on
 * the mover's marble edits the selection (adds it when the selection stays a
 * line of at most 3 that can move, removes it from an end, else starts over
 * with it); a click on a destination of the selection plays that move; any
 * other click clears the selection.
 */
export function click(p: Position, legal: ReadonlySet<string>, sel: readonly string[], cell: string): ClickResult {
  if (p.board.get(cell) === p.toMove) {
    const i = sel.indexOf(cell);
    if (i >= 0) {
      const ends = lineOf(sel)?.cells;
      if (sel.length === 1 || (ends && (ends[0] === cell || ends[ends.length - 1] === cell))) {
        return { kind: 'select', selection: sel.filter((c) => c !== cell) };
      }
      return { kind: 'select', selection: [] };
    }
    const more = [...sel, cell];
    if (isGroup(more) && options(legal, more).size > 0) return { kind: 'select', selection: more };
    return { kind: 'select', selection: movable(p, legal).has(cell) ? [cell] : [] };
  }
  if (sel.length === 0) return { kind: 'none' };
  const m = destinations(p, legal, sel).get(cell);
  if (m !== undefined) return { kind: 'play', move: m };
  return { kind: 'select', selection: [] };
}

/** Screen geometry: cell spacing, in SVG user units. */
export const spacing = 40;
/** Margin around the outer cells: the frame (0.62 of a cell) and, beyond it, the coordinates. */
export const margin = 46;
/** rowHeight is the vertical distance between rows of a hex grid. */
const rowHeight = (spacing * Math.sqrt(3)) / 2;
/** The SVG's size: 9 cells across plus margins, 9 rows. */
export const width = 8 * spacing + 2 * margin;
export const height = 8 * rowHeight + 2 * margin;

/**
 * point gives the centre of (r, n) in SVG units, row I at the top unless
 * flipped (White's view turns the board half a turn, so that each player
 * has their own home rows at the bottom). It also places the coordinates,
 * which lie just off the board.
 */
export function point(r: number, n: number, flipped: boolean): [number, number] {
  let x = (n - r / 2 + 1) * spacing;
  let y = (rows - 1 - r) * rowHeight;
  if (flipped) {
    x = 8 * spacing - x;
    y = 8 * rowHeight - y;
  }
  return [x + margin, y + margin];
}

/** cellPoint is point for a cell name. */
export function cellPoint(cell: string, flipped: boolean): [number, number] {
  const c = parseCell(cell)!;
  return point(c[0], c[1], flipped);
}

/** screenVector is the direction's unit step on the screen. */
export function screenVector(d: Dir, flipped: boolean): [number, number] {
  const [dr, dn] = delta[d];
  const x = dn - dr / 2;
  const y = -dr * (Math.sqrt(3) / 2);
  return flipped ? [-x, -y] : [x, y];
}

/** Motion is how the board animates a move: where each arriving marble comes from and the marbles leaving. */
export interface Motion {
  /** By destination cell, the offset (screen units) the marble slides in from. */
  arrive: Map<string, [number, number]>;
  /** Marbles pushed off: drawn one cell beyond the edge, sliding out from their last cell and fading. */
  off: { from: string; marble: Marble; at: [number, number]; offset: [number, number] }[];
}

/** motion computes the animation of a move's slides in the board's orientation. */
export function motion(moved: readonly Slide[], flipped: boolean): Motion {
  const out: Motion = { arrive: new Map(), off: [] };
  const first = moved[0];
  const d = first && first.to ? dirBetween(first.from, first.to) : null;
  for (const s of moved) {
    const [fx, fy] = cellPoint(s.from, flipped);
    if (s.to) {
      const [tx, ty] = cellPoint(s.to, flipped);
      out.arrive.set(s.to, [fx - tx, fy - ty]);
    } else if (d) {
      const [vx, vy] = screenVector(d, flipped);
      const at: [number, number] = [fx + vx * spacing, fy + vy * spacing];
      out.off.push({ from: s.from, marble: s.marble, at, offset: [fx - at[0], fy - at[1]] });
    }
  }
  return out;
}

/** nearestDir is the direction closest to a drag on the screen; null for a drag too short to mean one. */
export function nearestDir(dx: number, dy: number, flipped: boolean, minLength = spacing / 3): Dir | null {
  const len = Math.hypot(dx, dy);
  if (len < minLength) return null;
  let best: Dir | null = null;
  let bestDot = -Infinity;
  for (const d of dirs) {
    const [x, y] = screenVector(d, flipped);
    const dot = (x * dx + y * dy) / len;
    if (dot > bestDot) {
      bestDot = dot;
      best = d;
    }
  }
  return best;
}

/**
 * Screen directions in the order of the direction pad and the number keys
 * 1–6: clockwise from up-left. screenDir gives the board direction each
 * stands for in the current orientation.
 */
export const padOrder: readonly Dir[] = ['NW', 'NE', 'E', 'SE', 'SW', 'W'];

/**
 * turned says whether the board is drawn half a turn round: White (seat 1)
 * sees it so by default, and the viewer's flip (BoardProps.flipped) turns it
 * once more.
 */
export function turned(seat: number, flipped: boolean): boolean {
  return (seat === 1) !== flipped;
}

/** screenDir maps a pad slot (a direction as seen by Black) to the board direction in this orientation. */
export function screenDir(slot: Dir, flipped: boolean): Dir {
  return flipped ? opposite[slot] : slot;
}

/** Keys that move the focus over the cells, as screen directions (before flipping). */
const focusKeys: Record<string, readonly Dir[]> = {
  ArrowRight: ['E'],
  ArrowLeft: ['W'],
  ArrowUp: ['NE', 'NW'],
  ArrowDown: ['SW', 'SE'],
};

/**
 * focusStep moves the keyboard focus: left and right along the row, up to
 * the up-right neighbour (up-left at the right edge), down to the
 * down-left (down-right at the left edge), so that up then down comes back.
 */
export function focusStep(cell: string, key: string, flipped: boolean): string | null {
  const ways = focusKeys[key];
  if (!ways) return null;
  for (const w of ways) {
    const next = step(cell, screenDir(w, flipped));
    if (next !== null) return next;
  }
  return cell;
}
