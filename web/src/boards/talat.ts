// Talat / Palat board model: the boards' geometry (rules/talat.md §1), the
// position and moves as the server's board forms give them (Go package
// game/ui, games/talat/ui.go: towers by "B01:c3", reserves, captures,
// closed boards, scores; each move's kind, cells and placed tower), and
// clicks turned into the legal moves the server listed. It reads no
// notation or position text and computes no score.
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
}

/** colours gives the two colours of board Bij: i starts on rank 1, j on rank 5 (§1). */
export function colours(board: BoardName): [number, number] {
  return [Number(board[1]), Number(board[2])];
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

/** startColour is the colour whose start line a cell is on, or -1 (§1). */
export function startColour(board: BoardName, cell: string): number {
  const [i, j] = colours(board);
  if (cell.endsWith('1')) return i;
  if (cell.endsWith('5')) return j;
  return -1;
}

/** Phase of the game for the turn line. */
export type Phase = 'spirit-setup' | 'setup' | 'play' | 'over';

export function phase(pos: Position): Phase {
  if (pos.toMove < 0) return 'over';
  if (pos.variant === 'palat' && (pos.reserve[2]?.length ?? 0) > 0) return 'spirit-setup';
  if (pos.reserve.some((r) => r.length > 0)) return 'setup';
  return 'play';
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
  /** The colour being placed (the spirit's in Palat's first setup), or -1. */
  placing: number;
}

export function hints(legal: readonly Listed[], sel: Selection): Hints {
  const h: Hints = { kinds: new Set(), places: new Set(), movable: new Set(), steps: new Set(), captures: new Set(), placing: -1 };
  for (const { form: p } of legal) {
    if (p.kind === 'place') {
      const id = placeID(p);
      const [b = '', cell = ''] = id.split(':');
      if (h.placing < 0 && isBoard(b)) h.placing = startColour(b, cell);
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

/** A point in SVG user units. */
export interface Point {
  x: number;
  y: number;
}

/** Geometry of the triangle layout, in units of one cell side. */
export interface Layout {
  /** Where each colour sits: the corner between its two boards. */
  corners: Point[];
  /** The four corners of a cell, in order, and its centre. */
  cell(board: BoardName, row: number, col: number): { poly: Point[]; centre: Point };
  /** The bounding box of all three boards. */
  box: { x: number; y: number; w: number; h: number };
}

/** Side of the triangle of seats, in cells: wide enough that boards meeting at a corner do not overlap. */
const side = 14.6;

/**
 * layout puts the three colours on the corners of a triangle, the viewer's
 * colour at the bottom and the next colours clockwise, and lays board Bij
 * along the side between colours i and j, rotated so that each colour's
 * start line faces its own corner and file a is on its left, as the boards
 * lie on the table in the real game. turned puts the viewer's colour at
 * the top instead (the viewer's flip): the whole triangle half a turn round.
 */
export function layout(bottom: number, turned = false): Layout {
  const r = side / Math.sqrt(3); // circumradius
  const corners: Point[] = [];
  for (let c = 0; c < 3; c++) {
    // Clockwise on screen from the bottom: bottom, top left, top right.
    const k = (c - bottom + 3) % 3;
    const a = Math.PI / 2 + (k * 2 * Math.PI) / 3 + (turned ? Math.PI : 0);
    corners[c] = { x: r * Math.cos(a), y: r * Math.sin(a) };
  }
  const frame = (board: BoardName) => {
    const [i, j] = colours(board);
    const a = corners[i]!;
    const b = corners[j]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const d = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
    // Facing d, the right hand is d turned a quarter clockwise (y points down).
    const right = { x: -d.y, y: d.x };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    return { d, right, mid };
  };
  const frames = Object.fromEntries(boardNames.map((b) => [b, frame(b)])) as Record<BoardName, ReturnType<typeof frame>>;
  const at = (board: BoardName, u: number, v: number): Point => {
    const f = frames[board];
    return { x: f.mid.x + f.d.x * u + f.right.x * v, y: f.mid.y + f.d.y * u + f.right.y * v };
  };
  const half = size / 2;
  const cell = (board: BoardName, row: number, col: number) => {
    const u0 = row - half;
    const v0 = col - half;
    return {
      poly: [at(board, u0, v0), at(board, u0 + 1, v0), at(board, u0 + 1, v0 + 1), at(board, u0, v0 + 1)],
      centre: at(board, u0 + 0.5, v0 + 0.5),
    };
  };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const b of boardNames) {
    for (const [u, v] of [
      [-half, -half],
      [half, -half],
      [half, half],
      [-half, half],
    ] as const) {
      const p = at(b, u, v);
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return { corners, cell, box: { x: minX, y: minY, w: maxX - minX, h: maxY - minY } };
}

/** towerPoints draws a tower seen from above: a regular polygon of its sides, its size by height, around c (radius in cells). */
export function towerPoints(kind: Kind, c: Point, unit: number): Point[] {
  const radius = { S: 0.24, M: 0.33, L: 0.44 }[kind[0] as 'S' | 'M' | 'L'] * unit;
  const n = Number(kind[1]);
  // Triangles point up; squares sit flat; hexagons have a flat top.
  const start = n === 3 ? -Math.PI / 2 : n === 4 ? -Math.PI / 4 : 0;
  const pts: Point[] = [];
  for (let k = 0; k < n; k++) {
    const a = start + (k * 2 * Math.PI) / n;
    pts.push({ x: c.x + radius * Math.cos(a), y: c.y + radius * Math.sin(a) });
  }
  return pts;
}
