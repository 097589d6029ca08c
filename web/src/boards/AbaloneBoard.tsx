import './abalone.css';
import { useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../app-state';
import type { Key } from '../i18n';
import type { BoardProps } from './board';
import { replay, usePremove } from '../premove';
import { PremoveNote } from '../premove-note';
import {
  anchor,
  click,
  destinations,
  listed,
  movable,
  moveFor,
  options,
  positionOf,
  slidesOf,
  type Dir,
  type Marble,
  type Position,
} from './abalone';
import { cellPoint, cells, focusStep, height, motion, nearestDir, padOrder, point, screenDir, screenVector, spacing, turned, width } from './abalone-layout';

/** Marble and hole radii, as fractions of the cell spacing. */
const marbleR = spacing * 0.44;
const holeR = spacing * 0.2;

/** The screen arrow of each pad slot (pad slots are directions as Black sees the board). */
const glyph: Record<Dir, string> = { NW: '↖', NE: '↗', E: '→', SE: '↘', SW: '↙', W: '←' };

/**
 * AbaloneBoard draws the 61-cell board (rules/abalone.md) and turns gestures
 * into the server's legal moves: click 1–3 own marbles in a line, then an
 * arrow, a direction button (or number key 1–6), or the cell the move
 * enters; or drag a marble (or the selection) towards a direction. The
 * keyboard moves the focus over the cells with the arrow keys, selects with
 * Space or Enter, plays with 1–6, and clears with Escape. White sees the
 * board turned half a turn, home rows at the bottom. The last move is
 * marked and, when it arrives, animated (pushes and push-offs included).
 */
export function AbaloneBoard({ state, seat, interactive, onMove, flipped: flip = false, premove = false }: BoardProps) {
  // A selection belongs to the version it was made in: a new state ends it.
  const [pick, setPick] = useState<{ version: number; sel: string[] }>({ version: state.version, sel: [] });
  const [focus, setFocus] = useState('e5');
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ cell: string; x: number; y: number; moved: boolean } | null>(null);
  const sel = pick.version === state.version ? pick.sel : [];
  const setSel = (next: string[]) => setPick({ version: state.version, sel: next });

  // The position and the moves are the server's board forms (game/ui).
  const pos = useMemo(() => positionOf(state), [state.board]);
  const last = state.board?.last;
  // Animate a move only when it has just arrived (the record grew by one),
  // not on page load or when a takeback shortens the record.
  const plies = state.moves?.length ?? 0;
  const anim = useRef({ ply: plies, on: false });
  if (anim.current.ply !== plies) anim.current = { ply: plies, on: plies === anim.current.ply + 1 };

  const legal = useMemo(() => (interactive ? listed(state) : []), [interactive, state.legal, state.board]);
  const canMove = useMemo(() => movable(legal), [legal]);
  // A premove: 1–3 own marbles, then the cell the move enters (a drag or an arrow needs the turn).
  const pm = usePremove<string>({
    armed: premove,
    interactive,
    version: state.version,
    resolve: (clicks) => (pos ? replay(clicks, [] as string[], (s: string[], c: string) => click(pos, legal, s, c)) : null),
    onMove,
  });

  if (!pos) return <pre class="position">{state.position}</pre>;

  const premoveClick = (cell: string) => {
    const q = pm.queued;
    if (q?.done) return pm.set(null);
    const have = q?.clicks ?? [];
    // The opponent is to move: the viewer's marbles are the other colour.
    if (pos.board.get(cell) === (pos.toMove === 'b' ? 'w' : 'b')) {
      const next = have.includes(cell) ? have.filter((c) => c !== cell) : have.length < 3 ? [...have, cell] : [cell];
      return pm.set(next.length > 0 ? { clicks: next, done: false } : null);
    }
    pm.set(have.length > 0 ? { clicks: [...have, cell], done: true } : null);
  };
  const queuedCells = new Set(pm.queued?.clicks ?? []);

  const flipped = turned(seat, flip);
  const mine: Marble = pos.toMove;
  const opts = options(legal, sel);
  const dests = destinations(legal, sel);
  const play = (move: string) => {
    setSel([]);
    onMove(move);
  };
  const onCell = (cell: string) => {
    if (premove && !interactive) return premoveClick(cell);
    if (!interactive) return;
    const r = click(pos, legal, sel, cell);
    if (r.kind === 'play') play(r.move);
    else if (r.kind === 'select') setSel(r.selection);
  };
  const onDir = (d: Dir) => {
    const m = opts.get(d);
    if (m !== undefined) play(m);
  };

  const focusCell = (cell: string) => {
    setFocus(cell);
    const el = svgRef.current?.querySelector<SVGGElement>(`[data-cell="${cell}"]`);
    el?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const next = focusStep(focus, e.key, flipped);
    if (next !== null) {
      e.preventDefault();
      focusCell(next);
      return;
    }
    const slot = Number(e.key);
    if (Number.isInteger(slot) && slot >= 1 && slot <= padOrder.length) {
      e.preventDefault();
      onDir(screenDir(padOrder[slot - 1]!, flipped));
    } else if (e.key === 'Escape') {
      setSel([]);
      pm.set(null);
    }
  };

  // Drags: a marble pressed and pulled at least a third of a cell plays the
  // nearest direction, for the selection if it holds the marble, else for
  // the marble alone.
  const svgScale = () => {
    const r = svgRef.current?.getBoundingClientRect();
    return r && r.width > 0 ? width / r.width : 1;
  };
  const onPointerDown = (cell: string, e: PointerEvent) => {
    drag.current = null;
    if (!interactive || pos.board.get(cell) !== mine) return;
    drag.current = { cell, x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerUp = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const k = svgScale();
    const dir = nearestDir((e.clientX - d.x) * k, (e.clientY - d.y) * k, flipped);
    if (dir === null) {
      drag.current = null;
      return;
    }
    // Swallow the click that ends the drag, if the browser sends one (it
    // does when the drag ends on the cell it began on); it comes before
    // any timer.
    d.moved = true;
    setTimeout(() => {
      if (drag.current === d) drag.current = null;
    }, 0);
    const group = sel.includes(d.cell) ? sel : [d.cell];
    const m = moveFor(legal, group, dir);
    if (m !== null) play(m);
  };
  const onClickCell = (cell: string) => {
    if (drag.current?.moved) {
      drag.current = null;
      return;
    }
    drag.current = null;
    onCell(cell);
  };

  const lastSlides = slidesOf(last);
  const lastFrom = new Set(lastSlides.map((s) => s.from));
  const lastTo = new Set(lastSlides.flatMap((s) => (s.to ? [s.to] : [])));
  const mo = lastSlides.length > 0 && anim.current.on ? motion(lastSlides, flipped) : null;

  const cellEls = cells.map((name) => {
    const [x, y] = cellPoint(name, flipped);
    const marble = pos.board.get(name);
    const selected = sel.includes(name);
    const target = dests.get(name);
    const own = interactive && canMove.has(name);
    const classes = ['cell'];
    if (lastFrom.has(name)) classes.push('last-from');
    if (lastTo.has(name)) classes.push('last-to');
    if (selected) classes.push('selected');
    if (target !== undefined) classes.push('target');
    if (own) classes.push('movable');
    if (queuedCells.has(name)) classes.push('premove');
    let label = t(marble ? (`abalone.cell.${marble}` as Key) : 'abalone.cell.empty', { cell: name });
    if (selected) label += `, ${t('abalone.selected')}`;
    if (target !== undefined) label += `, ${t('abalone.target', { move: target })}`;
    const slide = marble ? mo?.arrive.get(name) : undefined;
    return (
      <g
        key={name}
        class={classes.join(' ')}
        data-cell={name}
        data-marble={marble ?? ''}
        role="button"
        aria-label={label}
        aria-pressed={own ? selected : undefined}
        tabindex={(interactive || premove) && (name === focus || own || target !== undefined) ? 0 : -1}
        onClick={() => onClickCell(name)}
        onPointerDown={(e) => onPointerDown(name, e as PointerEvent)}
        onFocus={() => setFocus(name)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onCell(name);
          }
        }}
      >
        <circle cx={x} cy={y} r={spacing * 0.48} class="hit" />
        <circle cx={x} cy={y} r={holeR} class="hole" />
        {marble && (
          <circle
            key={slide ? `m${plies}` : 'm'}
            cx={x}
            cy={y}
            r={marbleR}
            class={`marble marble-${marble}${slide ? ' slide' : ''}`}
            style={slide ? `--dx:${slide[0].toFixed(1)}px;--dy:${slide[1].toFixed(1)}px` : undefined}
          />
        )}
        {target !== undefined && <circle cx={x} cy={y} r={spacing * 0.13} class="dot" />}
      </g>
    );
  });

  // Arrows for the offered directions: from the front marble for in-line
  // moves, from the middle of the group for broadsides.
  const arrows: preact.JSX.Element[] = [];
  if (interactive && sel.length > 0) {
    for (const [d, m] of opts) {
      const [ax, ay] = cellPointAvg(anchor(legal, sel, d), flipped);
      const [vx, vy] = screenVector(d, flipped);
      const cx = ax + vx * spacing * 0.62;
      const cy = ay + vy * spacing * 0.62;
      const angle = (Math.atan2(vy, vx) * 180) / Math.PI;
      const s = spacing * 0.2;
      arrows.push(
        <g
          key={d}
          class="arrow"
          data-dir={d}
          role="button"
          aria-label={t('abalone.move', { dir: t(`abalone.dir.${d}` as Key), move: m })}
          onClick={(e) => {
            e.stopPropagation();
            play(m);
          }}
        >
          <circle cx={cx} cy={cy} r={s * 1.25} class="arrow-bg" />
          <polygon points={`${s},0 ${-s * 0.7},${-s * 0.8} ${-s * 0.7},${s * 0.8}`} transform={`translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${angle.toFixed(0)})`} />
        </g>,
      );
    }
  }

  const top: Marble = flipped ? 'b' : 'w';
  const bottom: Marble = flipped ? 'w' : 'b';
  return (
    <div class="board-wrap abalone-wrap" onKeyDown={onKey} data-premove={pm.queued?.done ? pm.queued.clicks.join(' ') : undefined}>
      <PremoveNote queued={pm.queued} />
      <OffTray colour={top} pos={pos} />
      <svg
        ref={svgRef}
        class="board abalone"
        viewBox={`0 0 ${width.toFixed(1)} ${height.toFixed(1)}`}
        role="group"
        aria-label={t('abalone.board')}
        data-flipped={flipped ? 'true' : 'false'}
        onPointerUp={(e) => onPointerUp(e as PointerEvent)}
      >
        <defs>
          <radialGradient id="abalone-b" cx="35%" cy="30%" r="70%">
            <stop offset="0%" stop-color="#6b6661" />
            <stop offset="100%" stop-color="#141210" />
          </radialGradient>
          <radialGradient id="abalone-w" cx="35%" cy="30%" r="70%">
            <stop offset="0%" stop-color="#ffffff" />
            <stop offset="100%" stop-color="#cfc6b6" />
          </radialGradient>
        </defs>
        <polygon class="frame" points={framePoints(flipped)} />
        <Coordinates flipped={flipped} />
        {cellEls}
        {mo?.off.map((g) => (
          <circle
            key={`off-${g.from}-${plies}`}
            cx={g.at[0]}
            cy={g.at[1]}
            r={marbleR}
            class={`marble marble-${g.marble} pushed-off`}
            style={`--dx:${g.offset[0].toFixed(1)}px;--dy:${g.offset[1].toFixed(1)}px`}
            aria-hidden="true"
          />
        ))}
        {arrows}
      </svg>
      <OffTray colour={bottom} pos={pos} />
      {/* A player keeps the controls through the opponent's turn (disabled), so the page below does not jump each turn. */}
      {(interactive || (seat >= 0 && state.status === 'live')) && (
        <div class={`abalone-controls${interactive ? '' : ' idle'}`}>
          <div class="abalone-pad" role="group" aria-label={t('abalone.directions')}>
            {padOrder.map((slot, i) => {
              const d = screenDir(slot, flipped);
              const m = opts.get(d);
              const name = t(`abalone.dir.${d}` as Key);
              return (
                <button
                  type="button"
                  key={slot}
                  data-dir={d}
                  disabled={m === undefined}
                  aria-label={m === undefined ? t('abalone.noMove', { dir: name }) : t('abalone.move', { dir: name, move: m })}
                  onClick={() => onDir(d)}
                >
                  <span aria-hidden="true">{glyph[slot]}</span>
                  <kbd>{i + 1}</kbd>
                </button>
              );
            })}
          </div>
          <p class="abalone-status muted" aria-live="polite">
            {sel.length > 0 ? t('abalone.selection', { cells: sel.join(' ') }) : t('abalone.selectHint')}
            {sel.length > 0 && (
              <button type="button" class="secondary" onClick={() => setSel([])}>
                {t('abalone.clear')}
              </button>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

/** OffTray shows how many marbles of a colour have been pushed off, as marbles and as a number. */
function OffTray({ colour, pos }: { colour: Marble; pos: Position }) {
  const n = pos.off[colour];
  const label = t('abalone.off', { colour: t(`abalone.colour.${colour}`), n });
  return (
    <div class="abalone-off" data-off={colour} aria-label={label} title={label}>
      <span class="muted" data-off-label>{t(`abalone.offBy`, { colour: t(`abalone.colour.${colour}`) })}</span>
      <span class="tray" aria-hidden="true">
        {Array.from({ length: n }, (_, i) => (
          <span key={i} class={`mini mini-${colour}`} />
        ))}
      </span>
      <span class="count">{n}</span>
    </div>
  );
}

/** Coordinates: row letters to the left of each row, diagonal numbers below the lowest cell of each. */
function Coordinates({ flipped }: { flipped: boolean }) {
  const out: preact.JSX.Element[] = [];
  for (let r = 0; r < 9; r++) {
    const first = Math.max(1, r - 3);
    const [x, y] = towards(point(r, first, flipped), point(r, first - 1, flipped));
    out.push(
      <text key={`r${r}`} x={x} y={y} class="coord" text-anchor="middle" dominant-baseline="central">
        {String.fromCharCode(65 + r)}
      </text>,
    );
  }
  for (let n = 1; n <= 9; n++) {
    const low = Math.max(0, n - 5);
    const [x, y] = towards(point(low, n, flipped), point(low - 1, n, flipped));
    out.push(
      <text key={`n${n}`} x={x} y={y} class="coord" text-anchor="middle" dominant-baseline="central">
        {n}
      </text>,
    );
  }
  return <g aria-hidden="true">{out}</g>;
}

/** Coordinates sit this far from their edge cell towards the next (off-board) one: outside the frame, inside the margin. */
const labelStep = 0.98;

function towards(a: [number, number], b: [number, number]): [number, number] {
  return [a[0] + (b[0] - a[0]) * labelStep, a[1] + (b[1] - a[1]) * labelStep];
}

/** framePoints is the board's hexagon, half a cell outside the corner cells. */
function framePoints(flipped: boolean): string {
  const [cx, cy] = cellPoint('e5', flipped);
  return ['a1', 'a5', 'e9', 'i9', 'i5', 'e1']
    .map((c) => {
      const [x, y] = cellPoint(c, flipped);
      const k = 1 + (spacing * 0.62) / Math.hypot(x - cx, y - cy);
      return `${(cx + (x - cx) * k).toFixed(1)},${(cy + (y - cy) * k).toFixed(1)}`;
    })
    .join(' ');
}

/** cellPointAvg is the centre of some cells on the screen. */
function cellPointAvg(cs: readonly string[], flipped: boolean): [number, number] {
  let x = 0;
  let y = 0;
  for (const c of cs) {
    const [cx, cy] = cellPoint(c, flipped);
    x += cx;
    y += cy;
  }
  return [x / cs.length, y / cs.length];
}
