// The account's access tokens: make one for a program (shown once, to
// copy), see the others (never their secret) and revoke them.
import { useEffect, useState } from 'preact/hooks';
import { Link } from '../app';
import { api, lang, t } from '../app-state';
import { accountHref } from '../account-routes';
import { accountStatus } from '../account-state';
import { createToken, listTokens, revokeToken, type TokenList } from '../access-tokens';
import { describeError } from '../errors';
import type { Key } from '../i18n';

function day(ms: number): string {
  return new Date(ms).toLocaleDateString(lang.value);
}

export function TokensPage() {
  const [list, setList] = useState<TokenList | null>(null);
  const [description, setDescription] = useState('');
  const [scopes, setScopes] = useState<string[]>(['bot:play']);
  const [created, setCreated] = useState('');
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const st = accountStatus.value;

  useEffect(() => {
    if (st !== 'in') return;
    listTokens(api).then(setList, (e: unknown) => setError(describeError(lang.value, e)));
  }, [st]);

  if (st === 'loading') return <p class="notice">{t('lobby.loading')}</p>;
  if (st === 'off') return <p class="notice">{t('account.off')}</p>;
  if (st === 'out') {
    return (
      <p class="notice">
        {t('account.needLogin')} <Link href={`${accountHref({ page: 'login' })}?next=${encodeURIComponent(accountHref({ page: 'tokens' }))}`}>{t('account.login')}</Link>
      </p>
    );
  }

  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setNotice('');
    setCreated('');
    if (description.trim() === '') return setError(t('tokens.needDescription'));
    if (scopes.length === 0) return setError(t('tokens.needScope'));
    setBusy(true);
    try {
      const c = await createToken(api, description.trim(), scopes);
      setCreated(c.token);
      setDescription('');
      setList(await listTokens(api));
    } catch (err) {
      setError(describeError(lang.value, err));
    }
    setBusy(false);
  };
  const revoke = async (id: string) => {
    setError('');
    setNotice('');
    try {
      setList(await revokeToken(api, id));
      setNotice(t('tokens.revoked'));
    } catch (err) {
      setError(describeError(lang.value, err));
    }
  };
  const toggle = (sc: string, on: boolean) => setScopes(on ? [...scopes, sc] : scopes.filter((x) => x !== sc));
  const scopeKey = (sc: string) => `tokens.scope.${sc}` as Key;

  return (
    <section class="panel account-page tokens-page">
      <h1 class="page-title">{t('tokens.title')}</h1>
      <p>{t('tokens.intro')}</p>
      {list && <p data-bot={list.bot}>{t(list.bot ? 'tokens.bot' : 'tokens.notBot')}</p>}
      <form class="account-form" onSubmit={submit} noValidate>
        <label>
          {t('tokens.description')}
          <input type="text" value={description} maxLength={100} onInput={(e) => setDescription((e.target as HTMLInputElement).value)} data-token-description />
        </label>
        <fieldset>
          <legend>{t('tokens.scopes')}</legend>
          {(list?.scopes ?? ['bot:play', 'challenge:read']).map((sc) => (
            <label class="check" key={sc}>
              <input type="checkbox" checked={scopes.includes(sc)} onChange={(e) => toggle(sc, (e.target as HTMLInputElement).checked)} data-scope={sc} />
              {t(scopeKey(sc))}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" disabled={busy} data-token-create>
          {t('tokens.create')}
        </button>
      </form>
      {created && (
        <div class="token-created" role="status">
          <p>{t('tokens.created')}</p>
          <p>
            <code data-token-secret>{created}</code>{' '}
            <button type="button" onClick={() => void navigator.clipboard?.writeText(created).then(() => setNotice(t('tokens.copied')))}>
              {t('tokens.copy')}
            </button>
          </p>
        </div>
      )}
      {notice && <p role="status">{notice}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {list && list.tokens.length === 0 && <p>{t('tokens.none')}</p>}
      {list && list.tokens.length > 0 && (
        <ul class="token-list">
          {list.tokens.map((tk) => (
            <li key={tk.id} data-token={tk.id}>
              <strong>{tk.description}</strong> <span>{tk.scopes.join(' ')}</span>
              <br />
              <small>
                {t('tokens.createdAt', { date: day(tk.created) })}, {tk.used ? t('tokens.usedAt', { date: day(tk.used) }) : t('tokens.neverUsed')}
              </small>{' '}
              <button type="button" aria-label={t('tokens.revokeLabel', { name: tk.description })} onClick={() => void revoke(tk.id)} data-token-revoke>
                {t('tokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
