// The replay model: stepping through a match ply by ply. The positions come
// from the server (GET /api/matches/{id}/positions), which replays the
// record through the rules; the client never runs rules itself. Pure.
import type { BoardForms, MatchState, Summary } from './protocol';

/** The position after one ply; ply 0 is the start. */
export interface PlyPosition {
  ply: number;
  move?: string;
  /** The seat that played move (-2 chance); -1 at ply 0. */
  seat: number;
  /** Unix ms of the move. */
  at?: number;
  position: string;
  toMove: number;
  /** The board forms of position and of move (no legal moves), for games that describe themselves. */
  board?: BoardForms;
}

/** Positions is the body of GET /api/matches/{id}/positions. */
export interface Positions extends Summary {
  /** The match's game options, every default filled in. */
  options?: Record<string, string>;
  positions: PlyPosition[];
}

/** clampPly keeps ply within 0..last. */
export function clampPly(ply: number, last: number): number {
  return Math.max(0, Math.min(last, Math.trunc(ply)));
}

/** Step is a replay command: a button or a key. */
export type Step = 'first' | 'prev' | 'next' | 'last';

/** step moves from ply by one command, within 0..last. */
export function step(ply: number, last: number, s: Step): number {
  switch (s) {
    case 'first':
      return 0;
    case 'prev':
      return clampPly(ply - 1, last);
    case 'next':
      return clampPly(ply + 1, last);
    case 'last':
      return last;
  }
}

/** keyStep maps a keyboard key to a replay command; null for other keys. */
export function keyStep(key: string): Step | null {
  switch (key) {
    case 'ArrowLeft':
      return 'prev';
    case 'ArrowRight':
      return 'next';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/**
 * covers reports whether the fetched positions reach ply: they are stale
 * once the live game has gone on past them, or after a takeback changed
 * the moves they were computed from.
 */
export function covers(p: Positions | null, moves: readonly string[] | null, ply: number): boolean {
  if (!p) return false;
  const ms = moves ?? [];
  if (p.positions.length <= ply) return false;
  for (let i = 1; i <= ply; i++) if (p.positions[i]!.move !== ms[i - 1]) return false;
  return true;
}

/**
 * viewState is the match as it stood after ply, for a read-only board:
 * that ply's position and last move, the record up to it, no legal moves,
 * and the result only at the end of a finished game.
 */
export function viewState(live: MatchState, p: Positions, ply: number): MatchState {
  const at = p.positions[clampPly(ply, p.positions.length - 1)]!;
  const moves = (live.moves ?? []).slice(0, at.ply);
  const end = at.ply === (live.moves?.length ?? 0);
  const out: MatchState = {
    ...live,
    position: at.position,
    toMove: at.toMove,
    legal: [],
    moves,
  };
  if (at.move !== undefined) out.lastMove = at.move;
  else delete out.lastMove;
  if (at.board) out.board = at.board;
  else delete out.board;
  if (!end) delete out.result;
  return out;
}
