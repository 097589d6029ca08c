import { describe, expect, it } from 'vitest';
import { accepted, initialRating, nextPuzzle, readProgress, saveProgress } from './puzzle-model';
import { parseRoute, href } from './router';
import { memoryKV } from './tokens';

describe('puzzle progress', () => {
  it('starts at the initial rating and keeps what is saved, per game', () => {
    const kv = memoryKV();
    expect(readProgress(kv, 'pathagon')).toEqual({ rating: initialRating, streak: 0, recent: [] });
    saveProgress(kv, 'pathagon', { rating: { ...initialRating, rating: 1600 }, streak: 3, recent: ['p-1'] });
    expect(readProgress(kv, 'pathagon').streak).toBe(3);
    expect(readProgress(kv, 'abalone').streak).toBe(0);
    kv.setItem('tabula.puzzles.talat', '{broken');
    expect(readProgress(kv, 'talat').streak).toBe(0);
  });
  it('offers the unseen puzzle nearest the solver’s rating', () => {
    const list = [
      { id: 'a', rating: 900 },
      { id: 'b', rating: 1450 },
      { id: 'c', rating: 1700 },
    ];
    const p = { rating: { ...initialRating }, streak: 0, recent: [] as string[] };
    expect(nextPuzzle(list, p)).toBe('b');
    expect(nextPuzzle(list, { ...p, recent: ['b'] })).toBe('c');
    expect(nextPuzzle(list, { ...p, recent: ['a', 'b', 'c'] })).toBe('b');
    expect(nextPuzzle([], p)).toBeNull();
  });
});

describe('accepted answers', () => {
  it('takes the solution’s move, and in Villa Paletti every winning target the puzzle lists, not another target of the column', () => {
    const abalone = { solution: ['e7e8', 'a1a2'] };
    expect(accepted(abalone, 0, 'e7e8')).toBe(true);
    expect(accepted(abalone, 0, 'e6e7')).toBe(false);
    const villa = {
      solution: ['green-medium:2>(-40,-50)', 'propose:orange(10,10,0)'],
      accept: [['green-medium:2>(-50,-50)', 'green-medium:2>(-40,-50)'], null],
    };
    expect(accepted(villa, 0, 'green-medium:2>(-40,-50)')).toBe(true);
    expect(accepted(villa, 0, 'green-medium:2>(-50,-50)')).toBe(true);
    expect(accepted(villa, 0, 'green-medium:2>(30,20)')).toBe(false);
    expect(accepted(villa, 0, 'pass')).toBe(false);
    expect(accepted(villa, 1, 'propose:orange(10,10,0)')).toBe(true);
    expect(accepted(villa, 1, 'propose:orange(20,10,0)')).toBe(false);
  });
});

describe('routes of issue 23', () => {
  it('reads and writes the analysis and puzzle paths', () => {
    for (const path of ['/analysis', '/analysis/pathagon', '/analysis/match/m_1', '/puzzles', '/puzzles/abalone']) {
      expect(href(parseRoute(path))).toBe(path);
    }
    expect(parseRoute('/analysis/match/m_1')).toEqual({ page: 'analysis', game: '', match: 'm_1' });
  });
});
