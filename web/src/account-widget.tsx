// The header's account corner: "Log in" and "Sign up" links for a guest,
// or the username opening a small menu (my games, change password, log
// out). The menu is a disclosure: a button with aria-expanded and a list
// of ordinary links and buttons, so Tab and Enter work as everywhere.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Link } from './app';
import { lang, route, t } from './app-state';
import { account, accountStatus, leave } from './account-state';
import { accountHref } from './account-routes';
import { describeError } from './errors';
import './account.css';

/** withNext adds where to come back to after logging in, unless that is an account page itself. */
function withNext(path: string): string {
  const r = route.value;
  if (r.page === 'lobby' || r.page === 'login' || r.page === 'signup') return path;
  return `${path}?next=${encodeURIComponent(location.pathname)}`;
}

export function AccountWidget() {
  const st = accountStatus.value;
  if (st === 'loading' || st === 'off') return null;
  const a = account.value;
  if (st === 'out' || !a) {
    return (
      <div class="account-links" data-account="out">
        <Link href={withNext(accountHref({ page: 'login' }))}>{t('account.login')}</Link>
        <Link href={withNext(accountHref({ page: 'signup' }))} class="button primary">
          {t('account.signup')}
        </Link>
      </div>
    );
  }
  return <AccountMenu name={a.username} />;
}

function AccountMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const page = route.value.page;

  // Navigating closes the menu; so do Escape (back to the button) and a click elsewhere.
  const shownOn = useRef(page);
  if (shownOn.current !== page) {
    shownOn.current = page;
    if (open) setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  const out = async () => {
    setError('');
    try {
      await leave();
      setOpen(false);
    } catch (e) {
      setError(describeError(lang.value, e));
    }
  };

  return (
    <div class="account-menu" ref={box} data-account="in">
      <button
        type="button"
        ref={button}
        class="account-button"
        aria-expanded={open}
        aria-controls="account-menu-list"
        aria-label={t('account.menu', { name })}
        onClick={() => setOpen(!open)}
      >
        <span class="account-name">{name}</span>
        <span aria-hidden="true"> ▾</span>
      </button>
      <ul id="account-menu-list" class="account-list" hidden={!open}>
        <li>
          <Link href={accountHref({ page: 'games' })}>{t('games.title')}</Link>
        </li>
        <li>
          <Link href={accountHref({ page: 'password' })}>{t('account.changePassword')}</Link>
        </li>
        <li>
          <Link href={accountHref({ page: 'tokens' })}>{t('tokens.link')}</Link>
        </li>
        <li>
          <button type="button" class="link" data-logout onClick={() => void out()}>
            {t('account.logout')}
          </button>
        </li>
        {error && (
          <li class="error" role="alert">
            {error}
          </li>
        )}
      </ul>
    </div>
  );
}
