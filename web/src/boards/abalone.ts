// Abalone board model: the board's geometry (rules/abalone.md §1), and the
// mapping of a gesture ("these 1–3 marbles, that direction", or a click on
// a destination cell) onto one of the legal moves the server listed. The
// position and each move come from the server as board forms (Go package
// game/ui, games/abalone/ui.go): which marbles a move takes, its direction,
// the cells it enters and every marble it slides. Nothing here reads
// notation or position text, and every move it returns is one of the
// server's texts.
import type { MatchState, UIMove } from '../protocol';

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

/** marble is the colour of a seat: Black is seat 0. */
const marble = (owner: number): Marble => (owner === 0 ? 'b' : 'w');

/** positionOf reads the position from the state's board form; null when the server sent none. */
export function positionOf(state: MatchState): Position | null {
  const f = state.board?.position;
  if (!f) return null;
  const board = new Map<string, Marble>();
  for (const p of f.pieces ?? []) board.set(p.cell, marble(p.owner));
  return { board, toMove: marble(state.toMove === 1 ? 1 : 0), off: { b: f.off?.[0] ?? 0, w: f.off?.[1] ?? 0 } };
}

/** A listed move: its text and its form. */
export interface Listed {
  text: string;
  form: UIMove;
}

/** listed pairs the state's legal moves with their forms (the server sends them in the same order). */
export function listed(state: MatchState): Listed[] {
  const forms = state.board?.moves ?? [];
  return (state.legal ?? []).flatMap((m, i) => (forms[i] ? [{ text: m.text, form: forms[i] }] : []));
}

/** One marble's slide: from a cell to the next one, or off the board (to = null). */
export interface Slide {
  from: string;
  to: string | null;
  marble: Marble;
}

/** slidesOf lists the marbles a move's form slides, the mover's first. */
export function slidesOf(f: UIMove | undefined): Slide[] {
  return (f?.slides ?? []).map((s) => ({ from: s.from, to: s.to ?? null, marble: marble(s.owner) }));
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
 * moveFor maps "these marbles, that direction" onto the listed move it
 * means, or null. A single marble or a line moved along its axis is an
 * in-line move whose trailing marble is in the selection (own marbles ahead
 * of the selection join the group, as §4.2 says, so selecting the back
 * marble of a column and pushing forward moves the column); a line of 2–3
 * moved across its axis is a broadside of exactly those marbles.
 */
export function moveFor(moves: readonly Listed[], sel: readonly string[], d: Dir): string | null {
  if (!isGroup(sel)) return null;
  for (const { text, form } of moves) {
    const group = form.pieces ?? [];
    if (form.dir !== d || group.length === 0) continue;
    if (form.kind === 'broadside') {
      if (group.length === sel.length && sel.every((c) => group.includes(c))) return text;
    } else if (sel.includes(group[0]!) && sel.every((c) => group.includes(c))) {
      return text;
    }
  }
  return null;
}

/** options lists, for a selection, the directions that give a listed move and the move for each. */
export function options(moves: readonly Listed[], sel: readonly string[]): Map<Dir, string> {
  const out = new Map<Dir, string>();
  if (sel.length === 0) return out;
  for (const d of dirs) {
    const m = moveFor(moves, sel, d);
    if (m !== null) out.set(d, m);
  }
  return out;
}

/**
 * destinations maps the cells a click may name as the end of a move to that
 * move (the form's targets: for an in-line move the cell the front marble
 * enters, empty or the enemy marble it pushes; for a broadside each cell the
 * group moves into). A cell that two moves share (two broadsides can
 * overlap) is left out: the arrows tell them apart.
 */
export function destinations(moves: readonly Listed[], sel: readonly string[]): Map<string, string> {
  const found = new Map<string, string | null>();
  const forms = new Map(moves.map((m) => [m.text, m.form]));
  for (const text of options(moves, sel).values()) {
    for (const c of forms.get(text)?.targets ?? []) found.set(c, found.has(c) && found.get(c) !== text ? null : text);
  }
  const out = new Map<string, string>();
  for (const [c, text] of found) if (text !== null) out.set(c, text);
  return out;
}

/** movable lists the marbles that are part of some listed move's group: the ones worth selecting. */
export function movable(moves: readonly Listed[]): Set<string> {
  const out = new Set<string>();
  for (const m of moves) for (const c of m.form.pieces ?? []) out.add(c);
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
export function click(p: Position, moves: readonly Listed[], sel: readonly string[], cell: string): ClickResult {
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
    if (isGroup(more) && options(moves, more).size > 0) return { kind: 'select', selection: more };
    return { kind: 'select', selection: movable(moves).has(cell) ? [cell] : [] };
  }
  if (sel.length === 0) return { kind: 'none' };
  const m = destinations(moves, sel).get(cell);
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
