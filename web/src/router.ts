// Routes are paths: / is the lobby, /match/ID a match, /rules and
// /rules/GAME the rules pages. The server answers
// every unknown path without a dot with index.html (docs/protocol.md), so a
// shared link opens the right page.

import { accountHref, parseAccountRoute, type AccountRoute } from './account-routes';

export type Route =
  | { page: 'lobby' }
  | { page: 'match'; id: string }
  /** game '' is the list of every game's rules. */
  | { page: 'rules'; game: string }
  /** Replaying an imported record (pages/import.tsx). */
  | { page: 'import' }
  | AccountRoute
  /** A user's profile, and their games archive. */
  | { page: 'user'; name: string }
  | { page: 'archive'; name: string }
  | { page: 'leaderboard' }
  /** The analysis board: of a game (game '' lets the player choose) or of a match. */
  | { page: 'analysis'; game: string; match: string }
  /** The puzzles of a game; game '' lists the games. */
  | { page: 'puzzles'; game: string }
  | { page: 'notfound'; path: string };

/** parseRoute reads location.pathname. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '' || path === 'index.html') return { page: 'lobby' };
  const m = /^match\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (m) return { page: 'match', id: m[1]! };
  if (path === 'rules') return { page: 'rules', game: '' };
  if (path === 'import') return { page: 'import' };
  const r = /^rules\/([a-z0-9-]{1,32})$/.exec(path);
  if (r) return { page: 'rules', game: r[1]! };
  const u = /^user\/([A-Za-z0-9_-]{1,32})(\/games)?$/.exec(path);
  if (u) return u[2] ? { page: 'archive', name: u[1]! } : { page: 'user', name: u[1]! };
  if (path === 'leaderboard') return { page: 'leaderboard' };
  const an = /^analysis(?:\/(match\/)?([A-Za-z0-9_-]{1,64}))?$/.exec(path);
  if (an) return an[1] ? { page: 'analysis', game: '', match: an[2]! } : { page: 'analysis', game: an[2] ?? '', match: '' };
  const pz = /^puzzles(?:\/([a-z0-9-]{1,32}))?$/.exec(path);
  if (pz) return { page: 'puzzles', game: pz[1] ?? '' };
  const a = parseAccountRoute(path);
  if (a) return a;
  return { page: 'notfound', path };
}

/** href is the path of a route. */
export function href(r: Route): string {
  switch (r.page) {
    case 'lobby':
      return '/';
    case 'match':
      return `/match/${encodeURIComponent(r.id)}`;
    case 'rules':
      return r.game ? `/rules/${encodeURIComponent(r.game)}` : '/rules';
    case 'user':
      return `/user/${encodeURIComponent(r.name)}`;
    case 'archive':
      return `/user/${encodeURIComponent(r.name)}/games`;
    case 'leaderboard':
      return '/leaderboard';
    case 'import':
      return '/import';
    case 'notfound':
      return `/${r.path}`;
    case 'analysis':
      if (r.match) return `/analysis/match/${encodeURIComponent(r.match)}`;
      return r.game ? `/analysis/${encodeURIComponent(r.game)}` : '/analysis';
    case 'puzzles':
      return r.game ? `/puzzles/${encodeURIComponent(r.game)}` : '/puzzles';
    default:
      return accountHref(r);
  }
}
