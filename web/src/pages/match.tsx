import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { botText } from '../bots';
import { describeError } from '../errors';
import { api, kv, lang, navigate, t } from '../app-state';
import { Link } from '../app';
import { pathagonReserve } from '../boards/pathagon';
import { useBoard } from '../boards/use-board';
import { SettingsMenu } from '../settings-menu';
import { settings } from '../settings-state';
import { format, formatDays, remaining } from '../clock';
import { browserSocket, Connection, type Status } from '../connection';
import { ChatPanel } from '../chat';
import { applyChat, initialChat, type ChatState } from '../chat-model';
import { errorText, has } from '../i18n';
import { seatLabel } from '../seat-label';
import { UserLink } from './profile'; // profiles
import { canPlay, otherOffers, reasonName, rounds, verdict } from '../match-model';
import { loadFlip, saveFlip } from '../prefs';
import { covers, keyStep, step, viewState, type Positions, type Step } from '../replay';
import { muted, setMuted, sounds } from '../shell-state';
import { soundFor } from '../sound';
import { formatDuration, gameSummary } from '../summary';
import { change } from '../transition';
import type { CommandType, MatchState } from '../protocol';
import { href } from '../router';
import { initialSync, movePending, stale, type Sync } from '../sync';
import { loadToken, saveToken } from '../tokens';

/** The clock display refreshes ten times a second, enough for tenths. */
const tickMs = 100;

/** nameOf is seat n of state as the page names it (seat-label.ts). */
const nameOf = (state: MatchState, n: number) => seatLabel(lang.value, state, n).name;

function newID(): string {
  const rnd = crypto.getRandomValues(new Uint32Array(2));
  return `c-${rnd[0]!.toString(36)}${rnd[1]!.toString(36)}-${Date.now().toString(36)}`;
}

export function MatchPage({ id }: { id: string }) {
  const [token, setToken] = useState(() => loadToken(kv, id));
  const [sync, setSync] = useState<Sync>(initialSync);
  const [status, setStatus] = useState<Status>('connecting');
  const [error, setError] = useState('');
  const [connError, setConnError] = useState('');
  const [receivedAt, setReceivedAt] = useState(0);
  const conn = useRef<Connection | null>(null);
  const [chat, setChat] = useState<ChatState>(initialChat); // chat.tsx
  // The replay: null shows the live position, a number that ply.
  const [viewPly, setViewPly] = useState<number | null>(null);
  const [positions, setPositions] = useState<Positions | null>(null);
  const [positionsError, setPositionsError] = useState(false);
  const [flipped, setFlipped] = useState<Record<string, boolean>>({});
  const [announcement, setAnnouncement] = useState('');
  const prevState = useRef<MatchState | null>(null);

  // A match that does not exist would have the socket retry for ever: ask
  // the API first, and stop with its answer.
  // The socket opens only once the API has answered that the match exists
  // (any other answer, a network failure included, lets the socket try).
  const [missing, setMissing] = useState('');
  const [known, setKnown] = useState(false);
  useEffect(() => {
    let live = true;
    api.state(id).then(
      () => live && setKnown(true),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.wire.code === 'not-found') setMissing(errorText(lang.value, err.wire.code, err.wire.message));
        else setKnown(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    if (!known) return;
    const c = new Connection({
      url: api.socketURL(id, location),
      ...(token ? { token: token.token } : {}),
      connect: browserSocket,
      timers: { setTimeout: (f, ms) => window.setTimeout(f, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
      onChange: (s, st) => {
        setSync((prev) => {
          if (prev.state !== s.state) setReceivedAt(performance.now());
          return s;
        });
        setStatus(st);
        if (st === 'open') setConnError('');
      },
      // An error of no command is the connection's (a refused hello, a
      // refused connection): it stays until a connection opens.
      onError: (e, cmd) => (cmd ? setError : setConnError)(errorText(lang.value, e.code, e.message)),
      onUnreachable: () => {
        void api.socketRefusal(id).then((e) => {
          if (e && conn.current === c) setConnError(describeError(lang.value, e));
        });
      },
      newID,
      onChat: (m) => setChat((prev) => applyChat(prev, m)),
    });
    setChat(initialChat);
    conn.current = c;
    c.start();
    return () => c.stop();
  }, [id, token?.token, known]);

  const s = sync.state;
  const seat = sync.seat;
  const send = (type: CommandType, move?: string) => {
    setError('');
    if (!conn.current?.send(type, move)) setError(t('err.network'));
  };

  // The rematch shares our token: remember it for the new match. A player
  // who sees the rematch agreed while on this page goes there; one who
  // opens a match whose rematch was agreed before gets the link.
  const rematchAtStart = useRef<string | null>(null);
  useEffect(() => {
    if (!s) return;
    if (rematchAtStart.current === null) rematchAtStart.current = s.rematch ?? '';
    if (s.rematch && token) {
      saveToken(kv, s.rematch, { seat: -1, token: token.token });
      if (rematchAtStart.current === '' && seat !== null && seat >= 0) navigate(href({ page: 'match', id: s.rematch }));
    }
  }, [s?.rematch, token?.token, seat]);

  // Sounds and screen-reader announcements react to what a new state did.
  useEffect(() => {
    if (!s) return;
    const c = change(prevState.current, s);
    prevState.current = s;
    const kind = soundFor(c);
    if (kind) sounds.play(kind);
    if (c.kind === 'move' && c.mover !== seat) {
      const name = nameOf(s, c.mover);
      let text = c.mover >= 0 ? t('announce.move', { name, move: c.move }) : c.move;
      if (seat !== null && seat >= 0 && s.toMove === seat) text += ` ${t('announce.yourTurn')}`;
      setAnnouncement(text);
    } else if (c.kind === 'end') {
      const v = verdictText(s, seat);
      setAnnouncement(`${v.head} ${v.reason}`.trim());
    }
  }, [s]);

  // The replay needs the positions from the server whenever it shows a ply
  // they do not cover yet, and the summary needs their times.
  const plies = s?.moves?.length ?? 0;
  const over = s?.status === 'finished' || s?.status === 'aborted';
  const wantPly = viewPly ?? (over ? plies : null);
  useEffect(() => {
    if (!s || wantPly === null || covers(positions, s.moves, wantPly)) return;
    let live = true;
    setPositionsError(false);
    api.positions(id).then(
      (p) => live && setPositions(p),
      () => live && setPositionsError(true),
    );
    return () => {
      live = false;
    };
  }, [id, wantPly, plies, s?.status]);

  // go steps from the current ply as the state holds it, not as this
  // render saw it: two quick key presses must not both start from one ply.
  const go = (st: Step) =>
    setViewPly((cur) => {
      const to = step(cur ?? plies, plies, st);
      return to === plies ? null : to;
    });
  // ← and → (Home, End) step through the moves, unless a board or a text
  // box used the key.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      const st = keyStep(e.key);
      if (!st || plies === 0) return;
      e.preventDefault();
      go(st);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  // The tab title says when it is your move, for players in another tab.
  const myTurn = status === 'open' && !stale(sync) && canPlay(s, seat, movePending(sync));
  useEffect(() => {
    document.title = myTurn ? `● ${t('match.yourTurn')} — Tabula` : 'Tabula';
    return () => {
      document.title = 'Tabula';
    };
  }, [myTurn, lang.value]);

  // The game's board from the registry (null while its module loads).
  const Board = useBoard(s?.game ?? '');
  // A move made on the board waits here for confirmation when the
  // settings ask for it; a new state (the move was made elsewhere, or the
  // game went on) drops it.
  const [confirming, setConfirming] = useState<{ version: number; move: string } | null>(null);

  if (missing) {
    return (
      <p class="notice error" role="alert">
        {missing} <Link href="/">{t('match.lobby')}</Link>
      </p>
    );
  }
  const connNotice = connError && (
    <p class="error" role="alert" data-conn-error>
      {connError}
    </p>
  );
  if (!s) {
    return (
      <>
        <p class="notice">{status === 'closed' ? t('match.connecting') : t('match.loading')}</p>
        {connNotice}
      </>
    );
  }

  // While the socket is down a move could not be sent: the board waits.
  // A past ply (the replay) is read-only.
  const viewing = viewPly !== null && covers(positions, s.moves, viewPly);
  const shown = viewing ? viewState(s, positions!, viewPly) : s;
  // Asking for a past ply makes the board read-only at once, even while its
  // positions are still on the way.
  const interactive = myTurn && viewPly === null;
  const pending = interactive && confirming?.version === s.version ? confirming.move : null;
  const isFlipped = flipped[s.game] ?? loadFlip(kv, s.game);
  const flip = () => {
    saveFlip(kv, s.game, !isFlipped);
    setFlipped({ ...flipped, [s.game]: !isFlipped });
  };
  const me = seat !== null && seat >= 0 ? seat : -1;
  // The viewer sits at the bottom; spectators see seat 0 at the bottom.
  const bottom = me >= 0 ? me : 0;
  const others = (s.seats ?? []).filter((x) => x.seat !== bottom);
  const bottomSeat = (s.seats ?? []).find((x) => x.seat === bottom);

  const takeSeat = async (n: number) => {
    setError('');
    try {
      const res = await api.join(id, n);
      const tok = { seat: res.seat, token: res.token };
      saveToken(kv, id, tok);
      setToken(tok);
    } catch (err) {
      setError(describeError(lang.value, err));
    }
  };

  return (
    <div class="match" data-status={s.status} data-version={s.version}>
      <p class="sr-only" aria-live="polite" aria-atomic="true" data-announce>
        {announcement}
      </p>
      <div class="play">
        <Toolbar game={s.game} flipped={isFlipped} onFlip={flip} />
        {isFlipped && bottomSeat && <PlayerBar state={s} n={bottom} me={me} receivedAt={receivedAt} />}
        {others.map((x) => (
          <PlayerBar key={x.seat} state={s} n={x.seat} me={me} receivedAt={receivedAt} />
        ))}
        {Board ? (
          <Board
            key={viewing ? `ply-${viewPly}` : 'live'}
            state={shown}
            seat={me}
            interactive={interactive}
            onMove={(m) => (settings.value.confirm ? setConfirming({ version: s.version, move: m }) : send('move', m))}
            flipped={isFlipped}
            premove={canPremove(s, me, settings.value.premove) && viewPly === null}
          />
        ) : (
          <p class="notice">{t('match.loading')}</p>
        )}
        {pending && (
          <p class="confirm-move" role="alertdialog" aria-live="assertive" data-confirm={pending}>
            {t('confirm.ask', { move: pending })}{' '}
            <button
              type="button"
              class="primary"
              onClick={() => {
                setConfirming(null);
                send('move', pending);
              }}
            >
              {t('confirm.yes')}
            </button>{' '}
            <button type="button" class="secondary" onClick={() => setConfirming(null)}>
              {t('confirm.no')}
            </button>
          </p>
        )}
        {!isFlipped && bottomSeat && <PlayerBar state={s} n={bottom} me={me} receivedAt={receivedAt} />}
        {plies > 0 && <ReplayBar ply={viewPly ?? plies} last={plies} live={!over} viewing={viewPly !== null} error={positionsError} onStep={go} />}
      </div>
      <aside class="side">
        {status !== 'open' && <p class="notice">{t('match.connecting')}</p>}
        {connNotice}
        {over ? (
          <Summary state={s} seat={seat} positions={positions} me={me} send={send} onReplay={() => setViewPly(0)} />
        ) : (
          <Banner state={s} seat={seat} />
        )}
        <TurnLine state={s} me={me} />
        {me < 0 && <SeatOffer state={s} onTake={takeSeat} />}
        {me < 0 && s.status === 'live' && plies > 0 && ( // issue 23: a spectator explores the live position by hand
          <p>
            <Link href={href({ page: 'analysis', game: '', match: id })}>{t('analysis.open')}</Link>
          </p>
        )}
        {me >= 0 && s.status === 'waiting' && <Invite id={id} />}
        <Offers state={s} me={me} send={send} />
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        {me >= 0 && (s.status === 'live' || s.status === 'waiting') && <MoveInput disabled={!interactive} onMove={(m) => send('move', m)} />}
        <MoveList state={s} current={viewPly ?? plies} onSelect={(n) => setViewPly(n === plies ? null : n)} />
        {plies > 0 && <Export id={id} state={shown} />}
        {me >= 0 && <Actions state={s} me={me} send={send} />}
        {s.rematch && (
          <p>
            <Link href={href({ page: 'match', id: s.rematch })} class="button primary">
              {t('match.toRematch')}
            </Link>
          </p>
        )}
        {s.match && <ChatPanel chat={chat} status={status} state={s} me={me} send={(m) => conn.current?.sendChat(m) ?? false} />}
        <p>
          <Link href="/">{t('match.lobby')}</Link>
        </p>
      </aside>
    </div>
  );
}

/** canPremove: a seated player of a live two-player game may queue a premove while the other seat is to move (premove.ts). */
function canPremove(s: MatchState, me: number, on: boolean): boolean {
  return on && me >= 0 && s.players === 2 && s.status === 'live' && s.toMove >= 0 && s.toMove !== me;
}

function PlayerBar({ state, n, me, receivedAt }: { state: MatchState; n: number; me: number; receivedAt: number }) {
  const seat = state.seats?.find((x) => x.seat === n);
  const label = seatLabel(lang.value, state, n);
  const name = label.name;
  const reserve = state.game === 'pathagon' ? pathagonReserve(state, n) : null;
  const who = n === me ? t('match.you') : seat?.kind === 'bot' ? `${t('match.bot')} ${botText(seat.bot ?? '', t).name}` : seat?.taken ? '' : t('match.open');
  const active = state.toMove === n;
  return (
    <div class={`player ${active ? 'active' : ''}`} data-seat={n}>
      {label.swatches.map((c) => (
        <span key={c} class={`swatch swatch-${c}`} data-swatch={c} aria-hidden="true" />
      ))}
      <span class="pname">{name}</span>
      {seat?.username && <UserLink name={seat.username} />}
      {who && <span class="muted">({who})</span>}
      {seat && seat.kind === 'human' && seat.taken && <span class={`conn ${seat.connected ? 'on' : 'off'}`} aria-hidden="true" />}
      {reserve !== null && <span class="reserve muted">{t('match.reserve', { n: reserve })}</span>}
      <span class="spacer" />
      {state.clocks && <Clock state={state} n={n} receivedAt={receivedAt} />}
    </div>
  );
}

function Clock({ state, n, receivedAt }: { state: MatchState; n: number; receivedAt: number }) {
  const c = state.clocks!;
  const running = c.running === n && (state.status === 'live' || state.status === 'waiting');
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    if (!running) return;
    const h = window.setInterval(() => setNow(performance.now()), tickMs);
    return () => window.clearInterval(h);
  }, [running, receivedAt]);
  const ms = remaining(running ? c : { ...c, running: -1 }, receivedAt, Math.max(now, receivedAt))[n];
  if (ms === undefined) return null;
  if (c.kind === 'correspondence') return running ? <span class="clock running">{formatDays(ms)}</span> : null;
  // Before the first move no clock runs (docs/protocol.md, "Clocks"): the seat to move is marked as waiting.
  if (c.running < 0 && state.status === 'live' && state.toMove === n) {
    return (
      <span class="clock waiting" data-clock-waits title={t('match.clockWaits')}>
        {format(ms)}
      </span>
    );
  }
  return <span class={`clock ${running ? 'running' : ''} ${ms < 10_000 ? 'low' : ''}`}>{format(ms)}</span>;
}

/** verdictText is the result line: the head ("You win!") and the reason. */
export function verdictText(state: MatchState, seat: number | null): { head: string; reason: string; cls: string; kind: string } {
  const v = verdict(state, seat);
  if (v.kind === 'none') return { head: '', reason: '', cls: 'banner', kind: 'none' };
  // A one-player task (Palaboratory) says how the task ended, not who won.
  const soloKey = `result.solo.${v.reason}`;
  if (state.players === 1 && v.kind !== 'aborted' && has(soloKey)) {
    return { head: t(soloKey), reason: '', cls: v.kind === 'win' ? 'banner won' : 'banner', kind: v.kind };
  }
  const reasonKey = `reason.${reasonName(v.reason)}`;
  const reason = has(reasonKey) ? t(reasonKey) : v.reason;
  let head = '';
  let cls = 'banner';
  switch (v.kind) {
    case 'aborted':
      head = t('result.aborted');
      break;
    case 'draw':
      head = t('result.draw');
      break;
    case 'nobody':
      head = v.mine === false ? `${t('result.youLose')} — ${t('result.nobody')}` : t('result.nobody');
      cls += v.mine === false ? ' lost' : '';
      break;
    case 'win': {
      const names = v.winners.map((w) => nameOf(state, w)).join(', ');
      const line =
        v.winners.length > 1 && v.winners.length === state.players
          ? t('result.allWin')
          : v.winners.length > 1
            ? t('result.winJointly', { name: names })
            : t('result.win', { name: names });
      head = v.mine === true ? t('result.youWin') : v.mine === false ? t('result.youLose') : line;
      if (v.mine !== null) head += ` — ${line}`;
      cls += v.mine === true ? ' won' : v.mine === false ? ' lost' : '';
      break;
    }
  }
  return { head, reason, cls, kind: v.kind };
}

function Banner({ state, seat }: { state: MatchState; seat: number | null }) {
  const v = verdictText(state, seat);
  if (v.kind === 'none') return null;
  return (
    <div class={v.cls} data-result={v.kind}>
      <strong>{v.head}</strong> {v.reason}
    </div>
  );
}

/** Toolbar holds the view switches: flip, sound, and the game's rules. */
function Toolbar({ game, flipped, onFlip }: { game: string; flipped: boolean; onFlip: () => void }) {
  return (
    <div class="toolbar">
      <button type="button" class="flip" aria-pressed={flipped} onClick={onFlip} title={t('board.flip')}>
        <span aria-hidden="true">⇅ </span>
        {t('board.flip')}
      </button>
      <button type="button" class="sound" aria-pressed={!muted.value} onClick={() => setMuted(!muted.value)} title={t('sound.label')}>
        {muted.value ? t('sound.off') : t('sound.on')}
      </button>
      <SettingsMenu />
      <span class="spacer" />
      <Link href={href({ page: 'rules', game })} class="rules-link">
        {t('shell.rules')}
      </Link>
    </div>
  );
}

/** ReplayBar steps through the plies: buttons, and ← → on the keyboard. */
export function ReplayBar(props: { ply: number; last: number; live: boolean; viewing: boolean; error: boolean; onStep: (s: Step) => void }) {
  const { ply, last, onStep } = props;
  const btn = (st: Step, label: string, icon: string, keys: string, disabled: boolean) => (
    <button type="button" class={`replay-${st}`} aria-label={label} title={label} aria-keyshortcuts={keys} disabled={disabled} onClick={() => onStep(st)}>
      {icon}
    </button>
  );
  return (
    <nav class="replay" aria-label={t('replay.label')} data-ply={ply}>
      <div class="replay-buttons">
        {btn('first', t('replay.first'), '|◀', 'Home', ply === 0)}
        {btn('prev', t('replay.prev'), '◀', 'ArrowLeft', ply === 0)}
        <span class="replay-at" aria-live="polite">
          {ply === 0 ? t('replay.start') : t('replay.at', { ply, n: last })}
        </span>
        {btn('next', t('replay.next'), '▶', 'ArrowRight', ply === last)}
        {btn('last', t('replay.last'), '▶|', 'End', ply === last)}
      </div>
      {props.live && props.viewing && (
        <p class="analysis">
          {t('replay.analysis')}{' '}
          <button type="button" class="link" onClick={() => onStep('last')}>
            {t('replay.back')}
          </button>
        </p>
      )}
      {props.error && <p class="error">{t('replay.error')}</p>}
    </nav>
  );
}

/** Summary is the game-over panel: result, moves, duration, scores, what next. */
function Summary(props: {
  state: MatchState;
  seat: number | null;
  positions: Positions | null;
  me: number;
  send: (c: CommandType) => void;
  onReplay: () => void;
}) {
  const { state, seat, me } = props;
  const v = verdictText(state, seat);
  const sum = gameSummary(state, seat, props.positions);
  const name = (n: number) => nameOf(state, n);
  const canRematch = me >= 0 && state.status === 'finished' && !state.rematch && !(state.offers?.rematch ?? []).includes(me);
  return (
    <section class="summary panel" aria-labelledby="summary-title" data-summary>
      <h2 id="summary-title">{t('summary.title')}</h2>
      <div class={v.cls} data-result={v.kind}>
        <strong>{v.head}</strong> {v.reason}
      </div>
      <dl class="facts">
        <div>
          <dt>{t('summary.moves')}</dt>
          <dd data-summary-moves>{sum.plies}</dd>
        </div>
        <div>
          <dt>{t('summary.duration')}</dt>
          <dd data-summary-duration>{sum.durationMs === null ? '—' : formatDuration(sum.durationMs)}</dd>
        </div>
        {sum.scores.length > 0 && (
          <div>
            <dt>{state.players === 1 ? t('summary.points') : t('summary.scores')}</dt>
            <dd>{state.players === 1 ? sum.scores[0]!.score : sum.scores.map((x) => `${name(x.seat)} ${x.score}`).join(' · ')}</dd>
          </div>
        )}
      </dl>
      <div class="actions">
        {canRematch && (
          <button type="button" class="primary" onClick={() => props.send('rematch')}>
            {state.players === 1 ? t('match.again') : t('match.rematch')}
          </button>
        )}
        {sum.plies > 0 && (
          <button type="button" onClick={props.onReplay}>
            {t('summary.replay')}
          </button>
        )}
        {sum.plies > 0 && ( // issue 23: the analysis board and game review
          <Link href={href({ page: 'analysis', game: '', match: state.match })} class="button">
            {t('analysis.open')}
          </Link>
        )}
        <Link href="/" class="button">
          {t('summary.newGame')}
        </Link>
      </div>
    </section>
  );
}

function TurnLine({ state, me }: { state: MatchState; me: number }) {
  if (state.status === 'finished' || state.status === 'aborted') return null;
  const open = (state.seats ?? []).some((x) => x.kind === 'human' && !x.taken);
  if (open && state.status === 'waiting') return <p class="turn">{t('match.waiting')}</p>;
  const waits = state.clocks?.kind === 'fischer' && state.clocks.running < 0 && state.status === 'live' && state.toMove >= 0;
  const note = waits && (
    <span class="muted clock-waits" data-clock-waits-note>
      {' '}
      {t('match.clockWaits')}
    </span>
  );
  if (me >= 0 && state.toMove === me)
    return (
      <p class="turn mine">
        {t('match.yourTurn')}
        {note}
      </p>
    );
  if (state.toMove < 0) return null;
  const name = nameOf(state, state.toMove);
  return (
    <p class="turn">
      {me < 0 && <span class="muted">{t('match.spectator')} </span>}
      {t('match.theirTurn', { name })}
      {note}
    </p>
  );
}

function SeatOffer({ state, onTake }: { state: MatchState; onTake: (n: number) => void }) {
  const open = (state.seats ?? []).filter((x) => x.kind === 'human' && !x.taken);
  if (open.length === 0 || state.status !== 'waiting') return null;
  return (
    <div class="seat-offer">
      {open.map((x) => (
        <button type="button" class="primary" key={x.seat} onClick={() => onTake(x.seat)}>
          {t('match.takeSeat', { name: nameOf(state, x.seat) })}
        </button>
      ))}
    </div>
  );
}

function Invite({ id }: { id: string }) {
  const url = `${location.origin}${href({ page: 'match', id })}`;
  const [copied, setCopied] = useState(false);
  return (
    <div class="invite">
      <label>
        {t('match.invite')}
        <input readOnly value={url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
      </label>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? t('match.copied') : t('match.copy')}
      </button>
    </div>
  );
}

/**
 * Export saves the game from the page: the record as text (numbered by
 * turn; `tabula replay` reads it) or JSON, downloaded or copied, and the
 * shown position's text.
 */
function Export({ id, state }: { id: string; state: MatchState }) {
  const [copied, setCopied] = useState('');
  const base = `/api/matches/${encodeURIComponent(id)}`;
  const file = `${state.game}-${id}`;
  const copy = (what: string, text: Promise<string>) => {
    setCopied('');
    text
      .then((x) => navigator.clipboard.writeText(x))
      .then(
        () => setCopied(what),
        () => setCopied('failed'),
      );
  };
  return (
    <details class="export" data-export>
      <summary>{t('match.export')}</summary>
      <p class="export-links">
        <a href={`${base}/record`} download={`${file}.txt`} data-download="text">
          {t('match.recordText')}
        </a>{' '}
        <a href={`${base}/record.json`} download={`${file}.json`} data-download="json">
          {t('match.recordJSON')}
        </a>
      </p>
      <p class="export-copy">
        <button type="button" data-copy="record" onClick={() => copy('record', fetch(`${base}/record`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status))))))}>
          {copied === 'record' ? t('match.copied') : t('match.copyRecord')}
        </button>
        <button type="button" data-copy="position" onClick={() => copy('position', Promise.resolve(state.position))}>
          {copied === 'position' ? t('match.copied') : t('match.copyPosition')}
        </button>
      </p>
      {copied === 'failed' && <p class="error">{t('match.copyFailed')}</p>}
      <p class="export-import">
        <Link href={href({ page: 'import' })}>{t('import.link')}</Link>
      </p>
    </details>
  );
}

function Offers({ state, me, send }: { state: MatchState; me: number; send: (c: CommandType) => void }) {
  if (state.status !== 'live' && state.status !== 'finished') return null;
  const name = (n: number) => nameOf(state, n);
  const draws = otherOffers(state.offers?.draw ?? null, me);
  const takeback = state.offers?.takeback ?? -1;
  const rematches = otherOffers(state.offers?.rematch ?? null, me);
  const live = state.status === 'live';
  // Our own pending offer: bots never accept one (docs/protocol.md), so
  // against bots only the page says so instead of waiting in silence.
  const myDraw = live && me >= 0 && (state.offers?.draw ?? []).includes(me);
  const botsOnly = (state.seats ?? []).every((x) => x.seat === me || x.kind === 'bot');
  return (
    <>
      {myDraw && (
        <p class="offer" role="status" data-draw-pending={botsOnly ? 'bot' : 'people'}>
          {botsOnly ? t('match.drawBot') : t('match.drawPending')}
        </p>
      )}
      {live && draws.length > 0 && (
        <div class="offer">
          {t('match.drawOffered', { name: draws.map(name).join(', ') })}
          {me >= 0 && (
            <>
              <button type="button" onClick={() => send('accept-draw')}>
                {t('match.acceptDraw')}
              </button>
              <button type="button" class="secondary" onClick={() => send('decline-draw')}>
                {t('match.declineDraw')}
              </button>
            </>
          )}
        </div>
      )}
      {live && takeback >= 0 && takeback !== me && (
        <div class="offer">
          {t('match.takebackOffered', { name: name(takeback) })}
          {me >= 0 && (
            <>
              <button type="button" onClick={() => send('accept-takeback')}>
                {t('match.acceptTakeback')}
              </button>
              <button type="button" class="secondary" onClick={() => send('decline-takeback')}>
                {t('match.declineDraw')}
              </button>
            </>
          )}
        </div>
      )}
      {!live && rematches.length > 0 && !state.rematch && <div class="offer">{t('match.rematchOffered', { name: rematches.map(name).join(', ') })}</div>}
    </>
  );
}

function Actions({ state, me, send }: { state: MatchState; me: number; send: (c: CommandType) => void }) {
  const live = state.status === 'live' || state.status === 'waiting';
  const plies = state.moves?.length ?? 0;
  if (!live) return null; // the game-over summary offers the rematch
  // A seat may abort until its own first move (docs/protocol.md): seats
  // take turns, so in the first round the seat to move has not moved yet.
  const canAbort = plies === 0 || (state.toMove === me && plies < state.players);
  return (
    <div class="actions">
      {canAbort ? (
        <button type="button" onClick={() => send('abort')}>
          {t('match.abort')}
        </button>
      ) : (
        <>
          <button type="button" onClick={() => send('offer-takeback')}>
            {t('match.takeback')}
          </button>
          {state.players > 1 && (
            <button type="button" onClick={() => send('offer-draw')} disabled={(state.offers?.draw ?? []).includes(me)}>
              {t('match.offerDraw')}
            </button>
          )}
          <button
            type="button"
            class="danger"
            onClick={() => {
              if (window.confirm(t('match.confirmResign'))) send('resign');
            }}
          >
            {t('match.resign')}
          </button>
        </>
      )}
    </div>
  );
}

function MoveInput({ disabled, onMove }: { disabled: boolean; onMove: (m: string) => void }) {
  const [text, setText] = useState('');
  return (
    <form
      class="move-input"
      onSubmit={(e) => {
        e.preventDefault();
        const m = text.trim();
        if (m === '' || disabled) return;
        onMove(m);
        setText('');
      }}
    >
      <input
        name="move"
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        aria-label={t('match.typeMove')}
        placeholder={t('match.typeMove')}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)}
      />
      <button type="submit" disabled={disabled}>
        {t('match.play')}
      </button>
    </form>
  );
}

export function MoveList({ state, current, onSelect }: { state: MatchState; current: number; onSelect: (ply: number) => void }) {
  const rows = useMemo(() => rounds(state.moves, state.players, state.game), [state.moves, state.players, state.game]);
  const end = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = end.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [rows.length]);
  const lastPly = state.moves?.length ?? 0;
  return (
    <section class="moves">
      <h3>{t('match.moves')}</h3>
      {rows.length === 0 ? (
        <p class="muted">{t('match.noMoves')}</p>
      ) : (
        <ol ref={end} class="move-list">
          {rows.map((r) => (
            <li key={r.n}>
              <span class="n">{r.n}.</span>
              <span class="mvs">
                {r.moves.map((m) => (
                  <button
                    type="button"
                    key={m.ply}
                    class={`mv ${m.ply === lastPly ? 'last' : ''} ${m.ply === current ? 'current' : ''}`}
                    data-ply={m.ply}
                    aria-current={m.ply === current ? 'step' : undefined}
                    onClick={() => onSelect(m.ply)}
                  >
                    {m.text}
                  </button>
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

