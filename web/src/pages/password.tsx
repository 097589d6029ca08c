// Changing the password: the current one and a new one. The server ends
// every session of the account and starts a new one for this page.
import { useState } from 'preact/hooks';
import { Link } from '../app';
import { lang, t } from '../app-state';
import { accountHref } from '../account-routes';
import { accountErrorText, passwordProblem, passwordText } from '../account-model';
import { accountStatus, changePassword } from '../account-state';

export function PasswordPage() {
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [bad, setBad] = useState<'old' | 'new' | ''>('');
  const [done, setDone] = useState(false);

  const st = accountStatus.value;
  if (st === 'loading') return <p class="notice">{t('lobby.loading')}</p>;
  if (st === 'off') return <p class="notice">{t('account.off')}</p>;
  if (st === 'out') {
    return (
      <p class="notice">
        {t('account.needLogin')} <Link href={`${accountHref({ page: 'login' })}?next=${encodeURIComponent(accountHref({ page: 'password' }))}`}>{t('account.login')}</Link>
      </p>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBad('');
    setDone(false);
    const pp = passwordText(lang.value, passwordProblem(next));
    if (pp) {
      setError(pp);
      setBad('new');
      return;
    }
    setBusy(true);
    try {
      await changePassword(old, next);
      setOld('');
      setNext('');
      setDone(true);
    } catch (err) {
      setError(accountErrorText(lang.value, err, 'password'));
      const code = (err as { wire?: { code?: string } }).wire?.code;
      setBad(code === 'wrong-credentials' ? 'old' : code === 'bad-password' ? 'new' : '');
    }
    setBusy(false);
  };

  return (
    <section class="panel account-page">
      <h1 class="page-title">{t('account.changePassword')}</h1>
      <form class="account-form" onSubmit={submit} noValidate>
        <label>
          {t('account.oldPassword')}
          <input
            type={show ? 'text' : 'password'}
            name="old"
            autocomplete="current-password"
            required
            value={old}
            aria-invalid={bad === 'old'}
            onInput={(e) => setOld((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label>
          {t('account.newPassword')}
          <input
            type={show ? 'text' : 'password'}
            name="new"
            autocomplete="new-password"
            required
            value={next}
            aria-invalid={bad === 'new'}
            aria-describedby="new-password-rules"
            onInput={(e) => setNext((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <p id="new-password-rules" class="hint muted">
          {t('account.passwordRules')}
        </p>
        <label class="check">
          <input type="checkbox" name="show" checked={show} onChange={(e) => setShow((e.currentTarget as HTMLInputElement).checked)} />
          {t('account.show')}
        </label>
        {error && (
          <p class="error" role="alert" data-auth-error>
            {error}
          </p>
        )}
        {done && (
          <p role="status" data-password-changed>
            {t('account.passwordChanged')}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('account.working') : t('account.changePassword')}
        </button>
      </form>
    </section>
  );
}
