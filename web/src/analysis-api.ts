// The analysis board's, the review's and the puzzles' HTTP calls
// (docs/protocol.md, "Analysis"), through the one Api.call.
import type { Api } from './api';
import type { EngineLine } from './analysis-model';
import type { BoardForms, Move, Result } from './protocol';

export interface ExplorePly {
  move?: string;
  seat: number;
  position: string;
  toMove: number;
}

/** The body of POST /api/analysis/position. */
export interface Explored {
  game: string;
  variant: string;
  players: number;
  options?: Record<string, string>;
  positions: ExplorePly[];
  legal: Move[];
  result?: Result;
  /** The last position's board forms, for boards that read them. */
  board?: BoardForms;
}

export interface ExploreRequest {
  game?: string;
  variant?: string;
  players?: number;
  options?: Record<string, string>;
  position?: string;
  match?: string;
  moves?: string[];
}

export function explore(api: Api, req: ExploreRequest): Promise<Explored> {
  return api.call('POST', '/api/analysis/position', req);
}

export interface ReviewedMove {
  ply: number;
  seat: number;
  move: string;
  best?: string;
  bestPv?: string[];
  mate?: number;
  loss: number;
  class?: 'inaccuracy' | 'mistake' | 'blunder';
  forced?: boolean;
  accuracy: number;
}

export interface Review {
  players: number;
  expected: number[][];
  moves: ReviewedMove[];
  accuracy: number[];
  truncated?: boolean;
  timeMs: number;
}

export interface ReviewState {
  status: 'none' | 'running' | 'done';
  done?: number;
  total?: number;
  review?: Review;
}

export function startReview(api: Api, match: string): Promise<ReviewState> {
  return api.call('POST', `/api/matches/${encodeURIComponent(match)}/review`, {});
}

export function reviewState(api: Api, match: string): Promise<ReviewState> {
  return api.call('GET', `/api/matches/${encodeURIComponent(match)}/review`);
}

export interface PuzzleRating {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
}

export interface Puzzle {
  id: string;
  game: string;
  variant?: string;
  players: number;
  options?: Record<string, string>;
  moves: string[];
  position: string;
  toMove: number;
  solution: string[];
  /** At each ply of the solver, every move accepted as the answer (Villa Paletti: each winning target of the one winning column); absent: only the solution's move. */
  accept?: (string[] | null)[];
  mate: number;
  legal: number;
  rating: number;
  current: PuzzleRating;
  /** A logged-in solver's puzzle rating in the game, kept by the server. */
  solver?: PuzzleRating;
}

export function puzzles(api: Api, game: string): Promise<{ puzzles: { id: string; rating: number; mate: number }[] }> {
  return api.call('GET', `/api/puzzles?game=${encodeURIComponent(game)}`);
}

export function puzzle(api: Api, id: string): Promise<Puzzle> {
  return api.call('GET', `/api/puzzles/${encodeURIComponent(id)}`);
}

/** attempt rates an attempt; kept marks a logged-in solver's rating, which the server keeps. */
export function attempt(api: Api, id: string, solved: boolean, player: PuzzleRating): Promise<{ player: PuzzleRating; puzzle: PuzzleRating; kept?: boolean }> {
  return api.call('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { solved, player });
}

/** One message of the analysis socket (docs/protocol.md, "Analysis"). */
export interface LinesMessage {
  type: 'lines';
  seq: number;
  toMove: number;
  engine: string;
  depth: number;
  nodes: number;
  nps: number;
  timeMs: number;
  lines: EngineLine[];
  final?: boolean;
  reason?: string;
}

export interface SocketError {
  type: 'error';
  seq?: number;
  error: { code: string; message: string };
}

/** analysisURL is the analysis socket's address for a page served from loc. */
export function analysisURL(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws/analysis`;
}
