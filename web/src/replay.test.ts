import { describe, expect, it } from 'vitest';
import { clampPly, covers, keyStep, step, viewState, type Positions, type Step } from './replay';
import { startPosition, state } from './testutil';

const after1 = '......./......./......./...L.../......./......./....... d 13 14 -,- - 1';
const after2 = '......./......./......./..DL.../......./......./....... l 13 13 -,- - 2';

function positions(): Positions {
  return {
    id: 'm_test', game: 'pathagon', variant: 'standard', players: 2, status: 'live', seats: null,
    timeControl: { kind: 'none' }, rated: false, ply: 2, created: 1000, updated: 9000,
    positions: [
      { ply: 0, seat: -1, position: startPosition, toMove: 0 },
      { ply: 1, move: 'd4', seat: 0, at: 2000, position: after1, toMove: 1 },
      { ply: 2, move: 'c4', seat: 1, at: 3000, position: after2, toMove: 0 },
    ],
  };
}

describe('step', () => {
  const cases: { name: string; ply: number; last: number; s: Step; want: number }[] = [
    { name: 'first from the middle', ply: 3, last: 6, s: 'first', want: 0 },
    { name: 'last from the start', ply: 0, last: 6, s: 'last', want: 6 },
    { name: 'prev', ply: 3, last: 6, s: 'prev', want: 2 },
    { name: 'prev stops at the start', ply: 0, last: 6, s: 'prev', want: 0 },
    { name: 'next', ply: 3, last: 6, s: 'next', want: 4 },
    { name: 'next stops at the end', ply: 6, last: 6, s: 'next', want: 6 },
    { name: 'no moves at all', ply: 0, last: 0, s: 'next', want: 0 },
  ];
  for (const c of cases) it(c.name, () => expect(step(c.ply, c.last, c.s)).toBe(c.want));
});

describe('keyStep and clampPly', () => {
  const keys: [string, Step | null][] = [
    ['ArrowLeft', 'prev'],
    ['ArrowRight', 'next'],
    ['Home', 'first'],
    ['End', 'last'],
    ['ArrowUp', null],
    ['a', null],
  ];
  for (const [key, want] of keys) it(`maps ${key}`, () => expect(keyStep(key)).toBe(want));
  it('clamps', () => {
    expect(clampPly(-3, 5)).toBe(0);
    expect(clampPly(9, 5)).toBe(5);
    expect(clampPly(2.7, 5)).toBe(2);
  });
});

describe('covers', () => {
  const cases: { name: string; moves: string[]; ply: number; want: boolean }[] = [
    { name: 'the same record', moves: ['d4', 'c4'], ply: 2, want: true },
    { name: 'an earlier ply of a longer game', moves: ['d4', 'c4', 'e4'], ply: 1, want: true },
    { name: 'a ply the positions do not reach yet', moves: ['d4', 'c4', 'e4'], ply: 3, want: false },
    { name: 'a record changed by a takeback', moves: ['d4', 'b2'], ply: 2, want: false },
  ];
  for (const c of cases) it(c.name, () => expect(covers(positions(), c.moves, c.ply)).toBe(c.want));
  it('nothing fetched yet', () => expect(covers(null, [], 0)).toBe(false));
});

describe('viewState', () => {
  const live = state(7, { moves: ['d4', 'c4'], lastMove: 'c4', position: after2, toMove: 0, legal: [{ text: 'e4', to: 'e4' }] });

  it('shows a past ply read-only, with its last move and the record up to it', () => {
    const v = viewState(live, positions(), 1);
    expect(v.position).toBe(after1);
    expect(v.toMove).toBe(1);
    expect(v.lastMove).toBe('d4');
    expect(v.moves).toEqual(['d4']);
    expect(v.legal).toEqual([]);
    expect(v.version).toBe(7);
  });

  it('shows the start with no last move', () => {
    const v = viewState(live, positions(), 0);
    expect(v.position).toBe(startPosition);
    expect(v.lastMove).toBeUndefined();
    expect(v.moves).toEqual([]);
  });

  it('keeps the result only at the end of a finished game', () => {
    const over = { ...live, status: 'finished' as const, toMove: -1, result: { winners: [0], reason: 'resignation', text: 'light wins' } };
    expect(viewState(over, positions(), 2).result?.reason).toBe('resignation');
    expect(viewState(over, positions(), 1).result).toBeUndefined();
  });
});
