// The analysis board (issue 23): a position of any game, from its start, a
// position text or a match, explored by clicking moves into a tree that
// keeps the main line, with the server's engine streaming its best lines
// over /ws/analysis, and, for an ended match, the game review.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { api, lang, t } from '../app-state';
import { Link } from '../app';
import { errorText } from '../i18n';
import type { GameInfo, MatchState, Seat } from '../protocol';
import { seatLabel } from '../seat-label';
import { describeError } from '../errors';
import { GenericBoard } from '../boards/GenericBoard';
import { useBoard } from '../boards/use-board';
import {
  childrenAt,
  continuation,
  mainLine,
  marbles,
  percent,
  play,
  readLink,
  rows,
  seatWin,
  shareLink,
  tree,
  type EngineLine,
  type MoveNode,
  type Source,
} from '../analysis-model';
import { analysisURL, explore, type Explored, type LinesMessage, type SocketError } from '../analysis-api';
import { ReviewPanel } from './review';
import { cycle, grid, switchSide } from '../editor-model';
import { nextTurn, parseTalat, placeTower, talatBoards, talatTowers } from '../talat-editor';
import '../analysis.css';

/** seatsOf names the seats of an analysed game for the boards and labels. */
export function seatsOf(info: GameInfo | undefined, players: number): Seat[] {
  return Array.from({ length: players }, (_, i) => ({
    seat: i,
    name: info?.playerNames?.[i] ?? '',
    kind: 'human' as const,
    taken: false,
    connected: false,
  }));
}

/** boardState is the board's view of an explored position. */
export function boardState(e: Explored, seats: Seat[], moves: string[]): MatchState {
  const last = e.positions[e.positions.length - 1]!;
  const s: MatchState = {
    match: '',
    game: e.game,
    variant: e.variant,
    players: e.players,
    version: 0,
    status: e.result ? 'finished' : 'live',
    position: last.position,
    toMove: last.toMove,
    legal: e.legal,
    moves,
    seats,
    offers: { draw: null, takeback: -1, rematch: null },
  };
  if (last.move) s.lastMove = last.move;
  if (e.result) s.result = e.result;
  if (e.board) s.board = e.board;
  return s;
}

export function AnalysisPage({ game, match }: { game: string; match: string }) {
  const link = useMemo(() => readLink(location.search), []);
  const [games, setGames] = useState<GameInfo[]>([]);
  const [src, setSrc] = useState<Source | null>(null);
  const [status, setStatus] = useState<string>('');
  const [root, setRoot] = useState<MoveNode[]>([]);
  const [path, setPath] = useState<string[]>([]);
  const [mainMoves, setMainMoves] = useState<string[]>([]);
  const [explored, setExplored] = useState<Explored | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void api.games().then(setGames, () => setGames([]));
  }, []);

  // The source: a match's start and moves, or a game (with a position).
  useEffect(() => {
    let live = true;
    if (match) {
      api.positions(match).then(
        (p) => {
          if (!live) return;
          const moves = p.positions.slice(1).map((x) => x.move ?? '');
          setSrc({ game: p.game, variant: p.variant, players: p.players, match });
          setStatus(p.status);
          setMainMoves(moves);
          let r = tree(moves);
          // A shared link's moves may leave the main line.
          for (let i = 0; i < link.moves.length; i++) r = play(r, link.moves.slice(0, i), link.moves[i]!);
          setRoot(r);
          setPath(link.moves.length > 0 ? link.moves : []);
        },
        (e: unknown) => live && setError(describeError(lang.value, e)),
      );
    } else {
      const g = game || games[0]?.id;
      if (!g) return;
      const s: Source = { game: g };
      if (link.variant) s.variant = link.variant;
      if (link.players) s.players = link.players;
      if (link.position) s.position = link.position;
      setSrc(s);
      setRoot(tree(link.moves));
      setPath(link.moves);
    }
    return () => {
      live = false;
    };
  }, [game, match, games.length > 0]);

  // The shown position, from the server (the client runs no rules).
  useEffect(() => {
    if (!src) return;
    let live = true;
    const req = src.match
      ? { match: src.match, moves: path }
      : { game: src.game, variant: src.variant, players: src.players, position: src.position, moves: path };
    explore(api, req).then(
      (e) => {
        if (!live) return;
        setExplored(e);
        setError('');
      },
      (e: unknown) => live && setError(explainError(e)),
    );
    history.replaceState(null, '', shareLink(src, path));
    return () => {
      live = false;
    };
  }, [src, path.join('\u0000')]);

  const info = games.find((g) => g.id === (explored?.game ?? src?.game));
  const seats = seatsOf(info, explored?.players ?? 2);
  const state = explored ? boardState(explored, seats, path) : null;
  const Board = useBoard(state?.game ?? '') ?? GenericBoard;

  const go = (p: string[]) => setPath(p);
  const onMove = (m: string) => {
    setRoot((r) => play(r, path, m));
    setPath([...path, m]);
  };
  const line = continuation(root, path);
  const here = childrenAt(root, path) ?? [];

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.defaultPrevented || (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
      if (e.key === 'ArrowLeft' && path.length > 0) go(path.slice(0, -1));
      else if (e.key === 'ArrowRight' && here.length > 0) go([...path, here[0]!.move]);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const live = src?.match !== undefined && (status === 'live' || status === 'waiting');
  const last = explored?.positions[explored.positions.length - 1];

  return (
    <div class="analysis" data-analysis>
      <div class="play">
        <h1 class="analysis-title">{t('analysis.title')}</h1>
        {!match && (
          <div class="toolbar">
            <label>
              {t('analysis.game')}{' '}
              <select
                value={src?.game ?? ''}
                data-analysis-game
                onChange={(e) => {
                  const g = (e.currentTarget as HTMLSelectElement).value;
                  history.replaceState(null, '', `/analysis/${g}`);
                  setSrc({ game: g });
                  setRoot([]);
                  setPath([]);
                }}
              >
                {games.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.title}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => setEditing(!editing)} aria-expanded={editing} data-edit-toggle>
              {t('analysis.edit')}
            </button>
            {src?.position && (
              <button
                type="button"
                onClick={() => {
                  setSrc({ game: src.game, ...(src.variant ? { variant: src.variant } : {}), ...(src.players ? { players: src.players } : {}) });
                  setRoot([]);
                  setPath([]);
                }}
              >
                {t('analysis.fromStart')}
              </button>
            )}
          </div>
        )}
        {editing && src && (
          <Editor
            src={src}
            position={last?.position ?? ''}
            onDone={(position, variant) => {
              setEditing(false);
              if (position === null) return;
              setSrc({ ...src, position, ...(variant ? { variant } : {}) });
              setRoot([]);
              setPath([]);
            }}
          />
        )}
        {state && <Board state={state} seat={0} interactive={(state.legal?.length ?? 0) > 0} onMove={onMove} />}
        <Steps path={path} next={here[0]?.move} line={line} onGo={go} />
        {error && (
          <p class="error" role="alert" data-analysis-error>
            {error}
          </p>
        )}
      </div>
      <aside class="side">
        {state && last && (
          <p class="muted" data-to-move>
            {last.toMove >= 0 ? t('analysis.toMove', { name: seatLabel(lang.value, state, last.toMove).name }) : t('analysis.over')}
          </p>
        )}
        {state && src && (
          <Engine
            state={state}
            refused={live}
            request={{ game: state.game, variant: state.variant, players: state.players, options: explored?.options, position: state.position }}
          />
        )}
        <MoveTree root={root} path={path} onGo={go} />
        {src && <Share src={src} path={path} />}
        {match && (status === 'finished' || status === 'aborted') && state && (
          <ReviewPanel match={match} moves={mainMoves} state={state} onGo={(ply) => go(mainMoves.slice(0, ply))} />
        )}
        {match && (
          <p>
            <Link href={`/match/${encodeURIComponent(match)}`}>{t('match.lobby') && '←'} {match}</Link>
          </p>
        )}
      </aside>
    </div>
  );
}

/** explainError is a refused request in words: the code's text and the server's own message (the parser's reason). */
function explainError(e: unknown): string {
  if (e instanceof ApiError) {
    const text = errorText(lang.value, e.wire.code, e.wire.message);
    return text === e.wire.message ? text : `${text} (${e.wire.message})`;
  }
  return describeError(lang.value, e);
}

/** Editor sets up a position from its text; the server's parser checks it. */
function Editor({ src, position, onDone }: { src: Source; position: string; onDone: (p: string | null, variant?: string) => void }) {
  const [text, setText] = useState(position);
  const [err, setErr] = useState('');
  const cells = grid(src.game, text);
  const talat = src.game === 'talat' ? parseTalat(text) : null;
  const [brush, setBrush] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      // A Talat text names its variant (talat or palat): the board follows it.
      const variant = src.game === 'talat' ? (parseTalat(text)?.variant ?? src.variant) : src.variant;
      await explore(api, { game: src.game, variant, players: variant === src.variant ? src.players : undefined, position: text.trim() });
      onDone(text.trim(), variant);
    } catch (x) {
      setErr(explainError(x));
    }
  };
  return (
    <form class="editor" onSubmit={submit} data-editor>
      <p class="muted">{t('analysis.editHelp')}</p>
      {cells && (
        <div class="grid-editor" data-grid-editor>
          <p class="muted">{t('analysis.editGrid')}</p>
          {cells.map((row, r) => (
            <div class="grid-row" key={r}>
              {row.map((c, col) => (
                <button
                  type="button"
                  key={col}
                  class={`grid-cell piece-${c === '.' ? 'none' : c}`}
                  aria-label={`${r + 1}:${col + 1} ${c}`}
                  onClick={() => setText(cycle(src.game, text, r, col))}
                  data-edit-cell={`${r}-${col}`}
                >
                  {c === '.' ? '·' : c}
                </button>
              ))}
            </div>
          ))}
          <button type="button" onClick={() => setText(switchSide(src.game, text))} data-edit-side>
            {t('analysis.switchSide')}
          </button>
        </div>
      )}
      {talat && (
        <div class="talat-editor" data-talat-editor>
          <p class="muted">{t('analysis.editTalat')}</p>
          <label>
            {t('analysis.brush')}{' '}
            <select value={brush} onChange={(e) => setBrush((e.currentTarget as HTMLSelectElement).value)} data-edit-brush>
              <option value="">{t('analysis.removeTower')}</option>
              {talatTowers.map((tw) => (
                <option key={tw} value={tw}>
                  {tw}
                </option>
              ))}
            </select>
          </label>
          <div class="talat-boards">
            {talat.cells.map((board, b) => (
              <div class="grid-editor" key={b}>
                <strong>{talatBoards[b]}</strong>
                {[4, 3, 2, 1, 0].map((r) => (
                  <div class="grid-row" key={r}>
                    {board[r]!.map((c, f) => (
                      <button
                        type="button"
                        key={f}
                        class={`grid-cell talat-cell colour-${c === '.' ? 'none' : c[0]}`}
                        aria-label={`${talatBoards[b]} ${'abcde'[f]}${r + 1} ${c === '.' ? '' : c}`}
                        onClick={() => setText(placeTower(text, b, r, f, brush))}
                        data-edit-talat={`${b}-${r}-${f}`}
                      >
                        {c === '.' ? '·' : c}
                      </button>
                    ))}
                  </div>
                ))}
              </div>
            ))}
          </div>
          <button type="button" onClick={() => setText(nextTurn(text))} data-edit-side>
            {t('analysis.switchSide')}
          </button>
        </div>
      )}
      <textarea rows={3} value={text} onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)} spellcheck={false} data-editor-text />
      {err && (
        <p class="error" role="alert" data-editor-error>
          {err}
        </p>
      )}
      <div class="toolbar">
        <button type="submit" class="primary" data-editor-load>
          {t('analysis.load')}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          {t('analysis.cancel')}
        </button>
      </div>
    </form>
  );
}

function Steps({ path, next, line, onGo }: { path: string[]; next: string | undefined; line: string[]; onGo: (p: string[]) => void }) {
  return (
    <div class="replay-bar toolbar" data-steps>
      <button type="button" disabled={path.length === 0} onClick={() => onGo([])} title={t('analysis.first')}>
        «<span class="sr-only">{t('analysis.first')}</span>
      </button>
      <button type="button" disabled={path.length === 0} onClick={() => onGo(path.slice(0, -1))} title={t('analysis.prev')} data-step-prev>
        ‹<span class="sr-only">{t('analysis.prev')}</span>
      </button>
      <button type="button" disabled={!next} onClick={() => next && onGo([...path, next])} title={t('analysis.next')} data-step-next>
        ›<span class="sr-only">{t('analysis.next')}</span>
      </button>
      <button type="button" disabled={line.length === path.length} onClick={() => onGo(line)} title={t('analysis.last')}>
        »<span class="sr-only">{t('analysis.last')}</span>
      </button>
      <span class="muted">{path.length}</span>
    </div>
  );
}

function MoveTree({ root, path, onGo }: { root: MoveNode[]; path: string[]; onGo: (p: string[]) => void }) {
  const list = rows(root);
  if (list.length === 0) return null;
  const cur = path.join('\u0000');
  const main = mainLine(root);
  return (
    <div class="move-tree" data-move-tree>
      <h2>{t('analysis.moves')}</h2>
      <ol>
        {list.map((r) => (
          <li key={r.path.join('\u0000')} class={`depth-${Math.min(r.depth, 3)}`}>
            <button
              type="button"
              class={`tree-move ${r.path.join('\u0000') === cur ? 'current' : ''} ${r.depth === 0 && r.path.length <= main.length ? 'main' : 'variation'}`}
              aria-current={r.path.join('\u0000') === cur}
              onClick={() => onGo(r.path)}
              data-tree-move={r.move}
            >
              <span class="muted">{r.path.length}.</span> {r.move}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Share({ src, path }: { src: Source; path: string[] }) {
  const [copied, setCopied] = useState(false);
  const url = location.origin + shareLink(src, path);
  return (
    <p class="share">
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {t('analysis.share')}
      </button>{' '}
      <a href={url} class="share-link" data-share-link>
        {url}
      </a>
      {copied && <span class="muted"> {t('analysis.copied')}</span>}
    </p>
  );
}

interface AnalyseRequest {
  game: string;
  variant: string;
  players: number;
  options?: Record<string, string> | undefined;
  position: string;
}

/** Engine streams the server's analysis of the shown position. */
function Engine({ state, request, refused }: { state: MatchState; request: AnalyseRequest; refused: boolean }) {
  const [on, setOn] = useState(true);
  const [msg, setMsg] = useState<LinesMessage | null>(null);
  const [err, setErr] = useState('');
  const ws = useRef<WebSocket | null>(null);
  const seq = useRef(0);
  const pending = useRef<string | null>(null);
  const body = JSON.stringify({ type: 'analyse', ...request, lines: 3 });
  const canAnalyse = on && !refused && state.toMove >= 0;

  useEffect(() => {
    if (!on || refused) return;
    const sock = new WebSocket(analysisURL(location));
    ws.current = sock;
    sock.onopen = () => {
      if (pending.current) sock.send(pending.current);
      pending.current = null;
    };
    sock.onmessage = (ev) => {
      let m: LinesMessage | SocketError;
      try {
        m = JSON.parse(String(ev.data)) as LinesMessage | SocketError;
      } catch {
        return;
      }
      if (m.seq !== undefined && m.seq !== seq.current) return; // an analysis this one replaced
      if (m.type === 'error') setErr(errorText(lang.value, m.error.code, m.error.message));
      else if (m.type === 'lines') {
        setErr('');
        setMsg(m);
      }
    };
    return () => {
      ws.current = null;
      sock.close();
    };
  }, [on, refused]);

  useEffect(() => {
    setMsg(null);
    if (!canAnalyse) return;
    seq.current++;
    const sock = ws.current;
    if (sock && sock.readyState === WebSocket.OPEN) sock.send(body);
    else pending.current = body;
  }, [body, canAnalyse]);

  const name = (n: number) => seatLabel(lang.value, state, n).name;
  const toMove = msg?.toMove ?? state.toMove;
  return (
    <section class="engine" data-engine>
      <label class="engine-toggle">
        <input type="checkbox" checked={on} onChange={() => setOn(!on)} /> {t('analysis.engineOn')}
      </label>
      {refused && <p class="notice">{t('analysis.liveRefused')}</p>}
      {err && (
        <p class="error" role="alert">
          {err}
        </p>
      )}
      {canAnalyse && !msg && !err && <p class="muted">{t('analysis.searching')}</p>}
      {canAnalyse && msg && msg.lines.length > 0 && (
        <>
          <EvalBar line={msg.lines[0]!} toMove={toMove} state={state} />
          <p class="engine-eval" data-eval>
            {evalText(msg.lines[0]!, toMove, state, name)}
          </p>
          <h3 class="sr-only">{t('analysis.lines')}</h3>
          <ol class="engine-lines" data-engine-lines>
            {msg.lines.map((l) => (
              <li key={l.move} data-line={l.move}>
                <span class="line-eval">{lineScore(l, toMove, state)}</span> <span class="pv">{(l.pv ?? [l.move]).join(' ')}</span>
              </li>
            ))}
          </ol>
          <p class="muted engine-stats" data-engine-stats>
            {msg.engine === 'alphabeta'
              ? `${t('analysis.depth', { n: msg.depth })} · ${t('analysis.nodes', { n: msg.nodes.toLocaleString(lang.value) })}`
              : t('analysis.playouts', { n: msg.nodes.toLocaleString(lang.value) })}
            {' · '}
            {t('analysis.speed', { n: msg.nps.toLocaleString(lang.value) })}
          </p>
        </>
      )}
    </section>
  );
}

/** evalText is the evaluation in words: a forced win, Abalone's marbles, or the winning chances. */
function evalText(l: EngineLine, toMove: number, state: MatchState, name: (n: number) => string): string {
  const plies = Math.abs(l.mate ?? 0);
  if ((l.mate ?? 0) > 0) return t('analysis.winIn', { name: name(toMove), n: plies });
  if ((l.mate ?? 0) < 0 && state.players === 2) return t('analysis.winIn', { name: name(1 - toMove), n: plies });
  if (state.game === 'abalone') {
    const m = marbles(l.score);
    if (Math.abs(m) < 0.05) return t('analysis.even');
    return t('analysis.marbles', { name: name(m > 0 ? toMove : 1 - toMove), n: Math.abs(m).toFixed(1) });
  }
  if (state.players === 2) {
    const leader = l.win >= 0.5 ? toMove : 1 - toMove;
    return t('analysis.winProb', { name: name(leader), p: percent(Math.max(l.win, 1 - l.win)) });
  }
  return Array.from({ length: state.players }, (_, i) => `${name(i)} ${percent(seatWin(l, toMove, i, state.players))}`).join(' · ');
}

/** lineScore is a line's short score: the forced win, marbles, or the mover's chances. */
function lineScore(l: EngineLine, toMove: number, state: MatchState): string {
  if (l.mate) return l.mate > 0 ? `+${l.mate}` : `−${-l.mate}`;
  if (state.game === 'abalone') return `${marbles(l.score) >= 0 ? '+' : '−'}${Math.abs(marbles(l.score)).toFixed(1)}`;
  return percent(seatWin(l, toMove, toMove, state.players));
}

/** EvalBar shows every seat's share of the winning chances. */
function EvalBar({ line, toMove, state }: { line: EngineLine; toMove: number; state: MatchState }) {
  const shares = Array.from({ length: state.players }, (_, i) => seatWin(line, toMove, i, state.players));
  return (
    <div class="eval-bar" role="img" aria-label={shares.map((s, i) => `${seatLabel(lang.value, state, i).name} ${percent(s)}`).join(', ')} data-eval-bar={shares[0]?.toFixed(3)}>
      {shares.map((s, i) => (
        <span key={i} class={`eval-seat eval-seat-${i}`} style={{ width: `${(s * 100).toFixed(1)}%` }} />
      ))}
    </div>
  );
}
