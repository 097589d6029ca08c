import { useState } from 'preact/hooks';
import { t } from '../app-state';
import type { BoardProps } from './board';
import { cellKey, parseCell, tileText, type Tile } from './palago-geom';
import { findPalago, firstChoices, listed, palagoMoves, pieceKeys, secondChoices, tilesOf } from './palago-forms';
import { Picker, Plane, Targets, TileShape, Tiles } from './palago-tiles';

/** A two-tile move being built: the tiles chosen so far and the cell whose orientations are open. */
interface Pending {
  version: number;
  first: Tile | null;
  second: Tile | null;
  cell: string | null;
}

/**
 * PalagoBoard plays Palago (rules/palago.md Part B) on the growing plane,
 * from the server's board forms: the previews at every cell a legal move
 * names, a two-tile move built tile by tile and confirmed, the last move
 * marked and the creatures the server lists outlined.
 */
export function PalagoBoard({ state, seat, interactive, onMove, flipped = false }: BoardProps) {
  const fresh: Pending = { version: state.version, first: null, second: null, cell: null };
  const [pend, setPend] = useState<Pending>(fresh);
  const p = pend.version === state.version ? pend : fresh;
  const form = state.board?.position;
  if (!form) return <pre class="position">{state.position}</pre>;
  const pos = { tiles: tilesOf(form.tiles) };

  const moves = palagoMoves(interactive ? listed(state) : []);
  const choices = p.second ? new Map() : p.first ? secondChoices(moves, p.first) : firstChoices(moves);
  const single = p.first && !p.second ? findPalago(moves, p.first, null) : null;
  const full = p.first && p.second ? findPalago(moves, p.first, p.second) : null;
  const marked = pieceKeys(form.creatures);
  const last = new Set(tilesOf(state.board?.last?.tiles).map((x) => cellKey(x.q, x.r)));
  const colour = seat >= 0 ? form.colours?.[seat] : undefined;
  const set = (x: Partial<Pending>) => setPend({ ...p, ...x, version: state.version });

  const pick = (tl: Tile) => {
    if (!p.first) set({ first: tl, cell: null });
    else if (!p.second) set({ second: tl, cell: null });
  };
  const ghosts = [p.first, p.second].filter((x): x is Tile => x !== null);
  const cells = [...pos.tiles, ...ghosts, ...[...choices.keys()].map((k) => parseCell(k)!).filter(Boolean)];
  const openCell = p.cell ? parseCell(p.cell) : null;

  return (
    <div class="board-wrap palago-board">
      <Plane fitCells={cells} label="Palago" flipped={flipped} class="palago">
        <Tiles tiles={pos.tiles} marked={marked} classOf={(x) => (last.has(cellKey(x.q, x.r)) ? 'last' : '')} />
        {ghosts.map((g) => (
          <g key={tileText(g)} class="ghost" data-ghost={tileText(g)}>
            <TileShape tile={g} />
          </g>
        ))}
        <Targets choices={choices} onPick={pick} onCell={(c) => set({ cell: c })} selected={p.cell} />
      </Plane>
      <p class="palago-info muted">
        {colour && (
          <span class={`palago-colour c${colour}`} data-colour={colour}>
            {t(colour === 'A' ? 'palago.colourA' : 'palago.colourB')}
          </span>
        )}{' '}
        {t('palago.tiles', { n: pos.tiles.length })} {marked.size > 0 && t('palago.creatures')}
      </p>
      {/* A player keeps this line through the opponent's turn (empty), so the page below does not jump each turn. */}
      {!(interactive && moves.length > 0) && seat >= 0 && state.status === 'live' && (
        <div class="palago-steps idle" aria-hidden="true">
          <p>{t('palago.pickFirst')}</p>
        </div>
      )}
      {interactive && moves.length > 0 && (
        <div class="palago-steps" aria-live="polite">
          {!p.first && !p.cell && <p>{t('palago.pickFirst')}</p>}
          {p.first && !p.second && !p.cell && <p>{t('palago.pickSecond')}</p>}
          {openCell && p.cell && (
            <Picker
              label={t('palago.orientations', { cell: p.cell })}
              options={(choices.get(p.cell) ?? []).map((o: number) => ({ o, text: t('palago.place', { cell: p.cell!, o }) }))}
              onPick={(o) => pick({ q: openCell.q, r: openCell.r, o })}
              onCancel={() => set({ cell: null })}
            />
          )}
          {(p.first || single) && !p.cell && (
            <div class="confirm" role="group">
              {full && <span>{t('palago.confirmTwo', { a: tileText(p.first!), b: tileText(p.second!) })}</span>}
              {full && (
                <button type="button" class="primary palago-confirm" onClick={() => onMove(full)}>
                  {t('palago.confirm')}
                </button>
              )}
              {single && (
                <button type="button" class="primary palago-single" onClick={() => onMove(single)}>
                  {t('palago.oneTile', { a: tileText(p.first!) })}
                </button>
              )}
              <button type="button" class="secondary" onClick={() => setPend(fresh)}>
                {t('palago.cancel')}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
