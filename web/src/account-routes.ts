// The account pages' routes: /login and /signup (each may carry ?next=PATH,
// where to go after), /account/password, /account/tokens (access tokens for
// the bot API) and /games ("my games").

export type AccountRoute = { page: 'login' } | { page: 'signup' } | { page: 'password' } | { page: 'games' } | { page: 'tokens' };

const paths: Record<AccountRoute['page'], string> = {
  login: 'login',
  signup: 'signup',
  password: 'account/password',
  games: 'games',
  tokens: 'account/tokens',
};

/** parseAccountRoute reads a path without its slashes at either end; null when it is no account page. */
export function parseAccountRoute(path: string): AccountRoute | null {
  for (const [page, p] of Object.entries(paths)) if (p === path) return { page } as AccountRoute;
  return null;
}

export function accountHref(r: AccountRoute): string {
  return `/${paths[r.page]}`;
}

export function isAccountRoute(r: { page: string }): r is AccountRoute {
  return r.page in paths;
}
