// The puzzle page's model: the solver's rating, streak and recent puzzles
// kept in the browser, the choice of the next puzzle, and whose turn each
// ply of a solution is. Pure but for the storage it is given.
import type { KV } from './tokens';
import type { Puzzle, PuzzleRating } from './analysis-api';

export interface Progress {
  rating: PuzzleRating;
  streak: number;
  /** The puzzles seen lately, newest first: not offered again soon. */
  recent: string[];
}

/** initialRating is a new solver's Glicko-2 rating (internal/rating.Initial). */
export const initialRating: PuzzleRating = { rating: 1500, rd: 350, volatility: 0.06, games: 0 };

const key = (game: string) => `tabula.puzzles.${game}`;

export function readProgress(kv: KV, game: string): Progress {
  try {
    const v = JSON.parse(kv.getItem(key(game)) ?? '') as Progress;
    if (typeof v.rating?.rating === 'number' && typeof v.streak === 'number' && Array.isArray(v.recent)) return v;
  } catch {
    // none kept yet, or unreadable: start again
  }
  return { rating: { ...initialRating }, streak: 0, recent: [] };
}

export function saveProgress(kv: KV, game: string, p: Progress): void {
  kv.setItem(key(game), JSON.stringify(p));
}

/** nextPuzzle picks the unseen puzzle whose rating is nearest the solver's; null when there are none. */
export function nextPuzzle(list: readonly { id: string; rating: number }[], p: Progress): string | null {
  const seen = new Set(p.recent);
  let pool = list.filter((x) => !seen.has(x.id));
  if (pool.length === 0) pool = list.filter((x) => x.id !== p.recent[0]);
  if (pool.length === 0) return list[0]?.id ?? null;
  let best = pool[0]!;
  for (const x of pool) if (Math.abs(x.rating - p.rating.rating) < Math.abs(best.rating - p.rating.rating)) best = x;
  return best.id;
}

/**
 * accepted reports whether move m answers ply i of the puzzle: the
 * solution's move, or one the puzzle accepts as equal (Villa Paletti: any
 * winning target of the winning column). The line goes on with the
 * solution's own move.
 */
export function accepted(p: Pick<Puzzle, 'solution' | 'accept'>, i: number, m: string): boolean {
  return m === p.solution[i] || (p.accept?.[i]?.includes(m) ?? false);
}
