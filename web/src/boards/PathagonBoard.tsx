import { useState } from 'preact/hooks';
import { t } from '../app-state';
import type { BoardProps } from './board';
import { replay, usePremove } from '../premove';
import { PremoveNote } from '../premove-note';
import { cellIndex, cellName, click, hints, listed, noSelection, positionOf, size, type Listed, type Selection } from './pathagon';

/** Geometry of the SVG, in user units. */
const cell = 60;
const pad = 18; // the goal-edge bands around the board
const full = size * cell + 2 * pad;

/** arrowSteps are the row and column steps of the arrow keys on an unflipped board (row 0 at the top). */
const arrowSteps: Record<string, readonly [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * PathagonBoard draws the 7×7 board (rules/pathagon.md) from the server's
 * board forms and turns clicks into the server's legal moves: a click on a listed empty cell places; in the
 * relocation phase a click on a movable piece picks it up and a click on a
 * listed cell puts it there.
 */
export function PathagonBoard({ state, seat, interactive, onMove, flipped = false, premove = false }: BoardProps) {
  // A half-made move (a piece picked up, a capture choice open) belongs to
  // the version it was made in: a new state ends it.
  const [pick, setPick] = useState<{ version: number; sel: Selection; choice: Listed[] | null }>({
    version: state.version,
    sel: noSelection,
    choice: null,
  });
  const current = pick.version === state.version;
  const sel = current ? pick.sel : noSelection;
  const choice = current ? pick.choice : null;
  const setSel = (next: Selection) => setPick({ version: state.version, sel: next, choice: null });
  const setChoice = (moves: Listed[] | null) => setPick({ version: state.version, sel, choice: moves });
  const pos = positionOf(state);
  const legal = interactive ? listed(state) : [];
  // A premove is a placement (one empty cell) or a relocation (own piece, then an empty cell).
  const pm = usePremove<string>({
    armed: premove,
    interactive,
    version: state.version,
    resolve: (clicks) =>
      replay(clicks, noSelection, (s: Selection, c: string) => {
        const r = click(legal, s, c);
        return r.kind === 'play' ? { kind: 'play', move: r.move.text } : r.kind === 'select' ? r : { kind: 'none' };
      }),
    onMove,
  });

  if (!pos) return <pre class="position">{state.position}</pre>;

  const premoveClick = (name: string) => {
    const q = pm.queued;
    if (q?.done) return pm.set(null);
    const piece = pos.cells[cellIndex(name)];
    const own = piece === (seat === 0 ? 'L' : 'D');
    if (own) return pm.set(q?.clicks[0] === name ? null : { clicks: [name], done: false });
    if (piece) return pm.set(null);
    pm.set({ clicks: [...(q?.clicks ?? []), name], done: true });
  };
  const queuedCells = new Set(pm.queued?.clicks ?? []);

  const h = hints(legal, sel);
  const last = state.board?.last ?? null;
  const forbidden = pos.forbidden;

  // Placements may go on every empty cell that is not forbidden, so dots
  // there would only add noise: the board shows them for relocations only.
  const onCell = (name: string) => {
    if (premove && !interactive) return premoveClick(name);
    if (!interactive) return;
    const r = click(legal, sel, name);
    switch (r.kind) {
      case 'play':
        setSel(noSelection);
        onMove(r.move.text);
        break;
      case 'choose':
        setChoice(r.moves);
        break;
      case 'select':
        setSel(r.selection);
        break;
      case 'none':
        break;
    }
  };

  const cells = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const name = cellName(row, col);
      const piece = pos.cells[row * size + col];
      // Flipped, the board turns by 180°: a7 goes to the bottom right.
      const vr = flipped ? size - 1 - row : row;
      const vc = flipped ? size - 1 - col : col;
      const x = pad + vc * cell;
      const y = pad + vr * cell;
      const cx = x + cell / 2;
      const cy = y + cell / 2;
      const isLast = last !== null && (last.to === name || last.from === name);
      const captured = last?.captures?.includes(name) ?? false;
      const target = h.targets.has(name);
      const movable = h.movable.has(name);
      const selected = sel.from === name;
      const classes = ['cell'];
      if ((row + col) % 2 === 1) classes.push('alt');
      if (isLast) classes.push('last');
      if (target) classes.push('target');
      if (movable) classes.push('movable');
      if (selected) classes.push('selected');
      if (forbidden.has(name)) classes.push('forbidden');
      if (queuedCells.has(name)) classes.push('premove');
      cells.push(
        <g
          key={name}
          class={classes.join(' ')}
          data-cell={name}
          data-piece={piece ?? ''}
          role={target || movable ? 'button' : undefined}
          aria-label={name}
          tabindex={(interactive && (target || movable)) || (premove && !interactive) ? 0 : undefined}
          onClick={() => onCell(name)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onCell(name);
              return;
            }
            const d = arrowSteps[e.key];
            if (!d) return;
            // Arrows move the focus to the next playable cell that way, as
            // the cells lie on screen (a flipped board turns them round).
            e.preventDefault();
            const [dr, dc] = flipped ? [-d[0], -d[1]] : d;
            const svg = (e.currentTarget as SVGGElement).ownerSVGElement;
            for (let r = row + dr, c = col + dc; r >= 0 && r < size && c >= 0 && c < size; r += dr, c += dc) {
              const next = svg?.querySelector<SVGGElement>(`[data-cell="${cellName(r, c)}"][tabindex]`);
              if (next) {
                next.focus();
                return;
              }
            }
          }}
        >
          <rect x={x} y={y} width={cell} height={cell} class="sq" />
          {forbidden.has(name) && (
            <g class="forbid-mark">
              <title>{t('match.forbidden')}</title>
              <line x1={x + 14} y1={y + 14} x2={x + cell - 14} y2={y + cell - 14} />
              <line x1={x + cell - 14} y1={y + 14} x2={x + 14} y2={y + cell - 14} />
            </g>
          )}
          {captured && !piece && <circle cx={cx} cy={cy} r={cell * 0.36} class="captured" />}
          {piece && <circle cx={cx} cy={cy} r={cell * 0.38} class={`piece piece-${piece}`} />}
          {piece && pos.locked.has(name) && <circle cx={cx} cy={cy} r={cell * 0.12} class="lock" />}
          {target && !piece && sel.from !== null && <circle cx={cx} cy={cy} r={cell * 0.13} class="dot" />}
          {vc === 0 && (
            <text x={x + 4} y={y + 13} class="coord">
              {name.slice(1)}
            </text>
          )}
          {vr === size - 1 && (
            <text x={x + cell - 4} y={y + cell - 4} class="coord" text-anchor="end">
              {name[0]}
            </text>
          )}
        </g>,
      );
    }
  }

  const inner = size * cell;
  return (
    <div class="board-wrap" data-premove={pm.queued?.done ? pm.queued.clicks.join(' ') : undefined}>
      <PremoveNote queued={pm.queued} />
      <svg class={`board pathagon${flipped ? ' flipped' : ''}`} data-flipped={flipped ? 'true' : undefined} viewBox={`0 0 ${full} ${full}`} role="grid" aria-label="Pathagon">
        {/* Goal edges (ruling P1): Light joins top and bottom, Dark joins left and right. */}
        <rect x={pad} y={0} width={inner} height={pad} class="edge edge-L" />
        <rect x={pad} y={pad + inner} width={inner} height={pad} class="edge edge-L" />
        <rect x={0} y={pad} width={pad} height={inner} class="edge edge-D" />
        <rect x={pad + inner} y={pad} width={pad} height={inner} class="edge edge-D" />
        {cells}
      </svg>
      <ul class="pathagon-key" data-key>
        <li>
          <svg viewBox="0 0 24 12" aria-hidden="true">
            <rect x={1} y={1} width={22} height={10} class="edge edge-L" />
          </svg>
          {t('pathagon.key.light')}
        </li>
        <li>
          <svg viewBox="0 0 24 12" aria-hidden="true">
            <rect x={1} y={1} width={22} height={10} class="edge edge-D" />
          </svg>
          {t('pathagon.key.dark')}
        </li>
        <li>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <circle cx={12} cy={12} r={10} class="piece piece-D" />
            <circle cx={12} cy={12} r={4} class="lock" />
          </svg>
          {t('pathagon.key.lock')}
        </li>
      </ul>
      {choice && (
        <div class="choice" role="dialog" aria-label={t('match.chooseCaptures')}>
          <p>{t('match.chooseCaptures')}</p>
          {choice.map((m) => (
            <button
              type="button"
              key={m.text}
              onClick={() => {
                setSel(noSelection);
                onMove(m.text);
              }}
            >
              {m.text}
            </button>
          ))}
          <button type="button" class="secondary" onClick={() => setChoice(null)}>
            {t('match.cancel')}
          </button>
        </div>
      )}
    </div>
  );
}
