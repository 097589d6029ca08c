// useBoard gives a page the board of a game from the registry: at once when
// it was loaded before, else after its module arrives (null meanwhile).
import { useEffect, useState } from 'preact/hooks';
import { GenericBoard } from './GenericBoard';
import { entry, loadBoard, loadedBoard, type Board } from './index';

/**
 * useBoard is game's board: GenericBoard for a game the registry does not
 * know, null while a registered board is still loading.
 */
export function useBoard(game: string): Board | null {
  const known = entry(game) !== undefined;
  const [board, setBoard] = useState<{ game: string; b: Board } | null>(null);
  useEffect(() => {
    if (!known || loadedBoard(game)) return;
    let live = true;
    void loadBoard(game).then((b) => live && b && setBoard({ game, b }));
    return () => {
      live = false;
    };
  }, [game, known]);
  if (!known) return GenericBoard;
  return loadedBoard(game) ?? (board?.game === game ? board.b : null);
}
