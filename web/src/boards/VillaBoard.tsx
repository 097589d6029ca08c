import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { lang, t } from '../app-state';
import { seatName } from '../i18n';
import type { BoardProps } from './board';
import { clickColumn, clickSurface, collapsed, columnColour, exactMove, group, sceneOf, shakeBand, targetPoint, type ClickResult, type LegalGroups, type Scene } from './villa';
import type { Kind, Point } from './villa-shapes';
import type { VillaKey } from './villa-i18n';
import type { ViewProps } from './villa-view';
import { VillaTopView } from './VillaTopView';

type Mode = '3d' | 'top';

/** webglAvailable reports whether this browser can draw WebGL at all. */
function webglAvailable(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

const tv = (key: VillaKey, params?: Record<string, string | number>) => t(key, params);

/**
 * columnWords is a column's accessible name: "blue thin column 2, level 1,
 * frozen". A column in hand (custom setup) takes its colour from the
 * reserve and its kind from its moves' forms (kind).
 */
function columnWords(s: Scene, id: string, kind?: Kind): string {
  const c = s.columns.find((x) => x.id === id);
  const colour = columnColour(s, id);
  const k = c?.kind ?? kind;
  if (!colour || !k) return id;
  // The thin columns are numbered: the name's last part.
  const num = /-(\d)$/.exec(id)?.[1] ?? '';
  let w = tv('villa.column', { colour: tv(`villa.colour.${colour}` as VillaKey), kind: tv(`villa.kind.${k}` as VillaKey), n: num }).replace(/\s+$/, '');
  if (c) w += `, ${tv('villa.level', { n: c.level })}`;
  if (c?.frozen) w += `, ${tv('villa.frozen')}`;
  return w;
}

/**
 * VillaBoard plays Villa Paletti (rules/villa-paletti.md): the villa in 3D
 * (three.js, loaded on demand) or from above (SVG, also the fallback without
 * WebGL), and controls for what clicks cannot say. A click on a column
 * that appears in a listed move picks it; a click on the top floor then
 * plays the listed target nearest to it. Floor proposals, acceptance and
 * removals are buttons made from the listed moves; exact coordinates may
 * be typed and the server judges them.
 */
export function VillaBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const scene = useMemo(() => sceneOf(state.board?.position), [state.board]);
  const legal = interactive ? (state.legal ?? []) : [];
  const g = useMemo(() => group(legal, state.board), [state.legal, state.board, interactive]);
  // A pick belongs to the version it was made in: a new state drops it.
  const [sel, setSel] = useState<{ version: number; column: string | null; target: string; floor: string }>({
    version: state.version,
    column: null,
    target: '',
    floor: '',
  });
  const current = sel.version === state.version;
  const picked = current ? sel.column : null;
  const target = current ? sel.target : '';
  const floorChoice = current ? sel.floor : '';
  const update = (next: Partial<typeof sel>) => setSel({ version: state.version, column: picked, target, floor: floorChoice, ...next });

  const [gl] = useState(webglAvailable);
  const [mode, setMode] = useState<Mode>(gl ? '3d' : 'top');

  if (!scene) return <pre class="position" data-position>{state.position}</pre>;

  const send = (move: string) => {
    setSel({ version: state.version, column: null, target: '', floor: '' });
    onMove(move);
  };
  const apply = (r: ClickResult) => {
    if (!interactive) return;
    if (r.kind === 'play') send(r.move);
    else if (r.kind === 'select') update({ column: r.column, target: '' });
  };

  const pickMoves = picked ? (g.byColumn.get(picked) ?? []) : [];
  const targets = pickMoves.map((m) => targetPoint(m, scene)).filter((p): p is Point => p !== null);
  const chosenMove = pickMoves.find((m) => m.text === target);
  const chosen = chosenMove ? targetPoint(chosenMove, scene) : null;
  const floorMove = g.floors.find((m) => m.text === floorChoice) ?? null;
  const phase = scene.phase;
  const preview = floorMove ? { name: floorMove.floor, pose: floorMove.pose } : scene.proposed;
  const shake = shakeBand(state.shake);
  const fall = collapsed(scene);
  const name = (n: number) => seatName(lang.value, state.seats?.find((x) => x.seat === n)?.name, n);

  const view: ViewProps = {
    scene,
    pickable: new Set(g.byColumn.keys()),
    removable: new Set(g.removes.map((m) => m.column)),
    picked,
    targets,
    chosen,
    preview,
    shake,
    flipped,
    collapse: fall !== null,
    onColumn: (id, p) => {
      const r = clickColumn(g, picked, id);
      apply(r.kind === 'none' && p ? clickSurface(g, scene, picked, p) : r);
    },
    onSurface: (p) => apply(clickSurface(g, scene, picked, p)),
    columnLabel: (id) => columnWords(scene, id, g.byColumn.get(id)?.[0]?.columnKind),
    label: mode === '3d' ? tv('villa.label3d') : tv('villa.labelTop'),
  };

  const pts = scene.scores;
  const seal = scene.seal;
  return (
    <div class="villa" data-phase={phase} data-shake={shake} data-collapse={fall ? fall.culprit : undefined}>
      <div class="villa-status">
        <span class="villa-seal" data-holder={seal.holder ?? ''}>
          {seal.holder === null && <span>{tv('villa.sealNone')}</span>}
          {seal.holder !== null && (
            <>
              <span class={`seal-badge col-${state.seats?.[seal.holder]?.name ?? ''}`} aria-hidden="true">
                ★
              </span>{' '}
              {seal.previous === null
                ? tv('villa.seal', { name: name(seal.holder) })
                : tv('villa.sealAfter', { name: name(seal.holder), prev: name(seal.previous) })}
            </>
          )}
        </span>
        {scene.floors.length >= 2 && (
          <span class="villa-points">{pts.map((n, i) => tv('villa.points', { name: name(i), n })).join(' · ')}</span>
        )}
        <span class="villa-shake-text" aria-live="polite">
          {fall ? tv('villa.collapse', { name: name(fall.culprit) }) : tv(`villa.shake${shake}` as VillaKey)}
        </span>
      </div>
      <div class="villa-view">
        {mode === '3d' ? <Villa3D {...view} onFail={() => setMode('top')} /> : <VillaTopView {...view} />}
      </div>
      <div class="villa-modes">
        {!gl && <span class="muted">{tv('villa.noWebGL')} </span>}
        {gl && (
          <button type="button" class="secondary" data-mode={mode === '3d' ? 'top' : '3d'} onClick={() => setMode(mode === '3d' ? 'top' : '3d')}>
            {mode === '3d' ? tv('villa.viewTop') : tv('villa.view3d')}
          </button>
        )}
      </div>
      {interactive && <Controls g={g} scene={scene} picked={picked} target={target} floor={floorChoice} update={update} send={send} name={name} />}
      <details class="villa-text">
        <summary>{tv('villa.position')}</summary>
        <pre class="position" data-position>
          {state.position}
        </pre>
      </details>
    </div>
  );
}

interface ControlsProps {
  g: LegalGroups;
  scene: Scene;
  picked: string | null;
  target: string;
  floor: string;
  update: (next: { column?: string | null; target?: string; floor?: string }) => void;
  send: (move: string) => void;
  name: (n: number) => string;
}

/** Controls are the keyboard and button side of the board: every listed move is reachable here. */
function Controls({ g, scene, picked, target, floor, update, send, name }: ControlsProps) {
  const [xy, setXY] = useState({ x: '', y: '' });
  const columns = [...g.byColumn.keys()];
  const moves = picked ? (g.byColumn.get(picked) ?? []) : [];
  const words = (id: string) => columnWords(scene, id, g.byColumn.get(id)?.[0]?.columnKind);
  let hint = '';
  if (scene.proposed) hint = `${tv('villa.proposal', { name: name(scene.turn), floor: tv(`villa.floor.${scene.proposed.name}` as VillaKey) })} ${tv('villa.hintObject')}`;
  else if (scene.phase === 'removes') hint = tv('villa.hintRemove');
  else if (picked) hint = tv('villa.hintPlace', { column: words(picked) });
  else if (columns.length > 0) hint = tv('villa.hintPick');
  else if (g.floors.length > 0) hint = tv('villa.hintFloor', { floor: tv(`villa.floor.${g.floors[0]!.floor}` as VillaKey) });
  const label = (text: string) => {
    const m = moves.find((x) => x.text === text);
    if (!m) return text;
    return m.kind === 'take' ? `(${m.x}, ${m.y})` : `↑ ${columnWords(scene, m.onto)}`;
  };
  return (
    <div class="villa-controls">
      {hint && (
        <p class="villa-hint" aria-live="polite">
          {hint}
        </p>
      )}
      {columns.length > 0 && (
        <div class="villa-row">
          <label>
            {tv('villa.pick')}{' '}
            <select name="villa-column" value={picked ?? ''} onChange={(e) => update({ column: (e.currentTarget as HTMLSelectElement).value || null, target: '' })}>
              <option value="">{tv('villa.choose')}</option>
              {columns.map((c) => (
                <option key={c} value={c}>
                  {words(c)}
                </option>
              ))}
            </select>
          </label>
          {picked && (
            <>
              <label>
                {tv('villa.target')}{' '}
                <select name="villa-target" value={target} onChange={(e) => update({ target: (e.currentTarget as HTMLSelectElement).value })}>
                  <option value="">{tv('villa.choose')}</option>
                  {moves.map((m) => (
                    <option key={m.text} value={m.text}>
                      {label(m.text)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" class="primary" disabled={!target} data-move={target || undefined} onClick={() => target && send(target)}>
                {tv('villa.put')}
              </button>
              <form
                class="villa-exact"
                onSubmit={(e) => {
                  e.preventDefault();
                  const m = exactMove(g, picked, Number(xy.x), Number(xy.y));
                  if (m && xy.x.trim() !== '' && xy.y.trim() !== '') send(m);
                }}
              >
                <span>{tv('villa.exact')}</span>
                <input name="villa-x" inputMode="decimal" aria-label="x" size={6} value={xy.x} onInput={(e) => setXY({ ...xy, x: (e.currentTarget as HTMLInputElement).value })} />
                <input name="villa-y" inputMode="decimal" aria-label="y" size={6} value={xy.y} onInput={(e) => setXY({ ...xy, y: (e.currentTarget as HTMLInputElement).value })} />
                <button type="submit">{tv('villa.send')}</button>
              </form>
            </>
          )}
        </div>
      )}
      {g.floors.length > 0 && (
        <div class="villa-row">
          <select name="villa-floor" aria-label={tv('villa.hintFloor', { floor: tv(`villa.floor.${g.floors[0]!.floor}` as VillaKey) })} value={floor} onChange={(e) => update({ floor: (e.currentTarget as HTMLSelectElement).value })}>
            <option value="">{tv('villa.choose')}</option>
            {g.floors.map((m) => (
              <option key={m.text} value={m.text}>
                {tv('villa.floorPose', { floor: tv(`villa.floor.${m.floor}` as VillaKey), x: m.pose.x, y: m.pose.y, th: m.pose.th })}
              </option>
            ))}
          </select>
          <button type="button" class="primary" disabled={!floor} data-move={floor || undefined} onClick={() => floor && send(floor)}>
            {g.floors[0]!.kind === 'propose' ? tv('villa.propose') : tv('villa.placeFloor')}
          </button>
        </div>
      )}
      {(g.pass || g.removes.length > 0 || g.other.length > 0) && (
        <div class="villa-row">
          {g.pass && (
            <button type="button" data-move={g.pass.text} onClick={() => send(g.pass!.text)}>
              {tv('villa.pass')}
            </button>
          )}
          {g.removes.map((m) => (
            <button type="button" key={m.text} data-move={m.text} onClick={() => send(m.text)}>
              {tv('villa.remove', { column: columnWords(scene, m.column) })}
            </button>
          ))}
          {g.other.map((m) => (
            <button type="button" key={m.text} data-move={m.text} onClick={() => send(m.text)}>
              {m.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The lazily loaded 3D module's handle on a mounted view. */
interface Handle {
  update(p: ViewProps): void;
  dispose(): void;
}

/**
 * Villa3D mounts the three.js view, loaded with a dynamic import so the
 * lobby's bundle does not carry three. A failure to load or to make a
 * WebGL context falls back to the top view.
 */
function Villa3D(p: ViewProps & { onFail: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<Handle | null>(null);
  const props = useRef(p);
  props.current = p;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    import('./villa3d')
      .then((m) => {
        if (!live || !host.current) return;
        handle.current = m.mount(host.current, props.current);
        setReady(true);
      })
      .catch(() => {
        if (live) props.current.onFail();
      });
    return () => {
      live = false;
      handle.current?.dispose();
      handle.current = null;
    };
  }, []);
  useEffect(() => {
    handle.current?.update(p);
  });
  return (
    <div class="villa-3d" ref={host} role="group" aria-label={p.label} data-ready={ready ? 'yes' : 'no'}>
      {!ready && <p class="muted">{tv('villa.loading3d')}</p>}
    </div>
  );
}
