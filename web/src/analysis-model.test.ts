import { describe, expect, it } from 'vitest';
import { childrenAt, continuation, mainLine, marbles, play, readLink, rows, seatWin, shareLink, tree } from './analysis-model';

describe('move tree', () => {
  it('keeps the main line when a variation is played', () => {
    let root = tree(['a', 'b', 'c']);
    root = play(root, ['a'], 'x');
    expect(mainLine(root)).toEqual(['a', 'b', 'c']);
    expect(childrenAt(root, ['a'])!.map((n) => n.move)).toEqual(['b', 'x']);
    root = play(root, ['a', 'x'], 'y');
    expect(continuation(root, ['a', 'x'])).toEqual(['a', 'x', 'y']);
    expect(mainLine(root)).toEqual(['a', 'b', 'c']);
  });
  it('does not add a move twice', () => {
    const root = play(tree(['a', 'b']), ['a'], 'b');
    expect(childrenAt(root, ['a'])!.length).toBe(1);
  });
  it('lists variations after the move they replace', () => {
    const root = play(tree(['a', 'b', 'c']), ['a'], 'x');
    expect(rows(root).map((r) => `${r.depth}:${r.path.join(' ')}`)).toEqual(['0:a', '0:a b', '1:a x', '0:a b c']);
  });
  it('returns null for a path off the tree', () => {
    expect(childrenAt(tree(['a']), ['z'])).toBeNull();
  });
});

describe('share link', () => {
  it('round-trips a position and moves', () => {
    const link = shareLink({ game: 'pathagon', position: 'x y', players: 2 }, ['a1', 'b2xc3']);
    expect(link.startsWith('/analysis/pathagon?')).toBe(true);
    const back = readLink(link.slice(link.indexOf('?')));
    expect(back).toEqual({ players: 2, position: 'x y', moves: ['a1', 'b2xc3'] });
  });
  it('names a match by ID only', () => {
    expect(shareLink({ game: 'talat', match: 'm1', position: 'ignored' }, ['B02:b3'])).toBe('/analysis/match/m1?m=B02%3Ab3');
  });
});

describe('evaluation', () => {
  it('gives each seat its share', () => {
    const l = { move: 'a', pv: ['a'], score: 0.5, win: 0.8 };
    expect(seatWin(l, 1, 1, 2)).toBe(0.8);
    expect(seatWin(l, 1, 0, 2)).toBeCloseTo(0.2);
    expect(seatWin({ ...l, expected: [0.1, 0.2, 0.7] }, 0, 2, 3)).toBe(0.7);
  });
  it('reads Abalone scores as marbles', () => {
    expect(marbles(Math.tanh(1))).toBeCloseTo(3);
    expect(marbles(0)).toBe(0);
  });
});
