// Gesture → move mapping for the Palago-family boards. Every function here
// reads the server's legal move texts and returns one of them, or the
// choices a click may lead to; none decides legality by itself.
import { cellKey, parseCell, parseTile, parseTiles, tileText, type Tile } from './palago-geom';

/** sameTile compares cell and orientation. */
export const sameTile = (a: Tile, b: Tile) => a.q === b.q && a.r === b.r && a.o === b.o;

/** A Palago move as its tiles (one or two) and its text. */
export interface PalagoMove {
  text: string;
  tiles: Tile[];
}

/** palagoMoves reads the legal list; texts that are not tile moves are left out. */
export function palagoMoves(legal: readonly string[]): PalagoMove[] {
  const out: PalagoMove[] = [];
  for (const text of legal) {
    const tiles = parseTiles(text);
    if (tiles && tiles.length >= 1 && tiles.length <= 2) out.push({ text, tiles });
  }
  return out;
}

/** Choices maps a cell key "(q,r)" to the orientations offered there, sorted. */
export type Choices = Map<string, number[]>;

function addChoice(c: Choices, t: Tile) {
  const k = cellKey(t.q, t.r);
  const os = c.get(k) ?? [];
  if (!os.includes(t.o)) {
    os.push(t.o);
    os.sort();
  }
  c.set(k, os);
}

/**
 * firstChoices lists the tiles a Palago move may start with. A two-tile
 * move is one move whichever tile is placed first (games/palago doc.go), so
 * both of its tiles are offered.
 */
export function firstChoices(moves: readonly PalagoMove[]): Choices {
  const c: Choices = new Map();
  for (const m of moves) for (const t of m.tiles) addChoice(c, t);
  return c;
}

/** secondChoices lists the tiles that complete a two-tile move with first. */
export function secondChoices(moves: readonly PalagoMove[], first: Tile): Choices {
  const c: Choices = new Map();
  for (const m of moves) {
    if (m.tiles.length !== 2) continue;
    const [a, b] = m.tiles as [Tile, Tile];
    if (sameTile(a, first)) addChoice(c, b);
    else if (sameTile(b, first)) addChoice(c, a);
  }
  return c;
}

/** findPalago gives the legal text of the move of these tiles (either order), or null. */
export function findPalago(moves: readonly PalagoMove[], first: Tile, second: Tile | null): string | null {
  for (const m of moves) {
    if (second === null) {
      if (m.tiles.length === 1 && sameTile(m.tiles[0]!, first)) return m.text;
      continue;
    }
    if (m.tiles.length !== 2) continue;
    const [a, b] = m.tiles as [Tile, Tile];
    if ((sameTile(a, first) && sameTile(b, second)) || (sameTile(a, second) && sameTile(b, first))) return m.text;
  }
  return null;
}

/** placeChoices lists the single-tile placements "(q,r):o" of a legal list. */
export function placeChoices(legal: readonly string[], occupied: ReadonlySet<string> = new Set()): Choices {
  const c: Choices = new Map();
  for (const text of legal) {
    const t = parseTile(text);
    if (t && !occupied.has(cellKey(t.q, t.r))) addChoice(c, t);
  }
  return c;
}

/** Palagonia's actions on a tile of the table, from the legal list. */
export interface TileActions {
  remove: string | null;
  /** Orientation → move text. */
  rotate: Map<number, string>;
}

/** The Palagonia legal list sorted by kind (games/palagonia doc.go notation). */
export interface PalagoniaLegal {
  use: { face: string; text: string }[];
  place: Choices;
  /** By cell key. */
  actions: Map<string, TileActions>;
  pass: string | null;
  /** Chance moves, if a client is ever asked for them. */
  rolls: string[];
}

function actionsAt(m: Map<string, TileActions>, cell: string): TileActions {
  let a = m.get(cell);
  if (!a) {
    a = { remove: null, rotate: new Map() };
    m.set(cell, a);
  }
  return a;
}

/** palagoniaLegal sorts the legal texts into what the board offers. */
export function palagoniaLegal(legal: readonly string[]): PalagoniaLegal {
  const out: PalagoniaLegal = { use: [], place: new Map(), actions: new Map(), pass: null, rolls: [] };
  for (const text of legal) {
    let m: RegExpExecArray | null;
    if ((m = /^use:([2-5XR])$/.exec(text))) out.use.push({ face: m[1]!, text });
    else if (text === 'pass') out.pass = text;
    else if (text.startsWith('roll:')) out.rolls.push(text);
    else if ((m = /^remove:(\(-?\d+,-?\d+\))$/.exec(text))) {
      const c = parseCell(m[1]!);
      if (c) actionsAt(out.actions, cellKey(c.q, c.r)).remove = text;
    } else if ((m = /^rotate:(.*)$/.exec(text))) {
      const t = parseTile(m[1]!);
      if (t) actionsAt(out.actions, cellKey(t.q, t.r)).rotate.set(t.o, text);
    } else {
      const t = parseTile(text);
      if (t) addChoice(out.place, t);
    }
  }
  return out;
}

/** The Palaboratory legal list sorted by kind (games/palaboratory doc.go notation). */
export interface LabLegal {
  /** Placements on empty cells. */
  place: Choices;
  /** Turns of a tile: cell key → orientation → text. */
  rotate: Map<string, Map<number, string>>;
  /** Relocations: from cell key → destinations (as choices) and texts by "to:o". */
  relocate: Map<string, { to: Choices; text: Map<string, string> }>;
}

/** labLegal sorts the legal texts; occupied names the cells holding tiles (a tile text there is a turn). */
export function labLegal(legal: readonly string[], occupied: ReadonlySet<string>): LabLegal {
  const out: LabLegal = { place: new Map(), rotate: new Map(), relocate: new Map() };
  for (const text of legal) {
    const m = /^(\(-?\d+,-?\d+\))(?:>|->)(.*)$/.exec(text);
    if (m) {
      const from = parseCell(m[1]!);
      const to = parseTile(m[2]!);
      if (!from || !to) continue;
      const k = cellKey(from.q, from.r);
      let r = out.relocate.get(k);
      if (!r) out.relocate.set(k, (r = { to: new Map(), text: new Map() }));
      addChoice(r.to, to);
      r.text.set(tileText(to), text);
      continue;
    }
    const t = parseTile(text);
    if (!t) continue;
    const k = cellKey(t.q, t.r);
    if (occupied.has(k)) {
      let os = out.rotate.get(k);
      if (!os) out.rotate.set(k, (os = new Map()));
      os.set(t.o, text);
    } else {
      addChoice(out.place, t);
    }
  }
  return out;
}

/** occupiedCells gives the cell keys of tiles. */
export function occupiedCells(tiles: readonly Tile[]): Set<string> {
  return new Set(tiles.map((t) => cellKey(t.q, t.r)));
}
