import { useState } from 'preact/hooks';
import { lang, t } from '../app-state';
import { seatName } from '../i18n';
import type { MatchState } from '../protocol';
import type { BoardProps } from './board';
import { replay, usePremove } from '../premove';
import { PremoveNote } from '../premove-note';
import './talat.css';
import {
  boardNames,
  cellID,
  cellIndex,
  cellName,
  click,
  hints,
  lastCells,
  noSelection,
  positionOf,
  listed,
  phase,
  size,
  type BoardName,
  type Kind,
  type Position,
  type Selection,
  type Target,
  type Tower,
} from './talat';
import { colours, layout, startColour, towerPoints, type Point } from './talat-layout';

/** SVG user units per cell side. */
const unit = 40;
/** Margins around the boards, in cells: above for the top board's name, below for the viewer's label, little at the sides where the labels fit inside. */
const margin = { x: 0.35, y: 1.1 };
/** Half the width, in SVG units, kept free beside a side board's name: its longest line ("закрито", 15 px semibold) and a little air. */
const nameHalfWidth = 36;

const pts = (p: Point[]) => p.map((q) => `${(q.x * unit).toFixed(1)},${(q.y * unit).toFixed(1)}`).join(' ');

/** colourName names a colour: the seat's name, or the spirit in Palat. */
function colourName(state: MatchState, pos: Position, c: number): string {
  if (pos.variant === 'palat' && c === 2) return t('talat.spirit');
  return seatName(lang.value, state.seats?.find((x) => x.seat === c)?.name ?? ['black', 'white', 'grey'][c], c);
}

/** towerName reads a tower aloud: "white large hexagon". */
function towerName(state: MatchState, pos: Position, tw: Tower): string {
  return `${colourName(state, pos, tw.colour)} ${kindName(tw.kind)}`;
}

function kindName(k: Kind): string {
  return `${t(`talat.${k[0] as 'S' | 'M' | 'L'}`)} ${t(`talat.${k[1] as '3' | '4' | '6'}`)}`;
}

/** TowerIcon draws one tower in a small SVG of its own (reserve tray, captured towers). */
function TowerIcon({ tower, px }: { tower: Tower; px: number }) {
  return (
    <svg class="talat-icon" width={px} height={px} viewBox="-20 -20 40 40" aria-hidden="true">
      <polygon points={pts(towerPoints(tower.kind, { x: 0, y: 0 }, 1))} class={`tw tw-${tower.colour}`} />
    </svg>
  );
}

/** turnText says who acts and how (§2, §3, §7). */
function turnText(state: MatchState, pos: Position): string {
  const ph = phase(pos);
  if (ph === 'over') return t('talat.over');
  const name = colourName(state, pos, pos.toMove);
  if (ph === 'spirit-setup') return t('talat.turn.spirit', { name });
  if (ph === 'setup') return t('talat.turn.place', { name });
  if (pos.variant === 'palat') return t('talat.turn.moveSpirit', { name, board: pos.toMove === 0 ? 'B12' : 'B02' });
  return t('talat.turn.move', { name });
}

/**
 * TalatBoard draws the three 5×5 boards of Talat and Palat in a triangle
 * (rules/talat.md §1), each turned so that its two colours' start lines face
 * their corners, the viewer's corner at the bottom. Towers show their size
 * and shape in their colour; closed boards (§5) are greyed. Clicks become
 * the server's legal moves: during setup a tower from the reserve tray and a
 * marked start cell (either order), in play a tower and then a marked cell.
 */
export function TalatBoard({ state, seat, interactive, onMove, flipped = false, premove = false }: BoardProps) {
  // A half-made move belongs to the version it was made in.
  const [pick, setPick] = useState<{ version: number; sel: Selection }>({ version: state.version, sel: noSelection });
  const sel = pick.version === state.version ? pick.sel : noSelection;
  // The position and moves are the server's board forms (game/ui).
  const pos = positionOf(state);
  const legal = interactive && pos ? listed(state) : [];
  // A premove, in the play phase only (placements need the reserve tray of the turn): a tower, then the cell it goes to.
  const pm = usePremove<string>({
    armed: premove && pos !== null && phase(pos) === 'play',
    interactive,
    version: state.version,
    resolve: (clicks) => replay(clicks, noSelection, (s: Selection, id: string) => click(legal, s, { type: 'cell', id })),
    onMove,
  });
  if (!pos) return <pre class="position">{state.position}</pre>;
  const premoving = premove && !interactive && phase(pos) === 'play';
  const premoveClick = (id: string, tower: boolean) => {
    const q = pm.queued;
    if (q?.done) return pm.set(null);
    if (q) return pm.set(q.clicks[0] === id ? null : { clicks: [q.clicks[0]!, id], done: true });
    pm.set(tower ? { clicks: [id], done: false } : null);
  };
  const queuedCells = new Set(pm.queued?.clicks ?? []);

  const h = hints(legal, sel);
  const bottom = seat >= 0 ? seat : 0;
  const lay = layout(bottom, flipped);
  const last = new Set(lastCells(state.board?.last));
  const closed = new Set(pos.closed);
  const score = pos.scores;
  const final = state.result?.scores;

  const act = (target: Target) => {
    if (premoving && target.type === 'cell') {
      const [b, cell] = target.id.split(':');
      return premoveClick(target.id, (pos.boards[b as BoardName]?.[cellIndex(cell ?? '')] ?? null) !== null);
    }
    if (!interactive) return;
    const r = click(legal, sel, target);
    if (r.kind === 'play') {
      setPick({ version: state.version, sel: noSelection });
      onMove(r.move);
    } else if (r.kind === 'select') {
      setPick({ version: state.version, sel: r.selection });
    }
  };

  const box = lay.box;
  const vx = (box.x - margin.x) * unit;
  const vy = (box.y - margin.y) * unit;
  const vw = (box.w + 2 * margin.x) * unit;
  const vh = (box.h + 2 * margin.y) * unit;

  const boardEls = boardNames.map((b) => <BoardView key={b} {...{ b, pos, state, lay, h, sel, last, act, interactive, queuedCells }} closed={closed.has(b)} />);

  // Each colour's label sits inside its corner, pulled toward the centre.
  const labels = [];
  for (let c = 0; c < 3; c++) {
    const p = lay.corners[c]!;
    const k = 0.72;
    const active = pos.toMove === c || (pos.variant === 'palat' && c === 2 && phase(pos) === 'spirit-setup');
    labels.push(
      <g key={c} class={`corner ${active ? 'active' : ''}`} data-corner={c}>
        <circle cx={p.x * k * unit} cy={p.y * k * unit - 5} r={7} class={`tw tw-${c}`} />
        <text x={p.x * k * unit} y={p.y * k * unit + 16} text-anchor="middle" class="corner-name">
          {colourName(state, pos, c)}
        </text>
      </g>,
    );
  }

  const placing = h.placing;
  const tray = interactive && placing >= 0 ? (pos.reserve[placing] ?? []) : [];

  return (
    <div class="board-wrap talat-wrap" data-premove={pm.queued?.done ? pm.queued.clicks.join(' ') : undefined}>
      <PremoveNote queued={pm.queued} />
      <svg class="board talat" data-flipped={flipped ? 'true' : undefined} viewBox={`${vx.toFixed(1)} ${vy.toFixed(1)} ${vw.toFixed(1)} ${vh.toFixed(1)}`} role="group" aria-label={t('talat.aria')}>
        {boardEls}
        {labels}
      </svg>
      <p class={`talat-turn ${interactive ? 'mine' : ''}`} aria-live="polite" data-phase={phase(pos)}>
        {turnText(state, pos)}
      </p>
      {tray.length > 0 && (
        <div class="talat-tray" role="group" aria-label={t('talat.reserve')}>
          <span class="muted">{t('talat.reserve')}:</span>
          {tray.map((k) => {
            const ok = h.kinds.has(k);
            return (
              <button
                type="button"
                key={k}
                data-kind={k}
                class={`talat-kind ${sel.kind === k ? 'selected' : ''}`}
                disabled={!ok}
                aria-pressed={sel.kind === k}
                aria-label={towerName(state, pos, { colour: placing, kind: k })}
                title={`${k} — ${kindName(k)}`}
                onClick={() => act({ type: 'kind', kind: k })}
              >
                <TowerIcon tower={{ colour: placing, kind: k }} px={30} />
              </button>
            );
          })}
        </div>
      )}
      {interactive && <p class="talat-help muted">{placing >= 0 ? t('talat.help.place') : t('talat.help.move')}</p>}
      <table class="talat-scores">
        <thead>
          <tr>
            <th />
            <th>{t('talat.score')}</th>
            <th>{t('talat.captured')}</th>
          </tr>
        </thead>
        <tbody>
          {pos.taken.map((towers, s) => (
            <tr key={s} data-seat={s} class={pos.toMove === s ? 'active' : ''}>
              <th scope="row">
                <span class={`swatch swatch-${['black', 'white', 'grey'][s]}`} aria-hidden="true" /> {colourName(state, pos, s)}
              </th>
              <td class="score" data-score={final?.[s] ?? score[s]}>
                {final?.[s] ?? score[s]}
              </td>
              <td class="taken" aria-label={towers.length ? towers.map((tw) => towerName(state, pos, tw)).join(', ') : t('talat.none')}>
                {towers.length === 0 ? <span class="muted">—</span> : towers.map((tw, i) => <TowerIcon key={i} tower={tw} px={20} />)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface BoardViewProps {
  b: BoardName;
  pos: Position;
  state: MatchState;
  lay: ReturnType<typeof layout>;
  h: ReturnType<typeof hints>;
  sel: Selection;
  last: Set<string>;
  closed: boolean;
  interactive: boolean;
  act: (t: Target) => void;
  /** The cells of a queued premove (premove.ts). */
  queuedCells: Set<string>;
}

function BoardView({ b, pos, state, lay, h, sel, last, closed, interactive, act, queuedCells }: BoardViewProps) {
  const [ci, cj] = colours(b);
  const cells = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const name = cellName(row, col);
      const id = cellID(b, name);
      const tw = pos.boards[b][row * size + col] ?? null;
      const { poly, centre } = lay.cell(b, row, col);
      const start = startColour(b, name);
      const place = h.places.has(id);
      const movable = h.movable.has(id);
      const step = h.steps.has(id);
      const capture = h.captures.has(id);
      const chosen = sel.from === id || sel.cell === id;
      const clickable = place || movable || step || capture || chosen;
      const classes = ['cell', (row + col) % 2 ? 'alt' : ''];
      if (start >= 0) classes.push(`start start-${start}`);
      if (last.has(id)) classes.push('last');
      if (place) classes.push('target');
      if (step || capture) classes.push('target');
      if (movable) classes.push('movable');
      if (chosen) classes.push('selected');
      if (queuedCells.has(id)) classes.push('premove');
      const label = `${t('talat.cell', { board: b, cell: name })}: ${tw ? towerName(state, pos, tw) : t('talat.none')}`;
      cells.push(
        <g
          key={id}
          class={classes.filter(Boolean).join(' ')}
          data-cell={id}
          data-tower={tw ? `${tw.colour}${tw.kind}` : ''}
          role={clickable ? 'button' : undefined}
          aria-label={label}
          tabindex={interactive && clickable ? 0 : undefined}
          onClick={() => act({ type: 'cell', id })}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              act({ type: 'cell', id });
            }
          }}
        >
          <polygon points={pts(poly)} class="sq" />
          {tw && <polygon points={pts(towerPoints(tw.kind, centre, 1))} class={`tw tw-${tw.colour}`} />}
          {step && <circle cx={centre.x * unit} cy={centre.y * unit} r={unit * 0.13} class="dot" />}
          {capture && <circle cx={centre.x * unit} cy={centre.y * unit} r={unit * 0.45} class="ring" />}
        </g>,
      );
    }
  }
  // The board's name sits outside the triangle, beyond its outer edge. A
  // side board's name is kept clear of the picture's edge, with "closed" on
  // a line of its own under it; the top board's has the room for one line.
  const mid = lay.cell(b, 2, 2).centre;
  const len = Math.hypot(mid.x, mid.y) || 1;
  const out = { x: (mid.x / len) * (len + 3.05), y: (mid.y / len) * (len + 3.05) };
  const side = Math.abs(out.x) > Math.abs(out.y);
  const left = (lay.box.x - margin.x) * unit + nameHalfWidth;
  const right = (lay.box.x + lay.box.w + margin.x) * unit - nameHalfWidth;
  const x = side ? Math.min(right, Math.max(left, out.x * unit)) : out.x * unit;
  const y = out.y * unit + 4;
  return (
    <g class={`tboard ${closed ? 'closed' : ''}`} data-board={b} data-colours={`${ci}${cj}`} role="group" aria-label={`${t('talat.board', { board: b })}${closed ? `, ${t('talat.closed')}` : ''}`}>
      {cells}
      <text x={x} y={y} text-anchor="middle" class="board-name">
        {b}
        {closed && !side && ` · ${t('talat.closed')}`}
        {closed && side && (
          <tspan x={x} dy="1.15em">
            {t('talat.closed')}
          </tspan>
        )}
      </text>
    </g>
  );
}
