import type { BoardProps } from './board';
import './tictactoe.css';
import { parsePosition, winningLine } from './tictactoe';

/** Geometry of the SVG, in user units. */
const cell = 100;
const full = 3 * cell;
const inset = 24; // the marks' margin inside their cell

/**
 * TicTacToeBoard draws the template game (docs/rules/tictactoe.md): nine
 * cells, the last move and a completed line marked. A click on a cell
 * sends the legal move of that cell, and only one the server listed.
 */
export function TicTacToeBoard({ state, interactive, onMove, flipped = false }: BoardProps) {
  const pos = parsePosition(state.position);
  if (!pos) return <pre class="position">{state.position}</pre>;
  const legal = interactive ? (state.legal ?? []) : [];
  const byCell = new Map(legal.map((m) => [m.text, m.text]));
  const won = new Set(winningLine(pos.cells) ?? []);

  const cells = pos.cells.map((mark, i) => {
    const name = String(i);
    const move = byCell.get(name);
    // Flipped, the board turns by 180°: cell 0 goes to the bottom right.
    const v = flipped ? 8 - i : i;
    const x = (v % 3) * cell;
    const y = Math.floor(v / 3) * cell;
    const classes = ['cell'];
    if (state.lastMove === name) classes.push('last');
    if (won.has(i)) classes.push('won');
    if (move) classes.push('target');
    const play = () => move && onMove(move);
    return (
      <g
        key={name}
        class={classes.join(' ')}
        data-cell={name}
        data-mark={mark}
        role={move ? 'button' : undefined}
        aria-label={mark ? `${name}: ${mark}` : name}
        tabindex={move ? 0 : undefined}
        onClick={play}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            play();
          }
        }}
      >
        <rect x={x} y={y} width={cell} height={cell} class="sq" />
        {mark === 'x' && (
          <path
            class="mark mark-x"
            d={`M${x + inset} ${y + inset} L${x + cell - inset} ${y + cell - inset} M${x + cell - inset} ${y + inset} L${x + inset} ${y + cell - inset}`}
          />
        )}
        {mark === 'o' && <circle class="mark mark-o" cx={x + cell / 2} cy={y + cell / 2} r={cell / 2 - inset} />}
      </g>
    );
  });

  return (
    <div class="board-wrap">
      <svg
        class={`board tictactoe${flipped ? ' flipped' : ''}`}
        data-flipped={flipped ? 'true' : undefined}
        viewBox={`0 0 ${full} ${full}`}
        role="grid"
        aria-label="Tic-tac-toe"
      >
        {cells}
      </svg>
    </div>
  );
}
