import { describe, expect, it } from 'vitest';
import { flipKey, flipText, loadFlip, saveFlip } from './prefs';
import { memoryKV } from './tokens';

describe('flip setting', () => {
  it('is remembered per game', () => {
    const kv = memoryKV();
    expect(loadFlip(kv, 'pathagon')).toBe(false);
    saveFlip(kv, 'pathagon', true);
    expect(loadFlip(kv, 'pathagon')).toBe(true);
    expect(loadFlip(kv, 'abalone')).toBe(false);
    saveFlip(kv, 'pathagon', false);
    expect(kv.getItem(flipKey('pathagon'))).toBeNull();
  });
});

describe('flipText', () => {
  const cases: { name: string; in: string; want: string }[] = [
    { name: 'rows reversed, cells reversed', in: 'ab./c../..d l 1 2', want: 'd../..c/.ba l 1 2' },
    { name: 'hex rows of different lengths', in: 'www/bb.. b 0 0', want: '..bb/www b 0 0' },
    { name: 'not a grid', in: 'p2 (0,0):1+(0,1):2', want: 'p2 (0,0):1+(0,1):2' },
    { name: 'empty', in: '', want: '' },
  ];
  for (const c of cases) it(c.name, () => expect(flipText(c.in)).toBe(c.want));
  it('twice is the identity', () => {
    const p = 'L....../......./......./...D.../......./......./......D d 13 12 -,- -';
    expect(flipText(flipText(p))).toBe(p);
  });
});
