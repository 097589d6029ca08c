// Palagonia's score sheet: which creatures each player scored, with their
// shells (loops) and limbs (rules/palago.md §C.5–§C.7, rulings N7–N9),
// computed from the position after every ply that the server sends for the
// replay (GET /api/matches/{id}/positions). The board decides nothing: the
// scores come from the server's position texts; this module only explains
// them creature by creature, and says when it cannot
// (palagonia-sheet.test.ts checks it against the Go rules through a golden
// file that web/palagonia_sheet_test.go writes).
import { dirs, parsePalagonia, type PalagoniaPosition, type Tile } from './palago-geom';

type Colour = 'A' | 'B';
type Kind = 'tip' | 'arch';

/** A group of one colour (§A.5): its pieces ("q,r,aTip" keys, as creatures() names them) and vertices. */
export interface Group {
  colour: Colour;
  closed: boolean;
  arches: number;
  pieces: string[];
  vertices: [number, number][];
}

const mod = (a: number, m: number) => ((a % m) + m) % m;

function vertexOf(q: number, r: number, k: number): [number, number] {
  const d1 = dirs[mod(k, 6)]!;
  const d2 = dirs[mod(k + 1, 6)]!;
  return [3 * q + d1[0] + d2[0], 3 * r + d1[1] + d2[1]];
}

function midOf(q: number, r: number, k: number): [number, number] {
  const d = dirs[mod(k, 6)]!;
  return [2 * q + d[0], 2 * r + d[1]];
}

/** tipCorner is the corner of colour col's tip: 2o for A, 2o+3 for B. */
const tipCorner = (o: number, col: Colour) => mod(2 * o + (col === 'A' ? 0 : 3), 6);

/** archCorners are the corners colour col's arch touches: a+2, a+4 for A; a+5, a+1 for B (a = 2o). */
function archCorners(o: number, col: Colour): [number, number] {
  const a = 2 * o;
  return col === 'A' ? [mod(a + 2, 6), mod(a + 4, 6)] : [mod(a + 5, 6), mod(a + 1, 6)];
}

const regionName = (col: Colour, kind: Kind) => `${col === 'A' ? 'a' : 'b'}${kind === 'tip' ? 'Tip' : 'Arch'}`;
const pieceKey = (q: number, r: number, col: Colour, kind: Kind) => `${q},${r},${regionName(col, kind)}`;
const vk = (v: readonly [number, number]) => `${v[0]},${v[1]}`;

/** groups returns every colour group on the table (§A.5). */
export function groups(tiles: readonly Tile[]): Group[] {
  const count = new Map<string, number>();
  for (const t of tiles) for (let k = 0; k < 6; k++) count.set(vk(vertexOf(t.q, t.r, k)), (count.get(vk(vertexOf(t.q, t.r, k))) ?? 0) + 1);
  const parent = new Map<string, string>();
  const find = (v: string): string => {
    const p = parent.get(v);
    if (p === undefined || p === v) return v;
    const root = find(p);
    parent.set(v, root);
    return root;
  };
  const pieces: { key: string; colour: Colour; kind: Kind; verts: [number, number][] }[] = [];
  for (const t of tiles) {
    for (const col of ['A', 'B'] as const) {
      pieces.push({ key: pieceKey(t.q, t.r, col, 'tip'), colour: col, kind: 'tip', verts: [vertexOf(t.q, t.r, tipCorner(t.o, col))] });
      const [c1, c2] = archCorners(t.o, col);
      const verts = [vertexOf(t.q, t.r, c1), vertexOf(t.q, t.r, c2)];
      const ra = find(vk(verts[0]!));
      const rb = find(vk(verts[1]!));
      if (ra !== rb) parent.set(ra, rb);
      pieces.push({ key: pieceKey(t.q, t.r, col, 'arch'), colour: col, kind: 'arch', verts });
    }
  }
  const byRoot = new Map<string, Group>();
  const seen = new Set<string>();
  const out: Group[] = [];
  for (const p of pieces) {
    const root = find(vk(p.verts[0]!));
    let g = byRoot.get(root);
    if (!g) {
      g = { colour: p.colour, closed: true, arches: 0, pieces: [], vertices: [] };
      byRoot.set(root, g);
      out.push(g);
    }
    g.pieces.push(p.key);
    if (p.kind === 'arch') g.arches++;
    for (const v of p.verts) {
      if (seen.has(vk(v))) continue;
      seen.add(vk(v));
      g.vertices.push(v);
      if ((count.get(vk(v)) ?? 0) < 3) g.closed = false;
    }
  }
  return out;
}

/** creatureGroups are the closed groups with an arch (§A.5). */
export function creatureGroups(tiles: readonly Tile[]): Group[] {
  return groups(tiles).filter((g) => g.closed && g.arches > 0);
}

/** A printed line of a tile (§A.6): the straight, or the arc round the A or the B tip. */
type SegKind = 'straight' | 'arcA' | 'arcB';

interface Line {
  closed: boolean;
  /** The segments as "q,r,kind" keys. */
  segments: string[];
  mids: [number, number][];
}

function segSides(o: number, kind: SegKind): [number, number] {
  const a = 2 * o;
  if (kind === 'straight') return [mod(a + 2, 6), mod(a + 5, 6)];
  if (kind === 'arcA') return [a, mod(a + 1, 6)];
  return [mod(a + 3, 6), mod(a + 4, 6)];
}

/** segPieces are the two pieces a segment separates. */
function segPieces(q: number, r: number, kind: SegKind): [string, string] {
  if (kind === 'straight') return [pieceKey(q, r, 'A', 'arch'), pieceKey(q, r, 'B', 'arch')];
  if (kind === 'arcA') return [pieceKey(q, r, 'A', 'tip'), pieceKey(q, r, 'B', 'arch')];
  return [pieceKey(q, r, 'B', 'tip'), pieceKey(q, r, 'A', 'arch')];
}

const kinds: readonly SegKind[] = ['straight', 'arcA', 'arcB'];

/** lines chains the printed lines of the tiles into loops and open paths (§A.6). */
export function lines(tiles: readonly Tile[]): Line[] {
  interface Seg {
    key: string;
    ends: [[number, number], [number, number]];
  }
  const segs: Seg[] = [];
  const at = new Map<string, number[]>();
  for (const t of tiles) {
    for (const kind of kinds) {
      const [s1, s2] = segSides(t.o, kind);
      const ends: [[number, number], [number, number]] = [midOf(t.q, t.r, s1), midOf(t.q, t.r, s2)];
      const id = segs.length;
      segs.push({ key: `${t.q},${t.r},${kind}`, ends });
      for (const m of ends) {
        const l = at.get(vk(m)) ?? [];
        l.push(id);
        at.set(vk(m), l);
      }
    }
  }
  const partner = (m: [number, number], id: number) => (at.get(vk(m)) ?? []).find((x) => x !== id) ?? -1;
  const other = (id: number, m: [number, number]) => {
    const [a, b] = segs[id]!.ends;
    return a[0] === m[0] && a[1] === m[1] ? b : a;
  };
  const done = new Set<number>();
  const out: Line[] = [];
  for (let s = 0; s < segs.length; s++) {
    if (done.has(s)) continue;
    // Walk back to a free end, or round to s.
    let start = s;
    let into: [number, number] = segs[s]!.ends[0];
    let cur = s;
    let exit = segs[s]!.ends[0];
    let closed = false;
    for (;;) {
      const nxt = partner(exit, cur);
      if (nxt < 0) {
        start = cur;
        into = exit;
        break;
      }
      if (nxt === s) {
        closed = true;
        start = s;
        into = segs[s]!.ends[0];
        break;
      }
      exit = other(nxt, exit);
      cur = nxt;
    }
    const line: Line = { closed, segments: [], mids: [into] };
    cur = start;
    for (;;) {
      const ex = other(cur, into);
      done.add(cur);
      line.segments.push(segs[cur]!.key);
      line.mids.push(ex);
      const nxt = partner(ex, cur);
      if (nxt < 0 || nxt === start) break;
      cur = nxt;
      into = ex;
    }
    if (closed) line.mids.pop();
    out.push(line);
  }
  return out;
}

/** area2 is twice the shoelace area of a loop's midpoint polygon (affine units, §A.6). */
function area2(l: Line): number {
  if (!l.closed) return 0;
  let s = 0;
  for (let i = 0; i < l.mids.length; i++) {
    const p = l.mids[i]!;
    const q = l.mids[(i + 1) % l.mids.length]!;
    s += p[0] * q[1] - q[0] * p[1];
  }
  return s;
}

/** contains tells whether midpoint m lies strictly inside loop l (crossing number). */
function contains(l: Line, m: [number, number]): boolean {
  if (!l.closed) return false;
  let inside = false;
  for (let i = 0; i < l.mids.length; i++) {
    const a = l.mids[i]!;
    const b = l.mids[(i + 1) % l.mids.length]!;
    if (a[1] > m[1] === b[1] > m[1]) continue;
    const lhs = (m[0] - a[0]) * (b[1] - a[1]);
    const rhs = (m[1] - a[1]) * (b[0] - a[0]);
    if (b[1] > a[1] ? lhs < rhs : lhs > rhs) inside = !inside;
  }
  return inside;
}

/** cellsAround gives the three cells at vertex v and the corner v is of each. */
function cellsAround(v: [number, number]): { cells: [number, number][]; corners: number[] } | null {
  const start = mod(v[0], 3) === 2 ? 0 : 1;
  for (let k = start; k < 6; k += 2) {
    const d1 = dirs[k]!;
    const d2 = dirs[(k + 1) % 6]!;
    const x = v[0] - (d1[0] + d2[0]);
    const y = v[1] - (d1[1] + d2[1]);
    if (mod(x, 3) !== 0 || mod(y, 3) !== 0) continue;
    const q = x / 3;
    const r = y / 3;
    return {
      cells: [
        [q, r],
        [q + d1[0], r + d1[1]],
        [q + d2[0], r + d2[1]],
      ],
      corners: [k, (k + 2) % 6, (k + 4) % 6],
    };
  }
  return null;
}

/** A creature's value (§C.6): its loops (the outer shell and every shell inside) and external limbs (N7). */
export interface Value {
  loops: number;
  limbs: number;
}

/** value is what creature g of the table is worth (§C.6). */
export function value(tiles: readonly Tile[], g: Group, ls: Line[] = lines(tiles)): Value {
  if (!g.closed || g.arches === 0) return { loops: 0, limbs: 0 };
  const mine = new Set(g.pieces);
  let outer = -1;
  let best = -1;
  ls.forEach((l, i) => {
    if (!l.closed) return;
    const borders = l.segments.some((s) => {
      const [q, r, kind] = s.split(',');
      return segPieces(Number(q), Number(r), kind as SegKind).some((p) => mine.has(p));
    });
    if (!borders) return;
    const a = Math.abs(area2(l));
    if (a > best) {
      best = a;
      outer = i;
    }
  });
  if (outer < 0) return { loops: 0, limbs: 0 };
  const o = ls[outer]!;
  let loops = 1;
  ls.forEach((l, i) => {
    if (i !== outer && l.closed && contains(o, l.mids[0]!)) loops++;
  });
  let limbs = 0;
  if (g.arches > 1) {
    const orient = new Map(tiles.map((t) => [`${t.q},${t.r}`, t.o]));
    const outerSegs = new Set(o.segments);
    for (const v of g.vertices) {
      const around = cellsAround(v);
      if (!around) continue;
      let arches = 0;
      let tip = '';
      around.cells.forEach(([q, r], j) => {
        const ot = orient.get(`${q},${r}`);
        if (ot === undefined || arches < 0) {
          arches = -1;
          return;
        }
        if (tipCorner(ot, g.colour) === around.corners[j]) tip = `${q},${r}`;
        else arches++;
      });
      if (arches === 1 && outerSegs.has(`${tip},${g.colour === 'A' ? 'arcA' : 'arcB'}`)) limbs++;
    }
  }
  return { loops, limbs };
}

/** One creature on a player's sheet. */
export interface Scored {
  /** The ply of the action's last move, 1-based. */
  ply: number;
  colour: Colour;
  loops: number;
  limbs: number;
  points: number;
  /** Its pieces ("q,r,aTip" keys), to outline it on the board. */
  pieces: string[];
  /** Whether the player scored it as the predecessor of the one who acted (§C.7). */
  shared: boolean;
}

/** The sheet: per seat, the creatures scored in play order; ok is false when they do not add up to the server's scores. */
export interface Sheet {
  seats: Scored[][];
  ok: boolean;
}

/** The smallest value that scores (§C.5 rule 3). */
const minPoints = 3;

function hasPieceOn(g: Group, q: number, r: number): boolean {
  const p = `${q},${r},${g.colour === 'A' ? 'a' : 'b'}`;
  return g.pieces.some((k) => k.startsWith(p));
}

/** turned finds the tile a rotation turned: the one whose orientation differs. */
function turned(before: readonly Tile[], after: readonly Tile[]): Tile | null {
  const was = new Map(before.map((t) => [`${t.q},${t.r}`, t.o]));
  return after.find((t) => was.has(`${t.q},${t.r}`) && was.get(`${t.q},${t.r}`) !== t.o) ?? null;
}

function sheetWith(pos: PalagoniaPosition[], rotationScoring: 'newOnly' | 'mergeOnly'): Sheet {
  const n = pos[0]?.scores.length ?? 0;
  const seats: Scored[][] = Array.from({ length: n }, () => []);
  for (let i = 1; i < pos.length; i++) {
    const before = pos[i - 1]!;
    const after = pos[i]!;
    const mover = before.seat;
    if (mover === null) continue;
    let born: Group[] = [];
    let eligible: (g: Group) => boolean = () => false;
    if (before.step === 'place' && before.left === 1) {
      // A number action ends: its tiles are the last ones laid (§C.5 rule 1, N8).
      const cells = after.table.slice(after.table.length - (before.placed ?? 0) - 1);
      born = creatureGroups(after.table).filter((g) => cells.some((c) => hasPieceOn(g, c.q, c.r)));
      eligible = (g) => cells.every((c) => hasPieceOn(g, c.q, c.r));
    } else if (before.step === 'rotate') {
      // The turned tile's pieces are new (§C.5); N9 decides what scores.
      const c = turned(before.table, after.table);
      if (!c) continue;
      const self = `${c.q},${c.r},`;
      const owner = new Map<string, number>();
      creatureGroups(before.table).forEach((g, j) => {
        for (const p of g.pieces) if (!p.startsWith(self)) owner.set(p, j);
      });
      born = creatureGroups(after.table).filter((g) => hasPieceOn(g, c.q, c.r));
      eligible = (g) => {
        const earlier = new Set(g.pieces.map((p) => owner.get(p)).filter((x) => x !== undefined));
        return rotationScoring === 'mergeOnly' ? earlier.size < 2 : earlier.size === 0;
      };
    } else {
      continue;
    }
    const ls = lines(after.table);
    for (const g of born) {
      if (!eligible(g)) continue;
      const v = value(after.table, g, ls);
      const points = v.loops + v.limbs;
      if (points < minPoints) continue;
      const entry = { ply: i, colour: g.colour, loops: v.loops, limbs: v.limbs, points, pieces: g.pieces };
      seats[mover]?.push({ ...entry, shared: false });
      // Shared with the predecessor, but not on an extra turn (§C.7).
      if (n > 1 && !before.extra) seats[(mover - 1 + n) % n]?.push({ ...entry, shared: true });
    }
  }
  const last = pos[pos.length - 1];
  const ok = last !== undefined && seats.every((s, i) => s.reduce((a, e) => a + e.points, 0) === last.scores[i]);
  return { seats, ok };
}

/**
 * scoreSheet explains the scores of a Palagonia game: positions are the
 * position texts after every ply (ply 0 first). The rotation rule (N9) is
 * the match's option, which the positions endpoint sends with them
 * (`options.rotationScoring`); when it is not given (an older server), the
 * default newOnly is tried first, then mergeOnly, and the first whose sheet
 * adds up to the scores in the last position is taken.
 */
export function scoreSheet(positions: readonly string[], rotationScoring?: string): Sheet {
  const pos = positions.map(parsePalagonia);
  if (pos.length === 0 || pos.some((p) => p === null)) return { seats: [], ok: false };
  const ps = pos as PalagoniaPosition[];
  if (rotationScoring === 'newOnly' || rotationScoring === 'mergeOnly') return sheetWith(ps, rotationScoring);
  const first = sheetWith(ps, 'newOnly');
  if (first.ok) return first;
  const second = sheetWith(ps, 'mergeOnly');
  return second.ok ? second : first;
}
