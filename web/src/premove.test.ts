import { describe, expect, it } from 'vitest';
import { replay, type Outcome } from './premove';

/** A board whose moves are "from-to" pairs: the first click selects a listed from, the second plays. */
function step(legal: string[]) {
  return (sel: string | null, c: string): Outcome<string | null> => {
    if (sel !== null) {
      const fit = legal.filter((m) => m === `${sel}-${c}`);
      if (fit.length === 1) return { kind: 'play', move: fit[0]! };
      return { kind: 'none' };
    }
    if (legal.some((m) => m.startsWith(`${c}-`))) return { kind: 'select', selection: c };
    return { kind: 'none' };
  };
}

describe('replay', () => {
  const legal = ['a-b', 'a-c', 'd-e'];
  it.each([
    ['a whole legal move', ['a', 'c'], 'a-c'],
    ['a move no longer legal', ['a', 'e'], null],
    ['a piece that cannot move now', ['x', 'b'], null],
    ['a half move', ['a'], null],
    ['clicks left over after the move', ['d', 'e', 'a'], null],
    ['no clicks', [], null],
  ])('%s', (_n, clicks, want) => {
    expect(replay(clicks, null, step(legal))).toBe(want);
  });
});
