// Villa Paletti for the board: the position text (games/villapaletti/doc.go,
// "Position text") parsed into a scene — floors with their poses, columns
// with their levels and centres, the seal — and the player's gestures mapped
// onto the legal moves the server listed. Nothing here decides legality:
// geometry (rules/villa-paletti.md §2) is used only to draw and to find the
// listed move nearest to a click.
import type { Move } from '../protocol';

/** The column colours in the order of the position text (and of the seats with 4 players). */
export const colours = ['blue', 'yellow', 'green', 'red'] as const;
export type Colour = (typeof colours)[number];

/** The column kinds. */
export type Kind = 'thin' | 'medium' | 'thick';

/** The floors in their fixed order (spec §1, ruling V2). */
export const floorNames = ['blue', 'green', 'yellow', 'orange', 'red'] as const;
export type FloorName = (typeof floorNames)[number];

/** Column height H and floor thickness T in mm (spec §2). */
export const columnHeight = 45;
export const floorThickness = 5;
/** Radius of the foundation R_f and of the building site R_b in mm (spec §2). */
export const foundationRadius = 115;
export const siteRadius = 80;

/** Circumradius of each kind in mm (spec §2: thin 8, medium hexagon 11, thick 14). */
export const radius: Record<Kind, number> = { thin: 8, medium: 11, thick: 14 };
/** Points of each kind on the top level (spec §7). */
export const points: Record<Kind, number> = { thin: 1, medium: 2, thick: 3 };

/** Floor polygons in local coordinates, counter-clockwise (spec §2 table). */
export const floorPolygons: Record<FloorName, readonly (readonly [number, number])[]> = {
  blue: [[104, 0], [74, 62], [17, 98], [-46, 80], [-100, 36], [-92, -34], [-47, -81], [18, -100], [74, -62]],
  green: [[98, 0], [57, 57], [0, 66], [-54, 54], [-94, 0], [-58, -58], [0, -70], [53, -53]],
  yellow: [[80, 0], [40, 50], [-16, 72], [-54, 26], [-70, -34], [-15, -64], [44, -55]],
  orange: [[80, 0], [41, 41], [0, 45], [-38, 38], [-76, 0], [-40, -40], [0, -47], [39, -39]],
  red: [[56, 0], [29, 36], [-11, 49], [-38, 18], [-49, -23], [-11, -47], [27, -34]],
};

/** A floor pose: rotate by th degrees, then translate by (x, y) mm. */
export interface Pose {
  x: number;
  y: number;
  th: number;
}

/** A point in mm on the foundation's plane. */
export interface Point {
  x: number;
  y: number;
}

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

export interface ColumnScene {
  /** The column's name in notation: blue-thin-1, red-medium. */
  id: string;
  colour: Colour;
  kind: Kind;
  /** Where it is: on a level, out of the game, or in hand (custom setup). */
  where: 'placed' | 'out' | 'hand';
  /** The level it stands on (valid when placed). */
  level: number;
  x: number;
  y: number;
  /** The column it is stacked on (above red, spec §5.1), or null. */
  on: string | null;
  frozen: boolean;
  /** Height of its base in mm. */
  base: number;
}

/** Phase is the turn section of the position text. */
export type Phase =
  | { kind: 'turn'; player: number; own: boolean }
  | { kind: 'propose'; player: number; pose: Pose; asking: number }
  | { kind: 'neutral-objection'; player: number; asking: number }
  | { kind: 'removes'; player: number; objector: number }
  | { kind: 'places'; player: number }
  | { kind: 'setup'; player: number; from: number }
  | { kind: 'lays-blue'; player: number }
  | { kind: 'over'; collapseBy: number | null };

export interface Scene {
  floors: FloorScene[];
  columns: ColumnScene[];
  /** The Master Builder seal's holder and previous holder (seats), null for none. */
  seal: { holder: number | null; previous: number | null };
  /** Whether an own column has been placed on the current top floor. */
  claimed: boolean;
  phase: Phase;
}

/** The level of the top floor's surface (0 before the blue floor is laid). */
export function topLevel(s: Scene): number {
  return s.floors.length;
}

/** worldPolygon maps a floor's local polygon by a pose. */
export function worldPolygon(name: FloorName, pose: Pose): Point[] {
  const a = (pose.th * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return floorPolygons[name].map(([x, y]) => ({ x: pose.x + c * x - s * y, y: pose.y + s * x + c * y }));
}

const num = String.raw`-?\d+(?:\.\d+)?`;
const poseRe = new RegExp(String.raw`^\((${num}),(${num}),(${num})\)$`);
const columnNameRe = /^(blue|yellow|green|red)-(thin|medium|thick)(?:-([1-3]))?$/;

function parsePose(text: string): Pose | null {
  const m = poseRe.exec(text.replace(/\s+/g, ''));
  if (!m) return null;
  return { x: Number(m[1]), y: Number(m[2]), th: Number(m[3]) };
}

/** parseColumnName reads "blue-thin-2" into colour and kind, null if it is no column. */
export function parseColumnName(name: string): { colour: Colour; kind: Kind } | null {
  const m = columnNameRe.exec(name);
  if (!m) return null;
  const kind = m[2] as Kind;
  if ((kind === 'thin') !== (m[3] !== undefined)) return null; // thin columns are numbered, the others not
  return { colour: m[1] as Colour, kind };
}

function parseSeat(s: string): number | null {
  return /^\d$/.test(s) ? Number(s) : null;
}

function parsePhase(key: string, text: string): Phase | null {
  if (key === 'over') {
    if (text === 'standstill') return { kind: 'over', collapseBy: null };
    const m = /^collapse by (\d)$/.exec(text);
    return m ? { kind: 'over', collapseBy: Number(m[1]) } : null;
  }
  if (key !== 'turn') return null;
  let m: RegExpExecArray | null;
  if ((m = /^(\d)( own)?$/.exec(text))) return { kind: 'turn', player: Number(m[1]), own: m[2] !== undefined };
  if ((m = /^(\d) proposes (\(.*\)) asking (\d)$/.exec(text))) {
    const pose = parsePose(m[2]!);
    return pose ? { kind: 'propose', player: Number(m[1]), pose, asking: Number(m[3]) } : null;
  }
  if ((m = /^(\d) neutral-objection asking (\d)$/.exec(text))) return { kind: 'neutral-objection', player: Number(m[1]), asking: Number(m[2]) };
  if ((m = /^(\d) removes (\d)$/.exec(text))) return { kind: 'removes', player: Number(m[1]), objector: Number(m[2]) };
  if ((m = /^(\d) places$/.exec(text))) return { kind: 'places', player: Number(m[1]) };
  if ((m = /^(\d) setup from (\d)$/.exec(text))) return { kind: 'setup', player: Number(m[1]), from: Number(m[2]) };
  if ((m = /^(\d) lays blue$/.exec(text))) return { kind: 'lays-blue', player: Number(m[1]) };
  return null;
}

/**
 * parsePosition reads the position text of State.String (doc.go, "Position
 * text"): six ";"-separated sections floors, columns, seal, claimed,
 * turn/over, rng. It returns null when the text is not such a position.
 */
export function parsePosition(text: string): Scene | null {
  const sections = text.split(';').map((s) => s.trim());
  if (sections.length !== 6) return null;
  const section = (i: number, key: string): string | null => {
    const s = sections[i]!;
    const colon = s.indexOf(':');
    if (colon < 0 || s.slice(0, colon).trim() !== key) return null;
    return s.slice(colon + 1).trim();
  };

  // Floors: "blue (0,0,0), green (0,40,180)"; commas also separate pose numbers.
  const floorsText = section(0, 'floors');
  if (floorsText === null) return null;
  const floors: FloorScene[] = [];
  for (const m of floorsText.matchAll(/([a-z]+)\s*(\([^)]*\))/g)) {
    const name = m[1] as FloorName;
    const level = floors.length + 1;
    const pose = parsePose(m[2]!);
    if (floorNames[level - 1] !== name || !pose) return null;
    floors.push({ name, level, pose, polygon: worldPolygon(name, pose), bottom: 50 * level - floorThickness, top: 50 * level });
  }
  if (floorsText !== '' && floors.length === 0) return null;

  const colsText = section(1, 'columns');
  if (colsText === null) return null;
  const columns: ColumnScene[] = [];
  // Split on the commas between columns, not those inside "(x,y)".
  const items = colsText.split(/,(?![^(]*\))/).map((s) => s.trim());
  for (const item of items) {
    const m = /^(\S+)\s+(out|hand|(\d+)\s+\((-?[\d.]+),(-?[\d.]+)\))(?:\s+on\s+(\S+))?(\s+frozen)?$/.exec(item);
    if (!m) return null;
    const name = parseColumnName(m[1]!);
    if (!name) return null;
    const where = m[2] === 'out' ? 'out' : m[2] === 'hand' ? 'hand' : 'placed';
    columns.push({
      id: m[1]!,
      ...name,
      where,
      level: where === 'placed' ? Number(m[3]) : -1,
      x: where === 'placed' ? Number(m[4]) : 0,
      y: where === 'placed' ? Number(m[5]) : 0,
      on: m[6] ?? null,
      frozen: m[7] !== undefined,
      base: 0,
    });
  }
  if (columns.length !== 20) return null;
  // Heights: a column stands on its level's surface, or on the column below it.
  const byId = new Map(columns.map((c) => [c.id, c]));
  const baseOf = (c: ColumnScene, depth: number): number => {
    if (c.on === null) return 50 * c.level;
    const below = byId.get(c.on);
    if (!below || depth > columns.length) return 50 * c.level;
    return baseOf(below, depth + 1) + columnHeight;
  };
  for (const c of columns) if (c.where === 'placed') c.base = baseOf(c, 0);

  const sealText = section(2, 'seal');
  if (sealText === null) return null;
  let seal: Scene['seal'];
  const sm = /^(none|(\d)(?: after (\d))?)$/.exec(sealText);
  if (!sm) return null;
  if (sm[1] === 'none') seal = { holder: null, previous: null };
  else seal = { holder: parseSeat(sm[2]!), previous: sm[3] !== undefined ? parseSeat(sm[3]) : null };

  const claimedText = section(3, 'claimed');
  if (claimedText !== 'yes' && claimedText !== 'no') return null;

  const t = sections[4]!;
  const colon = t.indexOf(':');
  if (colon < 0) return null;
  const phase = parsePhase(t.slice(0, colon).trim(), t.slice(colon + 1).trim());
  if (!phase) return null;
  if (section(5, 'rng') === null) return null;
  return { floors, columns, seal, claimed: claimedText === 'yes', phase };
}

/**
 * owner returns the seat that plays a colour (doc.go, "Seats and colours"):
 * with 4 players seat i plays colour i; with 3 red is neutral (null); with 2
 * seat 0 plays blue and green, seat 1 yellow and red.
 */
export function owner(colour: Colour, players: number): number | null {
  const i = colours.indexOf(colour);
  if (players === 2) return i % 2;
  if (players === 3) return i === 3 ? null : i;
  return i;
}

/**
 * scores returns each seat's points on the top level (spec §7): thin 1,
 * medium 2, thick 3, stacked columns included; 0 until green is placed.
 */
export function scores(s: Scene, players: number): number[] {
  const out = new Array<number>(players).fill(0);
  const top = topLevel(s);
  if (top < 2) return out;
  for (const c of s.columns) {
    if (c.where !== 'placed' || c.level !== top) continue;
    const p = owner(c.colour, players);
    if (p !== null && p < players) out[p]! += points[c.kind];
  }
  return out;
}

/** A legal move read for the board. */
export type VillaMove =
  | { kind: 'column'; text: string; column: string; from: string; x: number; y: number; object: boolean }
  | { kind: 'onto'; text: string; column: string; from: string; onto: string; object: boolean }
  | { kind: 'propose' | 'place'; text: string; floor: FloorName; pose: Pose }
  | { kind: 'pass'; text: string }
  | { kind: 'remove'; text: string; column: string }
  | { kind: 'other'; text: string };

/** parseMove reads a move in the canonical notation of doc.go ("Moves and notation"). */
export function parseMove(text: string): VillaMove {
  const t = text.trim();
  if (t === 'pass') return { kind: 'pass', text };
  let m: RegExpExecArray | null;
  if ((m = /^remove:(\S+)$/.exec(t)) && parseColumnName(m[1]!)) return { kind: 'remove', text, column: m[1]! };
  if ((m = /^(propose|place):([a-z]+)(\(.*\))$/.exec(t))) {
    const pose = parsePose(m[3]!);
    const floor = m[2] as FloorName;
    if (pose && floorNames.includes(floor)) return { kind: m[1] as 'propose' | 'place', text, floor, pose };
  }
  if ((m = /^(object:)?([a-z]+-[a-z]+(?:-\d)?):(\d+|hand)>(.+)$/.exec(t)) && parseColumnName(m[2]!)) {
    const object = m[1] !== undefined;
    const target = m[4]!;
    const p = new RegExp(String.raw`^\((${num}),(${num})\)$`).exec(target);
    if (p) return { kind: 'column', text, column: m[2]!, from: m[3]!, x: Number(p[1]), y: Number(p[2]), object };
    if (parseColumnName(target)) return { kind: 'onto', text, column: m[2]!, from: m[3]!, onto: target, object };
  }
  return { kind: 'other', text };
}

/** Legal moves grouped for the board's controls. */
export interface LegalGroups {
  /** Column moves (onto a point or a stack) by column name, in the server's order. */
  byColumn: Map<string, (VillaMove & { kind: 'column' | 'onto' })[]>;
  /** Floor proposals and placements. */
  floors: (VillaMove & { kind: 'propose' | 'place' })[];
  removes: (VillaMove & { kind: 'remove' })[];
  pass: (VillaMove & { kind: 'pass' }) | null;
  /** Moves the board cannot show as a gesture: offered as buttons. */
  other: VillaMove[];
}

/** group sorts the legal moves by what the player does to make them. */
export function group(legal: readonly Move[]): LegalGroups {
  const g: LegalGroups = { byColumn: new Map(), floors: [], removes: [], pass: null, other: [] };
  for (const lm of legal) {
    const m = parseMove(lm.text);
    switch (m.kind) {
      case 'column':
      case 'onto': {
        const list = g.byColumn.get(m.column) ?? [];
        list.push(m);
        g.byColumn.set(m.column, list);
        break;
      }
      case 'propose':
      case 'place':
        g.floors.push(m);
        break;
      case 'remove':
        g.removes.push(m);
        break;
      case 'pass':
        g.pass = m;
        break;
      default:
        g.other.push(m);
    }
  }
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
export function targetPoint(m: VillaMove & { kind: 'column' | 'onto' }, s: Scene): Point | null {
  if (m.kind === 'column') return { x: m.x, y: m.y };
  const below = s.columns.find((c) => c.id === m.onto);
  return below && below.where === 'placed' ? { x: below.x, y: below.y } : null;
}

/**
 * snap maps a click at p (mm, on the top surface) with a column picked to
 * the nearest listed move of that column, or null when none is within
 * snapLimit. A click on a stack top prefers the move onto it.
 */
export function snap(g: LegalGroups, s: Scene, column: string, p: Point): string | null {
  const moves = g.byColumn.get(column) ?? [];
  let best: string | null = null;
  let bestD = snapLimit;
  for (const m of moves) {
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
 * exactMove writes the move of the picked column to (x, y) in notation,
 * from a listed move of that column (for its "from" level): the server
 * accepts any legal point on the 0.5 mm grid, and judges it. Null when the
 * column has no listed point move or a coordinate is not a number.
 */
export function exactMove(g: LegalGroups, column: string, x: number, y: number): string | null {
  const m = (g.byColumn.get(column) ?? []).find((mv) => mv.kind === 'column');
  if (!m || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const half = (v: number) => String(Math.round(v * 2) / 2);
  return `${m.object ? 'object:' : ''}${m.column}:${m.from}>(${half(x)},${half(y)})`;
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
  return s.phase.kind === 'over' && s.phase.collapseBy !== null ? { culprit: s.phase.collapseBy } : null;
}

/** pickable lists the columns that appear in some listed column move. */
export function pickable(g: LegalGroups): Set<string> {
  return new Set(g.byColumn.keys());
}

/** nextFloor is the floor a proposal would lay (the first not yet placed), null after red. */
export function nextFloor(s: Scene): FloorName | null {
  return floorNames[s.floors.length] ?? null;
}

/** columnLabel is the words for a column, "blue thin 2". */
export function columnLabel(id: string): string {
  return id.replace(/-/g, ' ');
}
