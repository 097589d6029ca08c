// A player's profile (/user/NAME), games archive (/user/NAME/games) and
// the leaderboard (/leaderboard). Each finished game links to its replay
// (the match page shows a finished match as a replay) and its record.
import { useEffect, useState } from 'preact/hooks';
import { Link } from '../app';
import { api, lang, t } from '../app-state';
import { botText } from '../bots';
import { describeError } from '../errors';
import {
  archive,
  graphPoints,
  leaderboard,
  profile,
  type ArchiveFilter,
  type Leader,
  type PlayedMatch,
  type Profile,
  type RatingInfo,
} from '../profile-api';
import type { GameInfo } from '../protocol';
import { href } from '../router';
import '../profile.css';

/** UserLink is a username that opens its profile. */
export function UserLink({ name }: { name: string }) {
  return (
    <Link href={href({ page: 'user', name })} class="user-link">
      {name}
    </Link>
  );
}

/** useGames loads the game list once, for titles and the filters. */
function useGames(): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    api.games().then(setGames, () => {});
  }, []);
  return games;
}

const titleOf = (games: GameInfo[], id: string) => games.find((g) => g.id === id)?.title ?? id;
const day = (ms: number) => new Date(ms).toLocaleDateString(lang.value);
const round = (r: number) => Math.round(r).toString();

/** RatingGraph draws a rating's history as an SVG line, oldest at the left; its label says what it shows. */
function RatingGraph({ r, title }: { r: RatingInfo; title: string }) {
  const w = 240;
  const h = 64;
  const pts = graphPoints(r.history, w, h, 6);
  if (pts.length === 0) return null;
  const label = t('profile.graph', { game: title, n: pts.length, from: round(r.history[0]!.rating), to: round(r.history[r.history.length - 1]!.rating) });
  return (
    <svg class="rating-graph" viewBox={`0 0 ${w} ${h}`} width={w} height={h} role="img" aria-label={label} data-graph-points={pts.length}>
      <title>{label}</title>
      <polyline points={pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')} fill="none" stroke="currentColor" stroke-width="2" />
      {pts.map((p) => (
        <circle key={p.p.match} cx={p.x} cy={p.y} r="3" fill="currentColor" data-point={p.p.match} />
      ))}
    </svg>
  );
}

/** GameRow is one finished game: outcome, game, opponents, rating change, replay and record links. */
function GameRow({ g, games }: { g: PlayedMatch; games: GameInfo[] }) {
  const title = titleOf(games, g.game);
  const base = `/api/matches/${encodeURIComponent(g.id)}`;
  const opponents = g.opponents.map((o, i) => (
    <span key={o.seat}>
      {i > 0 && ', '}
      {o.username ? <UserLink name={o.username} /> : o.bot ? t('games.bot', { bot: botText(o.bot, t).name }) : t('profile.guest')}
    </span>
  ));
  return (
    <li class="match-row played" data-played={g.id} data-outcome={g.outcome}>
      <div class="match-what">
        <span class={`outcome outcome-${g.outcome}`}>{t(`profile.${g.outcome}`)}</span> <strong>{title}</strong>
        <span class="muted">
          {' '}
          · {g.rated ? t('profile.rated') : t('profile.casual')} · {day(g.ended)}
        </span>
      </div>
      <div class="match-who muted">
        {t('profile.vs', { list: '' })}
        {opponents}
        {g.ratingBefore !== undefined && g.ratingAfter !== undefined && (
          <span data-rating-change>
            {' · '}
            {t('profile.change', { before: round(g.ratingBefore), after: round(g.ratingAfter) })}
          </span>
        )}
      </div>
      <div class="match-actions">
        <Link href={href({ page: 'match', id: g.id })} class="button">
          <span aria-hidden="true">{t('profile.replay')}</span>
          <span class="sr-only">{t('profile.replayLabel', { game: title, date: day(g.ended) })}</span>
        </Link>
        <a class="button" href={`${base}/record`} download={`${g.game}-${g.id}.txt`} data-download="text">
          {t('profile.downloadText')}
        </a>
        <a class="button" href={`${base}/record.json`} download={`${g.game}-${g.id}.json`} data-download="json">
          {t('profile.downloadJSON')}
        </a>
      </div>
    </li>
  );
}

/** ProfilePage is /user/NAME. */
export function ProfilePage({ name }: { name: string }) {
  const games = useGames();
  const [p, setP] = useState<Profile | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    profile(api, name).then(
      (x) => live && setP(x),
      (e: unknown) => live && setError(describeError(lang.value, e)),
    );
    return () => {
      live = false;
    };
  }, [name]);
  if (error)
    return (
      <p class="notice error" role="alert">
        {error}
      </p>
    );
  if (!p) return <p class="notice">{t('lobby.loading')}</p>;
  return (
    <div class="profile" data-profile={p.username}>
      <section class="panel" aria-labelledby="profile-title">
        <h1 id="profile-title">{t('profile.title', { name: p.username })}</h1>
        <p class="muted">{t('profile.since', { date: day(p.created) })}</p>
        <p data-record={`${p.wins}/${p.draws}/${p.losses}`}>
          <span class="sr-only">{t('profile.recordLabel')}: </span>
          {t('profile.record', { w: p.wins, d: p.draws, l: p.losses })}
        </p>
        {p.tallies.length > 1 && (
          <ul class="tallies muted">
            {p.tallies.map((x) => (
              <li key={x.game} data-tally={x.game}>
                {titleOf(games, x.game)}: {t('profile.record', { w: x.wins, d: x.draws, l: x.losses })}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="panel" aria-labelledby="ratings-title">
        <h2 id="ratings-title">{t('profile.ratings')}</h2>
        {p.ratings.length === 0 && <p class="muted">{t('profile.noRatings')}</p>}
        <ul class="ratings">
          {p.ratings.map((r) => {
            const title = titleOf(games, r.game) + (r.variant !== 'standard' ? ` (${r.variant})` : '') + (r.players > 2 ? ` · ${r.players}` : '');
            return (
              <li key={`${r.game}/${r.variant}/${r.players}`} class="rating" data-rating={r.game} data-value={round(r.rating)}>
                <div>
                  <strong>{title}</strong>{' '}
                  <span class="rating-value">
                    {round(r.rating)}
                    {r.provisional && <abbr title={t('profile.provisional')}>?</abbr>}
                  </span>{' '}
                  <span class="muted">
                    ± {round(r.rd)} · {t('profile.games', { n: r.games })}
                  </span>
                </div>
                <RatingGraph r={r} title={title} />
              </li>
            );
          })}
        </ul>
      </section>
      <section class="panel" aria-labelledby="recent-title">
        <h2 id="recent-title">{t('profile.recent')}</h2>
        {p.recent.length === 0 && <p class="muted">{t('profile.noGames')}</p>}
        <ul class="matches">
          {p.recent.map((g) => (
            <GameRow key={g.id} g={g} games={games} />
          ))}
        </ul>
        <p>
          <Link href={href({ page: 'archive', name: p.username })} class="button">
            {t('profile.archive')}
          </Link>
        </p>
      </section>
    </div>
  );
}

/** ArchivePage is /user/NAME/games: every finished game, filtered, a page at a time. */
export function ArchivePage({ name }: { name: string }) {
  const games = useGames();
  const [f, setF] = useState<ArchiveFilter>({ game: '', result: '', rated: '' });
  const [list, setList] = useState<PlayedMatch[] | null>(null);
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const [shown, setShown] = useState(name);
  const load = (after: string) =>
    archive(api, name, f, after).then(
      (a) => {
        setShown(a.username);
        setList((old) => (after && old ? [...old, ...a.games] : a.games));
        setNext(a.next ?? '');
        setError('');
      },
      (e: unknown) => setError(describeError(lang.value, e)),
    );
  useEffect(() => {
    setList(null);
    void load('');
  }, [name, f.game, f.result, f.rated]);
  const set = (k: keyof ArchiveFilter) => (e: Event) => setF({ ...f, [k]: (e.currentTarget as HTMLSelectElement).value });
  return (
    <section class="panel archive" aria-labelledby="archive-title" data-archive={shown}>
      <h1 id="archive-title">{t('archive.title', { name: shown })}</h1>
      <p>
        <Link href={href({ page: 'user', name: shown })}>{t('archive.profile', { name: shown })}</Link>
      </p>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('archive.game')}{' '}
          <select name="game" value={f.game} onChange={set('game')}>
            <option value="">{t('archive.any')}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('archive.result')}{' '}
          <select name="result" value={f.result} onChange={set('result')}>
            <option value="">{t('archive.any')}</option>
            <option value="win">{t('profile.win')}</option>
            <option value="draw">{t('profile.draw')}</option>
            <option value="loss">{t('profile.loss')}</option>
          </select>
        </label>
        <label>
          {t('archive.rated')}{' '}
          <select name="rated" value={f.rated} onChange={set('rated')}>
            <option value="">{t('archive.any')}</option>
            <option value="true">{t('archive.ratedOnly')}</option>
            <option value="false">{t('archive.casualOnly')}</option>
          </select>
        </label>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {list === null && !error && <p class="muted">{t('lobby.loading')}</p>}
      {list !== null && list.length === 0 && <p class="muted">{t('archive.none')}</p>}
      <ul class="matches" aria-live="polite">
        {(list ?? []).map((g) => (
          <GameRow key={g.id} g={g} games={games} />
        ))}
      </ul>
      {next && (
        <button type="button" onClick={() => void load(next)}>
          {t('archive.more')}
        </button>
      )}
    </section>
  );
}

/** LeaderboardPage is /leaderboard: the settled ratings of one game, variant and player count. */
export function LeaderboardPage() {
  const games = useGames();
  const [game, setGame] = useState('');
  const [variant, setVariant] = useState('');
  const [players, setPlayers] = useState(0);
  const [rows, setRows] = useState<Leader[] | null>(null);
  const [error, setError] = useState('');
  const info = games.find((g) => g.id === game) ?? games[0];
  useEffect(() => {
    if (!info) return;
    let live = true;
    setRows(null);
    leaderboard(api, info.id, variant, players).then(
      (b) => {
        if (!live) return;
        setRows(b.leaders);
        setError('');
      },
      (e: unknown) => live && setError(describeError(lang.value, e)),
    );
    return () => {
      live = false;
    };
  }, [info?.id, variant, players]);
  const counts = info ? (info.allowedPlayers ?? Array.from({ length: info.maxPlayers - info.minPlayers + 1 }, (_, i) => info.minPlayers + i)).filter((n) => n >= 2) : [];
  return (
    <section class="panel leaderboard" aria-labelledby="board-title" data-leaderboard={info?.id ?? ''}>
      <h1 id="board-title">{t('board.title')}</h1>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('archive.game')}{' '}
          <select
            name="game"
            value={info?.id ?? ''}
            onChange={(e) => {
              setGame((e.currentTarget as HTMLSelectElement).value);
              setVariant('');
              setPlayers(0);
            }}
          >
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        {info && (info.variants ?? []).length > 1 && (
          <label>
            {t('lobby.variant')}{' '}
            <select name="variant" value={variant || info.variants![0]} onChange={(e) => setVariant((e.currentTarget as HTMLSelectElement).value)}>
              {info.variants!.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        )}
        {counts.length > 1 && (
          <label>
            {t('board.players')}{' '}
            <select name="players" value={String(players || info!.defaultPlayers)} onChange={(e) => setPlayers(Number((e.currentTarget as HTMLSelectElement).value))}>
              {counts.map((n) => (
                <option key={n} value={String(n)}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      <p class="muted">{t('board.note')}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows === null && !error && <p class="muted">{t('lobby.loading')}</p>}
      {rows !== null && rows.length === 0 && <p class="muted">{t('board.none')}</p>}
      {rows !== null && rows.length > 0 && (
        <table class="board">
          <thead>
            <tr>
              <th scope="col">{t('board.rank')}</th>
              <th scope="col">{t('board.player')}</th>
              <th scope="col">{t('board.rating')}</th>
              <th scope="col">{t('board.games')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((l) => (
              <tr key={l.username} data-leader={l.username}>
                <td>{l.rank}</td>
                <td>
                  <UserLink name={l.username} />
                </td>
                <td>
                  {round(l.rating)} <span class="muted">± {round(l.rd)}</span>
                </td>
                <td>{l.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
