// Per-game view preferences kept in localStorage: whether the board is
// flipped (turned 180°). Pure over a KV.
import type { KV } from './tokens';

/** flipKey is the localStorage key of a game's flip switch. */
export function flipKey(game: string): string {
  return `tabula.flip.${game}`;
}

/** loadFlip reads whether game's board is flipped (default: not). */
export function loadFlip(kv: KV, game: string): boolean {
  return kv.getItem(flipKey(game)) === '1';
}

/** saveFlip remembers game's flip switch. */
export function saveFlip(kv: KV, game: string, flipped: boolean): void {
  if (flipped) kv.setItem(flipKey(game), '1');
  else kv.removeItem(flipKey(game));
}

/**
 * flipText turns a grid position text by 180° for display: when its first
 * field is rows separated by "/" (Pathagon, Abalone), the rows and each
 * row's cells are reversed; any other text is returned as it is.
 */
export function flipText(position: string): string {
  const m = /^(\S+)(.*)$/s.exec(position);
  if (!m || !m[1]!.includes('/')) return position;
  const rows = m[1]!.split('/').reverse().map((r) => [...r].reverse().join(''));
  return rows.join('/') + m[2]!;
}
