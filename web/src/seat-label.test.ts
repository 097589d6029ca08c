import { describe, expect, it } from 'vitest';
import { palagoFirst, seatLabel } from './seat-label';

const seats = (names: string[]) => names.map((name, seat) => ({ seat, name, kind: 'human' as const, taken: true, connected: true }));

describe('seatLabel', () => {
  it('names each seat by what it plays', () => {
    const cases = [
      { s: { game: 'palago', players: 2, position: 'p2 0 48', seats: seats(['p1', 'p2']) }, lang: 'en', n: 0, want: { name: 'Yellow', swatches: ['yellow'] } },
      { s: { game: 'palago', players: 2, position: 'p2 0 48', seats: seats(['p1', 'p2']) }, lang: 'ru', n: 1, want: { name: 'Синие', swatches: ['blue'] } },
      { s: { game: 'villapaletti', players: 2, position: '', seats: seats(['blue', 'yellow']) }, lang: 'en', n: 0, want: { name: 'Blue and green', swatches: ['blue', 'green'] } },
      { s: { game: 'villapaletti', players: 2, position: '', seats: seats(['blue', 'yellow']) }, lang: 'uk', n: 1, want: { name: 'Жовті і червоні', swatches: ['yellow', 'red'] } },
      { s: { game: 'villapaletti', players: 4, position: '', seats: seats(['blue', 'yellow', 'green', 'red']) }, lang: 'en', n: 2, want: { name: 'Green', swatches: ['green'] } },
      { s: { game: 'palagonia', players: 3, position: '', seats: seats(['p1', 'p2', 'p3']) }, lang: 'uk', n: 2, want: { name: 'Гравець 3', swatches: ['p3'] } },
      { s: { game: 'palaboratory', players: 1, position: '', seats: seats(['player']) }, lang: 'ru', n: 0, want: { name: 'Игрок', swatches: ['player'] } },
    ] as const;
    for (const c of cases) expect(seatLabel(c.lang, c.s, c.n), JSON.stringify(c)).toEqual(c.want);
  });

  it('reads the first mover of a Palago position', () => {
    expect(palagoFirst('p1 ...')).toBe(0);
    expect(palagoFirst('p2')).toBe(1);
    expect(palagoFirst('')).toBeNull();
  });
});
