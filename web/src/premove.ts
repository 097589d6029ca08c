// Premoves (issue 24): while the opponent thinks, a player of a two-player
// game may queue one move by clicking as they would on their turn. Nobody
// knows the legal moves of the position to come, so the premove is kept as
// what was clicked (cells, in order); when the turn arrives the board
// replays those clicks through its own click matching against the server's
// new board forms, and sends the move if they make exactly one legal move;
// otherwise the premove is dropped without a word. A queued premove is
// shown highlighted; Escape, a click on the board that does not extend it,
// or a click anywhere off the board cancels it.
//
// With "confirm each move" on, a premove that resolves goes through the
// same confirmation as any board move (the match page asks "Play …?"):
// confirmation wins, the premove only saves the clicks.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** A queued premove: the clicks so far, and whether they make a whole move. */
export interface Queued<T> {
  clicks: T[];
  done: boolean;
}

/** What a board's click matching made of one click (the shape every board's click function returns). */
export type Outcome<S> = { kind: 'play'; move: string } | { kind: 'select'; selection: S } | { kind: 'choose' | 'none' };

/**
 * replay runs clicks through a board's click matching (step), starting from
 * the empty selection start. It returns the move when the last click, and
 * no earlier one, plays exactly one legal move; null for anything else (a
 * click that does nothing, a choice between several moves, clicks left
 * over).
 */
export function replay<T, S>(clicks: readonly T[], start: S, step: (sel: S, click: T) => Outcome<S>): string | null {
  let sel = start;
  for (let i = 0; i < clicks.length; i++) {
    const r = step(sel, clicks[i]!);
    if (r.kind === 'play') return i === clicks.length - 1 ? r.move : null;
    if (r.kind !== 'select') return null;
    sel = r.selection;
  }
  return null;
}

export interface PremoveOptions<T> {
  /** Whether a premove may be queued now: the match page's premove prop (live, seated, the opponent to move, the setting on). */
  armed: boolean;
  /** Whether the viewer may move now: the turn has arrived. */
  interactive: boolean;
  /** The state's version: a new state is when a queued premove is tried. */
  version: number;
  /** resolve makes the clicks into a legal move of the current state (see replay), or null. */
  resolve: (clicks: T[]) => string | null;
  onMove: (text: string) => void;
}

export interface Premove<T> {
  /** The queued premove, null when none. */
  queued: Queued<T> | null;
  /** set queues (or with null cancels) a premove; a board calls it from its clicks while armed. */
  set: (q: Queued<T> | null) => void;
}

/**
 * usePremove keeps a board's premove: it sends a whole premove when the
 * turn arrives (or drops it), drops a half-made one then, and cancels on
 * Escape or a click off the board (any element outside a .board-wrap).
 */
export function usePremove<T>(o: PremoveOptions<T>): Premove<T> {
  const [queued, setQueued] = useState<Queued<T> | null>(null);
  const latest = useRef(o);
  latest.current = o;

  // The turn has arrived: try the premove once, on the new state.
  useEffect(() => {
    if (!o.interactive || queued === null) return;
    setQueued(null);
    if (!queued.done) return;
    const move = latest.current.resolve(queued.clicks);
    if (move !== null) latest.current.onMove(move);
  }, [o.interactive, o.version, queued]);

  // Neither armed nor to move (the game ended, the viewer left the seat):
  // nothing to keep.
  useEffect(() => {
    if (!o.armed && !o.interactive && queued !== null) setQueued(null);
  }, [o.armed, o.interactive, queued]);

  // Listening starts in the render that shows the premove (a layout
  // effect), so an Escape pressed as soon as it is drawn is not missed.
  useLayoutEffect(() => {
    if (queued === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setQueued(null);
    };
    const onDown = (e: PointerEvent) => {
      const el = e.target as Element | null;
      if (!el?.closest?.('.board-wrap')) setQueued(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [queued]);

  return { queued, set: setQueued };
}
