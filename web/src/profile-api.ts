// Profiles, games archives and leaderboards (docs/protocol.md, "Ratings
// and profiles"): read-only GETs over the one Api client.
import type { Api } from './api';
import type { Result } from './protocol';

export interface RatingPoint {
  match: string;
  /** Unix ms. */
  at: number;
  rating: number;
  rd: number;
}

export interface RatingInfo {
  game: string;
  variant: string;
  players: number;
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
  history: RatingPoint[];
}

export interface Opponent {
  seat: number;
  username?: string;
  bot?: string;
}

export type Outcome = 'win' | 'draw' | 'loss';

export interface PlayedMatch {
  id: string;
  game: string;
  variant: string;
  players: number;
  seat: number;
  result?: Result;
  outcome: Outcome;
  rated: boolean;
  opponents: Opponent[];
  ratingBefore?: number;
  ratingAfter?: number;
  ended: number;
}

export interface Tally {
  game: string;
  wins: number;
  draws: number;
  losses: number;
}

export interface Profile {
  username: string;
  created: number;
  ratings: RatingInfo[];
  wins: number;
  draws: number;
  losses: number;
  tallies: Tally[];
  recent: PlayedMatch[];
}

export interface Archive {
  username: string;
  games: PlayedMatch[];
  next?: string;
}

export interface Leader {
  rank: number;
  username: string;
  rating: number;
  rd: number;
  games: number;
}

export interface Leaderboard {
  game: string;
  variant: string;
  players: number;
  leaders: Leader[];
}

/** ArchiveFilter is the archive page's filters; '' is "any". */
export interface ArchiveFilter {
  game: string;
  result: '' | Outcome;
  rated: '' | 'true' | 'false';
}

export function profile(api: Api, name: string): Promise<Profile> {
  return api.call('GET', `/api/users/${encodeURIComponent(name)}`);
}

/** archiveQuery is the query string of an archive page. */
export function archiveQuery(f: ArchiveFilter, after = ''): string {
  const q = new URLSearchParams();
  if (f.game) q.set('game', f.game);
  if (f.result) q.set('result', f.result);
  if (f.rated) q.set('rated', f.rated);
  if (after) q.set('after', after);
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function archive(api: Api, name: string, f: ArchiveFilter, after = ''): Promise<Archive> {
  return api.call('GET', `/api/users/${encodeURIComponent(name)}/games${archiveQuery(f, after)}`);
}

export function leaderboard(api: Api, game: string, variant: string, players: number): Promise<Leaderboard> {
  const q = new URLSearchParams({ game });
  if (variant) q.set('variant', variant);
  if (players) q.set('players', String(players));
  return api.call('GET', `/api/leaderboard?${q.toString()}`);
}

/** graphPoints maps a rating history onto a w×h box (pad inside): the points of an SVG polyline, oldest at the left. */
export function graphPoints(history: RatingPoint[], w: number, h: number, pad: number): { x: number; y: number; p: RatingPoint }[] {
  if (history.length === 0) return [];
  const rs = history.map((p) => p.rating);
  let lo = Math.min(...rs);
  let hi = Math.max(...rs);
  if (hi - lo < 50) {
    const mid = (hi + lo) / 2;
    lo = mid - 25;
    hi = mid + 25;
  }
  const n = history.length;
  return history.map((p, i) => ({
    x: n === 1 ? w / 2 : pad + (i * (w - 2 * pad)) / (n - 1),
    y: pad + ((hi - p.rating) * (h - 2 * pad)) / (hi - lo),
    p,
  }));
}
