// The import page: a game record pasted or opened from a file (the text or
// JSON the match page exports) is replayed by the server (POST /api/replay,
// which stores nothing) and stepped through on the game's own board, with
// the replay bar, the arrow keys and the move list of the match page.
import { useEffect, useState } from 'preact/hooks';
import { api, lang, t } from '../app-state';
import { useBoard } from '../boards/use-board';
import { describeError } from '../errors';
import type { GameInfo, MatchState } from '../protocol';
import { clampPly, keyStep, step, type Positions, type Step } from '../replay';
import { MoveList, ReplayBar } from './match';
import './import.css';

/** importedState is the imported game as it stood after ply, for a read-only board. */
export function importedState(p: Positions, ply: number): MatchState {
  const at = p.positions[clampPly(ply, p.positions.length - 1)]!;
  const s: MatchState = {
    match: 'import',
    game: p.game,
    variant: p.variant,
    players: p.players,
    version: at.ply,
    status: at.ply === p.positions.length - 1 && p.status === 'finished' ? 'finished' : 'live',
    position: at.position,
    toMove: at.toMove,
    legal: [],
    moves: p.positions.slice(1, at.ply + 1).map((x) => x.move ?? ''),
    seats: null,
    offers: { draw: [], takeback: -1, rematch: [] },
  };
  if (at.move) s.lastMove = at.move;
  if (at.board) s.board = at.board;
  return s;
}

export function ImportPage() {
  const [text, setText] = useState('');
  const [game, setGame] = useState('');
  const [games, setGames] = useState<GameInfo[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [replay, setReplay] = useState<Positions | null>(null);
  const [ply, setPly] = useState(0);

  useEffect(() => {
    api.games().then(setGames, () => setGames([]));
  }, []);

  const last = replay ? replay.positions.length - 1 : 0;
  const go = (st: Step) => setPly((p) => step(p, last, st));
  useEffect(() => {
    if (!replay) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const el = document.activeElement;
      if (el && /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName)) return;
      const st = keyStep(e.key);
      if (!st) return;
      e.preventDefault();
      go(st);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [replay, last]);

  const Board = useBoard(replay?.game ?? '');

  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      const p = await api.replay(text, game || undefined);
      setReplay(p);
      setPly(p.positions.length - 1);
    } catch (err) {
      setError(describeError(lang.value, err));
    } finally {
      setBusy(false);
    }
  };
  const open = (e: Event) => {
    const f = (e.currentTarget as HTMLInputElement).files?.[0];
    if (f) void f.text().then(setText);
  };

  if (replay) {
    const shown = importedState(replay, ply);
    return (
      <div class="match import" data-import={replay.game}>
        <div class="play">
          {Board ? <Board state={shown} seat={-1} interactive={false} onMove={() => {}} /> : <p class="notice">{t('match.loading')}</p>}
          {last > 0 && <ReplayBar ply={ply} last={last} live={false} viewing={ply !== last} error={false} onStep={go} />}
        </div>
        <aside class="side">
          <h1>{t('import.title')}</h1>
          <p class="muted" data-import-game>
            {games.find((g) => g.id === replay.game)?.title ?? replay.game}
            {replay.variant ? ` · ${replay.variant}` : ''}
          </p>
          <MoveList state={importedState(replay, last)} current={ply} onSelect={setPly} />
          <button type="button" class="secondary" onClick={() => setReplay(null)}>
            {t('import.another')}
          </button>
        </aside>
      </div>
    );
  }

  return (
    <section class="panel import-form">
      <h1>{t('import.title')}</h1>
      <p class="muted">{t('import.help')}</p>
      <form onSubmit={submit}>
        <label>
          {t('import.record')}
          <textarea name="record" rows={10} value={text} onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)} spellcheck={false} />
        </label>
        <label>
          {t('import.file')} <input type="file" name="file" accept=".txt,.json,text/plain,application/json" onChange={open} />
        </label>
        <label>
          {t('import.game')}{' '}
          <select name="game" value={game} onChange={(e) => setGame((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">{t('import.gameFromRecord')}</option>
            {games.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </select>
        </label>
        <p>
          <button type="submit" class="primary" disabled={busy || text.trim() === ''}>
            {t('import.replay')}
          </button>
        </p>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
