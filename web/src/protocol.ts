// Wire types of the lobby API and the match WebSocket. They mirror
// internal/protocol (protocol.go, lobby.go) field for field; the error codes
// come from the one table both sides read, internal/protocol/errors.json.
import errorTable from '../../internal/protocol/errors.json';

/** A stable wire error code, one row of errors.json. */
export type Code = string;

/** Every error code the server may send, in table order. */
export const codes: readonly Code[] = errorTable.map((r) => r.code);

export interface WireError {
  code: Code;
  message: string;
}

export interface OptionSpec {
  name: string;
  kind: 'bool' | 'int' | 'enum';
  default: string;
  choices?: string[];
  min?: number;
  max?: number;
  doc?: string;
}

export interface GameInfo {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  defaultPlayers: number;
  /** The only player counts accepted, when not every count from min to max is (Palagonia). */
  allowedPlayers?: number[];
  /** Variants whose player count is fixed (Talat's palat: 2). */
  variantPlayers?: Record<string, number>;
  playerNames: string[] | null;
  variants: string[] | null;
  options: OptionSpec[] | null;
  bots: string[] | null;
  /** The most each bot thinks per move here, in ms; absent for bots that answer at once. */
  botMoveMs?: Record<string, number>;
  /** The measured ratings of the offered levels (random = 0), one list per variant and player count measured. */
  botRatings?: BotRatingList[];
}

/** One measured rating list of a game's bot levels, by bot spec. */
export interface BotRatingList {
  variant: string;
  players: number;
  elo: Record<string, number>;
}

export interface TimeControl {
  kind: 'none' | 'fischer' | 'correspondence';
  baseMs?: number;
  incrementMs?: number;
  days?: number;
}

export interface SeatSpec {
  kind: 'human' | 'bot';
  bot?: string;
}

export interface CreateRequest {
  game: string;
  variant?: string;
  players?: number;
  options?: Record<string, string>;
  seats?: SeatSpec[];
  timeControl: TimeControl;
  join?: number;
  /** A rated match (a logged-in creator only). */
  rated?: boolean;
}

export interface Seat {
  seat: number;
  name: string;
  kind: 'human' | 'bot';
  bot?: string;
  /** The account holding the seat; absent for a guest, a bot or an open seat. */
  username?: string;
  taken: boolean;
  connected: boolean;
}

export interface Result {
  winners: number[] | null;
  scores?: number[];
  reason: string;
  text: string;
  /** No winner and no draw: everyone lost (Villa Paletti's collapse before anyone holds the seal). */
  allLose?: boolean;
}

export type Status = 'waiting' | 'live' | 'finished' | 'aborted';

export interface Summary {
  id: string;
  game: string;
  variant: string;
  players: number;
  status: Status;
  seats: Seat[] | null;
  timeControl: TimeControl;
  rated: boolean;
  ply: number;
  result?: Result;
  created: number;
  updated: number;
}

export interface CreateResponse {
  match: Summary;
  seat?: number;
  token?: string;
}

export interface JoinResponse {
  match: string;
  seat: number;
  token: string;
}

/** A legal move in the forms a board can use (cells set when the notation names cells). */
export interface Move {
  text: string;
  from?: string;
  to?: string;
  captures?: string[];
}

export interface Clocks {
  kind: 'none' | 'fischer' | 'correspondence';
  remaining: number[] | null;
  running: number;
  at: number;
}

export interface Offers {
  draw: number[] | null;
  takeback: number;
  rematch: number[] | null;
}

/** Everything a client needs to draw a match and offer its moves. */
export interface MatchState {
  match: string;
  game: string;
  variant: string;
  players: number;
  rated?: boolean;
  version: number;
  status: Status;
  position: string;
  /** Seat to act; -1 once over, -2 for a chance event. */
  toMove: number;
  legal: Move[] | null;
  lastMove?: string;
  moves: string[] | null;
  /** Shake band 0 (calm) … 3 of games whose villa can wobble (Villa Paletti §6.7); absent means calm. */
  shake?: number;
  clocks?: Clocks;
  result?: Result;
  seats: Seat[] | null;
  offers: Offers;
  rematch?: string;
  /** The board forms of the position and moves, for games that describe themselves (Go package game/ui). */
  board?: BoardForms;
}

/** One piece moving from a cell to another, or off the board (to absent). */
export interface UISlide {
  from: string;
  to?: string;
  owner: number;
}

/** The form of one move (Go ui.Move): what a player touches and what it does. */
export interface UIMove {
  kind?: string;
  pieces?: string[];
  from?: string;
  to?: string;
  dir?: string;
  targets?: string[];
  piece?: string;
  captures?: string[];
  off?: string[];
  slides?: UISlide[];
  // The Palago family's fields (games/palago, palagonia, palaboratory).
  /** The tiles the move lays or turns, each in the orientation it ends in. */
  tiles?: UITile[];
  /** The faces of a roll, or the die a player uses (Palagonia: 2..5, X remove, R rotate). */
  dice?: string[];
  /** In board.moves, tiles stand here as indices into board.tiles (each tile sent once). */
  tileRefs?: number[];
  // Continuous boards (Villa Paletti; Go ui.Move, webvilla):
  /** Where the move puts its piece: [x, y] mm, or [x, y, angle°] for a floor. */
  at?: number[];
  /** Only in BoardForms.groups: the at of each consecutive legal move the group stands for. */
  each?: number[][];
  /** Whose piece a placement puts down, as UIPiece.owner names it (Talat: the tower's colour); absent 0. */
  owner?: number;
}

/** A piece on a cell; owner -1 for a neutral piece. */
export interface UIPiece {
  cell: string;
  owner: number;
  kind?: string;
  // Continuous and stacked boards (Villa Paletti; Go ui.Piece, webvilla): cell is the piece's name.
  colour?: string;
  /** The centre in mm (absent 0). */
  x?: number;
  y?: number;
  /** The surface it stands on (absent 0, the ground) and the piece it is stacked on. */
  level?: number;
  on?: string;
  frozen?: boolean;
}

/** A floor laid at a pose (Go ui.Floor): at is [x, y, angle°]. */
export interface UIFloor {
  name: string;
  at: number[] | null;
}

/** The form of a position (Go ui.Position). */
export interface UIPosition {
  pieces: UIPiece[] | null;
  off?: number[];
  scores?: number[];
  /** Per seat or colour (as the game documents), the kinds of the pieces still in hand. */
  reserve?: string[][];
  /** Per seat, the pieces it captured (their cell empty). */
  captured?: UIPiece[][];
  /** Parts of the board where play has ended (Talat's closed boards). */
  closed?: string[];
  // Stacking games (Villa Paletti; Go ui.Position, webvilla):
  /** The floors laid, bottom up, and a floor proposed but not laid. */
  floors?: UIFloor[];
  proposed?: UIFloor;
  /** [holder, previous holder] of the seal, -1 for none. */
  seal?: number[];
  /** The step of the turn (the game documents its names), and the seat whose turn it is (absent 0). */
  phase?: string;
  turn?: number;
  // The Palago family's fields (games/palago, palagonia, palaboratory).
  /** The tiles on the table, in the order the game documents. */
  tiles?: UITile[];
  /** Per seat, the colour of the tiles it plays (Palago: A or B). */
  colours?: string[];
  /** The creatures on the table (closed groups of one colour with an arch). */
  creatures?: UICreature[];
  /** Per seat, the creatures it scored (Palagonia's score sheet). */
  sheet?: UIScored[][];
  /** Where a turn played in steps with dice stands (Palagonia). */
  step?: UIStep;
  /** A puzzle's task and progress (Palaboratory). */
  task?: UITask;
}

/** A hexagonal tile: its cell ("(q,r)") and orientation 0..2 (Go ui.Tile). */
export interface UITile {
  cell: string;
  o: number;
}

/** A creature: its colour, the cells of its tips and arches, and its value when the game values it (Go ui.Creature). */
export interface UICreature {
  colour: 'A' | 'B';
  tips?: string[];
  arches?: string[];
  shells?: number;
  limbs?: number;
  points?: number;
}

/** A creature on a seat's score sheet: the ply that gave it birth, and whether the seat shared it as the mover's predecessor. */
export interface UIScored {
  creature: UICreature;
  ply: number;
  shared?: boolean;
}

/** Where a turn played in steps with dice stands (Go ui.Step): the step's name, the seat on turn (-1 none), the dice, the roll-off's dice, the tiles left and placed, an extra turn, the bag. */
export interface UIStep {
  name: string;
  seat: number;
  dice?: string[];
  rolls?: string[];
  left?: number;
  placed?: number;
  extra?: boolean;
  bag: number;
}

/** A puzzle's task (Go ui.Task): its variant, cards, target, moves used, par, whether it is over, a free build's points. */
export interface UITask {
  kind: 'red' | 'green' | 'free';
  card?: number;
  from?: number;
  target?: UITile[];
  moves: number;
  par?: number;
  done?: boolean;
  points?: number;
}

/** BoardForms is what a state carries for its board (Go ui.Board): moves[i] is the form of legal[i]. */
export interface BoardForms {
  position: UIPosition;
  moves: UIMove[] | null;
  last?: UIMove;
  /** The tiles the moves' forms lay or turn, each once: a form names them by tileRefs (the Palago family). */
  tiles?: UITile[];
  /** Set instead of moves for games with many moves: see boardMoves. */
  groups?: UIMove[];
}

/**
 * boardMoves is the form of each legal move (moves[i] the form of legal[i]):
 * the board's moves, or its groups expanded (Go ui.Board.Expand): a group
 * with each stands for one move per entry, with at set to the entry.
 */
export function boardMoves(b: BoardForms | undefined): UIMove[] {
  if (!b) return [];
  if (!b.groups) return b.moves ?? [];
  const out: UIMove[] = [];
  for (const g of b.groups) {
    if (!g.each) {
      out.push(g);
      continue;
    }
    const { each, ...form } = g;
    for (const at of each) out.push({ ...form, at });
  }
  return out;
}

export interface MatchEvent {
  kind: string;
  seat: number;
  move?: string;
}

/** The compact update of a move, sent instead of the state to clients that asked for deltas in their hello. */
export interface Delta {
  ply: number;
  toMove: number;
  status?: Status;
  clocks?: Clocks;
  result?: Result;
}

export type CommandType =
  | 'move'
  | 'resign'
  | 'offer-draw'
  | 'accept-draw'
  | 'decline-draw'
  | 'offer-takeback'
  | 'accept-takeback'
  | 'decline-takeback'
  | 'abort'
  | 'rematch';

export type ClientMessage =
  | { type: 'hello'; token?: string; tokens?: string[]; since?: number; delta?: boolean; version: number }
  | { type: 'ping'; version: number }
  | { type: CommandType; id: string; version: number; move?: string; seat?: number };

export type ServerMessage =
  | { type: 'welcome'; version: number; seat?: number; seats?: number[]; state?: MatchState }
  | { type: 'update'; version: number; event?: MatchEvent; state?: MatchState; delta?: Delta }
  | { type: 'ack'; id?: string; version: number }
  | { type: 'error'; id?: string; version: number; error?: WireError }
  | { type: 'pong'; version: number };

const serverTypes = new Set(['welcome', 'update', 'ack', 'error', 'pong']);

/**
 * parseServerMessage reads one WebSocket frame. It checks the shape the
 * client relies on (a known type and a numeric version) and returns null
 * for anything else, so a malformed frame never reaches the state machine.
 */
export function parseServerMessage(data: string): ServerMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  if (typeof m.type !== 'string' || !serverTypes.has(m.type)) return null;
  if (typeof m.version !== 'number' || !Number.isInteger(m.version)) return null;
  if (m.state !== undefined && !isMatchState(m.state)) return null;
  return v as ServerMessage;
}

function isMatchState(v: unknown): v is MatchState {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.version === 'number' &&
    typeof s.position === 'string' &&
    typeof s.toMove === 'number' &&
    (s.legal === null || s.legal === undefined || Array.isArray(s.legal))
  );
}

/** moveForm splits a move text in the board forms, as protocol.MoveForm does in Go. */
export function moveForm(text: string): Move {
  const m: Move = { text };
  const [main = '', ...caps] = text.split('x');
  if (caps.length > 0 && !caps.every(isCell)) return m;
  const parts = main.split('-');
  if (parts.length === 2 && isCell(parts[0]!) && isCell(parts[1]!)) {
    m.from = parts[0];
    m.to = parts[1];
  } else if (parts.length === 1 && isCell(main)) {
    m.to = main;
  } else {
    return m;
  }
  if (caps.length > 0) m.captures = caps;
  return m;
}

function isCell(s: string): boolean {
  return /^[a-z]{1,2}[0-9]{1,2}$/.test(s);
}
