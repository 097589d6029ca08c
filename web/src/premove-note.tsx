// The words for a queued premove (premove.ts), for screen readers: the
// board shows the premove itself by highlighting its cells.
import { t } from './app-state';
import type { Queued } from './premove';

export function PremoveNote({ queued }: { queued: Queued<string> | null }) {
  return (
    <p class="sr-only" aria-live="polite" data-premove-note={queued?.done ? queued.clicks.join(' ') : undefined}>
      {queued?.done ? t('premove.queued', { cells: queued.clicks.join(' ') }) : ''}
    </p>
  );
}
