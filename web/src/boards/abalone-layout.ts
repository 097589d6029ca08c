// Abalone's drawing geometry: where the 61 cells lie on the screen (the
// hexagon of rules/abalone.md §1, turned half a turn for White), which way
// each direction name of the board forms points on the screen, the
// animation of a move's slides, drags and keyboard focus steps. Nothing
// here knows which marbles may move: that is the server's (abalone.ts).
import type { Dir, Slide, Marble } from './abalone';

/** Rows on the board (A..I); row r holds the diagonals max(1, r−3) .. min(9, r+5). */
export const rows = 9;

/** onBoard reports whether (r, n) is one of the 61 drawn cells. */
export function onBoard(r: number, n: number): boolean {
  return r >= 0 && r < rows && n >= Math.max(1, r - 3) && n <= Math.min(9, r + 5);
}

/** cellName writes (row 0..8, diagonal 1..9) as "a1".."i9", as the forms name cells. */
export function cellName(r: number, n: number): string {
  return String.fromCharCode(97 + r) + String(n);
}

/** parseCell reads "e5" (either case) as [row, diagonal]; null when it is not a drawn cell. */
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

/** Cell spacing, in SVG user units. */
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

/** The six direction names of the board forms (games/abalone/ui.go) and their screen angles, counter-clockwise from east, as Black sees the board. */
const angle: Record<Dir, number> = { E: 0, NE: 60, NW: 120, W: 180, SW: 240, SE: 300 };

/** dirs lists the direction names. */
export const dirs = Object.keys(angle) as Dir[];

/** opposite of each direction: half a turn round. */
export const opposite: Record<Dir, Dir> = { E: 'W', W: 'E', NE: 'SW', SW: 'NE', NW: 'SE', SE: 'NW' };

/** screenVector is the direction's unit step on the screen (y down). */
export function screenVector(d: Dir, flipped: boolean): [number, number] {
  const a = ((angle[d] + (flipped ? 180 : 0)) * Math.PI) / 180;
  return [Math.cos(a), -Math.sin(a)];
}

/** Motion is how the board animates a move: where each arriving marble comes from and the marbles leaving. */
export interface Motion {
  /** By destination cell, the offset (screen units) the marble slides in from. */
  arrive: Map<string, [number, number]>;
  /** Marbles pushed off: drawn one cell beyond the edge, sliding out from their last cell and fading. */
  off: { from: string; marble: Marble; at: [number, number]; offset: [number, number] }[];
}

/**
 * motion computes the animation of a move's slides in the board's
 * orientation. A marble leaving the board goes one cell further the way
 * the first slide (the mover's) went.
 */
export function motion(moved: readonly Slide[], flipped: boolean): Motion {
  const out: Motion = { arrive: new Map(), off: [] };
  const first = moved[0];
  let way: [number, number] | null = null;
  if (first?.to) {
    const [fx, fy] = cellPoint(first.from, flipped);
    const [tx, ty] = cellPoint(first.to, flipped);
    way = [tx - fx, ty - fy];
  }
  for (const s of moved) {
    const [fx, fy] = cellPoint(s.from, flipped);
    if (s.to) {
      const [tx, ty] = cellPoint(s.to, flipped);
      out.arrive.set(s.to, [fx - tx, fy - ty]);
    } else if (way) {
      const at: [number, number] = [fx + way[0], fy + way[1]];
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

/** Keys that move the focus over the cells, as screen angles to try in turn. */
const focusKeys: Record<string, readonly number[]> = {
  ArrowRight: [0],
  ArrowLeft: [180],
  ArrowUp: [60, 120],
  ArrowDown: [240, 300],
};

/**
 * focusStep moves the keyboard focus to the cell next to cell on the
 * screen: left and right along the row, up to the up-right neighbour
 * (up-left at the right edge), down to the down-left (down-right at the
 * left edge), so that up then down comes back; it stays at the edge.
 */
export function focusStep(cell: string, key: string, flipped: boolean): string | null {
  const ways = focusKeys[key];
  if (!ways) return null;
  const [x, y] = cellPoint(cell, flipped);
  for (const a of ways) {
    const r = (a * Math.PI) / 180;
    const want: [number, number] = [x + spacing * Math.cos(r), y - spacing * Math.sin(r)];
    const next = cells.find((c) => {
      const [cx, cy] = cellPoint(c, flipped);
      return Math.hypot(cx - want[0], cy - want[1]) < spacing / 4;
    });
    if (next !== undefined) return next;
  }
  return cell;
}
