import { useRef } from 'preact/hooks';
import type { ColumnScene } from './villa';
import { radius, siteRadius, foundationRadius, worldPolygon, type Point } from './villa-shapes';
import { paint, type ViewProps } from './villa-view';

/** Half the width of the drawing in mm: the foundation (115) and a margin. */
const half = 122;

const pts = (ps: Point[]) => ps.map((p) => `${p.x},${-p.y}`).join(' ');

function hexagon(c: Point, r: number): Point[] {
  // Two corners on the world x-axis (spec §2).
  return [0, 1, 2, 3, 4, 5].map((i) => ({ x: c.x + r * Math.cos((i * Math.PI) / 3), y: c.y + r * Math.sin((i * Math.PI) / 3) }));
}

/**
 * VillaTopView draws the villa seen from above as SVG (the fallback when
 * WebGL is missing, and a view of its own): the foundation and building
 * site, each floor at its pose (lower ones showing through), the columns
 * by height, the listed targets of the picked column and a proposed floor
 * as a ghost. World y points up, so the drawing flips it.
 */
export function VillaTopView(p: ViewProps) {
  const svg = useRef<SVGSVGElement>(null);
  const body = useRef<SVGGElement>(null);
  const s = p.scene;
  const top = s.floors.length;

  // The world point under a mouse event, or null where the DOM cannot say.
  const at = (e: MouseEvent): Point | null => {
    const el = svg.current;
    // The turned group's matrix, so that a flipped view still reports world points.
    const m = (body.current ?? el)?.getScreenCTM?.();
    if (!el || !m || !el.createSVGPoint) return null;
    const q = el.createSVGPoint();
    q.x = e.clientX;
    q.y = e.clientY;
    if (typeof q.matrixTransform !== 'function') return null;
    const w = q.matrixTransform(m.inverse());
    return { x: w.x, y: -w.y };
  };

  const column = (c: ColumnScene) => {
    const r = radius[c.kind];
    const canPick = p.pickable.has(c.id) || p.removable.has(c.id);
    const cls = ['villa-col', `col-${c.colour}`];
    if (canPick) cls.push('pickable');
    if (p.picked === c.id) cls.push('picked');
    if (c.frozen) cls.push('frozen');
    if (c.level === top) cls.push('on-top');
    const shape =
      c.kind === 'medium' ? (
        <polygon points={pts(hexagon(c, r))} fill={paint[c.colour]} />
      ) : (
        <circle cx={c.x} cy={-c.y} r={r} fill={paint[c.colour]} />
      );
    return (
      <g key={c.id} class={cls.join(' ')} data-level={c.level} aria-hidden="true">
        {shape}
        {c.frozen && <circle cx={c.x} cy={-c.y} r={r * 0.45} class="frost" />}
      </g>
    );
  };

  // Handles: what can be picked (or removed) is drawn above every floor, so
  // a column under a floor can still be clicked and reached with Tab.
  const handle = (c: ColumnScene) => {
    const act = (e: Event) => {
      e.stopPropagation();
      p.onColumn(c.id, e instanceof MouseEvent ? at(e) : null);
    };
    const r = radius[c.kind];
    return (
      <g
        key={`h-${c.id}`}
        class={`villa-handle ${p.picked === c.id ? 'picked' : ''}`}
        data-column={c.id}
        role="button"
        aria-label={p.columnLabel(c.id)}
        aria-pressed={p.picked === c.id}
        tabindex={0}
        onClick={act}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            act(e);
          }
        }}
      >
        {c.kind === 'medium' ? <polygon points={pts(hexagon(c, r))} /> : <circle cx={c.x} cy={-c.y} r={r} />}
      </g>
    );
  };

  // Paint by height: the columns of each level, then the floor on them.
  const placed = [...s.columns].sort((a, b) => a.base - b.base);
  const layers = [];
  for (let level = 0; level <= top; level++) {
    for (const c of placed) if (c.level === level && c.on === null) layers.push(column(c));
    if (level === top) for (const c of placed) if (c.level === level && c.on !== null) layers.push(column(c));
    const f = s.floors[level];
    if (f) {
      const isTop = f.level === top;
      layers.push(
        <polygon
          key={`floor-${f.name}`}
          class={`villa-floor floor-${f.name} ${isTop ? 'top' : ''}`}
          data-floor={f.name}
          points={pts(f.polygon)}
          fill={paint[f.name]}
          fill-opacity={isTop ? 0.55 : 0.35}
          onClick={isTop ? (e) => { const q = at(e); if (q) p.onSurface(q); } : undefined}
        />,
      );
    }
  }

  const cls = ['board', 'villa-top', `shake-${p.shake}`];
  if (p.collapse) cls.push('collapse');
  return (
    <svg
      ref={svg}
      class={cls.join(' ')}
      data-flipped={p.flipped ? 'true' : undefined}
      viewBox={`${-half} ${-half} ${2 * half} ${2 * half}`}
      role="group"
      aria-label={p.label}
    >
      <g ref={body} transform={p.flipped ? 'rotate(180)' : undefined}>
        <circle cx={0} cy={0} r={foundationRadius} class="foundation" />
        <circle
          cx={0}
          cy={0}
          r={siteRadius}
          class="site"
          onClick={top === 0 ? (e) => { const q = at(e); if (q) p.onSurface(q); } : undefined}
        />
        <g class="villa-body">{layers}</g>
        {p.preview && <polygon class="villa-ghost" data-ghost={p.preview.name} points={pts(worldPolygon(p.preview.name, p.preview.pose))} />}
        <g class="villa-handles">{placed.filter((c) => p.pickable.has(c.id) || p.removable.has(c.id)).map(handle)}</g>
        {p.targets.map((q, i) => (
          <circle key={i} class="villa-target" cx={q.x} cy={-q.y} r={1.6} onClick={() => p.onSurface(q)} />
        ))}
        {p.chosen && <circle class="villa-chosen" cx={p.chosen.x} cy={-p.chosen.y} r={3.5} />}
      </g>
    </svg>
  );
}
