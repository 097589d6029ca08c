// The Palago family's boards by game ID, spread into match.tsx's boards map.
import type { BoardProps } from './board';
import { PalaboratoryBoard } from './PalaboratoryBoard';
import { PalagoBoard } from './PalagoBoard';
import { PalagoniaBoard } from './PalagoniaBoard';

export const palagoBoards: Record<string, (p: BoardProps) => preact.JSX.Element> = {
  palago: PalagoBoard,
  palagonia: PalagoniaBoard,
  palaboratory: PalaboratoryBoard,
};
