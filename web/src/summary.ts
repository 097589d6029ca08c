// The game-over summary: who won and why, the scores, how many moves and
// how long the game took. Pure.
import type { MatchState } from './protocol';
import type { Positions } from './replay';
import { verdict, type Verdict } from './match-model';

export interface GameSummary {
  verdict: Verdict;
  /** Moves played (chance events included, as in the record). */
  plies: number;
  /** Scores by seat, when the game keeps score. */
  scores: { seat: number; score: number }[];
  /** From the first move to the end, null when unknown. */
  durationMs: number | null;
}

/** gameSummary sums up a finished (or aborted) match; positions give the times. */
export function gameSummary(s: MatchState, seat: number | null, p: Positions | null): GameSummary {
  const plies = s.moves?.length ?? 0;
  const scores = (s.result?.scores ?? []).map((score, i) => ({ seat: i, score }));
  let durationMs: number | null = null;
  if (p && p.id === s.match) {
    const start = p.positions[1]?.at ?? p.created;
    if (p.updated >= start) durationMs = p.updated - start;
  }
  return { verdict: verdict(s, seat), plies, scores, durationMs };
}

/** formatDuration writes ms as m:ss, or h:mm:ss from an hour on. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
