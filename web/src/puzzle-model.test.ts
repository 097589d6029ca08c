import { describe, expect, it } from 'vitest';
import { initialRating, nextPuzzle, readProgress, saveProgress } from './puzzle-model';
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

describe('routes of issue 23', () => {
  it('reads and writes the analysis and puzzle paths', () => {
    for (const path of ['/analysis', '/analysis/pathagon', '/analysis/match/m_1', '/puzzles', '/puzzles/abalone']) {
      expect(href(parseRoute(path))).toBe(path);
    }
    expect(parseRoute('/analysis/match/m_1')).toEqual({ page: 'analysis', game: '', match: 'm_1' });
  });
});
