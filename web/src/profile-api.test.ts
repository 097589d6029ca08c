import { describe, expect, it } from 'vitest';
import { archiveQuery, graphPoints, type RatingPoint } from './profile-api';
import { href, parseRoute } from './router';

const pt = (rating: number, i: number): RatingPoint => ({ match: `m${i}`, at: i, rating, rd: 100 });

describe('graphPoints', () => {
  it('puts the oldest point left and the highest rating at the top, inside the padding', () => {
    const ps = graphPoints([1500, 1600, 1550].map(pt), 200, 100, 10);
    expect(ps.map((p) => p.x)).toEqual([10, 100, 190]);
    expect(ps[1]!.y).toBe(10); // highest
    expect(ps[0]!.y).toBe(90); // lowest
    expect(ps[2]!.y).toBe(50);
  });
  it('centres a single point, and a flat line, instead of dividing by zero', () => {
    expect(graphPoints([pt(1500, 0)], 200, 100, 10)).toEqual([{ x: 100, y: 50, p: pt(1500, 0) }]);
    const flat = graphPoints([pt(1500, 0), pt(1500, 1)], 200, 100, 10);
    expect(flat.map((p) => p.y)).toEqual([50, 50]);
  });
  it('has no points without history', () => {
    expect(graphPoints([], 200, 100, 10)).toEqual([]);
  });
});

describe('archiveQuery', () => {
  it.each([
    [{ game: '', result: '', rated: '' }, '', ''],
    [{ game: 'pathagon', result: 'win', rated: 'true' }, '', '?game=pathagon&result=win&rated=true'],
    [{ game: '', result: 'loss', rated: 'false' }, '17.m_x', '?result=loss&rated=false&after=17.m_x'],
  ] as const)('%j after %s', (f, after, want) => {
    expect(archiveQuery(f, after)).toBe(want);
  });
});

describe('profile routes', () => {
  it.each([
    ['/user/alice', { page: 'user', name: 'alice' }],
    ['/user/alice/games', { page: 'archive', name: 'alice' }],
    ['/leaderboard', { page: 'leaderboard' }],
    ['/user/a b', { page: 'notfound', path: 'user/a b' }],
  ] as const)('%s', (path, want) => {
    const r = parseRoute(path);
    expect(r).toEqual(want);
    if (r.page !== 'notfound') expect(href(r)).toBe(path);
  });
});
