// Talat / Palat drawing geometry (rules/talat.md §1): the three 5 × 5
// boards in a triangle, each between its two colours' corners with their
// start lines facing them, and the towers' shapes seen from above. Which
// towers may go where is the server's (talat.ts).
import { boardNames, size, type BoardName, type Kind } from './talat';

/** colours gives the two colours of board Bij: i starts on rank 1, j on rank 5 (§1). */
export function colours(board: BoardName): [number, number] {
  return [Number(board[1]), Number(board[2])];
}

/** startColour is the colour whose start line a cell is on, or -1: the board's coloured edge rows. */
export function startColour(board: BoardName, cell: string): number {
  const [i, j] = colours(board);
  if (cell.endsWith('1')) return i;
  if (cell.endsWith('5')) return j;
  return -1;
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
