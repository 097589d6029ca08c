// The analysis board's model: a tree of moves explored from a start
// position, where the first child of every node is its main line and
// later children are variations; the path from the root names the shown
// position. Also the share link and the evaluation's display. Pure.

/** A node of the move tree: the moves played from its position. */
export interface MoveNode {
  move: string;
  children: MoveNode[];
}

/** tree builds a tree whose main line is moves. */
export function tree(moves: readonly string[]): MoveNode[] {
  let kids: MoveNode[] = [];
  for (let i = moves.length - 1; i >= 0; i--) kids = [{ move: moves[i]!, children: kids }];
  return kids;
}

/** childrenAt returns the moves from the position after path (null when path leaves the tree). */
export function childrenAt(root: readonly MoveNode[], path: readonly string[]): readonly MoveNode[] | null {
  let kids: readonly MoveNode[] = root;
  for (const m of path) {
    const n = kids.find((k) => k.move === m);
    if (!n) return null;
    kids = n.children;
  }
  return kids;
}

/**
 * play adds move after path, as a new variation unless the tree has it;
 * the main line (every first child) is kept. It returns the new root.
 */
export function play(root: readonly MoveNode[], path: readonly string[], move: string): MoveNode[] {
  if (path.length === 0) {
    if (root.some((k) => k.move === move)) return [...root];
    return [...root, { move, children: [] }];
  }
  const [head, ...rest] = path;
  return root.map((k) => (k.move === head ? { move: k.move, children: play(k.children, rest, move) } : k));
}

/** continuation is path followed by the first children to the end of its line. */
export function continuation(root: readonly MoveNode[], path: readonly string[]): string[] {
  const out = [...path];
  let kids = childrenAt(root, path) ?? [];
  while (kids.length > 0) {
    out.push(kids[0]!.move);
    kids = kids[0]!.children;
  }
  return out;
}

/** mainLine is the moves of every first child from the root. */
export function mainLine(root: readonly MoveNode[]): string[] {
  return continuation(root, []);
}

/** A row of the move list: a move with its path, and the variations that branch before it. */
export interface Row {
  path: string[];
  move: string;
  depth: number;
}

/**
 * rows flattens the tree for display: the main line in order, each
 * variation after the move it replaces, indented by its depth.
 */
export function rows(root: readonly MoveNode[], prefix: string[] = [], depth = 0): Row[] {
  const out: Row[] = [];
  let kids = root;
  let path = prefix;
  while (kids.length > 0) {
    const [main, ...vars] = kids;
    out.push({ path: [...path, main!.move], move: main!.move, depth });
    for (const v of vars) {
      out.push({ path: [...path, v.move], move: v.move, depth: depth + 1 });
      out.push(...rows(v.children, [...path, v.move], depth + 1));
    }
    path = [...path, main!.move];
    kids = main!.children;
  }
  return out;
}

/** What an analysis starts from: a game with its options, a position text or a match. */
export interface Source {
  game: string;
  variant?: string;
  players?: number;
  /** A start position text; empty for the game's start. */
  position?: string;
  /** A match ID: its start, and its moves as the main line. */
  match?: string;
}

/** shareLink is the path of an analysis of source with the moves of path. */
export function shareLink(src: Source, path: readonly string[]): string {
  const q = new URLSearchParams();
  if (!src.match) {
    if (src.variant) q.set('variant', src.variant);
    if (src.players) q.set('players', String(src.players));
    if (src.position) q.set('position', src.position);
  }
  for (const m of path) q.append('m', m);
  const qs = q.toString();
  const base = src.match ? `/analysis/match/${encodeURIComponent(src.match)}` : `/analysis/${encodeURIComponent(src.game)}`;
  return base + (qs ? `?${qs}` : '');
}

/** readLink reads the query of a shared link: the source's extras and the moves. */
export function readLink(search: string): { variant?: string; players?: number; position?: string; moves: string[] } {
  const q = new URLSearchParams(search);
  const out: { variant?: string; players?: number; position?: string; moves: string[] } = { moves: q.getAll('m') };
  const v = q.get('variant');
  if (v) out.variant = v;
  const p = Number(q.get('players'));
  if (Number.isInteger(p) && p > 0) out.players = p;
  const pos = q.get('position');
  if (pos) out.position = pos;
  return out;
}

/** The engine's view of one line, as the server sends it (internal/analysis.Line). */
export interface EngineLine {
  move: string;
  pv: string[] | null;
  score: number;
  win: number;
  mate?: number;
  expected?: number[];
}

/**
 * seatWin is seat's expected result (its win probability in a two-player
 * game) from a line evaluated for toMove.
 */
export function seatWin(l: EngineLine, toMove: number, seat: number, players: number): number {
  if (l.expected && l.expected.length === players) return l.expected[seat] ?? 0;
  if (seat === toMove) return l.win;
  return players > 1 ? (1 - l.win) / (players - 1) : 0;
}

/** abaloneEvalScale mirrors games/abalone's evalScale: the evaluation is tanh(marbles / 3). */
const abaloneEvalScale = 3;

/**
 * marbles reads an Abalone evaluation in [-1, 1] (for the side to move) as
 * the marble lead it stands for: the heuristic is tanh of the marble
 * balance plus position terms, over abaloneEvalScale.
 */
export function marbles(score: number): number {
  const s = Math.max(-0.999, Math.min(0.999, score));
  return abaloneEvalScale * Math.atanh(s);
}

/** percent formats a probability as a whole percentage. */
export function percent(p: number): string {
  return `${Math.round(p * 100)}%`;
}
