// Talat / Palat board model: the position and moves as the server's board
// forms give them (Go package game/ui, games/talat/ui.go: towers by
// "B01:c3", reserves, captures, closed boards, scores, the step of the
// game; each move's kind, cells, placed tower and its colour), and clicks
// turned into the legal moves the server listed. It reads no notation or
// position text, computes no score and knows no rule of placement or
// movement; the triangle layout is in talat-layout.ts.
import type { MatchState, UIMove } from '../protocol';

/** Files and ranks per board side (§1: 5 × 5). */
export const size = 5;

/** The three boards, in the order of the position text. */
export const boardNames = ['B01', 'B02', 'B12'] as const;
export type BoardName = (typeof boardNames)[number];

/** The tower kinds in reserve order: height S/M/L × sides 3/4/6 (§1). */
export const kinds = ['S3', 'S4', 'S6', 'M3', 'M4', 'M6', 'L3', 'L4', 'L6'] as const;
export type Kind = (typeof kinds)[number];

/** A tower of a colour (0 black, 1 white, 2 grey, the spirit in Palat). */
export interface Tower {
  colour: number;
  kind: Kind;
}

export type Variant = 'talat' | 'palat';

/** The step of the game (games/talat/ui.go): the seats place the spirit's towers (Palat), their own, play, or it is over. */
export type Phase = 'spirit-setup' | 'setup' | 'play' | 'over';
const phases: readonly string[] = ['spirit-setup', 'setup', 'play', 'over'];

export interface Position {
  variant: Variant;
  /** The seat to act, -1 once the game is over. */
  toMove: number;
  /** cells[board][5*row + col]; row 0 = rank 1, col 0 = file a. */
  boards: Record<BoardName, (Tower | null)[]>;
  /** Kinds still to be placed, per colour. */
  reserve: Kind[][];
  /** Towers captured, per seat (two seats in Palat). */
  taken: Tower[][];
  closed: BoardName[];
  /** The seats' scores now (§6, §7), as the server counts them. */
  scores: number[];
  phase: Phase;
}

/** cellName gives the name of (row, col) on a board: file a..e, rank row+1. */
export function cellName(row: number, col: number): string {
  return String.fromCharCode(97 + col) + String(row + 1);
}

/** cellIndex is the inverse of cellName; -1 for anything else. */
export function cellIndex(name: string): number {
  const m = /^([a-e])([1-5])$/.exec(name);
  if (!m) return -1;
  return (Number(m[2]) - 1) * size + (m[1]!.charCodeAt(0) - 97);
}

/** isKind reports whether s names a tower kind. */
export function isKind(s: string): s is Kind {
  return (kinds as readonly string[]).includes(s);
}

function isBoard(s: string): s is BoardName {
  return (boardNames as readonly string[]).includes(s);
}

/** positionOf reads the position from the state's board form; null when the server sent none. */
export function positionOf(state: MatchState): Position | null {
  const f = state.board?.position;
  if (!f) return null;
  const boards = Object.fromEntries(boardNames.map((b) => [b, Array.from({ length: size * size }, () => null)])) as Record<BoardName, (Tower | null)[]>;
  for (const p of f.pieces ?? []) {
    const [b = '', cell = ''] = p.cell.split(':');
    const i = cellIndex(cell);
    if (isBoard(b) && i >= 0 && p.kind && isKind(p.kind)) boards[b][i] = { colour: p.owner, kind: p.kind };
  }
  const tower = (x: { owner: number; kind?: string }): Tower[] => (x.kind && isKind(x.kind) ? [{ colour: x.owner, kind: x.kind }] : []);
  return {
    variant: state.variant === 'palat' ? 'palat' : 'talat',
    toMove: state.toMove,
    boards,
    reserve: (f.reserve ?? []).map((r) => r.filter(isKind)),
    taken: (f.captured ?? []).map((c) => c.flatMap(tower)),
    closed: (f.closed ?? []).filter(isBoard),
    scores: f.scores ?? [],
    phase: phases.includes(f.phase ?? '') ? (f.phase as Phase) : 'play',
  };
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

/** cellID names a cell on the three boards: "B01:c2". */
export function cellID(board: BoardName, cell: string): string {
  return `${board}:${cell}`;
}

/** phase is the step of the game, as the server names it. */
export function phase(pos: Position): Phase {
  return pos.phase;
}

/**
 * The board's click state: a reserve kind and/or a start cell chosen for a
 * placement, or a tower picked up (by its cell ID) for a step or capture.
 */
export interface Selection {
  kind: Kind | null;
  cell: string | null;
  from: string | null;
}

export const noSelection: Selection = { kind: null, cell: null, from: null };

/** What a click did. */
export type ClickResult = { kind: 'play'; move: string } | { kind: 'select'; selection: Selection } | { kind: 'none' };

/** What the player clicked: a tower kind in the reserve tray, or a cell. */
export type Target = { type: 'kind'; kind: Kind } | { type: 'cell'; id: string };

/** The cell a placement fills, '' for other moves. */
function placeID(f: UIMove): string {
  return f.kind === 'place' ? (f.to ?? '') : '';
}

/** The cell a step or capture leaves, '' for a placement. */
function fromID(f: UIMove): string {
  return f.kind === 'place' ? '' : (f.from ?? '');
}

/** The cell a step or capture enters, '' for a placement. */
function toID(f: UIMove): string {
  return f.kind === 'place' ? '' : (f.to ?? '');
}

/**
 * click maps a click to a move or a selection change. Placements take a kind
 * and a cell, in either order; a move takes the tower, then its target.
 */
export function click(legal: readonly Listed[], sel: Selection, target: Target): ClickResult {
  const moves = legal.map((m) => ({ text: m.text, p: m.form }));
  const places = moves.filter((m) => m.p.kind === 'place');
  if (target.type === 'kind') {
    const k = target.kind;
    if (sel.kind === k) return { kind: 'select', selection: { ...sel, kind: null } };
    const fit = places.filter((m) => m.p.piece === k);
    if (fit.length === 0) return { kind: 'none' };
    if (sel.cell !== null) {
      const one = fit.find((m) => placeID(m.p) === sel.cell);
      if (one) return { kind: 'play', move: one.text };
    }
    return { kind: 'select', selection: { kind: k, cell: null, from: null } };
  }
  const id = target.id;
  if (places.length > 0) {
    const here = places.filter((m) => placeID(m.p) === id);
    if (here.length === 0) return sel.kind !== null || sel.cell !== null ? { kind: 'select', selection: { ...sel, cell: null } } : { kind: 'none' };
    if (sel.kind !== null) {
      const one = here.find((m) => m.p.piece === sel.kind);
      if (one) return { kind: 'play', move: one.text };
    }
    if (sel.cell === id) return { kind: 'select', selection: { ...sel, cell: null } };
    return { kind: 'select', selection: { kind: null, cell: id, from: null } };
  }
  if (sel.from !== null) {
    if (id === sel.from) return { kind: 'select', selection: noSelection };
    const one = moves.find((m) => fromID(m.p) === sel.from && toID(m.p) === id);
    if (one) return { kind: 'play', move: one.text };
  }
  if (moves.some((m) => fromID(m.p) === id)) return { kind: 'select', selection: { kind: null, cell: null, from: id } };
  if (sel.from !== null) return { kind: 'select', selection: noSelection };
  return { kind: 'none' };
}

/** Hints tell the board what to mark as playable for the current selection. */
export interface Hints {
  /** Reserve kinds that have a placement (on the chosen cell, if one is chosen). */
  kinds: Set<Kind>;
  /** Start cells that take a placement (of the chosen kind, if one is chosen). */
  places: Set<string>;
  /** Cells with a tower that can step or capture. */
  movable: Set<string>;
  /** Where the picked-up tower can step. */
  steps: Set<string>;
  /** Where the picked-up tower can capture. */
  captures: Set<string>;
  /** The colour being placed (the spirit's in Palat's first setup), from the placements' forms, or -1. */
  placing: number;
}

export function hints(legal: readonly Listed[], sel: Selection): Hints {
  const h: Hints = { kinds: new Set(), places: new Set(), movable: new Set(), steps: new Set(), captures: new Set(), placing: -1 };
  for (const { form: p } of legal) {
    if (p.kind === 'place') {
      const id = placeID(p);
      if (h.placing < 0) h.placing = p.owner ?? 0;
      const k = p.piece && isKind(p.piece) ? p.piece : null;
      if (k && (sel.cell === null || sel.cell === id)) h.kinds.add(k);
      if (sel.kind === null || sel.kind === k) h.places.add(id);
      continue;
    }
    const from = fromID(p);
    h.movable.add(from);
    if (from !== sel.from) continue;
    if (p.kind === 'step') h.steps.add(toID(p));
    else h.captures.add(toID(p));
  }
  return h;
}

/** lastCells gives the cell IDs a move touched (from the server's form of it), for highlighting. */
export function lastCells(f: UIMove | undefined): string[] {
  if (!f) return [];
  return f.kind === 'place' ? [placeID(f)] : [fromID(f), toID(f)];
}
