// The puzzles of a game (issue 23): a position where one move wins by
// force; the solver plays it on the board, the forced replies follow, and
// the first try rates solver and puzzle (Glicko-2 on the server). The
// solver's rating, streak and recent puzzles stay in this browser.
import { useEffect, useState } from 'preact/hooks';
import { api, kv, lang, navigate, t } from '../app-state';
import { Link } from '../app';
import { describeError } from '../errors';
import { seatLabel } from '../seat-label';
import type { GameInfo } from '../protocol';
import { moveForm } from '../protocol';
import { GenericBoard } from '../boards/GenericBoard';
import { useBoard } from '../boards/use-board';
import { boardState, seatsOf } from './analysis';
import { attempt, explore, puzzle as getPuzzle, puzzles as listPuzzles, type Explored, type Puzzle, type PuzzleRating } from '../analysis-api';
import { accepted, nextPuzzle, readProgress, saveProgress, type Progress } from '../puzzle-model';

/** replyMs is the pause before a forced reply is played, so the solver sees it happen. */
const replyMs = 400;
import '../analysis.css';

export function PuzzlesPage({ game }: { game: string }) {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    void api.games().then(setGames, () => setGames([]));
  }, []);
  if (!game) {
    return (
      <div>
        <h1>{t('puzzles.title')}</h1>
        <ul class="puzzle-list">
          {games.map((g) => (
            <li key={g.id}>
              <Link href={`/puzzles/${g.id}`} class="button">
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <Solver game={game} info={games.find((g) => g.id === game)} key={game} />;
}

type Phase = 'solving' | 'wrong' | 'solved';

function Solver({ game, info }: { game: string; info: GameInfo | undefined }) {
  const [progress, setProgress] = useState<Progress>(() => readProgress(kv, game));
  const [list, setList] = useState<{ id: string; rating: number }[] | null>(null);
  const [p, setP] = useState<Puzzle | null>(null);
  const [done, setDone] = useState<string[]>([]); // solution moves played
  const [explored, setExplored] = useState<Explored | null>(null);
  const [phase, setPhase] = useState<Phase>('solving');
  const [missed, setMissed] = useState(false); // a wrong move or a hint: not solved at the first try
  const [rated, setRated] = useState(false);
  const [hint, setHint] = useState('');
  const [err, setErr] = useState('');
  const [puzzleRating, setPuzzleRating] = useState<number | null>(null);
  const [kept, setKept] = useState(false); // the server keeps the solver's rating (logged in)

  useEffect(() => {
    listPuzzles(api, game).then(
      (r) => setList(r.puzzles),
      (e: unknown) => setErr(describeError(lang.value, e)),
    );
  }, [game]);

  const load = (id: string) => {
    setErr('');
    getPuzzle(api, id).then(
      (x) => {
        setP(x);
        setDone([]);
        setPhase('solving');
        setMissed(false);
        setRated(false);
        setHint('');
        setPuzzleRating(x.current.rating);
        if (x.solver) {
          // The account's rating, kept by the server, replaces this browser's.
          const solver = x.solver;
          setKept(true);
          setProgress((pr) => {
            const next = { ...pr, rating: solver };
            saveProgress(kv, game, next);
            return next;
          });
        }
      },
      (e: unknown) => setErr(describeError(lang.value, e)),
    );
  };

  useEffect(() => {
    if (!list || p) return;
    const id = new URLSearchParams(location.search).get('id') ?? nextPuzzle(list, progress);
    if (id) load(id);
  }, [list]);

  // The board's position: the puzzle's position and the solution so far.
  useEffect(() => {
    if (!p) return;
    let live = true;
    explore(api, { game: p.game, variant: p.variant, players: p.players, options: p.options, position: p.position, moves: done }).then(
      (e) => live && setExplored(e),
      (e: unknown) => live && setErr(describeError(lang.value, e)),
    );
    return () => {
      live = false;
    };
  }, [p?.id, done.length]);

  const rate = (solved: boolean) => {
    if (!p || rated) return;
    setRated(true);
    const player: PuzzleRating = progress.rating;
    attempt(api, p.id, solved, player).then(
      (r) => {
        const next: Progress = {
          rating: r.player,
          streak: solved ? progress.streak + 1 : 0,
          recent: [p.id, ...progress.recent.filter((x) => x !== p.id)].slice(0, 200),
        };
        setProgress(next);
        saveProgress(kv, game, next);
        setPuzzleRating(r.puzzle.rating);
        setKept(r.kept === true);
      },
      (e: unknown) => setErr(describeError(lang.value, e)),
    );
  };

  // The forced replies play themselves, a moment after the solver's move.
  useEffect(() => {
    if (!p || !explored || phase === 'solved') return;
    const at = explored.positions[explored.positions.length - 1]!;
    if (explored.positions.length !== done.length + 1 || at.toMove < 0 || at.toMove === p.toMove || done.length >= p.solution.length) return;
    const h = window.setTimeout(() => {
      const n = done.length + 1;
      setDone(p.solution.slice(0, n));
      // A Villa Paletti line may end with the reply: every reply loses
      // (the villa falls, or nothing is left to move).
      if (n >= p.solution.length) {
        setPhase('solved');
        if (!missed) rate(true);
      }
    }, replyMs);
    return () => window.clearTimeout(h);
  }, [explored]);

  const onMove = (m: string) => {
    if (!p || phase === 'solved') return;
    if (!accepted(p, done.length, m)) {
      setPhase('wrong');
      if (!missed) {
        setMissed(true);
        rate(false);
      }
      return; // the position stays: the solver tries again
    }
    const n = done.length + 1;
    setDone(p.solution.slice(0, n));
    setPhase(n >= p.solution.length ? 'solved' : 'solving');
    if (n >= p.solution.length && !missed) rate(true);
  };

  const LoadedBoard = useBoard(p?.game ?? '');
  if (err && !p) return <p class="error">{err}</p>;
  if (list && list.length === 0) return <p class="notice">{t('puzzles.none')}</p>;
  if (!p || !explored) return <p class="notice">{t('match.loading')}</p>;

  const seats = seatsOf(info, p.players);
  const state = boardState(explored, seats, [...p.moves, ...done]);
  const Board = LoadedBoard ?? GenericBoard;
  const solverName = seatLabel(lang.value, boardState({ ...explored, positions: [explored.positions[0]!] }, seats, p.moves), p.toMove).name;
  const interactive = phase !== 'solved' && state.toMove === p.toMove && (state.legal?.length ?? 0) > 0;

  const showHint = () => {
    const f = moveForm(p.solution[done.length] ?? '');
    const cell = f.from ?? f.to;
    setHint(cell ? t('puzzles.hintCell', { cell }) : t('puzzles.hintLength', { n: Math.ceil((p.solution.length - done.length) / 2) }));
    if (!missed) {
      setMissed(true);
      rate(false);
    }
  };

  return (
    <div class="puzzles" data-puzzle={p.id}>
      <div class="play">
        <h1 class="analysis-title">
          {t('puzzles.title')} · {info?.title ?? game}
        </h1>
        <Board state={state} seat={p.toMove} interactive={interactive} onMove={onMove} />
      </div>
      <aside class="side">
        <p data-puzzle-task>{t('puzzles.find', { name: solverName })}</p>
        {p.game === 'abalone' && <p class="muted">{t('puzzles.pushOff')}</p>}
        {p.game === 'villapaletti' && <p class="muted">{t('puzzles.villa')}</p>}
        <p class="muted">
          {t('puzzles.winIn', { n: p.mate })} · {t('puzzles.puzzleRating', { r: Math.round(puzzleRating ?? p.rating) })}
        </p>
        <p>
          {t('puzzles.yourRating', { r: Math.round(progress.rating.rating) })} · <span data-streak>{t('puzzles.streak', { n: progress.streak })}</span>
        </p>
        {kept && (
          <p class="muted" data-rating-kept>
            {t('puzzles.kept')}
          </p>
        )}
        {phase === 'wrong' && (
          <p class="puzzle-status bad" role="alert" data-puzzle-status="wrong">
            {t('puzzles.wrong')}
          </p>
        )}
        {phase === 'solving' && done.length > 0 && (
          <p class="puzzle-status good" data-puzzle-status="good">
            {t('puzzles.good')}
          </p>
        )}
        {phase === 'solved' && (
          <p class="puzzle-status good" role="status" data-puzzle-status="solved">
            {missed ? t('puzzles.failed') : t('puzzles.solved')}
          </p>
        )}
        {hint && <p class="muted" data-hint>{hint}</p>}
        {err && <p class="error">{err}</p>}
        <div class="toolbar">
          {phase !== 'solved' && (
            <button type="button" onClick={showHint} data-hint-button>
              {t('puzzles.hint')}
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              setDone([]);
              setPhase('solving');
            }}
          >
            {t('puzzles.retry')}
          </button>
          <button
            type="button"
            class={phase === 'solved' ? 'primary' : ''}
            onClick={() => {
              const id = list ? nextPuzzle(list, { ...progress, recent: [p.id, ...progress.recent] }) : null;
              if (id) {
                navigate(`/puzzles/${game}`);
                load(id);
              }
            }}
            data-next-puzzle
          >
            {t('puzzles.next')}
          </button>
        </div>
      </aside>
    </div>
  );
}
