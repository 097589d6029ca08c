import { useState } from 'preact/hooks';
import cardsText from '../../../games/palaboratory/cards.txt?raw';
import { lang, t } from '../app-state';
import type { BoardProps } from './board';
import { cellKey, creatures, minMoves, parseCards, parseCell, parseLab, type Card } from './palago-geom';
import { labLegal, occupiedCells } from './palago-moves';
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
 * Part D): the task and its cards' silhouettes, the move counter against
 * the par (minMoves of the start card into the target, §D.3), placing a
 * tile (free), turning one, or moving it (click the tile, then "move", then
 * the new cell and orientation), and the solved state from the result.
 */
export function PalaboratoryBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const [sel, setSel] = useState<{ version: number; cell: string | null; tile: string | null; moving: boolean }>({ version: -1, cell: null, tile: null, moving: false });
  const cur = sel.version === state.version ? sel : { version: state.version, cell: null, tile: null, moving: false };
  const pos = parseLab(state.position);
  if (!pos) return <pre class="position">{state.position}</pre>;
  const occupied = occupiedCells(pos.tiles);
  const legal = labLegal(interactive ? (state.legal ?? []).map((m) => m.text) : [], occupied);
  const target = cards.find((c) => c.n === pos.card);
  const from = pos.from !== null ? cards.find((c) => c.n === pos.from) : undefined;
  const par = from && target ? minMoves(from.tiles, target.tiles) : null;
  const solved = state.result?.reason === 'solved';
  const marked = creatures(pos.tiles);
  const set = (x: { cell?: string | null; tile?: string | null; moving?: boolean }) => setSel({ version: state.version, cell: null, tile: null, moving: false, ...x });
  const play = (m: string) => {
    set({});
    onMove(m);
  };

  const reloc = cur.tile && cur.moving ? legal.relocate.get(cur.tile) : undefined;
  const targets = reloc ? reloc.to : cur.tile ? new Map<string, number[]>() : legal.place;
  const pickAt = (q: number, r: number, o: number) => {
    const tx = `(${q},${r}):${o}`;
    if (reloc && cur.tile) {
      const m = reloc.text.get(tx);
      if (m) play(m);
    } else {
      play(tx);
    }
  };
  const rot = cur.tile ? legal.rotate.get(cur.tile) : undefined;
  const canRelocate = cur.tile ? legal.relocate.has(cur.tile) : false;
  const openCell = cur.cell ? parseCell(cur.cell) : null;
  const cells = [...pos.tiles, ...[...targets.keys()].map((k) => parseCell(k)!).filter(Boolean)];

  const task =
    pos.variant === 'free'
      ? t('lab.free')
      : pos.variant === 'red'
        ? t('lab.red', { n: pos.card, name: cardName(target) })
        : t('lab.green', { from: pos.from ?? '?', a: cardName(from), n: pos.card, b: cardName(target) });
  // A free build ends when its player says so: the "done" move.
  const canFinish = pos.variant === 'free' && interactive && (state.legal ?? []).some((m) => m.text === 'done');

  return (
    <div class="board-wrap palaboratory-board">
      <div class="lab-head">
        <div>
          <p class={`lab-task task-${pos.variant}`}>{task}</p>
          <p class={`lab-counter ${solved ? 'solved' : ''}`} data-moves={pos.moves} data-par={par ?? ''} data-solved={solved ? 'true' : 'false'} aria-live="polite">
            {solved ? t('lab.solved', { n: pos.moves, par: par ?? 0 }) : t('lab.moves', { n: pos.moves })} {!solved && par !== null && <span class="muted">{t('lab.par', { par })}</span>}
          </p>
          <p class="muted">{t('lab.addFree')}</p>
          {canFinish && (
            <button type="button" class="lab-done" onClick={() => play('done')}>
              {t('lab.done')}
            </button>
          )}
        </div>
        {target && (
          <figure class="lab-target">
            <Layout tiles={target.tiles} width={110} label={t('lab.card', { n: target.n, name: cardName(target), tiles: target.tiles.length })} marked={creatures(target.tiles)} />
            <figcaption>{t('lab.target')}</figcaption>
          </figure>
        )}
      </div>
      <Plane fitCells={cells} label="Palaboratory" flipped={flipped} class="palaboratory">
        <Tiles
          tiles={pos.tiles}
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
            <li key={c.n} class={`${c.n === pos.card ? 'to' : ''} ${c.n === pos.from ? 'from' : ''}`} data-card={c.n}>
              <Layout tiles={c.tiles} width={60} label={t('lab.card', { n: c.n, name: cardName(c), tiles: c.tiles.length })} />
              {c.n}. {cardName(c)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
