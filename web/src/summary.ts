// The game-over summary: who won and why, the scores, how many moves and
// how long the game took. Pure.
import type { MatchState } from './protocol';
import type { Positions } from './replay';
import { verdict, type Verdict } from './match-model';

/** soloCounts are the reasons under which a one-player task's score is its move count. */
const soloCounts = new Set(['solved', 'move-limit']);

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
  let plies = s.moves?.length ?? 0;
  let scores = (s.result?.scores ?? []).map((score, i) => ({ seat: i, score }));
  // A one-player task that counts its moves (Palaboratory: placing a tile
  // is free, turning or moving one counts) reports that count as its score:
  // it is the number of moves, and no score.
  if (s.players === 1 && soloCounts.has(s.result?.reason ?? '') && scores.length === 1) {
    plies = scores[0]!.score;
    scores = [];
  }
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
