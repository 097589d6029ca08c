// Villa Paletti for the board: the server's board forms
// (games/villapaletti/ui.go) read into a scene — floors with their poses,
// columns with their owners, levels and centres, the seal — and the
// player's gestures matched against the forms of the legal moves. Nothing
// here knows the rules or reads notation (but for the typed exact point,
// which the server judges); the pieces' shapes and sizes, used to draw and
// to stack columns in the picture, are in villa-shapes.ts.
import { boardMoves, type BoardForms, type Move, type UIPosition } from '../protocol';
import { columnHeight, floorThickness, levelHeight, worldPolygon, type FloorName, type Kind, type Point, type Pose } from './villa-shapes';

/** The column colours in the order of the seats with 4 players (and of the reserve). */
export const colours = ['blue', 'yellow', 'green', 'red'] as const;
export type Colour = (typeof colours)[number];

export interface FloorScene {
  name: FloorName;
  /** Level k of the floor's top surface, 1 for blue. */
  level: number;
  pose: Pose;
  /** The polygon in world coordinates. */
  polygon: Point[];
  /** Height of the floor's underside and top surface in mm (spec §2: z_k = 50·k). */
  bottom: number;
  top: number;
}

/** A column standing in the villa. */
export interface ColumnScene {
  /** The column's name: blue-thin-1, red-medium. */
  id: string;
  colour: Colour;
  kind: Kind;
  /** The level it stands on. */
  level: number;
  x: number;
  y: number;
  /** The column it is stacked on (above red, spec §5.1), or null. */
  on: string | null;
  frozen: boolean;
  /** Height of its base in mm. */
  base: number;
}

export interface Scene {
  floors: FloorScene[];
  /** The columns in the villa (not those out of the game or in hand). */
  columns: ColumnScene[];
  /** Per colour (blue, yellow, green, red), the columns in hand during a custom setup. */
  reserve: string[][];
  /** The Master Builder seal's holder and previous holder (seats), null for none. */
  seal: { holder: number | null; previous: number | null };
  /** The step of the turn (ui.go: turn, own, proposes, neutral-objection, removes, places, setup, lays-blue, collapse, standstill). */
  phase: string;
  /** The seat whose turn it is; after a collapse, who caused it. */
  turn: number;
  /** A floor proposed and waiting for objections. */
  proposed: { name: FloorName; pose: Pose } | null;
  /** Each seat's points on the top level (spec §7). */
  scores: number[];
}

const poseOf = (at: readonly number[] | null | undefined): Pose => ({ x: at?.[0] ?? 0, y: at?.[1] ?? 0, th: at?.[2] ?? 0 });
const seatOrNull = (n: number | undefined) => (n === undefined || n < 0 ? null : n);

/** sceneOf reads the server's position form; null when the state carries none. */
export function sceneOf(p: UIPosition | undefined): Scene | null {
  if (!p?.phase) return null;
  const floors = (p.floors ?? []).map((f, i): FloorScene => {
    const name = f.name as FloorName;
    const pose = poseOf(f.at);
    return { name, level: i + 1, pose, polygon: worldPolygon(name, pose), bottom: levelHeight(i + 1) - floorThickness, top: levelHeight(i + 1) };
  });
  const columns = (p.pieces ?? []).map(
    (pc): ColumnScene => ({
      id: pc.cell,
      colour: pc.colour as Colour,
      kind: pc.kind as Kind,
      level: pc.level ?? 0,
      x: pc.x ?? 0,
      y: pc.y ?? 0,
      on: pc.on ?? null,
      frozen: pc.frozen ?? false,
      base: 0,
    }),
  );
  // Heights: a column stands on its level's surface, or on the column below it.
  const byId = new Map(columns.map((c) => [c.id, c]));
  const baseOf = (c: ColumnScene, depth: number): number => {
    const below = c.on === null ? undefined : byId.get(c.on);
    return below && depth <= columns.length ? baseOf(below, depth + 1) + columnHeight : levelHeight(c.level);
  };
  for (const c of columns) c.base = baseOf(c, 0);
  return {
    floors,
    columns,
    reserve: p.reserve ?? [],
    seal: { holder: seatOrNull(p.seal?.[0]), previous: seatOrNull(p.seal?.[1]) },
    phase: p.phase,
    turn: p.turn ?? 0,
    proposed: p.proposed ? { name: p.proposed.name as FloorName, pose: poseOf(p.proposed.at) } : null,
    scores: p.scores ?? [],
  };
}

/** A legal move read for the board from its form; text is what is sent. */
export type ColumnMove = { kind: 'take'; text: string; column: string; columnKind: Kind; x: number; y: number } | { kind: 'onto'; text: string; column: string; columnKind: Kind; onto: string };
export type FloorMove = { kind: 'propose' | 'place'; text: string; floor: FloorName; pose: Pose };

/** Legal moves grouped for the board's controls. */
export interface LegalGroups {
  /** Column moves (to a point or onto a stack) by column name, in the server's order. */
  byColumn: Map<string, ColumnMove[]>;
  /** Floor proposals and placements. */
  floors: FloorMove[];
  removes: { text: string; column: string }[];
  pass: { text: string } | null;
  /** Moves without a form the board knows: offered as buttons. */
  other: { text: string }[];
}

/** group sorts the legal moves by what the player does to make them, from the forms the server sent with them. */
export function group(legal: readonly Move[], board: BoardForms | undefined): LegalGroups {
  const g: LegalGroups = { byColumn: new Map(), floors: [], removes: [], pass: null, other: [] };
  const forms = boardMoves(board);
  legal.forEach(({ text }, i) => {
    const f = forms[i];
    const column = f?.pieces?.[0] ?? '';
    const columnKind = f?.piece as Kind;
    let m: ColumnMove | null = null;
    if (f?.kind === 'take' && f.at) m = { kind: 'take', text, column, columnKind, x: f.at[0] ?? 0, y: f.at[1] ?? 0 };
    else if (f?.kind === 'onto' && f.targets?.[0]) m = { kind: 'onto', text, column, columnKind, onto: f.targets[0] };
    if (m) {
      const list = g.byColumn.get(column) ?? [];
      list.push(m);
      g.byColumn.set(column, list);
    } else if ((f?.kind === 'propose' || f?.kind === 'place') && f.piece) g.floors.push({ kind: f.kind, text, floor: f.piece as FloorName, pose: poseOf(f.at) });
    else if (f?.kind === 'remove' && column) g.removes.push({ text, column });
    else if (f?.kind === 'pass') g.pass = { text };
    else g.other.push({ text });
  });
  return g;
}

/**
 * snapLimit is how far (mm) a click may be from the nearest listed target
 * and still mean it: listed targets lie on a 10 mm lattice (doc.go), so a
 * click on a free spot of the top floor is within about 7 mm of one; farther
 * away there is no listed target near what the player pointed at.
 */
export const snapLimit = 12;

/** targetPoint is where a column move puts the column's centre. */
export function targetPoint(m: ColumnMove, s: Scene): Point | null {
  if (m.kind === 'take') return { x: m.x, y: m.y };
  const below = s.columns.find((c) => c.id === m.onto);
  return below ? { x: below.x, y: below.y } : null;
}

/**
 * snap maps a click at p (mm, on the top surface) with a column picked to
 * the nearest listed move of that column, or null when none is within
 * snapLimit. A click on a stack top prefers the move onto it.
 */
export function snap(g: LegalGroups, s: Scene, column: string, p: Point): string | null {
  let best: string | null = null;
  let bestD = snapLimit;
  for (const m of g.byColumn.get(column) ?? []) {
    const q = targetPoint(m, s);
    if (!q) continue;
    // Onto moves win ties: their centre is exact, a lattice point is not.
    const d = Math.hypot(q.x - p.x, q.y - p.y) - (m.kind === 'onto' ? 0.25 : 0);
    if (d < bestD) {
      bestD = d;
      best = m.text;
    }
  }
  return best;
}

/** Click outcomes of the board. */
export type ClickResult = { kind: 'select'; column: string | null } | { kind: 'play'; move: string } | { kind: 'none' };

/**
 * clickColumn handles a click on a column: a column with listed moves is
 * picked (a second click drops it); a column the proposer may remove is
 * removed; a click on a stack top while a column is picked plays the
 * listed move onto it. Anything else does nothing.
 */
export function clickColumn(g: LegalGroups, picked: string | null, id: string): ClickResult {
  if (picked !== null && picked !== id) {
    const onto = (g.byColumn.get(picked) ?? []).find((m) => m.kind === 'onto' && m.onto === id);
    if (onto) return { kind: 'play', move: onto.text };
  }
  if (g.byColumn.has(id)) return { kind: 'select', column: picked === id ? null : id };
  const rm = g.removes.find((m) => m.column === id);
  if (rm) return { kind: 'play', move: rm.text };
  return { kind: 'none' };
}

/** clickSurface handles a click at p on the top surface with a column picked. */
export function clickSurface(g: LegalGroups, s: Scene, picked: string | null, p: Point): ClickResult {
  if (picked === null) return { kind: 'none' };
  const move = snap(g, s, picked, p);
  return move ? { kind: 'play', move } : { kind: 'none' };
}

/**
 * exactMove is the move, in the words the server reads, putting the picked
 * column at (x, y) rounded to its 0.5 mm grid: the server accepts any legal
 * point on it and judges it. Null when the column has no listed point move
 * or a coordinate is not a number.
 */
export function exactMove(g: LegalGroups, column: string, x: number, y: number): string | null {
  if (!(g.byColumn.get(column) ?? []).some((m) => m.kind === 'take') || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const half = (v: number) => String(Math.round(v * 2) / 2);
  return `take ${column} to (${half(x)},${half(y)})`;
}

/** Number of shake bands (spec §6.7): 0 calm … 3 most unsteady. */
export const shakeBands = 4;

/** shakeBand clamps the server's band into 0..3 (0 when the server sends none). */
export function shakeBand(v: number | undefined): number {
  if (v === undefined || !Number.isFinite(v)) return 0;
  return Math.max(0, Math.min(shakeBands - 1, Math.trunc(v)));
}

/** collapsed reports whether the game ended by collapse, and who caused it. */
export function collapsed(s: Scene): { culprit: number } | null {
  return s.phase === 'collapse' ? { culprit: s.turn } : null;
}

/** columnColour is a column's colour: from the villa, or from the reserve it is in. */
export function columnColour(s: Scene, id: string): Colour | null {
  const c = s.columns.find((x) => x.id === id);
  if (c) return c.colour;
  const i = s.reserve.findIndex((list) => list.includes(id));
  return colours[i] ?? null;
}
