// The hex-tile renderer the three Palago-family boards share: one tile as
// SVG (rules/palago.md §A.1, §A.4), a pannable, zoomable plane, orientation
// previews at the cells the legal moves name, and a picker of orientations.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../app-state';
import './palago.css';
import { bounds, cellKey, center, hexPath, tilePaths, type Box, type Tile } from './palago-geom';
import type { Choices } from './palago-forms';

/** Side of a tile in the plane's user units. */
export const side = 30;

/** Zoom limits: a whole 96-tile palago still fits at the smallest, one tile fills the view at the largest. */
const minW = side * 4;
const maxW = side * 80;
/** A pointer that moves farther than this (px) pans instead of clicking. */
const dragSlop = 6;

/** tileLabel names a tile for screen readers. */
export function tileLabel(tl: Tile): string {
  return t('palago.tile', { cell: cellKey(tl.q, tl.r), o: tl.o });
}

/**
 * TileShape draws one tile centred on its cell: colour A (the first
 * player's) on the even corners, colour B on the odd ones, the straight and
 * the two arcs on top. marked holds "q,r,region" keys of pieces to outline
 * (closed creatures).
 */
export function TileShape({
  tile,
  s = side,
  marked,
  hilite,
  cls = '',
  at,
}: {
  tile: Tile;
  s?: number;
  marked?: ReadonlySet<string>;
  /** Pieces to light up (the creature the score sheet points at). */
  hilite?: ReadonlySet<string>;
  cls?: string;
  at?: { x: number; y: number };
}) {
  const p = tilePaths(tile.o, s);
  const c = at ?? center(tile.q, tile.r);
  const k = `${tile.q},${tile.r},`;
  const m = (region: string) => (marked?.has(k + region) ? ' creature' : '') + (hilite?.has(k + region) ? ' hilite' : '');
  return (
    <g class={`ptile ${cls}`} transform={`translate(${c.x * (at ? 1 : s)} ${c.y * (at ? 1 : s)})`}>
      <path d={p.aArch} class={`pa${m('aArch')}`} />
      <path d={p.bArch} class={`pb${m('bArch')}`} />
      <path d={p.aTip} class={`pa${m('aTip')}`} />
      <path d={p.bTip} class={`pb${m('bTip')}`} />
      <path d={p.lines} class="pline" />
      <path d={p.hex} class="pedge" />
    </g>
  );
}

/** MiniTile is a tile drawn in its own small SVG (picker buttons, cards). */
export function MiniTile({ o, size = 36 }: { o: number; size?: number }) {
  const s = size / 2.1;
  return (
    <svg class="mini-tile" width={size} height={size} viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`} aria-hidden="true">
      <TileShape tile={{ q: 0, r: 0, o }} s={s} at={{ x: 0, y: 0 }} />
    </svg>
  );
}

/** Layout draws a whole tile set in a small SVG, fitted (the Palaboratory cards). */
export function Layout({ tiles, width = 90, label, marked }: { tiles: readonly Tile[]; width?: number; label: string; marked?: ReadonlySet<string> }) {
  const b = bounds(tiles, 0.2);
  return (
    <svg class="layout" width={width} height={(width * b.h) / b.w} viewBox={`${b.x * side} ${b.y * side} ${b.w * side} ${b.h * side}`} role="img" aria-label={label}>
      {tiles.map((tl) => (
        <TileShape key={cellKey(tl.q, tl.r)} tile={tl} marked={marked} />
      ))}
    </svg>
  );
}

/**
 * Targets marks the cells where a tile may go: a dashed cell and, inside
 * it, a small preview of each orientation the legal moves allow there, each
 * a click (or Enter) that picks that cell and orientation at once. A click
 * on the cell itself opens the picker (onCell). On a phone (palago.css) only
 * the selected cell shows its previews; the others show a plain mark.
 */
export function Targets({ choices, onPick, onCell, selected }: { choices: Choices; onPick: (tl: Tile) => void; onCell: (cell: string) => void; selected: string | null }) {
  const out = [];
  for (const [key, os] of choices) {
    const m = /^\((-?\d+),(-?\d+)\)$/.exec(key);
    if (!m) continue;
    const q = Number(m[1]);
    const r = Number(m[2]);
    const c = center(q, r);
    const cx = c.x * side;
    const cy = c.y * side;
    out.push(
      <g
        key={key}
        class={`target ${selected === key ? 'selected' : ''}`}
        data-cell={key}
        role="button"
        tabindex={0}
        aria-label={t('palago.cell', { cell: key })}
        onClick={() => onCell(key)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onCell(key);
          }
        }}
      >
        <path d={hexPath(side * 0.96)} transform={`translate(${cx} ${cy})`} class="tcell" />
        <circle cx={cx} cy={cy} r={side * 0.18} class="tmark" />
        {os.map((o, i) => {
          // Up to three previews on a small triangle inside the cell.
          const a = ((-90 + (360 / Math.max(os.length, 1)) * i) * Math.PI) / 180;
          const rad = os.length === 1 ? 0 : side * 0.42;
          const px = cx + rad * Math.cos(a);
          const py = cy + rad * Math.sin(a);
          return (
            <g
              key={o}
              class="preview"
              data-pick={`${key}:${o}`}
              onClick={(e) => {
                e.stopPropagation();
                onPick({ q, r, o });
              }}
            >
              <title>{t('palago.place', { cell: key, o })}</title>
              <TileShape tile={{ q, r, o }} s={side * (os.length === 1 ? 0.6 : 0.4)} at={{ x: px, y: py }} />
            </g>
          );
        })}
      </g>,
    );
  }
  return <g class="targets">{out}</g>;
}

/** Picker offers orientations (and any other actions) for one cell as real buttons. */
export function Picker({ label, options, onPick, onCancel, children }: { label: string; options: { o: number; text: string }[]; onPick: (o: number) => void; onCancel: () => void; children?: ComponentChildren }) {
  return (
    <div class="picker" role="group" aria-label={label}>
      <span class="picker-label">{label}</span>
      {options.map(({ o, text }) => (
        <button type="button" key={o} data-orient={o} aria-label={text} title={text} onClick={() => onPick(o)}>
          <MiniTile o={o} />
        </button>
      ))}
      {children}
      <button type="button" class="secondary" onClick={onCancel}>
        {t('palago.cancel')}
      </button>
    </div>
  );
}

interface View {
  x: number;
  y: number;
  w: number;
}

/** Height / width of the plane's view. */
const aspect = 0.8;

function fitView(b: Box): View {
  const w = Math.min(maxW, Math.max(minW, b.w * side, (b.h * side) / aspect));
  return { x: (b.x + b.w / 2) * side - w / 2, y: (b.y + b.h / 2) * side - (w * aspect) / 2, w };
}

/** turnBox is a box turned half a turn about the origin. */
export function turnBox(b: Box): Box {
  return { x: -(b.x + b.w), y: -(b.y + b.h), w: b.w, h: b.h };
}

/**
 * Plane is the unbounded table: an SVG whose view can be dragged (one
 * pointer), zoomed (wheel, two-finger pinch, the + and − buttons) and fitted
 * to the tiles again. It fits itself while the player has not moved the
 * view; fitCells are the cells the fitted view must show. flipped draws the
 * table turned half a turn (the viewer's flip, BoardProps.flipped).
 */
export function Plane({
  fitCells,
  label,
  children,
  class: cls = '',
  flipped = false,
}: {
  fitCells: readonly { q: number; r: number }[];
  label: string;
  children: ComponentChildren;
  class?: string;
  flipped?: boolean;
}) {
  const b = flipped ? turnBox(bounds(fitCells, 0.6)) : bounds(fitCells, 0.6);
  const fitKey = `${b.x.toFixed(2)},${b.y.toFixed(2)},${b.w.toFixed(2)},${b.h.toFixed(2)}`;
  const [view, setView] = useState<View>(() => fitView(b));
  const [manual, setManual] = useState(false);
  useEffect(() => {
    if (!manual) setView(fitView(b));
  }, [fitKey, manual]);
  // A flip turns the whole table: fit it again.
  const wasFlipped = useRef(flipped);
  useEffect(() => {
    if (wasFlipped.current === flipped) return;
    wasFlipped.current = flipped;
    setManual(false);
    setView(fitView(b));
  }, [flipped]);
  const svg = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const moved = useRef(0);

  const scale = () => {
    const el = svg.current;
    const wpx = el?.clientWidth || 1;
    return view.w / wpx;
  };
  const zoom = (f: number, fx = 0.5, fy = 0.5) => {
    setManual(true);
    setView((v) => {
      const w = Math.min(maxW, Math.max(minW, v.w * f));
      const h = v.w * aspect;
      return { x: v.x + fx * (v.w - w), y: v.y + fy * (h - w * aspect), w };
    });
  };
  const pinch = () => {
    const ps = [...pointers.current.values()];
    return ps.length === 2 ? Math.hypot(ps[0]!.x - ps[1]!.x, ps[0]!.y - ps[1]!.y) : 0;
  };

  return (
    <div class={`plane-wrap ${cls}`}>
      <svg
        ref={svg}
        class="board plane"
        data-flipped={flipped ? 'true' : undefined}
        viewBox={`${view.x} ${view.y} ${view.w} ${view.w * aspect}`}
        role="group"
        aria-label={`${label}. ${t('palago.plane')}`}
        onPointerDown={(e) => {
          pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          moved.current = 0;
        }}
        onPointerMove={(e) => {
          const prev = pointers.current.get(e.pointerId);
          if (!prev) return;
          const before = pinch();
          pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          const dx = e.clientX - prev.x;
          const dy = e.clientY - prev.y;
          moved.current += Math.abs(dx) + Math.abs(dy);
          if (moved.current < dragSlop) return;
          if (moved.current >= dragSlop && !(e.currentTarget as Element).hasPointerCapture(e.pointerId)) {
            (e.currentTarget as Element).setPointerCapture(e.pointerId);
          }
          if (pointers.current.size === 2) {
            const after = pinch();
            if (before > 0 && after > 0) zoom(before / after);
            return;
          }
          const k = scale();
          setManual(true);
          setView((v) => ({ ...v, x: v.x - dx * k, y: v.y - dy * k }));
        }}
        onPointerUp={(e) => pointers.current.delete(e.pointerId)}
        onPointerCancel={(e) => pointers.current.delete(e.pointerId)}
        onClickCapture={(e) => {
          // The end of a drag is no click on a tile.
          if (moved.current >= dragSlop) {
            e.stopPropagation();
            moved.current = 0;
          }
        }}
        onWheel={(e) => {
          e.preventDefault();
          const el = svg.current;
          const r = el?.getBoundingClientRect();
          const fx = r ? (e.clientX - r.left) / r.width : 0.5;
          const fy = r ? (e.clientY - r.top) / r.height : 0.5;
          zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, fx, fy);
        }}
      >
        <g transform={flipped ? 'rotate(180)' : undefined}>{children}</g>
      </svg>
      <div class="plane-tools">
        <button type="button" aria-label={t('palago.zoomIn')} title={t('palago.zoomIn')} data-zoom="in" onClick={() => zoom(1 / 1.25)}>
          +
        </button>
        <button type="button" aria-label={t('palago.zoomOut')} title={t('palago.zoomOut')} data-zoom="out" onClick={() => zoom(1.25)}>
          −
        </button>
        <button
          type="button"
          data-zoom="fit"
          onClick={() => {
            setManual(false);
            setView(fitView(b));
          }}
        >
          {t('palago.fit')}
        </button>
      </div>
    </div>
  );
}

/** Tiles draws placed tiles, each focusable when onTile is given (a tile a move may act on). */
export function Tiles({
  tiles,
  marked,
  hilite,
  classOf,
  onTile,
}: {
  tiles: readonly Tile[];
  marked?: ReadonlySet<string>;
  hilite?: ReadonlySet<string>;
  classOf?: (tl: Tile) => string;
  onTile?: (tl: Tile) => void;
}) {
  return (
    <g class="tiles">
      {tiles.map((tl) => {
        const key = cellKey(tl.q, tl.r);
        const cls = classOf?.(tl) ?? '';
        const active = onTile !== undefined && cls.includes('actionable');
        return (
          <g
            key={key}
            data-tile={`${key}:${tl.o}`}
            class={`placed ${cls}`}
            role={active ? 'button' : 'img'}
            tabindex={active ? 0 : undefined}
            aria-label={tileLabel(tl)}
            onClick={active ? () => onTile(tl) : undefined}
            onKeyDown={
              active
                ? (e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onTile(tl);
                    }
                  }
                : undefined
            }
          >
            <TileShape tile={tl} marked={marked} hilite={hilite} />
          </g>
        );
      })}
    </g>
  );
}
