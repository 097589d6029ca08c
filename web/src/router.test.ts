import { describe, expect, it } from 'vitest';
import { href, parseRoute, type Route } from './router';

describe('routes', () => {
  it.each<[string, Route]>([
    ['/', { page: 'lobby' }],
    ['', { page: 'lobby' }],
    ['/index.html', { page: 'lobby' }],
    ['/match/m_3kq9x7p2vd', { page: 'match', id: 'm_3kq9x7p2vd' }],
    ['/match/m_3kq9x7p2vd/', { page: 'match', id: 'm_3kq9x7p2vd' }],
    ['/match/a b', { page: 'notfound', path: 'match/a b' }],
    ['/nope', { page: 'notfound', path: 'nope' }],
  ])('%s', (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });
  it('round-trips through href', () => {
    for (const r of [{ page: 'lobby' }, { page: 'match', id: 'm_x' }] as Route[]) {
      expect(parseRoute(href(r))).toEqual(r);
    }
  });
});
