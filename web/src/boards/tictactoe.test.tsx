// @vitest-environment happy-dom
// The tic-tac-toe board (docs/rules/tictactoe.md): what it reads from the
// position text and that a click sends only a move the server listed.
import { render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { state } from '../testutil';
import { TicTacToeBoard } from './TicTacToeBoard';
import { parsePosition, winningLine } from './tictactoe';

// One container per test, made by the first show and removed after it.
let root: HTMLElement | null = null;
function show(el: ComponentChild) {
  root ??= document.body.appendChild(document.createElement('div'));
  render(el, root);
}
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
});

const cell = (name: string) => root!.querySelector(`[data-cell="${name}"]`)!;
const click = (name: string) => cell(name).dispatchEvent(new MouseEvent('click', { bubbles: true }));
const ttt = (position: string, legal: string[], over: object = {}) =>
  state(4, { game: 'tictactoe', position, legal: legal.map((text) => ({ text })), ...over });

describe('tictactoe model', () => {
  it('reads the position text and refuses anything else', () => {
    expect(parsePosition('x...o.... x')).toEqual({ cells: ['x', '', '', '', 'o', '', '', '', ''], toMove: 'x' });
    for (const bad of ['', 'x...o... x', 'x...o.... -', 'X...o.... x', '.......... x']) {
      expect(parsePosition(bad)).toBeNull();
    }
  });

  it('finds the completed line', () => {
    expect(winningLine(parsePosition('xxxoo.... o')!.cells)).toEqual([0, 1, 2]);
    expect(winningLine(parsePosition('o.x.ox..x o')!.cells)).toEqual([2, 5, 8]);
    expect(winningLine(parsePosition('x...o.... x')!.cells)).toBeNull();
  });
});

describe('TicTacToeBoard', () => {
  it('draws nine cells with their marks, the last move and the winning line', () => {
    show(<TicTacToeBoard state={ttt('xxxoo.... o', [], { lastMove: '2' })} seat={0} interactive={false} onMove={() => {}} />);
    expect(root!.querySelectorAll('[data-cell]')).toHaveLength(9);
    expect(cell('0').getAttribute('data-mark')).toBe('x');
    expect(cell('4').getAttribute('data-mark')).toBe('o');
    expect(cell('5').getAttribute('data-mark')).toBe('');
    expect(cell('2').classList.contains('last')).toBe(true);
    expect(root!.querySelectorAll('.won')).toHaveLength(3);
    expect(cell('3').classList.contains('won')).toBe(false);
  });

  it('sends a listed cell on a click, only when interactive', () => {
    const sent: string[] = [];
    const s = ttt('x...o.... x', ['1', '2', '3', '5', '6', '7', '8']);
    show(<TicTacToeBoard state={s} seat={0} interactive={false} onMove={(m) => sent.push(m)} />);
    click('2');
    expect(sent).toEqual([]);
    show(<TicTacToeBoard state={s} seat={0} interactive={true} onMove={(m) => sent.push(m)} />);
    click('0'); // taken: not listed
    click('2');
    expect(sent).toEqual(['2']);
    expect(cell('0').getAttribute('role')).toBeNull();
    expect(cell('8').getAttribute('role')).toBe('button');
  });

  it('turns by 180° when flipped: cell 0 is drawn at the bottom right', () => {
    show(<TicTacToeBoard state={ttt('x........ o', [])} seat={1} interactive={false} onMove={() => {}} flipped />);
    const rect = cell('0').querySelector('rect')!;
    expect([rect.getAttribute('x'), rect.getAttribute('y')]).toEqual(['200', '200']);
  });

  it('shows the text of a position it cannot read', () => {
    show(<TicTacToeBoard state={ttt('garbled', [])} seat={0} interactive={false} onMove={() => {}} />);
    expect(root!.querySelector('pre.position')!.textContent).toBe('garbled');
  });
});
