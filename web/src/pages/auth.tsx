// The sign-up and log-in pages: the server's rules shown under the fields,
// checked before sending as far as the client can, and the server's refusals
// in words. After either, the guest's seats are claimed for the account
// (account-state.ts) and the page goes on to ?next= or the lobby.
import { useState } from 'preact/hooks';
import { Link } from '../app';
import { lang, navigate, t } from '../app-state';
import { accountHref } from '../account-routes';
import { accountErrorText, nameProblem, nameText, passwordProblem, passwordText, safeNext } from '../account-model';
import { account, accountStatus, enter } from '../account-state';

export function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // Which field the error is about, for aria-invalid.
  const [bad, setBad] = useState<'name' | 'password' | 'both' | ''>('');
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  const signup = mode === 'signup';

  if (accountStatus.value === 'off') return <p class="notice">{t('account.off')}</p>;
  // Logged in already (and not by this form, which goes on at once): say so.
  const who = account.value;
  if (who && !busy) {
    return (
      <p class="notice" data-already>
        {t('account.already', { name: who.username })} <Link href="/">{t('match.lobby')}</Link>
      </p>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBad('');
    // Signing up, the rules are checked here first; logging in, a name
    // that breaks them may still be an account's (made under older rules),
    // so the server decides.
    if (signup) {
      const np = nameText(lang.value, nameProblem(name));
      const pp = passwordText(lang.value, passwordProblem(password));
      if (np || pp) {
        setError(np || pp);
        setBad(np ? 'name' : 'password');
        return;
      }
    }
    setBusy(true);
    try {
      await enter(mode, name, password);
      navigate(next);
    } catch (err) {
      setError(accountErrorText(lang.value, err, mode));
      const code = (err as { wire?: { code?: string } }).wire?.code;
      setBad(code === 'bad-password' ? 'password' : code === 'wrong-credentials' ? 'both' : code === 'bad-username' || code === 'username-taken' ? 'name' : '');
      setBusy(false);
    }
  };

  const other = signup ? 'login' : 'signup';
  const otherHref = accountHref({ page: other }) + (next !== '/' ? `?next=${encodeURIComponent(next)}` : '');
  return (
    <section class="panel account-page" data-auth={mode}>
      <h1 class="page-title">{t(signup ? 'account.signupTitle' : 'account.loginTitle')}</h1>
      <form class="account-form" onSubmit={submit} noValidate>
        <label>
          {t('account.username')}
          <input
            type="text"
            name="username"
            autocomplete="username"
            autocapitalize="off"
            spellcheck={false}
            required
            maxLength={signup ? 20 : 64}
            value={name}
            aria-invalid={bad === 'name' || bad === 'both'}
            aria-describedby={signup ? 'name-rules' : undefined}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        {signup && (
          <p id="name-rules" class="hint muted">
            {t('account.nameRules')}
          </p>
        )}
        <label>
          {t('account.password')}
          <input
            type={show ? 'text' : 'password'}
            name="password"
            autocomplete={signup ? 'new-password' : 'current-password'}
            required
            value={password}
            aria-invalid={bad === 'password' || bad === 'both'}
            aria-describedby={signup ? 'password-rules' : undefined}
            onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        {signup && (
          <p id="password-rules" class="hint muted">
            {t('account.passwordRules')}
          </p>
        )}
        <label class="check">
          <input type="checkbox" name="show" checked={show} onChange={(e) => setShow((e.currentTarget as HTMLInputElement).checked)} />
          {t('account.show')}
        </label>
        {error && (
          <p class="error" role="alert" data-auth-error>
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('account.working') : t(signup ? 'account.signup' : 'account.login')}
        </button>
        <p class="hint muted">{t('account.guestNote')}</p>
      </form>
      <p class="account-switch">
        {t(signup ? 'account.toLogin' : 'account.toSignup')} <Link href={otherHref}>{t(signup ? 'account.login' : 'account.signup')}</Link>
      </p>
    </section>
  );
}
