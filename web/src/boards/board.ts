import type { MatchState } from '../protocol';

/** BoardProps are what every board component gets. */
export interface BoardProps {
  state: MatchState;
  /** The viewer's seat, -1 for a spectator. */
  seat: number;
  /** Whether the viewer may move now. */
  interactive: boolean;
  /** Sends a move, by its text from state.legal. */
  onMove: (text: string) => void;
  /**
   * Whether to draw the board turned by 180° (the viewer's choice, kept per
   * game). Optional: a board that ignores it is drawn unflipped.
   */
  flipped?: boolean;
  /**
   * Whether the viewer may queue a premove now (premove.ts): a live
   * two-player game, the opponent to move, the setting on. Optional: a
   * board that ignores it takes no premoves.
   */
  premove?: boolean;
}
