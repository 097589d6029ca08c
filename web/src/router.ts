// Routes are paths: / is the lobby and /match/ID a match. The server answers
// every unknown path without a dot with index.html (docs/protocol.md), so a
// shared link opens the right page.

export type Route = { page: 'lobby' } | { page: 'match'; id: string } | { page: 'notfound'; path: string };

/** parseRoute reads location.pathname. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '' || path === 'index.html') return { page: 'lobby' };
  const m = /^match\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (m) return { page: 'match', id: m[1]! };
  return { page: 'notfound', path };
}

/** href is the path of a route. */
export function href(r: Route): string {
  switch (r.page) {
    case 'lobby':
      return '/';
    case 'match':
      return `/match/${encodeURIComponent(r.id)}`;
    case 'notfound':
      return `/${r.path}`;
  }
}
