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
    ['/rules', { page: 'rules', game: '' }],
    ['/rules/pathagon', { page: 'rules', game: 'pathagon' }],
    ['/rules/villapaletti/', { page: 'rules', game: 'villapaletti' }],
    ['/rules/Bad Name', { page: 'notfound', path: 'rules/Bad Name' }],
  ])('%s', (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });
  it('round-trips through href', () => {
    for (const r of [{ page: 'lobby' }, { page: 'match', id: 'm_x' }, { page: 'rules', game: '' }, { page: 'rules', game: 'abalone' }] as Route[]) {
      expect(parseRoute(href(r))).toEqual(r);
    }
  });
});
