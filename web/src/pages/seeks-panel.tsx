// The lobby's "Play someone" panel: quick pairing, a seek of any time
// control, the seek tables, challenges to a user and those received, and
// the "your turn" list of the account's correspondence games.
import { useEffect, useState } from 'preact/hooks';
import { Link } from '../app';
import { api, kv, lang, navigate, t } from '../app-state';
import { account } from '../account-state';
import { describeError } from '../errors';
import { gameTitles, incoming, lobbyConn, notices, seekTables } from '../lobby-stream';
import { playerChoices } from '../lobby-model';
import { NotifyButton } from '../notices';
import type { GameInfo, TimeControl } from '../protocol';
import { href } from '../router';
import * as S from '../seeks';
import { TCFields } from '../tc-fields';
import { saveToken } from '../tokens';
import '../seeks.css';

/** The "your turn" list is refreshed this often, besides on every your-turn notice. */
const turnRefreshMs = 30_000;

function tcText(tc: TimeControl): string {
  const p = S.tcParts(tc);
  return t(p.key, p.params);
}

export function SeeksPanel({ games }: { games: GameInfo[] }) {
  const me = account.value;
  const [gameId, setGameId] = useState(() => (games.some((g) => g.id === 'pathagon') ? 'pathagon' : (games[0]?.id ?? '')));
  const game = games.find((g) => g.id === gameId) ?? games[0];
  const variant = game?.variants?.[0] ?? '';
  const counts = game ? playerChoices(game, variant).filter((n) => n >= 2) : [];
  const [players, setPlayers] = useState(0);
  const nPlayers = counts.includes(players) ? players : (counts.includes(game?.defaultPlayers ?? 0) ? game!.defaultPlayers : (counts[0] ?? 2));
  const [rated, setRated] = useState(true);
  const [tc, setTC] = useState<S.TCForm>(S.defaultTC);
  const [minR, setMinR] = useState('');
  const [maxR, setMaxR] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const conn = lobbyConn.value;
  const asRated = !!me && rated;

  useEffect(() => {
    gameTitles.value = new Map(games.map((g) => [g.id, g.title]));
  }, [games]);

  const fail = (e: unknown) => setError(describeError(lang.value, e));
  const mineFor = (tcv: TimeControl) =>
    seekTables.value
      .filter((x) => x.game === game?.id && x.players === nPlayers && x.rated === (asRated && S.ratable(tcv)) && S.sameTC(x.timeControl, tcv))
      .flatMap((x) => x.seekers)
      .find((s) => s.mine);

  const seekWith = async (tcv: TimeControl, range?: { min?: number; max?: number }) => {
    if (!game || !conn) return;
    setError('');
    const mine = mineFor(tcv);
    try {
      if (mine) {
        await S.cancelSeek(api, conn, mine.id);
        return;
      }
      await S.seek(api, {
        conn,
        game: game.id,
        variant: variant || undefined,
        players: nPlayers,
        timeControl: tcv,
        rated: asRated && S.ratable(tcv),
        ratingMin: range?.min,
        ratingMax: range?.max,
      });
    } catch (e) {
      fail(e);
    }
  };

  const custom = (e: Event) => {
    e.preventDefault();
    const v = S.tcFromForm(tc);
    if ('error' in v) {
      setError(t(v.error));
      return;
    }
    const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
    void seekWith(v, { min: num(minR), max: num(maxR) });
  };

  const sendChallenge = async (e: Event) => {
    e.preventDefault();
    if (!game) return;
    setError('');
    setSent('');
    const v = S.tcFromForm(tc);
    if ('error' in v) {
      setError(t(v.error));
      return;
    }
    try {
      const c = await S.challenge(api, { to: to.trim(), game: game.id, variant: variant || undefined, timeControl: v, rated: asRated && S.ratable(v) });
      setSent(t('challenge.sent', { name: c.to }));
      setTo('');
    } catch (err) {
      fail(err);
    }
  };

  const accept = async (c: S.Challenge) => {
    setError('');
    try {
      const r = await S.acceptChallenge(api, c.id);
      incoming.value = incoming.value.filter((x) => x.id !== c.id);
      saveToken(kv, r.match, { seat: r.seat, token: r.token });
      navigate(href({ page: 'match', id: r.match }));
    } catch (err) {
      fail(err);
    }
  };
  const decline = async (c: S.Challenge) => {
    setError('');
    try {
      await S.declineChallenge(api, c.id);
      incoming.value = incoming.value.filter((x) => x.id !== c.id);
    } catch (err) {
      fail(err);
    }
  };

  const title = (id: string) => games.find((g) => g.id === id)?.title ?? id;

  // The account's rating for the chosen game, variant and player count,
  // read again after each pairing (the game it starts may change it).
  const [myRating, setMyRating] = useState<{ rating: number; provisional: boolean } | null>(null);
  const pairings = notices.value.filter((n) => n.key === 'notice.paired' || n.key === 'notice.accepted').length;
  useEffect(() => {
    setMyRating(null);
    if (!me || !game) return;
    let live = true;
    api.call<{ ratings?: { game: string; variant: string; players: number; rating: number; provisional: boolean }[] }>('GET', `/api/users/${encodeURIComponent(me.username)}`).then(
      (p) => {
        const r = (p.ratings ?? []).find((x) => x.game === game.id && (!variant || x.variant === variant) && x.players === nPlayers);
        if (live) setMyRating(r ? { rating: r.rating, provisional: r.provisional } : { rating: 1500, provisional: true });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [me?.username, game?.id, variant, nPlayers, pairings]);

  return (
    <section class="panel seeks" aria-labelledby="seeks-h">
      <h2 id="seeks-h">{t('seek.title')}</h2>
      <YourTurn title={title} />
      {incoming.value.length > 0 && (
        <div class="challenges-in">
          <h3>{t('challenge.in')}</h3>
          <ul>
            {incoming.value.map((c) => (
              <li key={c.id} data-challenge={c.id}>
                <span>
                  {t('challenge.from', { name: c.from, game: title(c.game), tc: tcText(c.timeControl) })} · {t(c.rated ? 'seek.rated' : 'seek.casual')}
                </span>
                <span class="row-actions">
                  <button type="button" class="primary" onClick={() => void accept(c)} aria-label={t('challenge.accept.label', { name: c.from })}>
                    {t('challenge.accept')}
                  </button>
                  <button type="button" onClick={() => void decline(c)} aria-label={t('challenge.decline.label', { name: c.from })}>
                    {t('challenge.decline')}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {game && (
        <div class="seek-choose">
          <label>
            {t('lobby.game')}
            <select name="seek.game" value={game.id} onChange={(e) => setGameId((e.currentTarget as HTMLSelectElement).value)}>
              {games.map((g) => (
                <option value={g.id} key={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </label>
          {counts.length > 1 && (
            <label>
              {t('lobby.players')}
              <select name="seek.players" value={String(nPlayers)} onChange={(e) => setPlayers(Number((e.currentTarget as HTMLSelectElement).value))}>
                {counts.map((n) => (
                  <option value={String(n)} key={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {me && myRating && (
            <p class="my-rating" data-my-rating={Math.round(myRating.rating)}>
              {t(myRating.provisional ? 'seek.myRating.provisional' : 'seek.myRating', { game: game.title, rating: Math.round(myRating.rating) })}
            </p>
          )}
          {me ? (
            <label class="check">
              <input type="checkbox" name="seek.rated" checked={rated} onChange={(e) => setRated((e.currentTarget as HTMLInputElement).checked)} />
              {t('seek.rated.label')}
            </label>
          ) : (
            <p class="hint muted">{t('seek.guest')}</p>
          )}
        </div>
      )}
      {game && (
        <div class="quick" role="group" aria-label={t('seek.quick.label', { game: game.title })}>
          <h3>{t('seek.quick')}</h3>
          <div class="quick-buttons">
            {S.quickPairs(game.id).map((q, i) => {
              const on = !!mineFor(q);
              return (
                <button
                  type="button"
                  key={i}
                  data-quick={i}
                  aria-pressed={on}
                  disabled={!conn}
                  aria-label={t(on ? 'seek.quick.cancel' : 'seek.quick.one', { game: game.title, tc: tcText(q) })}
                  onClick={() => void seekWith(q)}
                >
                  {tcText(q)}
                  {on && <span class="seeking"> · {t('seek.waiting')}</span>}
                </button>
              );
            })}
          </div>
        </div>
      )}
      <details class="seek-custom">
        <summary>{t('seek.custom')}</summary>
        <form onSubmit={custom}>
          <TCFields value={tc} onChange={setTC} name="seek.tc" />
          <div class="tc-row">
            <label>
              {t('seek.min')}
              <input type="number" name="seek.min" min={0} max={10000} value={minR} onInput={(e) => setMinR((e.currentTarget as HTMLInputElement).value)} />
            </label>
            <label>
              {t('seek.max')}
              <input type="number" name="seek.max" min={0} max={10000} value={maxR} onInput={(e) => setMaxR((e.currentTarget as HTMLInputElement).value)} />
            </label>
          </div>
          <button type="submit" class="primary" disabled={!conn}>
            {t('seek.submit')}
          </button>
        </form>
        {me && (
          <form class="challenge-form" onSubmit={sendChallenge}>
            <label>
              {t('challenge.to')}
              <input type="text" name="challenge.to" autocomplete="off" required maxLength={20} value={to} onInput={(e) => setTo((e.currentTarget as HTMLInputElement).value)} />
            </label>
            <button type="submit">{t('challenge.send')}</button>
          </form>
        )}
      </details>
      {error && (
        <p class="error" role="alert" data-seek-error>
          {error}
        </p>
      )}
      {sent && (
        <p class="muted" role="status">
          {sent}
        </p>
      )}
      <h3>{t('seek.open')}</h3>
      {seekTables.value.length === 0 ? (
        <p class="muted">{conn ? t('seek.none') : t('seek.connecting')}</p>
      ) : (
        <ul class="seek-tables">
          {seekTables.value.map((x) => {
            const mine = x.seekers.find((s) => s.mine);
            return (
              <li key={x.seekers[0]?.id} data-seek-game={x.game}>
                <div>
                  <strong>{title(x.game)}</strong> · {tcText(x.timeControl)} · {t(x.rated ? 'seek.rated' : 'seek.casual')}
                  {x.players > 2 && <span> · {t('seek.seated', { n: x.seekers.length, of: x.players })}</span>}
                </div>
                <div class="muted">
                  {x.seekers.map((s) => (s.username ? `${s.username} (${Math.round(s.rating ?? 1500)})` : t('seek.guestName'))).join(', ')}
                </div>
                <div class="row-actions">
                  {mine ? (
                    <button type="button" onClick={() => conn && void S.cancelSeek(api, conn, mine.id).catch(fail)}>
                      {t('seek.cancel')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      class="primary"
                      disabled={!conn || (x.rated && !me)}
                      onClick={() =>
                        conn &&
                        void S.seek(api, { conn, game: x.game, variant: x.variant, players: x.players, timeControl: x.timeControl, rated: x.rated }).catch(fail)
                      }
                    >
                      {t('seek.play')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <NotifyButton />
    </section>
  );
}

/** YourTurn lists the account's correspondence games waiting for its move. */
function YourTurn({ title }: { title: (id: string) => string }) {
  const who = account.value?.id ?? '';
  const [list, setList] = useState<S.TurnMatch[]>([]);
  const bumps = notices.value.filter((n) => n.key === 'notice.turn').length;
  useEffect(() => {
    if (!who) {
      setList([]);
      return;
    }
    let live = true;
    const load = () => S.yourTurn(api).then((l) => live && setList(l), () => {});
    void load();
    const h = window.setInterval(load, turnRefreshMs);
    return () => {
      live = false;
      window.clearInterval(h);
    };
  }, [who, bumps]);
  if (!who) return null;
  return (
    <div class="your-turn" data-your-turn>
      <h3>{t('turn.title')}</h3>
      {list.length === 0 ? (
        <p class="muted">{t('turn.none')}</p>
      ) : (
        <ul>
          {list.map((m) => (
            <li key={m.match.id} data-turn-match={m.match.id}>
              <Link href={href({ page: 'match', id: m.match.id })}>
                {title(m.match.game)} · {m.match.seats?.filter((s) => s.seat !== m.seat).map((s) => s.username || '?').join(', ')}
              </Link>
              {m.deadline ? <span class="muted"> · {t('turn.until', { when: new Date(m.deadline).toLocaleString(lang.value) })}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
