// The board forms the Go rules make for a few positions (board-forms.json,
// written by web/board_forms_test.go), as the parts of a match state a
// board reads: position text, side to move, record, legal moves and forms.
import type { BoardForms, MatchState } from '../../protocol';
import data from './board-forms.json';
import villaData from './villa-forms.json'; // web/villa_forms_test.go

interface Entry {
  name: string;
  game: string;
  variant?: string;
  position: string;
  toMove: number;
  moves: string[];
  legal: string[] | null;
  board: BoardForms;
}

const entries = [...data, ...villaData] as Entry[];

/** forms is the named position as match-state fields. */
export function forms(name: string): Partial<MatchState> {
  const e = entries.find((x) => x.name === name);
  if (!e) throw new Error(`no board forms named ${name}`);
  const out: Partial<MatchState> = {
    game: e.game,
    position: e.position,
    toMove: e.toMove,
    moves: e.moves,
    legal: (e.legal ?? []).map((text) => ({ text })),
    board: e.board,
  };
  if (e.variant) out.variant = e.variant;
  if (e.moves.length > 0) out.lastMove = e.moves[e.moves.length - 1]!;
  return out;
}

/** noMoves is forms(name) read-only: no legal moves. */
export function noMoves(name: string): Partial<MatchState> {
  const f = forms(name);
  const { groups: _grouped, ...board } = f.board!; // grouped moves too (Villa Paletti)
  return { ...f, legal: [], board: { ...board, moves: [] } };
}
