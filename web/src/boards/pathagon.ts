// Pathagon board model: the position and the legal moves as the server's
// board forms give them (Go package game/ui: pieces with owners, the locked
// piece, forbidden cells, reserves; each move a placement or a step and its
// captures), and clicks matched against those forms. It never decides
// legality itself: every move it returns is one of the server's.
import type { MatchState, UIMove } from '../protocol';

/** Cells per side of the square board. */
export const size = 7;

export type Piece = 'L' | 'D' | null;

export interface Position {
  /** cells[7*row + col], row 0 = rank 7 (top), col 0 = file a. */
  cells: Piece[];
  /** The pieces their owner may not relocate this turn (§3 last relocated). */
  locked: Set<string>;
  /** The cells the side to move may not enter this ply (§4.5). */
  forbidden: Set<string>;
  /** Pieces in hand per seat. */
  reserve: number[];
}

/** cellName gives the algebraic name of (row, col): file a..g, rank 7 - row. */
export function cellName(row: number, col: number): string {
  return String.fromCharCode(97 + col) + String(size - row);
}

/** cellIndex is the inverse of cellName; -1 for anything else. */
export function cellIndex(name: string): number {
  const m = /^([a-g])([1-7])$/.exec(name);
  if (!m) return -1;
  const col = m[1]!.charCodeAt(0) - 97;
  const row = size - Number(m[2]);
  return row * size + col;
}

/** positionOf reads the position from the state's board form; null when the server sent none. */
export function positionOf(state: Partial<Pick<MatchState, 'board'>>): Position | null {
  const f = state.board?.position;
  if (!f) return null;
  const cells: Piece[] = Array.from({ length: size * size }, () => null);
  const locked = new Set<string>();
  for (const p of f.pieces ?? []) {
    const i = cellIndex(p.cell);
    if (i < 0 || (p.owner !== 0 && p.owner !== 1)) continue;
    cells[i] = p.owner === 0 ? 'L' : 'D';
    if (p.kind === 'locked') locked.add(p.cell);
  }
  return { cells, locked, forbidden: new Set(f.closed ?? []), reserve: (f.reserve ?? []).map((r) => r.length) };
}

/** A listed move: its text and its form. */
export interface Listed {
  text: string;
  form: UIMove;
}

/** listed pairs the state's legal moves with their forms (the server sends them in the same order). */
export function listed(state: Partial<Pick<MatchState, 'legal' | 'board'>>): Listed[] {
  const forms = state.board?.moves ?? [];
  return (state.legal ?? []).flatMap((m, i) => (forms[i] ? [{ text: m.text, form: forms[i] }] : []));
}

/** The board's click state: nothing, or a piece picked up for a relocation. */
export interface Selection {
  from: string | null;
}

export const noSelection: Selection = { from: null };

/** What a click did. */
export type ClickResult =
  /** Play this move. */
  | { kind: 'play'; move: Listed }
  /** Several legal moves fit (optional captures): let the player pick one. */
  | { kind: 'choose'; moves: Listed[] }
  /** The selection changed. */
  | { kind: 'select'; selection: Selection }
  /** Nothing to do. */
  | { kind: 'none' };

/** click maps a click on cell to a move or a selection change. */
export function click(moves: readonly Listed[], sel: Selection, cell: string): ClickResult {
  if (sel.from !== null) {
    if (cell === sel.from) return { kind: 'select', selection: noSelection };
    const fit = moves.filter((m) => m.form.from === sel.from && m.form.to === cell);
    if (fit.length > 0) return pick(fit);
  }
  if (moves.some((m) => m.form.from === cell)) {
    return { kind: 'select', selection: { from: cell } };
  }
  const place = moves.filter((m) => m.form.from === undefined && m.form.to === cell);
  if (place.length > 0) return pick(place);
  if (sel.from !== null) return { kind: 'select', selection: noSelection };
  return { kind: 'none' };
}

function pick(fit: Listed[]): ClickResult {
  if (fit.length === 1) return { kind: 'play', move: fit[0]! };
  return { kind: 'choose', moves: fit };
}

/** Hints tell the board which cells to mark as playable. */
export interface Hints {
  /** Cells where a click plays a placement or ends a relocation. */
  targets: Set<string>;
  /** Pieces that may be picked up. */
  movable: Set<string>;
}

/** hints lists the clickable cells for the current selection. */
export function hints(moves: readonly Listed[], sel: Selection): Hints {
  const targets = new Set<string>();
  const movable = new Set<string>();
  for (const { form: m } of moves) {
    if (m.from !== undefined) {
      movable.add(m.from);
      if (m.from === sel.from && m.to) targets.add(m.to);
    } else if (m.to && sel.from === null) {
      targets.add(m.to);
    }
  }
  return { targets, movable };
}

/** pathagonReserve is how many pieces a seat still holds in hand, from the board form; null when unknown. */
export function pathagonReserve(state: Partial<Pick<MatchState, 'board'>>, seat: number): number | null {
  return positionOf(state)?.reserve[seat] ?? null;
}
