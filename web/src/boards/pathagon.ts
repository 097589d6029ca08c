// Pathagon board model: reads the position text (rules/pathagon.md §7) and
// turns clicks into the legal moves the server listed. It never decides
// legality itself: every move it returns is one of the server's.
import type { Move } from '../protocol';
import { moveForm } from '../protocol';

/** Cells per side of the square board. */
export const size = 7;

export type Piece = 'L' | 'D' | null;

export interface Position {
  /** cells[7*row + col], row 0 = rank 7 (top), col 0 = file a. */
  cells: Piece[];
  toMove: 'L' | 'D';
  reserve: { L: number; D: number };
  lastRelocated: { L: string | null; D: string | null };
  forbidden: string[];
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

/**
 * parsePosition reads the position text; null when malformed. The spec's
 * six fields may be followed by the two optional fields games/pathagon adds
 * (plies played, "repetition"); the board needs neither.
 */
export function parsePosition(text: string): Position | null {
  const f = text.trim().split(/\s+/);
  if (f.length < 6 || f.length > 8) return null;
  const ranks = f[0]!.split('/');
  if (ranks.length !== size || ranks.some((r) => r.length !== size)) return null;
  const cells: Piece[] = [];
  for (const r of ranks) {
    for (const ch of r) {
      if (ch === 'L' || ch === 'D') cells.push(ch);
      else if (ch === '.') cells.push(null);
      else return null;
    }
  }
  const side = f[1];
  if (side !== 'l' && side !== 'd') return null;
  const rl = Number(f[2]);
  const rd = Number(f[3]);
  if (!Number.isInteger(rl) || !Number.isInteger(rd)) return null;
  const lr = f[4]!.split(',');
  if (lr.length !== 2) return null;
  const cellOrNone = (s: string): string | null | undefined => (s === '-' ? null : cellIndex(s) >= 0 ? s : undefined);
  const lrL = cellOrNone(lr[0]!);
  const lrD = cellOrNone(lr[1]!);
  if (lrL === undefined || lrD === undefined) return null;
  const forbidden = f[5] === '-' ? [] : f[5]!.split(',');
  if (forbidden.some((c) => cellIndex(c) < 0)) return null;
  return {
    cells,
    toMove: side === 'l' ? 'L' : 'D',
    reserve: { L: rl, D: rd },
    lastRelocated: { L: lrL, D: lrD },
    forbidden,
  };
}

/** The board's click state: nothing, or a piece picked up for a relocation. */
export interface Selection {
  from: string | null;
}

export const noSelection: Selection = { from: null };

/** What a click did. */
export type ClickResult =
  /** Play this move. */
  | { kind: 'play'; move: Move }
  /** Several legal moves fit (optional captures): let the player pick one. */
  | { kind: 'choose'; moves: Move[] }
  /** The selection changed. */
  | { kind: 'select'; selection: Selection }
  /** Nothing to do. */
  | { kind: 'none' };

/** boardMoves fills in the cell forms of moves whose server form lacks them. */
export function boardMoves(legal: readonly Move[]): Move[] {
  return legal.map((m) => (m.to ? m : { ...moveForm(m.text), text: m.text }));
}

/** click maps a click on cell to a move or a selection change. */
export function click(legal: readonly Move[], sel: Selection, cell: string): ClickResult {
  const moves = boardMoves(legal);
  if (sel.from !== null) {
    if (cell === sel.from) return { kind: 'select', selection: noSelection };
    const fit = moves.filter((m) => m.from === sel.from && m.to === cell);
    if (fit.length > 0) return pick(fit);
  }
  if (moves.some((m) => m.from === cell)) {
    return { kind: 'select', selection: { from: cell } };
  }
  const place = moves.filter((m) => m.from === undefined && m.to === cell);
  if (place.length > 0) return pick(place);
  if (sel.from !== null) return { kind: 'select', selection: noSelection };
  return { kind: 'none' };
}

function pick(fit: Move[]): ClickResult {
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
export function hints(legal: readonly Move[], sel: Selection): Hints {
  const moves = boardMoves(legal);
  const targets = new Set<string>();
  const movable = new Set<string>();
  for (const m of moves) {
    if (m.from !== undefined) {
      movable.add(m.from);
      if (m.from === sel.from && m.to) targets.add(m.to);
    } else if (m.to && sel.from === null) {
      targets.add(m.to);
    }
  }
  return { targets, movable };
}
