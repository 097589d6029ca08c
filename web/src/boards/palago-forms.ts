// The Palago-family boards' view of the server's board forms (Go package
// game/ui; games/palago, palagonia and palaboratory ui.go): the legal
// moves paired with their forms and sorted into what a click may choose.
// Nothing here reads notation or decides legality: every move returned is
// one of the server's, sent by its text.
import type { MatchState, UICreature, UIMove, UITile } from '../protocol';
import { cellKey, parseCell, type Tile } from './palago-geom';

/** A legal move: its text (what the board sends) and its form. */
export interface Listed {
  text: string;
  form: UIMove;
}

/**
 * listed pairs the state's legal moves with their forms (the server sends
 * them in the same order), each form with its tiles (sent once for all the
 * moves, in board.tiles, and named by tileRefs); [] without forms.
 */
export function listed(state: Partial<Pick<MatchState, 'legal' | 'board'>>): Listed[] {
  const legal = state.legal ?? [];
  const forms = state.board?.moves ?? [];
  const shared = state.board?.tiles ?? [];
  if (forms.length !== legal.length) return [];
  return legal.map((m, i) => {
    const f = forms[i]!;
    const form = f.tileRefs ? { ...f, tiles: f.tileRefs.map((k) => shared[k]).filter((x): x is UITile => x !== undefined) } : f;
    return { text: m.text, form };
  });
}

/** tileOf places a tile form on the plane (its cell's coordinates); null for a cell it cannot place. */
export function tileOf(t: UITile): Tile | null {
  const c = parseCell(t.cell);
  return c ? { q: c.q, r: c.r, o: t.o } : null;
}

/** tilesOf places every tile of a list that has a cell on the plane. */
export function tilesOf(ts: readonly UITile[] | undefined): Tile[] {
  return (ts ?? []).map(tileOf).filter((t): t is Tile => t !== null);
}

/** sameTile compares cell and orientation. */
export const sameTile = (a: Tile, b: Tile) => a.q === b.q && a.r === b.r && a.o === b.o;

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
 * pieceKeys names the pieces of creatures as the tile drawing does
 * ("q,r,aTip", "q,r,bArch"): each creature's tips and arches of its colour.
 */
export function pieceKeys(cs: readonly UICreature[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const c of cs ?? []) {
    const col = c.colour === 'A' ? 'a' : 'b';
    for (const [cells, kind] of [
      [c.tips, 'Tip'],
      [c.arches, 'Arch'],
    ] as const) {
      for (const cell of cells ?? []) {
        const p = parseCell(cell);
        if (p) out.add(`${p.q},${p.r},${col}${kind}`);
      }
    }
  }
  return out;
}

/** A Palago move as its tiles (one or two) and its text. */
export interface PalagoMove {
  text: string;
  tiles: Tile[];
}

/** palagoMoves reads the tiles of each listed move. */
export function palagoMoves(list: readonly Listed[]): PalagoMove[] {
  const out: PalagoMove[] = [];
  for (const m of list) {
    const tiles = tilesOf(m.form.tiles);
    if (tiles.length >= 1 && tiles.length <= 2) out.push({ text: m.text, tiles });
  }
  return out;
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

/** Palagonia's actions on a tile of the table. */
export interface TileActions {
  remove: string | null;
  /** Orientation → move text. */
  rotate: Map<number, string>;
}

/** Palagonia's legal moves sorted by kind (games/palagonia ui.go). */
export interface PalagoniaLegal {
  use: { face: string; text: string }[];
  place: Choices;
  /** Placement texts by "(q,r):o" cell key and orientation. */
  placeText: Map<string, string>;
  /** By cell key. */
  actions: Map<string, TileActions>;
  pass: string | null;
}

function actionsAt(m: Map<string, TileActions>, cell: string): TileActions {
  let a = m.get(cell);
  if (!a) {
    a = { remove: null, rotate: new Map() };
    m.set(cell, a);
  }
  return a;
}

/** tileKey names a tile choice: its cell key and orientation. */
export const tileKey = (t: Tile) => `${cellKey(t.q, t.r)}:${t.o}`;

/** palagoniaLegal sorts the listed moves into what the board offers (chance moves, never offered to a player, are left out). */
export function palagoniaLegal(list: readonly Listed[]): PalagoniaLegal {
  const out: PalagoniaLegal = { use: [], place: new Map(), placeText: new Map(), actions: new Map(), pass: null };
  for (const { text, form } of list) {
    const t = form.tiles?.[0] ? tileOf(form.tiles[0]) : null;
    switch (form.kind) {
      case 'use':
        if (form.dice?.[0]) out.use.push({ face: form.dice[0], text });
        break;
      case 'pass':
        out.pass = text;
        break;
      case 'remove': {
        const c = form.from ? parseCell(form.from) : null;
        if (c) actionsAt(out.actions, cellKey(c.q, c.r)).remove = text;
        break;
      }
      case 'rotate':
        if (t) actionsAt(out.actions, cellKey(t.q, t.r)).rotate.set(t.o, text);
        break;
      case 'place':
        if (t) {
          addChoice(out.place, t);
          out.placeText.set(tileKey(t), text);
        }
        break;
    }
  }
  return out;
}

/** Palaboratory's legal moves sorted by kind (games/palaboratory ui.go). */
export interface LabLegal {
  /** Placements on empty cells, and their texts by tile key. */
  place: Choices;
  placeText: Map<string, string>;
  /** Turns of a tile: cell key → orientation → text. */
  rotate: Map<string, Map<number, string>>;
  /** Relocations: from cell key → destinations (as choices) and texts by tile key. */
  relocate: Map<string, { to: Choices; text: Map<string, string> }>;
  /** Ends a free build. */
  done: string | null;
}

/** labLegal sorts the listed moves into what the board offers. */
export function labLegal(list: readonly Listed[]): LabLegal {
  const out: LabLegal = { place: new Map(), placeText: new Map(), rotate: new Map(), relocate: new Map(), done: null };
  for (const { text, form } of list) {
    if (form.kind === 'done') {
      out.done = text;
      continue;
    }
    const t = form.tiles?.[0] ? tileOf(form.tiles[0]) : null;
    if (!t) continue;
    const k = cellKey(t.q, t.r);
    switch (form.kind) {
      case 'place':
        addChoice(out.place, t);
        out.placeText.set(tileKey(t), text);
        break;
      case 'rotate': {
        let os = out.rotate.get(k);
        if (!os) out.rotate.set(k, (os = new Map()));
        os.set(t.o, text);
        break;
      }
      case 'relocate': {
        const from = form.from ? parseCell(form.from) : null;
        if (!from) break;
        const fk = cellKey(from.q, from.r);
        let r = out.relocate.get(fk);
        if (!r) out.relocate.set(fk, (r = { to: new Map(), text: new Map() }));
        addChoice(r.to, t);
        r.text.set(tileKey(t), text);
        break;
      }
    }
  }
  return out;
}
