import type { ComponentChildren } from 'preact';
import { lang, navigate, route, setLang, t } from './app-state';
import { langNames, langs, type Lang } from './i18n';
import { Lobby } from './pages/lobby';
import { MatchPage } from './pages/match';
import { RulesPage } from './pages/rules';
import { ImportPage } from './pages/import';
import { AccountPages } from './pages/account';
import { AccountWidget } from './account-widget';
import { Notices } from './notices';
import { startLobbyStream } from './lobby-stream';
import './seeks.css';
import { ArchivePage, LeaderboardPage, ProfilePage } from './pages/profile';
import { AnalysisPage } from './pages/analysis';
import { PuzzlesPage } from './pages/puzzles';

/** Link is an in-app link: a real href (so it opens in a new tab too) that navigates without reloading. */
export function Link(props: { href: string; class?: string; children: ComponentChildren }) {
  return (
    <a
      href={props.href}
      class={props.class}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}

export function App() {
  startLobbyStream(); // seeks: the lobby stream's notifications on every page
  const r = route.value;
  return (
    <div class="app">
      <a class="skip" href="#main">
        {t('shell.skip')}
      </a>
      <header class="top">
        <Link href="/" class="brand">
          {t('app.title')}
        </Link>
        <nav class="topnav" aria-label={t('shell.nav')}>
          <Link href="/rules">{t('shell.rules')}</Link>
          <Link href="/leaderboard">{t('board.title')}</Link>
          <Link href="/analysis">{t('nav.analysis')}</Link>
          <Link href="/puzzles">{t('nav.puzzles')}</Link>
        </nav>
        <AccountWidget />
        <label class="lang">
          <span class="sr-only">{t('lang.label')}</span>
          <select
            aria-label={t('lang.label')}
            value={lang.value}
            onChange={(e) => setLang((e.currentTarget as HTMLSelectElement).value as Lang)}
          >
            {langs.map((l) => (
              <option value={l} key={l}>
                {langNames[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main" tabindex={-1}>
        {r.page === 'lobby' && <Lobby />}
        {r.page === 'rules' && <RulesPage game={r.game} key={r.game} />}
        {r.page === 'match' && <MatchPage id={r.id} key={r.id} />}
        {r.page === 'analysis' && <AnalysisPage game={r.game} match={r.match} key={`${r.game}/${r.match}`} />}
        {r.page === 'puzzles' && <PuzzlesPage game={r.game} key={r.game} />}
        {r.page === 'import' && <ImportPage />}
        <AccountPages route={r} />
        {r.page === 'user' && <ProfilePage name={r.name} key={r.name} />}
        {r.page === 'archive' && <ArchivePage name={r.name} key={r.name} />}
        {r.page === 'leaderboard' && <LeaderboardPage />}
        {r.page === 'notfound' && (
          <p class="notice">
            {t('notfound')} <Link href="/">{t('match.lobby')}</Link>
          </p>
        )}
      </main>
      <Notices />
    </div>
  );
}
