// "My games": the account's unfinished matches, from any device. Opening
// one needs no token: the match's WebSocket holds the account's seats by
// the session cookie (docs/protocol.md, "Accounts"), so the page plays.
import { useEffect, useState } from 'preact/hooks';
import { Link } from '../app';
import { api, lang, t } from '../app-state';
import { accountMatches } from '../account-api';
import { gameLines, type GameLine } from '../account-model';
import { account, accountStatus, lastClaim } from '../account-state';
import { accountHref } from '../account-routes';
import { botText } from '../bots';
import { describeError } from '../errors';
import { seatName } from '../i18n';
import { href } from '../router';

/** The list is refreshed this often while shown: a move elsewhere changes it seldom. */
const refreshMs = 15_000;

/**
 * MyGames lists the logged-in account's unfinished matches; nothing for a
 * guest. In the lobby (compact) it shows nothing while the list is empty.
 */
export function MyGames({ titles, compact = false }: { titles?: Map<string, string>; compact?: boolean }) {
  const who = account.value?.id ?? '';
  const [lines, setLines] = useState<GameLine[] | null>(null);
  const [error, setError] = useState('');
  const [names, setNames] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    setLines(null);
    if (!who) return;
    let live = true;
    const load = () =>
      accountMatches(api).then(
        (m) => {
          if (!live) return;
          setLines(gameLines(m));
          setError('');
        },
        (e: unknown) => live && setError(describeError(lang.value, e)),
      );
    void load();
    const h = window.setInterval(load, refreshMs);
    return () => {
      live = false;
      window.clearInterval(h);
    };
  }, [who]);

  // The page of its own names games by title too.
  useEffect(() => {
    if (titles || !who) return;
    api.games().then(
      (g) => setNames(new Map(g.map((x) => [x.id, x.title]))),
      () => {},
    );
  }, [who, titles === undefined]);

  if (!who) return null;
  const title = (id: string) => (titles ?? names).get(id) ?? id;
  const claim = lastClaim.value;
  if (compact && (lines === null || lines.length === 0) && !error && !claim) return null;

  return (
    <section class="panel my-games" aria-labelledby="my-games-title" data-my-games>
      <h2 id="my-games-title">{t('games.title')}</h2>
      {claim && claim.claimed.length > 0 && <p class="claim-note muted" data-claimed={claim.claimed.length}>{t('account.claimed', { n: claim.claimed.length })}</p>}
      {claim && claim.refused.length > 0 && <p class="claim-note muted">{t('account.claimRefused', { n: claim.refused.length })}</p>}
      {claim && claim.stopped !== null && <p class="claim-note error">{t('account.claimStopped')}</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {lines === null && !error && <p class="muted">{t('lobby.loading')}</p>}
      {lines !== null && lines.length === 0 && <p class="muted">{t('games.none')}</p>}
      {lines !== null && lines.length > 0 && (
        <ul class="matches">
          {lines.map((l) => (
            <li key={l.id} class="match-row" data-match={l.id}>
              <div class="match-what">
                <strong>{title(l.game)}</strong> <span class={`status status-${l.status}`}>{t(`status.${l.status}`)}</span>
                {l.ply > 0 && <span class="muted"> · {t('lobby.ply', { ply: l.ply })}</span>}
              </div>
              <div class="match-who muted">
                {t('games.as', { name: l.mine.map((s) => seatName(lang.value, s.name, s.seat)).join(', ') })}
                {l.others.length > 0 && ' · '}
                {l.others.length > 0 &&
                  t('games.vs', {
                    list: l.others
                      .map((o) =>
                        o.who === 'bot' ? t('games.bot', { bot: botText(o.bot ?? '', t).name }) : o.who === 'player' ? t('games.player') : t('games.seatOpen'),
                      )
                      .join(', '),
                  })}
              </div>
              <div class="match-actions">
                <Link href={href({ page: 'match', id: l.id })} class="button primary">
                  <span aria-hidden="true">{t('games.open')}</span>
                  <span class="sr-only">{t('games.openLabel', { game: title(l.game), status: t(`status.${l.status}`) })}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** MyGamesPage is /games: the list on a page of its own. */
export function MyGamesPage() {
  const st = accountStatus.value;
  if (st === 'loading') return <p class="notice">{t('lobby.loading')}</p>;
  if (st === 'off') return <p class="notice">{t('account.off')}</p>;
  if (st === 'out') {
    return (
      <p class="notice">
        {t('account.needLogin')} <Link href={`${accountHref({ page: 'login' })}?next=${encodeURIComponent(accountHref({ page: 'games' }))}`}>{t('account.login')}</Link>
      </p>
    );
  }
  return <MyGames />;
}
