// What changed between two states of a match, for the things that react to
// it rather than render it: sounds and screen-reader announcements. Pure.
import { moveForm, type MatchState } from './protocol';

/** Change is what one state update did. */
export type Change =
  | { kind: 'none' }
  /** One or more moves were played; the last is move, by mover (-1 when unknown). */
  | { kind: 'move'; move: string; mover: number; capture: boolean }
  /** The game ended (by a move, resignation, time, agreement or abort). */
  | { kind: 'end'; move: string | null; mover: number };

/**
 * change compares the previous state with the next. The first state (prev
 * null) is no change: loading a page is not an event. A capture is a move
 * whose board form captures or pushes off pieces (Go package game/ui), or,
 * for a game without board forms, whose notation names captured cells
 * (docs/protocol.md, Move).
 */
export function change(prev: MatchState | null, next: MatchState): Change {
  if (!prev || prev.match !== next.match) return { kind: 'none' };
  const before = prev.moves?.length ?? 0;
  const after = next.moves?.length ?? 0;
  const moved = after > before && next.lastMove !== undefined;
  // With exactly one new move, the seat that was to move made it.
  const mover = after === before + 1 && prev.toMove >= 0 ? prev.toMove : -1;
  const wasOver = prev.status === 'finished' || prev.status === 'aborted';
  const isOver = next.status === 'finished' || next.status === 'aborted';
  if (isOver && !wasOver) return { kind: 'end', move: moved ? next.lastMove! : null, mover };
  if (!moved) return { kind: 'none' };
  const last = next.board?.last;
  const capture = last ? (last.captures?.length ?? 0) + (last.off?.length ?? 0) > 0 : (moveForm(next.lastMove!).captures?.length ?? 0) > 0;
  return { kind: 'move', move: next.lastMove!, mover, capture };
}
