import { useState } from 'preact/hooks';
import { lang, t } from '../app-state';
import { has, seatName } from '../i18n';
import type { UIScored } from '../protocol';
import type { BoardProps } from './board';
import { cellKey, parseCell, type Tile } from './palago-geom';
import { listed, palagoniaLegal, pieceKeys, tileKey, tilesOf } from './palago-forms';
import { Picker, Plane, Targets, Tiles } from './palago-tiles';

/** faceText shows a die face: a number, or the remove (X) and rotate (R) symbols. */
function faceText(f: string): string {
  return f === 'X' ? '✕' : f === 'R' ? '↻' : f;
}

function faceLabel(f: string): string {
  return f === 'X' ? t('palagonia.face.X') : f === 'R' ? t('palagonia.face.R') : f;
}

/**
 * PalagoniaBoard plays Palagonia (rules/palago.md Part C): the dice the
 * server rolled, the choice of a die, tiles placed one move at a time,
 * removing and turning a tile (click it, then choose), and the score sheet,
 * all from the server's board forms (games/palagonia ui.go).
 */
export function PalagoniaBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const [open, setOpen] = useState<{ version: number; cell: string | null; tile: string | null }>({ version: -1, cell: null, tile: null });
  const cur = open.version === state.version ? open : { version: state.version, cell: null, tile: null };
  const [hover, setHover] = useState<UIScored | null>(null);
  const form = state.board?.position;
  const step = form?.step;
  if (!form || !step) return <pre class="position">{state.position}</pre>;
  const table = tilesOf(form.tiles);
  const scores = form.scores ?? [];
  const sheet = form.sheet ?? [];
  const hilite = hover ? pieceKeys([hover.creature]) : undefined;
  const legal = palagoniaLegal(interactive ? listed(state) : []);
  const marked = pieceKeys(form.creatures);
  const placedNow = new Set(table.slice(table.length - (step.placed ?? 0)).map((x) => cellKey(x.q, x.r)));
  const lastCell = (() => {
    const l = state.board?.last;
    const c = l?.tiles?.[0]?.cell ?? l?.from;
    const p = c ? parseCell(c) : null;
    return p ? cellKey(p.q, p.r) : null;
  })();
  const dice = step.dice ?? [];
  const stepKey = `palagonia.step.${step.name}`;
  const openCell = cur.cell ? parseCell(cur.cell) : null;
  const actions = cur.tile ? legal.actions.get(cur.tile) : undefined;
  const set = (x: { cell?: string | null; tile?: string | null }) => setOpen({ version: state.version, cell: null, tile: null, ...x });
  const play = (m: string) => {
    set({});
    onMove(m);
  };
  const place = (x: Tile) => {
    const m = legal.placeText.get(tileKey(x));
    if (m) play(m);
  };
  const cells = [...table, ...[...legal.place.keys()].map((k) => parseCell(k)!).filter(Boolean)];

  return (
    <div class="board-wrap palagonia-board">
      <div class="dice" data-step={step.name}>
        <strong>{has(stepKey) ? t(stepKey) : step.name}</strong>
        {/* While the player chooses a die, the choice below shows the dice: once is enough. */}
        {dice.length > 0 && legal.use.length === 0 && (
          <span class="dice" role="group" aria-label={t('palagonia.dice')}>
            {dice.map((f, i) => (
              <span key={i} class="die" data-face={f} title={faceLabel(f)} aria-label={faceLabel(f)}>
                {faceText(f)}
              </span>
            ))}
          </span>
        )}
        {step.extra && <span class="muted">{t('palagonia.extra')}</span>}
        {step.rolls && <span class="muted">{t('palagonia.rolls', { rolls: step.rolls.map(faceText).join(' ') })}</span>}
        {step.name === 'place' && <span data-left={step.left ?? 0}>{t('palagonia.left', { n: step.left ?? 0 })}</span>}
        <span class="muted">{t('palagonia.bag', { n: step.bag })}</span>
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
      {(dice.length > 0 || legal.use.length > 0) && (
        <p class="muted dice-legend" data-dice-legend>
          {t('palagonia.legend', { x: faceText('X'), r: faceText('R') })}
        </p>
      )}
      <Plane fitCells={cells} label="Palagonia" flipped={flipped} class="palagonia">
        <Tiles
          tiles={table}
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
        <Targets choices={legal.place} onPick={place} onCell={(c) => set({ cell: c })} selected={cur.cell} />
      </Plane>
      {openCell && cur.cell && (
        <Picker
          label={t('palago.orientations', { cell: cur.cell })}
          options={(legal.place.get(cur.cell) ?? []).map((o) => ({ o, text: t('palago.place', { cell: cur.cell!, o }) }))}
          onPick={(o) => place({ q: openCell.q, r: openCell.r, o })}
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
          {scores.map((n, i) => (
            <tr key={i} class={step.seat === i ? 'active' : ''} data-score-seat={i}>
              <td>{seatName(lang.value, state.seats?.find((x) => x.seat === i)?.name, i)}</td>
              <td>{n}</td>
              <td>
                {(sheet[i] ?? []).length > 0 && (
                  <ul class="scored">
                    {(sheet[i] ?? []).map((e, j) => (
                      <li key={j}>
                        <button
                          type="button"
                          class={`scored-creature c${e.creature.colour}`}
                          data-creature={e.creature.points ?? 0}
                          data-loops={e.creature.shells ?? 0}
                          data-limbs={e.creature.limbs ?? 0}
                          aria-pressed={hover === e}
                          onMouseEnter={() => setHover(e)}
                          onMouseLeave={() => setHover(null)}
                          onFocus={() => setHover(e)}
                          onBlur={() => setHover(null)}
                        >
                          {t('palagonia.creature', { colour: t(`palagonia.colour.${e.creature.colour}` as const), points: e.creature.points ?? 0, loops: e.creature.shells ?? 0, limbs: e.creature.limbs ?? 0, ply: e.ply })}
                          {e.shared && ` ${t('palagonia.shared')}`}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                {n !== (sheet[i] ?? []).reduce((a, e) => a + (e.creature.points ?? 0), 0) && <span class="muted">{t('palagonia.sheetUnknown')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
