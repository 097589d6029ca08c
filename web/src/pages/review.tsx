// The game review of an ended match (issue 23): one click asks the server
// to search every position; the panel shows each player's accuracy, the
// winning chances across the game and every marked move with the better
// move and the swing. The server computes a review once and keeps it.
import { useEffect, useState } from 'preact/hooks';
import { api, lang, t } from '../app-state';
import { describeError } from '../errors';
import { seatLabel } from '../seat-label';
import type { MatchState } from '../protocol';
import { percent } from '../analysis-model';
import { reviewState, startReview, type Review, type ReviewState } from '../analysis-api';

/** pollMs is how often a running review's progress is asked for. */
const pollMs = 1000;

export function ReviewPanel({ match, moves, state, onGo }: { match: string; moves: string[]; state: MatchState; onGo: (ply: number) => void }) {
  const [rs, setRs] = useState<ReviewState>({ status: 'none' });
  const [err, setErr] = useState('');

  // A review computed before (by anyone) shows at once.
  useEffect(() => {
    let live = true;
    reviewState(api, match).then(
      (r) => live && setRs(r),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [match]);

  useEffect(() => {
    if (rs.status !== 'running') return;
    const h = window.setTimeout(() => {
      reviewState(api, match).then(setRs, (e: unknown) => setErr(describeError(lang.value, e)));
    }, pollMs);
    return () => window.clearTimeout(h);
  }, [rs]);

  const start = () => {
    setErr('');
    startReview(api, match).then(setRs, (e: unknown) => setErr(describeError(lang.value, e)));
  };
  const name = (n: number) => seatLabel(lang.value, state, n).name;

  return (
    <section class="review" data-review={rs.status}>
      <h2>{t('review.title')}</h2>
      {rs.status === 'none' && moves.length > 0 && (
        <button type="button" class="primary" onClick={start} data-review-start>
          {t('review.start')}
        </button>
      )}
      {rs.status === 'running' && (
        <p class="muted" role="status">
          {t('review.running', { done: rs.done ?? 0, total: rs.total ?? moves.length + 1 })}
        </p>
      )}
      {err && (
        <p class="error" role="alert">
          {err}
        </p>
      )}
      {rs.status === 'done' && rs.review && <ReviewResult review={rs.review} name={name} onGo={onGo} />}
    </section>
  );
}

function ReviewResult({ review, name, onGo }: { review: Review; name: (n: number) => string; onGo: (ply: number) => void }) {
  const marked = review.moves.filter((m) => m.class);
  const end = review.expected[review.expected.length - 1] ?? [];
  return (
    <>
      <dl class="review-accuracy" data-accuracy>
        {review.accuracy.map((a, i) => (
          <div key={i}>
            <dt>{name(i)}</dt>
            <dd>
              {t('review.accuracy')}: {a < 0 ? '—' : `${a.toFixed(1)}%`}
              {review.players > 2 && (
                <>
                  {' · '}
                  {t('review.expected')}: {percent(end[i] ?? 0)}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Graph review={review} name={name} onGo={onGo} />
      {marked.length === 0 ? (
        <p class="muted">{t('review.clean')}</p>
      ) : (
        <ol class="review-moves">
          {marked.map((m) => (
            <li key={m.ply} class={`review-${m.class}`} data-review-move={m.move} data-class={m.class} data-best={m.best ?? ''} data-ply={m.ply}>
              <button type="button" class="link" onClick={() => onGo(m.ply - 1)}>
                {m.ply}. {name(m.seat)} {m.move}
              </button>{' '}
              <strong>{t(`review.${m.class!}`)}</strong> — {t('review.swing', { p: percent(m.loss) })}
              {m.best && <>, {t('review.better', { move: m.best })}</>}
            </li>
          ))}
        </ol>
      )}
      {review.truncated && <p class="muted">{t('review.truncated')}</p>}
      <details>
        <summary>{t('review.accuracy')}</summary>
        <p class="muted">{t('review.definition')}</p>
      </details>
    </>
  );
}

/** Graph draws each seat's expected result after every ply (seat 0 alone in a two-player game). */
function Graph({ review, name, onGo }: { review: Review; name: (n: number) => string; onGo: (ply: number) => void }) {
  const w = 300;
  const h = 80;
  const n = review.expected.length;
  if (n < 2) return null;
  const seats = review.players === 2 ? [0] : Array.from({ length: review.players }, (_, i) => i);
  const x = (i: number) => (i / (n - 1)) * w;
  const y = (v: number) => h - v * h;
  return (
    <svg class="review-graph" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t('review.graph', { name: name(0) })} data-review-graph>
      <line x1={0} x2={w} y1={h / 2} y2={h / 2} class="mid" />
      {seats.map((s) => (
        <polyline key={s} class={`eval-line eval-line-${s}`} points={review.expected.map((e, i) => `${x(i).toFixed(1)},${y(e[s] ?? 0).toFixed(1)}`).join(' ')} />
      ))}
      {review.moves
        .filter((m) => m.class === 'blunder' || m.class === 'mistake')
        .map((m) => (
          <circle key={m.ply} cx={x(m.ply)} cy={y(review.expected[m.ply]?.[seats[0]!] ?? 0)} r={3} class={`dot-${m.class}`} onClick={() => onGo(m.ply - 1)} />
        ))}
    </svg>
  );
}
