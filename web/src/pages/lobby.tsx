import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { botText, levelRating, moveTimeText } from '../bots';
import { describeError } from '../errors';
import { api, kv, lang, navigate, t } from '../app-state';
import { Link } from '../app';
import { seatName } from '../i18n';
import { createRequest, keepForm, openSeats, playerChoices, playerCount, ratedBlock, timePresets, type Form } from '../lobby-model';
import { account } from '../account-state';
import type { GameInfo, OptionSpec, Summary } from '../protocol';
import { href } from '../router';
import { UserLink } from './profile'; // profiles
import { saveToken } from '../tokens';
import { MyGames } from './my-games';
import { SeeksPanel } from './seeks-panel';
import { TCFields } from '../tc-fields';
import { defaultTC, tcFromForm, type TCForm } from '../seeks';
import { verdictText } from './match';

/** The time select's value for a time control typed in (any Fischer or correspondence control). */
const customTime = -1;

/** The live list is refreshed this often: cheap for the server, fresh enough for people. */
const refreshMs = 4000;


export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [matches, setMatches] = useState<Summary[]>([]);
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [joinError, setJoinError] = useState('');
  // The list's view: the active matches (the server lists waiting and live
  // ones by default) or the finished ones, of every game or of one.
  const [view, setView] = useState<'active' | 'finished'>('active');
  const [only, setOnly] = useState('');

  // gamesAt counts the loads of the game list: a create refused as
  // unknown-bot loads it again, since the server's bots changed.
  const [gamesAt, setGamesAt] = useState(0);
  useEffect(() => {
    api.games().then(
      (g) => {
        setGames(g);
        setForm((f) => keepForm(g, f));
      },
      (e: unknown) => setError(describeError(lang.value, e)),
    );
  }, [gamesAt]);

  useEffect(() => {
    let live = true;
    const q = { status: view === 'finished' ? ('finished' as const) : undefined, game: only || undefined };
    const load = () =>
      api.matches(q).then(
        (m) => live && setMatches(m),
        () => {
          // keep the last list; the next refresh may work
        },
      );
    void load();
    const h = window.setInterval(load, refreshMs);
    return () => {
      live = false;
      window.clearInterval(h);
    };
  }, [view, only]);

  const game = games?.find((g) => g.id === form?.game);
  const update = (patch: Partial<Form>) => form && setForm({ ...form, ...patch });

  const [tc, setTC] = useState<TCForm>(defaultTC);
  // Rated: for a logged-in creator, with a clock, people in the seats.
  const tcKind = form ? (form.time === customTime ? tc.kind : (timePresets[form.time]?.min ?? 0) > 0 ? 'fischer' : 'none') : 'none';
  const rateWhy = game && form ? ratedBlock(game, form, tcKind, !!account.value) : 'lobby.rated.guest';
  const create = async (e: Event) => {
    e.preventDefault();
    if (!game || !form) return;
    const custom = form.time === customTime ? tcFromForm(tc) : null;
    if (custom && 'error' in custom) {
      setError(t(custom.error));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const req = createRequest(game, form, Math.random);
      if (custom) req.timeControl = custom;
      if (form.rated && rateWhy === '') req.rated = true;
      const res = await api.create(req);
      if (res.token !== undefined && res.seat !== undefined) saveToken(kv, res.match.id, { seat: res.seat, token: res.token });
      navigate(href({ page: 'match', id: res.match.id }));
    } catch (err) {
      setError(describeError(lang.value, err));
      setBusy(false);
      if (err instanceof ApiError && err.wire.code === 'unknown-bot') setGamesAt((n) => n + 1);
    }
  };

  // A refused join is told in the list, next to the button that was pressed.
  const join = async (m: Summary) => {
    setJoinError('');
    try {
      const res = await api.join(m.id);
      saveToken(kv, m.id, { seat: res.seat, token: res.token });
      navigate(href({ page: 'match', id: m.id }));
    } catch (err) {
      setJoinError(describeError(lang.value, err));
    }
  };

  const titles = new Map((games ?? []).map((g) => [g.id, g.title]));

  return (
    <div class="lobby">
      <MyGames titles={titles} compact />
      {games !== null && games.length > 0 && <SeeksPanel games={games} />}
      <section class="panel">
        <h2>{t('lobby.new')}</h2>
        {games === null && !error && <p>{t('lobby.loading')}</p>}
        {games !== null && games.length === 0 && <p>{t('lobby.nogames')}</p>}
        {game && form && (
          <form class="create" onSubmit={create}>
            <label>
              {t('lobby.game')}
              <select
                name="game"
                value={form.game}
                onChange={(e) => {
                  const id = (e.currentTarget as HTMLSelectElement).value;
                  const g = games?.find((x) => x.id === id);
                  update({ game: id, variant: g?.variants?.[0] ?? '', opponent: g?.bots?.[0] ?? '', seat: 0, options: {}, players: undefined });
                }}
              >
                {games?.map((g) => (
                  <option value={g.id} key={g.id}>
                    {g.title}
                  </option>
                ))}
              </select>
            </label>
            <Link href={href({ page: 'rules', game: form.game })} class="rules-link">
              {t('shell.rules')}: {game.title}
            </Link>
            {(game.variants?.length ?? 0) > 1 && (
              <label>
                {t('lobby.variant')}
                <select name="variant" value={form.variant} onChange={(e) => update({ variant: (e.currentTarget as HTMLSelectElement).value })}>
                  {game.variants?.map((v) => (
                    <option value={v} key={v}>
                      {v}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {playerChoices(game, form.variant || game.variants?.[0]).length > 1 && (
              <label>
                {t('lobby.players')}
                <select name="players" value={String(playerCount(game, form))} onChange={(e) => update({ players: Number((e.currentTarget as HTMLSelectElement).value), seat: 0 })}>
                  {playerChoices(game, form.variant || game.variants?.[0]).map((n) => (
                    <option value={String(n)} key={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <fieldset class="opponents">
              <legend>{t('lobby.opponent')}</legend>
              {[...(game.bots ?? []), ''].map((b) => {
                const text =
                  b === ''
                    ? { name: t('lobby.open'), desc: t('lobby.open.desc') }
                    : botText(b, t, levelRating(game, form.variant || game.variants?.[0] || '', playerCount(game, form), b, lang.value));
                return (
                  <label class="opponent" key={b === '' ? '\u0000open' : b} data-bot={b}>
                    <input type="radio" name="opponent" value={b} checked={form.opponent === b} onChange={() => update({ opponent: b })} />
                    <span class="opponent-text">
                      <strong class="opponent-name">{text.name}</strong>
                      <span class="opponent-desc">{[text.desc, moveTimeText(game.botMoveMs?.[b], t)].filter(Boolean).join(' · ')}</span>
                    </span>
                  </label>
                );
              })}
            </fieldset>
            <label>
              {t('lobby.seat')}
              <select name="seat" value={String(form.seat)} onChange={(e) => update({ seat: Number((e.currentTarget as HTMLSelectElement).value) })}>
                {Array.from({ length: playerCount(game, form) }, (_, i) => (
                  <option value={String(i)} key={i}>
                    {seatName(lang.value, game.playerNames?.[i], i)}
                  </option>
                ))}
                <option value="-1">{t('lobby.random')}</option>
              </select>
            </label>
            <label>
              {t('lobby.time')}
              <select name="time" value={String(form.time)} onChange={(e) => update({ time: Number((e.currentTarget as HTMLSelectElement).value) })}>
                {timePresets.map((p, i) => (
                  <option value={String(i)} key={i}>
                    {p.min === 0 ? t('lobby.time.none') : t('lobby.time.fischer', { min: p.min, inc: p.inc })}
                  </option>
                ))}
                <option value={String(customTime)}>{t('lobby.time.custom')}</option>
              </select>
            </label>
            {form.time === customTime && <TCFields value={tc} onChange={setTC} name="create.tc" />}
            {account.value && (
              <label class="check">
                <input
                  type="checkbox"
                  name="rated"
                  checked={!!form.rated && rateWhy === ''}
                  disabled={rateWhy !== ''}
                  aria-describedby={rateWhy ? 'rated-why' : undefined}
                  onChange={(e) => update({ rated: (e.currentTarget as HTMLInputElement).checked })}
                />
                {t('lobby.rated')}
              </label>
            )}
            {rateWhy && (
              <p class="hint muted" id="rated-why" data-rated-why={rateWhy}>
                {t(rateWhy)}
              </p>
            )}
            {(game.options?.length ?? 0) > 0 && (
              <details class="options">
                <summary>{t('lobby.options')}</summary>
                {game.options!.map((o) => (
                  <OptionInput
                    key={`${game.id}.${o.name}`}
                    spec={o}
                    value={form.options[o.name] ?? o.default}
                    onChange={(v) => update({ options: { ...form.options, [o.name]: v } })}
                  />
                ))}
              </details>
            )}
            <button type="submit" class="primary" disabled={busy}>
              {busy ? t('lobby.creating') : t('lobby.create')}
            </button>
          </form>
        )}
        {error && (
          <p class="error" role="alert" data-create-error>
            {error}
          </p>
        )}
      </section>
      <section class="panel" data-lobby-list={view}>
        <h2>{t(view === 'finished' ? 'lobby.view.finished' : 'lobby.live')}</h2>
        <div class="list-filter">
          <div class="view-switch" role="group" aria-label={t('lobby.filter')}>
            {(['active', 'finished'] as const).map((v) => (
              <button
                type="button"
                key={v}
                data-view={v}
                aria-pressed={view === v}
                onClick={() => {
                  setMatches([]);
                  setView(v);
                }}
              >
                {t(`lobby.view.${v}`)}
              </button>
            ))}
          </div>
          <label>
            {t('lobby.game')}
            <select
              name="only"
              value={only}
              onChange={(e) => {
                setMatches([]);
                setOnly((e.currentTarget as HTMLSelectElement).value);
              }}
            >
              <option value="">{t('lobby.filter.all')}</option>
              {games?.map((g) => (
                <option value={g.id} key={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        {joinError && (
          <p class="error" role="alert" data-join-error>
            {joinError}
          </p>
        )}
        {matches.length === 0 ? (
          <p class="muted">{t(view === 'finished' ? 'lobby.none.finished' : 'lobby.none')}</p>
        ) : (
          <ul class="matches">
            {matches.map((m) => {
              const open = m.status === 'waiting' ? openSeats(m) : [];
              const end = m.status === 'finished' || m.status === 'aborted' ? summaryVerdict(m) : null;
              return (
                <li key={m.id} class="match-row" data-match={m.id} data-game={m.game} data-status={m.status}>
                  <div class="match-what">
                    <strong>{titles.get(m.game) ?? m.game}</strong>{' '}
                    <span class={`status status-${m.status}`}>{t(`status.${m.status}`)}</span>
                    {m.ply > 0 && <span class="muted"> · {t('lobby.ply', { ply: m.ply })}</span>}
                  </div>
                  {end && (
                    <div class="match-result" data-match-result>
                      {end}
                    </div>
                  )}
                  <div class="match-who muted">
                    {(m.seats ?? []).map((s, i) => (
                      <span key={s.seat}>
                        {i > 0 && ' · '}
                        {seatName(lang.value, s.name, s.seat)}:{' '}
                        {s.username ? <UserLink name={s.username} /> : s.kind === 'bot' ? t('lobby.bot', { bot: botText(s.bot ?? '', t).name }) : s.taken ? t('lobby.player') : t('match.open')}
                      </span>
                    ))}
                  </div>
                  <div class="match-actions">
                    {open.length > 0 && (
                      <button type="button" onClick={() => void join(m)}>
                        {t('lobby.join')}
                      </button>
                    )}
                    <Link href={href({ page: 'match', id: m.id })} class="button">
                      {t('lobby.watch')}
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** summaryVerdict words a listed match's ending as its page does, for a spectator. */
function summaryVerdict(m: Summary): string {
  const v = verdictText(
    { ...m, match: m.id, version: 0, position: '', toMove: -1, legal: null, moves: null, offers: { draw: null, takeback: -1, rematch: null } },
    null,
  );
  return [v.head, v.reason].filter(Boolean).join(' ');
}

/** OptionInput edits one game option by its kind; the text is the option's doc. */
function OptionInput({ spec, value, onChange }: { spec: OptionSpec; value: string; onChange: (v: string) => void }) {
  const label = spec.doc ? `${spec.name} — ${spec.doc}` : spec.name;
  switch (spec.kind) {
    case 'bool':
      return (
        <label class="option bool">
          <input
            type="checkbox"
            name={`option.${spec.name}`}
            checked={value === 'true'}
            onChange={(e) => onChange(String((e.currentTarget as HTMLInputElement).checked))}
          />
          {label}
        </label>
      );
    case 'int':
      return (
        <label class="option">
          {label}
          <input
            type="number"
            name={`option.${spec.name}`}
            value={value}
            min={spec.min}
            max={spec.max || undefined}
            onInput={(e) => onChange((e.currentTarget as HTMLInputElement).value)}
          />
        </label>
      );
    case 'enum':
      return (
        <label class="option">
          {label}
          <select name={`option.${spec.name}`} value={value} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)}>
            {(spec.choices ?? []).map((c) => (
              <option value={c} key={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      );
  }
}
