// Palago-family tile drawing geometry (rules/palago.md Part A): where a
// cell lies on the screen and how a tile of each orientation is drawn.
// The position, the moves and the creatures come from the server's board
// forms (palago-forms.ts); nothing here knows the rules.

/** A tile on the plane: axial cell (q, r), orientation 0..2 (§A.4). */
export interface Tile {
  q: number;
  r: number;
  o: number;
}

/** A 2-D point in tile units (1 = side length = corner radius), y down. */
export interface Pt {
  x: number;
  y: number;
}

const sqrt3 = Math.sqrt(3);

/** center gives the screen centre of cell (q, r): x = √3(q + r/2), y = 1.5r (§A.2). */
export function center(q: number, r: number): Pt {
  return { x: sqrt3 * (q + r / 2), y: 1.5 * r };
}

const mod6 = (k: number) => ((k % 6) + 6) % 6;

/** corner gives corner k of a cell centred at the origin, at screen angle −30° + 60°k (§A.2). */
export function corner(k: number): Pt {
  const a = ((-30 + 60 * mod6(k)) * Math.PI) / 180;
  return { x: Math.cos(a), y: Math.sin(a) };
}

/** sideMid is the midpoint of side k, which runs from corner k−1 to corner k (§A.4). */
export function sideMid(k: number): Pt {
  const a = corner(k - 1);
  const b = corner(k);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

const f = (n: number) => String(Math.round(n * 1000) / 1000);
const pt = (p: Pt, s: number) => `${f(p.x * s)} ${f(p.y * s)}`;

/**
 * arcTo is an SVG arc command from p to q on the circle of radius ½ about
 * corner c (a tip arc): the sweep follows the turn from p to q about c.
 */
function arcTo(c: Pt, p: Pt, q: Pt, s: number): string {
  const cross = (p.x - c.x) * (q.y - c.y) - (p.y - c.y) * (q.x - c.x);
  return `A ${f(0.5 * s)} ${f(0.5 * s)} 0 0 ${cross > 0 ? 1 : 0} ${pt(q, s)}`;
}

/** The four regions of a tile as SVG paths about its centre, and its three lines. */
export interface TilePaths {
  hex: string;
  aTip: string;
  bTip: string;
  aArch: string;
  bArch: string;
  lines: string;
}

/**
 * tilePaths draws a tile of orientation o with side length s (§A.1, §A.4):
 * the straight joins the midpoints of sides a+2 and a+5; the arcs (radius ½
 * about corners a and a+3) join sides (a, a+1) and (a+3, a+4); each arch is
 * the half on its side of the straight less the other colour's tip.
 */
export function tilePaths(o: number, s: number): TilePaths {
  const a = 2 * o;
  const c = (k: number) => corner(k);
  const m = (k: number) => sideMid(k);
  const tip = (k: number) => `M ${pt(c(k), s)} L ${pt(m(k), s)} ${arcTo(c(k), m(k), m(k + 1), s)} Z`;
  // A-arch: corners a+2, a+3, a+4 side of the straight, cut round corner a+3.
  const aArch =
    `M ${pt(m(a + 2), s)} L ${pt(c(a + 2), s)} L ${pt(m(a + 3), s)} ` +
    `${arcTo(c(a + 3), m(a + 3), m(a + 4), s)} L ${pt(c(a + 4), s)} L ${pt(m(a + 5), s)} Z`;
  // B-arch: corners a+5, a, a+1 side, cut round corner a.
  const bArch =
    `M ${pt(m(a + 5), s)} L ${pt(c(a + 5), s)} L ${pt(m(a), s)} ` +
    `${arcTo(c(a), m(a), m(a + 1), s)} L ${pt(c(a + 1), s)} L ${pt(m(a + 2), s)} Z`;
  const lines =
    `M ${pt(m(a + 2), s)} L ${pt(m(a + 5), s)} ` +
    `M ${pt(m(a), s)} ${arcTo(c(a), m(a), m(a + 1), s)} ` +
    `M ${pt(m(a + 3), s)} ${arcTo(c(a + 3), m(a + 3), m(a + 4), s)}`;
  return { hex: hexPath(s), aTip: tip(a), bTip: tip(a + 3), aArch, bArch, lines };
}

/** hexPath is the outline of a cell of side s about its centre. */
export function hexPath(s: number): string {
  return 'M ' + [0, 1, 2, 3, 4, 5].map((k) => pt(corner(k), s)).join(' L ') + ' Z';
}

/** tileText writes a tile in the games' notation. */
export function tileText(t: Tile): string {
  return `(${t.q},${t.r}):${t.o}`;
}

/** cellKey names a cell "(q,r)", as the notation does. */
export function cellKey(q: number, r: number): string {
  return `(${q},${r})`;
}

/** parseCell reads "(q,r)"; null otherwise. */
export function parseCell(s: string): { q: number; r: number } | null {
  const m = /^\((-?\d+),(-?\d+)\)$/.exec(s.trim());
  return m ? { q: Number(m[1]), r: Number(m[2]) } : null;
}

/** A box in tile units. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** bounds is the box round the cells, with margin m, never empty (the origin cell at least). */
export function bounds(cells: readonly { q: number; r: number }[], m = 0): Box {
  const list = cells.length > 0 ? cells : [{ q: 0, r: 0 }];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of list) {
    const p = center(c.q, c.r);
    x0 = Math.min(x0, p.x - sqrt3 / 2);
    x1 = Math.max(x1, p.x + sqrt3 / 2);
    y0 = Math.min(y0, p.y - 1);
    y1 = Math.max(y1, p.y + 1);
  }
  return { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m };
}
