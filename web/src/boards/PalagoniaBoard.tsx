import { useEffect, useState } from 'preact/hooks';
import { api, lang, t } from '../app-state';
import { has, seatName } from '../i18n';
import type { BoardProps } from './board';
import { cellKey, creatures, parseCell, parsePalagonia, type Face, type Tile } from './palago-geom';
import { palagoniaLegal } from './palago-moves';
import { scoreSheet, type Scored, type Sheet } from './palagonia-sheet';
import { Picker, Plane, Targets, Tiles } from './palago-tiles';

/** faceText shows a die face: a number, or the remove (X) and rotate (R) symbols. */
function faceText(f: Face | string): string {
  return f === 'X' ? '✕' : f === 'R' ? '↻' : f;
}

function faceLabel(f: string): string {
  return f === 'X' ? t('palagonia.face.X') : f === 'R' ? t('palagonia.face.R') : f;
}

/**
 * PalagoniaBoard plays Palagonia (rules/palago.md Part C): the dice the
 * server rolled, the choice of a die, tiles placed one move at a time,
 * removing and turning a tile (click it, then choose), and the score sheet
 * from the position text.
 */
export function PalagoniaBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const [open, setOpen] = useState<{ version: number; cell: string | null; tile: string | null }>({ version: -1, cell: null, tile: null });
  const cur = open.version === state.version ? open : { version: state.version, cell: null, tile: null };
  const pos = parsePalagonia(state.position);
  // The sheet's creatures come from the positions after every ply, fetched
  // again only when the scores change (a birth that scores).
  const scores = pos?.scores.join(',') ?? '';
  const sheetKey = `${state.match}|${scores}`;
  const [sheet, setSheet] = useState<{ key: string; sheet: Sheet } | null>(null);
  const [hover, setHover] = useState<Scored | null>(null);
  useEffect(() => {
    if (!pos || pos.scores.every((n) => n === 0) || sheet?.key === sheetKey) return;
    let live = true;
    api.positions(state.match).then(
      (ps) => live && setSheet({ key: sheetKey, sheet: scoreSheet(ps.positions.map((x) => x.position), ps.options?.rotationScoring) }),
      () => {}, // the totals still show; the creatures wait for the next score
    );
    return () => {
      live = false;
    };
  }, [sheetKey]);
  if (!pos) return <pre class="position">{state.position}</pre>;
  const plies = state.moves?.length ?? Infinity;
  const scored = (i: number) => (sheet?.sheet.seats[i] ?? []).filter((e) => e.ply <= plies);
  const hilite = hover ? new Set(hover.pieces) : undefined;
  const legal = palagoniaLegal(interactive ? (state.legal ?? []).map((m) => m.text) : []);
  const marked = creatures(pos.table);
  const placedNow = new Set(pos.table.slice(pos.table.length - (pos.placed ?? 0)).map((x) => cellKey(x.q, x.r)));
  const last = state.lastMove ? /\((-?\d+),(-?\d+)\)/.exec(state.lastMove) : null;
  const lastCell = last ? `(${last[1]},${last[2]})` : null;
  const stepKey = `palagonia.step.${pos.step}`;
  const openCell = cur.cell ? parseCell(cur.cell) : null;
  const actions = cur.tile ? legal.actions.get(cur.tile) : undefined;
  const set = (x: { cell?: string | null; tile?: string | null }) => setOpen({ version: state.version, cell: null, tile: null, ...x });
  const play = (m: string) => {
    set({});
    onMove(m);
  };
  const cells = [...pos.table, ...[...legal.place.keys()].map((k) => parseCell(k)!).filter(Boolean)];

  return (
    <div class="board-wrap palagonia-board">
      <div class="dice" data-step={pos.step}>
        <strong>{has(stepKey) ? t(stepKey) : pos.step}</strong>
        {/* While the player chooses a die, the choice below shows the dice: once is enough. */}
        {pos.dice.length > 0 && legal.use.length === 0 && (
          <span class="dice" role="group" aria-label={t('palagonia.dice')}>
            {pos.dice.map((f, i) => (
              <span key={i} class="die" data-face={f} title={faceLabel(f)} aria-label={faceLabel(f)}>
                {faceText(f)}
              </span>
            ))}
          </span>
        )}
        {pos.extra && <span class="muted">{t('palagonia.extra')}</span>}
        {pos.rolls && <span class="muted">{t('palagonia.rolls', { rolls: pos.rolls.map(faceText).join(' ') })}</span>}
        {pos.left !== null && <span data-left={pos.left}>{t('palagonia.left', { n: pos.left })}</span>}
        {pos.bag !== null && <span class="muted">{t('palagonia.bag', { n: pos.bag })}</span>}
      </div>
      {legal.use.length > 0 && (
        <div class="dice" role="group" aria-label={t('palagonia.dice')}>
          {legal.use.map((u) => (
            <button type="button" key={u.text} class="die" data-use={u.face} aria-label={t('palagonia.use', { face: faceLabel(u.face) })} title={faceLabel(u.face)} onClick={() => play(u.text)}>
              {faceText(u.face)}
            </button>
          ))}
        </div>
      )}
      {(pos.dice.length > 0 || legal.use.length > 0) && (
        <p class="muted dice-legend" data-dice-legend>
          {t('palagonia.legend', { x: faceText('X'), r: faceText('R') })}
        </p>
      )}
      <Plane fitCells={cells} label="Palagonia" flipped={flipped} class="palagonia">
        <Tiles
          tiles={pos.table}
          marked={marked}
          hilite={hilite}
          classOf={(x: Tile) => {
            const k = cellKey(x.q, x.r);
            const c: string[] = [];
            if (legal.actions.has(k)) c.push('actionable');
            if (cur.tile === k) c.push('selected');
            if (placedNow.has(k)) c.push('done');
            else if (lastCell === k) c.push('last');
            return c.join(' ');
          }}
          onTile={(x) => set({ tile: cellKey(x.q, x.r) })}
        />
        <Targets choices={legal.place} onPick={(x) => play(`(${x.q},${x.r}):${x.o}`)} onCell={(c) => set({ cell: c })} selected={cur.cell} />
      </Plane>
      {openCell && cur.cell && (
        <Picker
          label={t('palago.orientations', { cell: cur.cell })}
          options={(legal.place.get(cur.cell) ?? []).map((o) => ({ o, text: t('palago.place', { cell: cur.cell!, o }) }))}
          onPick={(o) => play(`(${openCell.q},${openCell.r}):${o}`)}
          onCancel={() => set({})}
        />
      )}
      {actions && cur.tile && (
        <Picker
          label={t('palagonia.actionsFor', { cell: cur.tile })}
          options={[...actions.rotate.keys()].sort().map((o) => ({ o, text: t('palagonia.rotate', { o }) }))}
          onPick={(o) => play(actions.rotate.get(o)!)}
          onCancel={() => set({})}
        >
          {actions.remove && (
            <button type="button" class="text danger palagonia-remove" onClick={() => play(actions.remove!)}>
              {t('palagonia.remove')}
            </button>
          )}
        </Picker>
      )}
      {legal.pass && (
        <button type="button" class="palagonia-pass" onClick={() => play(legal.pass!)}>
          {t('palagonia.pass')}
        </button>
      )}
      <table class="score-sheet">
        <caption>{t('palagonia.scores')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('palagonia.player')}</th>
            <th scope="col">{t('palagonia.points')}</th>
            <th scope="col">{t('palagonia.creatures')}</th>
          </tr>
        </thead>
        <tbody>
          {pos.scores.map((n, i) => (
            <tr key={i} class={pos.seat === i ? 'active' : ''} data-score-seat={i}>
              <td>{seatName(lang.value, state.seats?.find((x) => x.seat === i)?.name, i)}</td>
              <td>{n}</td>
              <td>
                {scored(i).length > 0 && (
                  <ul class="scored">
                    {scored(i).map((e) => (
                      <li key={`${e.ply}-${e.colour}`}>
                        <button
                          type="button"
                          class={`scored-creature c${e.colour}`}
                          data-creature={e.points}
                          data-loops={e.loops}
                          data-limbs={e.limbs}
                          aria-pressed={hover === e}
                          onMouseEnter={() => setHover(e)}
                          onMouseLeave={() => setHover(null)}
                          onFocus={() => setHover(e)}
                          onBlur={() => setHover(null)}
                        >
                          {t('palagonia.creature', { colour: t(`palagonia.colour.${e.colour}` as const), points: e.points, loops: e.loops, limbs: e.limbs, ply: e.ply })}
                          {e.shared && ` ${t('palagonia.shared')}`}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                {n > 0 && sheet?.key === sheetKey && !sheet.sheet.ok && <span class="muted">{t('palagonia.sheetUnknown')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
