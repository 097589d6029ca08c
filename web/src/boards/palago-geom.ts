// Palago-family tile geometry (rules/palago.md Part A) and the position
// texts of games/palago, games/palagonia and games/palaboratory, as pure
// functions the three boards share. Nothing here decides legality: the
// boards offer only moves from the server's legal list.

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

/** Axial directions, side k of a cell faces cell + dirs[k] (§A.2). */
export const dirs: readonly (readonly [number, number])[] = [
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
];

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

/** The parts of a tile in orientation o, as corner and side indices (the rows of table A.4). */
export interface Parts {
  aTip: number;
  bTip: number;
  straight: [number, number];
  arcA: [number, number];
  arcB: [number, number];
  aArch: [number, number];
  bArch: [number, number];
}

/** parts gives the table A.4 row of orientation o: a = 2o. */
export function parts(o: number): Parts {
  const a = 2 * o;
  return {
    aTip: a,
    bTip: mod6(a + 3),
    straight: [mod6(a + 2), mod6(a + 5)],
    arcA: [a, mod6(a + 1)],
    arcB: [mod6(a + 3), mod6(a + 4)],
    aArch: [mod6(a + 2), mod6(a + 4)],
    bArch: [mod6(a + 5), mod6(a + 1)],
  };
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

const tileRe = /^\(?(-?\d+),(-?\d+)\)?:([0-2])$/;

/** parseTile reads "(q,r):o" (parentheses optional); null otherwise. */
export function parseTile(s: string): Tile | null {
  const m = tileRe.exec(s.trim());
  if (!m) return null;
  return { q: Number(m[1]), r: Number(m[2]), o: Number(m[3]) };
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

/** parseTiles reads tiles joined by sep ("+" or space); null if any is malformed; "-" or "" is none. */
export function parseTiles(s: string, sep: string | RegExp = '+'): Tile[] | null {
  if (s === '' || s === '-') return [];
  const out: Tile[] = [];
  for (const w of s.split(sep)) {
    if (w === '') continue;
    const t = parseTile(w);
    if (!t) return null;
    out.push(t);
  }
  return out;
}

/** A Palago position (games/palago doc.go): who plays colour A, then the moves. */
export interface PalagoPosition {
  first: 'p1' | 'p2';
  moves: Tile[][];
  tiles: Tile[];
}

/** parsePalago reads "p1 (0,0):0+(1,-1):0 ..."; null when malformed. */
export function parsePalago(text: string): PalagoPosition | null {
  const f = text.trim().split(/\s+/);
  const first = f[0];
  if (first !== 'p1' && first !== 'p2') return null;
  const moves: Tile[][] = [];
  for (const w of f.slice(1)) {
    const ts = parseTiles(w);
    if (!ts || ts.length === 0 || ts.length > 2) return null;
    moves.push(ts);
  }
  return { first, moves, tiles: moves.flat() };
}

/** The two dice faces of Palagonia (§C.2): numbers, X (remove), R (rotate). */
export type Face = '2' | '3' | '4' | '5' | 'X' | 'R';

/** A Palagonia position (games/palagonia doc.go). */
export interface PalagoniaPosition {
  step: string;
  seat: number | null;
  rolls: string[] | null;
  dice: Face[];
  left: number | null;
  placed: number | null;
  extra: boolean;
  scores: number[];
  bag: number | null;
  table: Tile[];
}

const faceRe = /^[2-5XR]$/;

/** parsePalagonia reads "place p2 dice=3+R left=2 placed=1 scores=0,3,3 bag=40 table=..."; null when malformed. */
export function parsePalagonia(text: string): PalagoniaPosition | null {
  const f = text.trim().split(/\s+/);
  if (f.length < 2) return null;
  const step = f[0]!;
  if (!/^(start|roll|choose|place|remove|rotate|pass|over)$/.test(step)) return null;
  let seat: number | null = null;
  if (f[1] !== '-') {
    const m = /^p([1-5])$/.exec(f[1]!);
    if (!m) return null;
    seat = Number(m[1]) - 1;
  }
  const p: PalagoniaPosition = { step, seat, rolls: null, dice: [], left: null, placed: null, extra: false, scores: [], bag: null, table: [] };
  for (const w of f.slice(2)) {
    if (w === 'extra') {
      p.extra = true;
      continue;
    }
    const eq = w.indexOf('=');
    if (eq < 0) return null;
    const k = w.slice(0, eq);
    const v = w.slice(eq + 1);
    const int = (s: string) => (/^\d+$/.test(s) ? Number(s) : null);
    switch (k) {
      case 'rolls':
        p.rolls = v.split(',');
        break;
      case 'dice': {
        const fs = v.split('+');
        if (!fs.every((x) => faceRe.test(x))) return null;
        p.dice = fs as Face[];
        break;
      }
      case 'left':
        if ((p.left = int(v)) === null) return null;
        break;
      case 'placed':
        if ((p.placed = int(v)) === null) return null;
        break;
      case 'bag':
        if ((p.bag = int(v)) === null) return null;
        break;
      case 'scores': {
        const ns = v.split(',').map(int);
        if (ns.some((n) => n === null)) return null;
        p.scores = ns as number[];
        break;
      }
      case 'table': {
        const ts = parseTiles(v);
        if (!ts) return null;
        p.table = ts;
        break;
      }
      default:
        // A field a later version adds: the board does without it.
        break;
    }
  }
  return p;
}

/** A Palaboratory task (games/palaboratory doc.go): build card `card`, or turn card `from` into it. */
export interface LabPosition {
  /** free: a free build, no card and no target (card 0). */
  variant: 'red' | 'green' | 'free';
  card: number;
  from: number | null;
  moves: number;
  /** A free build its player has finished ("done"). */
  done: boolean;
  tiles: Tile[];
}

/** parseLab reads "green:1-2 0 (-1,0):0 ...", "red:3 1 (0,0):0" or "free 2 done (0,0):0"; null when malformed. */
export function parseLab(text: string): LabPosition | null {
  const f = text.trim().split(/\s+/);
  if (f.length < 2) return null;
  let variant: LabPosition['variant'];
  let card = 0;
  let from: number | null = null;
  let m: RegExpExecArray | null;
  if ((m = /^red:(\d+)$/.exec(f[0]!))) {
    variant = 'red';
    card = Number(m[1]);
  } else if ((m = /^green:(\d+)-(\d+)$/.exec(f[0]!))) {
    variant = 'green';
    from = Number(m[1]);
    card = Number(m[2]);
  } else if (f[0] === 'free') {
    variant = 'free';
  } else {
    return null;
  }
  if (!/^\d+$/.test(f[1]!)) return null;
  const done = variant === 'free' && f[2] === 'done';
  const tiles = parseTiles(f.slice(done ? 3 : 2).join(' '), ' ');
  if (!tiles) return null;
  return { variant, card, from, moves: Number(f[1]), done, tiles };
}

/** A creature card of Palaboratory (games/palaboratory/cards.txt). */
export interface Card {
  n: number;
  name: string;
  ruName: string;
  tiles: Tile[];
}

/** parseCards reads cards.txt: "N | name | rulebook name | tiles", # comments. */
export function parseCards(text: string): Card[] {
  const out: Card[] = [];
  for (const line of text.split('\n')) {
    const l = line.trim();
    if (l === '' || l.startsWith('#')) continue;
    const [n, name, ru, tiles] = l.split('|').map((x) => x.trim());
    const ts = parseTiles(tiles ?? '', ' ');
    if (!n || !name || !ts) continue;
    out.push({ n: Number(n), name, ruName: ru ?? name, tiles: ts });
  }
  return out;
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

/** A piece (§A.5): one coloured region of one tile. */
export type Region = 'aTip' | 'aArch' | 'bTip' | 'bArch';

/**
 * creatures finds the pieces of closed groups with an arch (§A.5) for
 * display: per colour, the arches join their two corners' vertices; a
 * group is closed when all its vertices have three tiles round them.
 * It returns "q,r,region" keys of the pieces of every creature.
 */
export function creatures(tiles: readonly Tile[]): Set<string> {
  const vkey = (q: number, r: number, k: number) => {
    const d1 = dirs[mod6(k)]!;
    const d2 = dirs[mod6(k + 1)]!;
    return `${3 * q + d1[0] + d2[0]},${3 * r + d1[1] + d2[1]}`;
  };
  const occupied = new Map<string, number>();
  for (const t of tiles) {
    for (let k = 0; k < 6; k++) {
      const v = vkey(t.q, t.r, k);
      occupied.set(v, (occupied.get(v) ?? 0) + 1);
    }
  }
  const parent = new Map<string, string>();
  const find = (v: string): string => {
    let p = parent.get(v) ?? v;
    if (p !== v) {
      p = find(p);
      parent.set(v, p);
    }
    return p;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  // Colour is told apart by corner parity (§A.3): one graph holds both.
  const pieces: { key: string; verts: string[]; arch: boolean }[] = [];
  for (const t of tiles) {
    const p = parts(t.o);
    const arch = (name: Region, ks: [number, number]) => {
      const vs = ks.map((k) => vkey(t.q, t.r, k));
      union(vs[0]!, vs[1]!);
      pieces.push({ key: `${t.q},${t.r},${name}`, verts: vs, arch: true });
    };
    arch('aArch', p.aArch);
    arch('bArch', p.bArch);
    pieces.push({ key: `${t.q},${t.r},aTip`, verts: [vkey(t.q, t.r, p.aTip)], arch: false });
    pieces.push({ key: `${t.q},${t.r},bTip`, verts: [vkey(t.q, t.r, p.bTip)], arch: false });
  }
  const open = new Set<string>();
  const arches = new Set<string>();
  for (const [v, n] of occupied) if (n < 3) open.add(find(v));
  for (const pc of pieces) if (pc.arch) arches.add(find(pc.verts[0]!));
  const out = new Set<string>();
  for (const pc of pieces) {
    const g = find(pc.verts[0]!);
    if (!open.has(g) && arches.has(g)) out.add(pc.key);
  }
  return out;
}

/** The 12 lattice symmetries as linear maps of axial vectors (§A.7): R^i and R^i∘F. */
function symmetries(): ((v: [number, number]) => [number, number])[] {
  const R = (v: [number, number]): [number, number] => [-v[1], v[0] + v[1]];
  const F = (v: [number, number]): [number, number] => [v[0], -v[0] - v[1]];
  const out: ((v: [number, number]) => [number, number])[] = [];
  for (let i = 0; i < 6; i++) {
    const rot = (v: [number, number]) => {
      let w = v;
      for (let j = 0; j < i; j++) w = R(w);
      return w;
    };
    out.push(rot, (v) => rot(F(v)));
  }
  return out;
}

/** mapTile applies a linear symmetry to a tile: its cell and its tips (§A.7, "Mapping a tile"). */
export function mapTile(g: (v: [number, number]) => [number, number], t: Tile): Tile {
  const vert = (q: number, r: number, k: number): [number, number] => {
    const d1 = dirs[mod6(k)]!;
    const d2 = dirs[mod6(k + 1)]!;
    return [3 * q + d1[0] + d2[0], 3 * r + d1[1] + d2[1]];
  };
  const [q, r] = g([t.q, t.r]);
  const tips = [g(vert(t.q, t.r, 2 * t.o)), g(vert(t.q, t.r, 2 * t.o + 3))];
  for (const w of tips) {
    for (let k = 0; k < 6; k += 2) {
      const v = vert(q, r, k);
      if (v[0] === w[0] && v[1] === w[1]) return { q, r, o: k / 2 };
    }
  }
  throw new Error('palago-geom: a symmetry moved a tip off the corners');
}

/**
 * minMoves is Palaboratory's par (games/palaboratory doc.go, "Minimum
 * moves"): |S| − the most tiles of S that some symmetry and translation of
 * T keeps, tiles compared by cell and orientation.
 */
export function minMoves(s: readonly Tile[], target: readonly Tile[]): number {
  let best = 0;
  for (const g of symmetries()) {
    const img = target.map((t) => mapTile(g, t));
    const counts = new Map<string, number>();
    for (const a of s) {
      for (const b of img) {
        if (a.o !== b.o) continue;
        const k = `${a.q - b.q},${a.r - b.r}`;
        const n = (counts.get(k) ?? 0) + 1;
        counts.set(k, n);
        if (n > best) best = n;
      }
    }
  }
  return s.length - best;
}
