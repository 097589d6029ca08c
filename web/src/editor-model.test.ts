import { describe, expect, it } from 'vitest';
import { cycle, grid, switchSide } from './editor-model';

describe('board editor', () => {
  it('reads Pathagon rows and cycles a cell through empty, light and dark', () => {
    const start = '......./......./......./......./......./......./....... l 14 14 -,- -';
    expect(grid('pathagon', start)).toHaveLength(7);
    const one = cycle('pathagon', start, 0, 0);
    expect(one.startsWith('L....../')).toBe(true);
    expect(one.endsWith(' l 14 14 -,- -')).toBe(true);
    expect(cycle('pathagon', cycle('pathagon', one, 0, 0), 0, 0)).toBe(start);
  });
  it('reads tic-tac-toe as three rows of three and switches the side to move', () => {
    expect(grid('tictactoe', 'x...o.... x')).toEqual([['x', '.', '.'], ['.', 'o', '.'], ['.', '.', '.']]);
    expect(cycle('tictactoe', 'x...o.... x', 2, 2)).toBe('x...o...x x');
    expect(switchSide('tictactoe', 'x...o.... x')).toBe('x...o.... o');
  });
  it('has no grid for a game or text it does not know', () => {
    expect(grid('palago', 'p2')).toBeNull();
    expect(grid('pathagon', 'nonsense?')).toBeNull();
  });
});
