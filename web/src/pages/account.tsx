// The account pages behind their routes (account-routes.ts), mounted by the
// shell in one place.
import type { Route } from '../router';
import { AuthPage } from './auth';
import { MyGamesPage } from './my-games';
import { PasswordPage } from './password';
import { TokensPage } from './tokens';

export function AccountPages({ route }: { route: Route }) {
  switch (route.page) {
    case 'login':
    case 'signup':
      return <AuthPage mode={route.page} key={route.page} />;
    case 'password':
      return <PasswordPage />;
    case 'games':
      return <MyGamesPage />;
    case 'tokens':
      return <TokensPage />;
    default:
      return null;
  }
}
