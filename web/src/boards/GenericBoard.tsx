import { useState } from 'preact/hooks';
import { t } from '../app-state';
import { flipText } from '../prefs';
import type { BoardProps } from './board';

/** Above this many legal moves the list shows a filter box first. */
const filterAbove = 24;

/**
 * GenericBoard plays any registered game before it has a board of its own:
 * it shows the position text and offers each legal move as a button.
 */
export function GenericBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const [filter, setFilter] = useState('');
  const legal = state.legal ?? [];
  const shown = filter ? legal.filter((m) => m.text.includes(filter.trim())) : legal;
  return (
    <div class="generic">
      <h3>{t('match.position')}</h3>
      <pre class="position" data-position data-flipped={flipped ? 'true' : undefined}>
        {flipped ? flipText(state.position) : state.position}
      </pre>
      {interactive && legal.length > 0 && (
        <>
          <h3>{t('match.legal')}</h3>
          {legal.length > filterAbove && (
            <input
              type="search"
              class="filter"
              placeholder="…"
              value={filter}
              onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)}
            />
          )}
          <div class="legal">
            {shown.map((m) => (
              <button type="button" key={m.text} data-move={m.text} onClick={() => onMove(m.text)}>
                {m.text}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
