// Abalone's board model: the mapping of a gesture ("these 1–3 marbles,
// that direction", or a click on a destination cell) onto one of the legal
// moves the server listed. The position and each move come from the server
// as board forms (Go package game/ui, games/abalone/ui.go): which marbles a
// move takes (in-line: from the trailing marble forward; broadside: along
// the line), its direction, the cells it enters and every marble it slides.
// Which groups are lines, which may move and where are read from those
// forms, never worked out here; nothing reads notation or position text,
// and every move returned is one of the server's texts. The screen
// geometry is in abalone-layout.ts.
import type { MatchState, UIMove } from '../protocol';

/** A marble's colour: Black ("b", seat 0, moves first) or White ("w"). */
export type Marble = 'b' | 'w';

/** The six directions of rules/abalone.md §1, as the forms name them (package hexgrid). */
export type Dir = 'E' | 'NE' | 'NW' | 'W' | 'SW' | 'SE';

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

/**
 * fits says whether the selection sel names the move whose form is f: a
 * broadside by exactly its marbles; an in-line move by its trailing marble
 * and the ones after it (own marbles ahead of the selection join the group,
 * as §4.2 says, so selecting the back marble of a column and pushing
 * forward moves the column).
 */
function fits(f: UIMove, sel: readonly string[]): boolean {
  const group = f.pieces ?? [];
  if (sel.length === 0 || sel.length > group.length || new Set(sel).size !== sel.length) return false;
  if (f.kind === 'broadside') return sel.length === group.length && sel.every((c) => group.includes(c));
  const head = group.slice(0, sel.length);
  return sel.every((c) => head.includes(c));
}

/** moveFor maps "these marbles, that direction" onto the listed move it means, or null. */
export function moveFor(moves: readonly Listed[], sel: readonly string[], d: Dir): string | null {
  return moves.find((m) => m.form.dir === d && fits(m.form, sel))?.text ?? null;
}

/** options lists, for a selection, the directions that give a listed move and the move for each. */
export function options(moves: readonly Listed[], sel: readonly string[]): Map<Dir, string> {
  const out = new Map<Dir, string>();
  for (const m of moves) if (fits(m.form, sel) && !out.has(m.form.dir as Dir)) out.set(m.form.dir as Dir, m.text);
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
  const chosen = new Set(options(moves, sel).values());
  for (const { text, form } of moves) {
    if (!chosen.has(text)) continue;
    for (const c of form.targets ?? []) found.set(c, found.has(c) && found.get(c) !== text ? null : text);
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

/** run says whether some listed move's group holds sel as consecutive marbles (a part of a line that moves). */
function run(moves: readonly Listed[], sel: readonly string[]): boolean {
  return moves.some(({ form }) => {
    const at = sel.map((c) => (form.pieces ?? []).indexOf(c));
    return at.every((i) => i >= 0) && Math.max(...at) - Math.min(...at) === sel.length - 1;
  });
}

/**
 * anchor is where the arrow of the selection's move in direction d starts:
 * the selected marble furthest ahead for an in-line move, the whole
 * selection for a broadside.
 */
export function anchor(moves: readonly Listed[], sel: readonly string[], d: Dir): string[] {
  const f = moves.find((m) => m.form.dir === d && fits(m.form, sel))?.form;
  if (f?.kind !== 'inline') return [...sel];
  const group = f.pieces ?? [];
  return [sel.reduce((a, b) => (group.indexOf(b) > group.indexOf(a) ? b : a))];
}

/** What a click on a cell did. */
export type ClickResult =
  | { kind: 'play'; move: string }
  | { kind: 'select'; selection: string[] }
  | { kind: 'none' };

/**
 * click maps a click on a cell onto a move or a new selection. A click on
 * the mover's marble edits the selection: it is added when the selection
 * then still makes a listed move, removed when the rest stays a line that
 * is part of one (an end of the line), else the selection starts over with
 * it; a click on a destination of the selection plays that move; any other
 * click clears the selection.
 */
export function click(p: Position, moves: readonly Listed[], sel: readonly string[], cell: string): ClickResult {
  if (p.board.get(cell) === p.toMove) {
    if (sel.includes(cell)) {
      const rest = sel.filter((c) => c !== cell);
      return { kind: 'select', selection: rest.length === 0 || run(moves, rest) ? rest : [] };
    }
    const more = [...sel, cell];
    if (options(moves, more).size > 0) return { kind: 'select', selection: more };
    return { kind: 'select', selection: movable(moves).has(cell) ? [cell] : [] };
  }
  if (sel.length === 0) return { kind: 'none' };
  const m = destinations(moves, sel).get(cell);
  if (m !== undefined) return { kind: 'play', move: m };
  return { kind: 'select', selection: [] };
}
