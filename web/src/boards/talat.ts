// Talat / Palat board model: reads the position text of games/talat (doc.go,
// "Position text"), splits the move notation (rules/talat.md §8), computes
// the scores of §6/§7 for display, and turns clicks into the legal moves the
// server listed. It never decides legality: every move it returns is one of
// the server's.
import type { Move } from '../protocol';

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

/** parseTower reads "1L6" (colour digit, kind); null when malformed. */
export function parseTower(s: string): Tower | null {
  const m = /^([0-2])([SML][346])$/.exec(s);
  if (!m || !isKind(m[2]!)) return null;
  return { colour: Number(m[1]), kind: m[2] };
}

function parseRanks(text: string): (Tower | null)[] | null {
  const ranks = text.split('/');
  if (ranks.length !== size) return null;
  const cells: (Tower | null)[] = [];
  for (const r of ranks) {
    const tokens = r.match(/\.|[0-2][SML][346]/g);
    if (!tokens || tokens.join('') !== r || tokens.length !== size) return null;
    for (const tok of tokens) {
      if (tok === '.') cells.push(null);
      else cells.push(parseTower(tok)!);
    }
  }
  return cells;
}

function parseKinds(text: string): Kind[] | null {
  if (text === '-') return [];
  const tokens = text.match(/[SML][346]/g);
  if (!tokens || tokens.join('') !== text) return null;
  return tokens.filter(isKind);
}

/**
 * parsePosition reads the eight fields of the position text; null when
 * malformed. It checks the form only: the server vouches for the content.
 */
export function parsePosition(text: string): Position | null {
  const f = text.trim().split(/\s+/);
  if (f.length !== 8) return null;
  const [variant, turn, ...rest] = f as [string, string, ...string[]];
  if (variant !== 'talat' && variant !== 'palat') return null;
  const seats = variant === 'palat' ? 2 : 3;
  let toMove = -1;
  if (turn !== '-') {
    if (!/^[0-2]$/.test(turn) || Number(turn) >= seats) return null;
    toMove = Number(turn);
  }
  const boards = {} as Record<BoardName, (Tower | null)[]>;
  for (let i = 0; i < boardNames.length; i++) {
    const name = boardNames[i]!;
    const field = rest[i]!;
    if (!field.startsWith(`${name}=`)) return null;
    const cells = parseRanks(field.slice(name.length + 1));
    if (!cells) return null;
    boards[name] = cells;
  }
  const [res, tak, clo] = rest.slice(3) as [string, string, string];
  if (!res.startsWith('reserve=') || !tak.startsWith('taken=') || !clo.startsWith('closed=')) return null;
  const resParts = res.slice('reserve='.length).split('/');
  if (resParts.length !== 3) return null;
  const reserve: Kind[][] = [];
  for (const p of resParts) {
    const k = parseKinds(p);
    if (!k) return null;
    reserve.push(k);
  }
  const takParts = tak.slice('taken='.length).split('/');
  if (takParts.length !== seats) return null;
  const taken: Tower[][] = [];
  for (const p of takParts) {
    if (p === '-') {
      taken.push([]);
      continue;
    }
    const towers = p.split(',').map(parseTower);
    if (towers.some((x) => x === null)) return null;
    taken.push(towers as Tower[]);
  }
  const cl = clo.slice('closed='.length);
  const closed = cl === '-' ? [] : cl.split(',');
  if (!closed.every(isBoard)) return null;
  return { variant, toMove, boards, reserve, taken, closed: closed as BoardName[] };
}

/** A move split into its parts (§8). */
export type Parsed =
  | { type: 'place'; board: BoardName; cell: string; kind: Kind }
  | { type: 'step' | 'capture'; board: BoardName; from: string; to: string };

/** parseMove splits the server's canonical notation; null for anything else. */
export function parseMove(text: string): Parsed | null {
  const m = /^(B01|B02|B12):([a-e][1-5])(?:=([SML][346])|([-x])([a-e][1-5]))$/.exec(text);
  if (!m) return null;
  const board = m[1] as BoardName;
  if (m[3] !== undefined) return isKind(m[3]) ? { type: 'place', board, cell: m[2]!, kind: m[3] } : null;
  return { type: m[4] === 'x' ? 'capture' : 'step', board, from: m[2]!, to: m[5]! };
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

/**
 * controller is the seat that moves colour's towers on board (§7): itself in
 * Talat; in Palat the spirit's towers on B02 are moved by seat 1 and on B12
 * by seat 0.
 */
export function controller(variant: Variant, board: BoardName, colour: number): number {
  if (variant === 'palat' && colour === 2) return board === 'B02' ? 1 : 0;
  return colour;
}

/**
 * scores counts 5 per captured tower and 3 per tower on the opposite start
 * line of any board (§6), the spirit's going to the seat that moves it (T10).
 */
export function scores(pos: Position): number[] {
  const out = pos.taken.map((t) => 5 * t.length);
  for (const b of boardNames) {
    const [i, j] = colours(b);
    pos.boards[b].forEach((tw, idx) => {
      if (!tw) return;
      const row = Math.floor(idx / size);
      const far = (tw.colour === i && row === size - 1) || (tw.colour === j && row === 0);
      if (!far) return;
      const seat = controller(pos.variant, b, tw.colour);
      if (seat < out.length) out[seat]! += 3;
    });
  }
  return out;
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

interface Split {
  text: string;
  p: Parsed;
}

function split(legal: readonly Move[]): Split[] {
  const out: Split[] = [];
  for (const m of legal) {
    const p = parseMove(m.text);
    if (p) out.push({ text: m.text, p });
  }
  return out;
}

function placeID(p: Parsed): string {
  return p.type === 'place' ? cellID(p.board, p.cell) : '';
}

function fromID(p: Parsed): string {
  return p.type === 'place' ? '' : cellID(p.board, p.from);
}

function toID(p: Parsed): string {
  return p.type === 'place' ? '' : cellID(p.board, p.to);
}

/**
 * click maps a click to a move or a selection change. Placements take a kind
 * and a cell, in either order; a move takes the tower, then its target.
 */
export function click(legal: readonly Move[], sel: Selection, target: Target): ClickResult {
  const moves = split(legal);
  const places = moves.filter((m) => m.p.type === 'place');
  if (target.type === 'kind') {
    const k = target.kind;
    if (sel.kind === k) return { kind: 'select', selection: { ...sel, kind: null } };
    const fit = places.filter((m) => m.p.type === 'place' && m.p.kind === k);
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
      const one = here.find((m) => m.p.type === 'place' && m.p.kind === sel.kind);
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

export function hints(legal: readonly Move[], sel: Selection): Hints {
  const h: Hints = { kinds: new Set(), places: new Set(), movable: new Set(), steps: new Set(), captures: new Set(), placing: -1 };
  for (const { p } of split(legal)) {
    if (p.type === 'place') {
      if (h.placing < 0) h.placing = startColour(p.board, p.cell);
      const id = placeID(p);
      if (sel.cell === null || sel.cell === id) h.kinds.add(p.kind);
      if (sel.kind === null || sel.kind === p.kind) h.places.add(id);
      continue;
    }
    const from = fromID(p);
    h.movable.add(from);
    if (from !== sel.from) continue;
    if (p.type === 'step') h.steps.add(toID(p));
    else h.captures.add(toID(p));
  }
  return h;
}

/** lastCells gives the cell IDs a move touched, for highlighting. */
export function lastCells(text: string | undefined): string[] {
  if (!text) return [];
  const p = parseMove(text);
  if (!p) return [];
  return p.type === 'place' ? [placeID(p)] : [fromID(p), toID(p)];
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
