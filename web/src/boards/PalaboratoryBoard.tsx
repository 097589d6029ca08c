import { useState } from 'preact/hooks';
import cardsText from '../../../games/palaboratory/cards.txt?raw';
import { lang, t } from '../app-state';
import type { BoardProps } from './board';
import { cellKey, parseCell } from './palago-geom';
import { labLegal, listed, pieceKeys, tileKey, tilesOf } from './palago-forms';
import { parseCards, type Card } from './palaboratory-cards';
import { Layout, Picker, Plane, Targets, Tiles } from './palago-tiles';

/** The 12 creature cards, read once from the catalogue games/palaboratory ships. */
const cards: readonly Card[] = parseCards(cardsText);

/**
 * ukNames are the cards' Ukrainian names, by card number, made the way the
 * Russian rulebook makes its names (cards.txt holds the English and the
 * Russian ones).
 */
export const ukNames: Record<number, string> = {
  1: 'Пала-вірус',
  2: 'Пала-кільце',
  3: 'Пала-черв’як',
  4: 'Пал-равлик',
  5: 'Пала-мандра',
  6: 'Пала-кит',
  7: 'Пала-щур',
  8: 'Пала-стелла',
  9: 'Пала-кобра',
  10: 'Пала-коза',
  11: 'Пала-велосипедист',
  12: 'Пала-лінивець',
};

export function cardName(c: Card | undefined): string {
  if (!c) return '?';
  if (lang.value === 'uk') return ukNames[c.n] ?? c.ruName;
  return lang.value === 'ru' ? c.ruName : c.name;
}

/**
 * PalaboratoryBoard plays the puzzles of Palaboratory (rules/palago.md
 * Part D) from the server's board forms (games/palaboratory ui.go): the
 * task and its target's silhouette, the move counter against the par,
 * placing a tile (free), turning one, or moving it (click the tile, then
 * "move", then the new cell and orientation), and the solved state from
 * the result.
 */
export function PalaboratoryBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const [sel, setSel] = useState<{ version: number; cell: string | null; tile: string | null; moving: boolean }>({ version: -1, cell: null, tile: null, moving: false });
  const cur = sel.version === state.version ? sel : { version: state.version, cell: null, tile: null, moving: false };
  const form = state.board?.position;
  const task = form?.task;
  if (!form || !task) return <pre class="position">{state.position}</pre>;
  const tiles = tilesOf(form.tiles);
  const legal = labLegal(interactive ? listed(state) : []);
  const target = cards.find((c) => c.n === task.card);
  const from = task.from ? cards.find((c) => c.n === task.from) : undefined;
  const targetTiles = tilesOf(task.target);
  const par = task.kind === 'green' ? (task.par ?? 0) : null;
  const solved = state.result?.reason === 'solved';
  const marked = pieceKeys(form.creatures);
  const set = (x: { cell?: string | null; tile?: string | null; moving?: boolean }) => setSel({ version: state.version, cell: null, tile: null, moving: false, ...x });
  const play = (m: string) => {
    set({});
    onMove(m);
  };

  const reloc = cur.tile && cur.moving ? legal.relocate.get(cur.tile) : undefined;
  const targets = reloc ? reloc.to : cur.tile ? new Map<string, number[]>() : legal.place;
  const pickAt = (q: number, r: number, o: number) => {
    const m = (reloc ? reloc.text : legal.placeText).get(tileKey({ q, r, o }));
    if (m) play(m);
  };
  const rot = cur.tile ? legal.rotate.get(cur.tile) : undefined;
  const canRelocate = cur.tile ? legal.relocate.has(cur.tile) : false;
  const openCell = cur.cell ? parseCell(cur.cell) : null;
  const cells = [...tiles, ...[...targets.keys()].map((k) => parseCell(k)!).filter(Boolean)];

  const taskText =
    task.kind === 'free'
      ? t('lab.free')
      : task.kind === 'red'
        ? t('lab.red', { n: task.card ?? 0, name: cardName(target) })
        : t('lab.green', { from: task.from ?? '?', a: cardName(from), n: task.card ?? 0, b: cardName(target) });
  // A free build ends when its player says so: the "done" move.
  const finish = legal.done;

  return (
    <div class="board-wrap palaboratory-board">
      <div class="lab-head">
        <div>
          <p class={`lab-task task-${task.kind}`}>{taskText}</p>
          <p class={`lab-counter ${solved ? 'solved' : ''}`} data-moves={task.moves} data-par={par ?? ''} data-solved={solved ? 'true' : 'false'} aria-live="polite">
            {solved ? t('lab.solved', { n: task.moves, par: par ?? 0 }) : t('lab.moves', { n: task.moves })} {!solved && par !== null && <span class="muted">{t('lab.par', { par })}</span>}
          </p>
          <p class="muted">{t('lab.addFree')}</p>
          {finish && (
            <button type="button" class="lab-done" onClick={() => play(finish)}>
              {t('lab.done')}
            </button>
          )}
        </div>
        {target && targetTiles.length > 0 && (
          <figure class="lab-target">
            <Layout tiles={targetTiles} width={110} label={t('lab.card', { n: target.n, name: cardName(target), tiles: targetTiles.length })} />
            <figcaption>{t('lab.target')}</figcaption>
          </figure>
        )}
      </div>
      <Plane fitCells={cells} label="Palaboratory" flipped={flipped} class="palaboratory">
        <Tiles
          tiles={tiles}
          marked={marked}
          classOf={(x) => {
            const k = cellKey(x.q, x.r);
            const c: string[] = [];
            if (legal.rotate.has(k) || legal.relocate.has(k)) c.push('actionable');
            if (cur.tile === k) c.push('selected');
            return c.join(' ');
          }}
          onTile={(x) => set({ tile: cellKey(x.q, x.r) })}
        />
        <Targets
          choices={targets}
          onPick={(x) => pickAt(x.q, x.r, x.o)}
          onCell={(c) => setSel({ ...cur, version: state.version, cell: c })}
          selected={cur.cell}
        />
      </Plane>
      {openCell && cur.cell && (
        <Picker
          label={t('palago.orientations', { cell: cur.cell })}
          options={(targets.get(cur.cell) ?? []).map((o) => ({ o, text: t('palago.place', { cell: cur.cell!, o }) }))}
          onPick={(o) => pickAt(openCell.q, openCell.r, o)}
          onCancel={() => setSel({ ...cur, version: state.version, cell: null })}
        />
      )}
      {cur.tile && !cur.cell && (
        <Picker
          label={cur.moving ? t('lab.relocateTo', { cell: cur.tile }) : t('lab.actionsFor', { cell: cur.tile })}
          options={cur.moving ? [] : [...(rot?.keys() ?? [])].sort().map((o) => ({ o, text: t('palagonia.rotate', { o }) }))}
          onPick={(o) => play(rot!.get(o)!)}
          onCancel={() => set({})}
        >
          {canRelocate && !cur.moving && (
            <button type="button" class="text lab-relocate" onClick={() => set({ tile: cur.tile, moving: true })}>
              {t('lab.relocate')}
            </button>
          )}
        </Picker>
      )}
      <details class="lab-cards" open>
        <summary>{t('lab.cards')}</summary>
        <ul class="cards">
          {cards.map((c) => (
            <li key={c.n} class={`${c.n === task.card ? 'to' : ''} ${c.n === task.from ? 'from' : ''}`} data-card={c.n}>
              <Layout tiles={c.tiles} width={60} label={t('lab.card', { n: c.n, name: cardName(c), tiles: c.tiles.length })} />
              {c.n}. {cardName(c)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
