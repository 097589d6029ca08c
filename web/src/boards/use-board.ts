// useBoard gives a page the board of a game from the registry: at once when
// it was loaded before, else after its module arrives (null meanwhile).
import { useEffect, useState } from 'preact/hooks';
import { GenericBoard } from './GenericBoard';
import { entry, loadBoard, loadedBoard, type Board } from './index';

/** boardRetries is how many more times a board's module is fetched after a failure (1, 2, 4, 8 s apart: a server restart's downtime). */
const boardRetries = 4;

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A module that cannot be fetched (the server restarting, the network
    // gone) is tried again a few times, then the page falls back to the
    // generic board rather than staying empty.
    const attempt = (left: number, wait: number) => {
      loadBoard(game).then(
        (b) => live && b && setBoard({ game, b }),
        () => {
          if (!live) return;
          if (left === 0) setBoard({ game, b: GenericBoard });
          else timer = setTimeout(() => attempt(left - 1, wait * 2), wait);
        },
      );
    };
    attempt(boardRetries, 1000);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [game, known]);
  if (!known) return GenericBoard;
  return loadedBoard(game) ?? (board?.game === game ? board.b : null);
}
