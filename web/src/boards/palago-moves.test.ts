import { describe, expect, it } from 'vitest';
import type { Tile } from './palago-geom';
import { findPalago, firstChoices, labLegal, occupiedCells, palagoMoves, palagoniaLegal, placeChoices, secondChoices } from './palago-moves';

const T = (q: number, r: number, o: number): Tile => ({ q, r, o });

// A legal list in the server's form (games/palago doc.go): each two-tile
// move once, and one one-tile move that would end the game.
const legal = ['(0,0):0+(1,-1):0', '(0,0):0+(1,-1):1', '(1,-1):2+(0,0):1', '(0,1):2', 'x', '(0,0):0+(1,0):0+(2,0):0'];

describe('Palago two-tile moves (games/palago doc.go "Notation")', () => {
  const moves = palagoMoves(legal);

  it('reads only tile moves of one or two tiles', () => {
    expect(moves.map((m) => m.text)).toEqual(['(0,0):0+(1,-1):0', '(0,0):0+(1,-1):1', '(1,-1):2+(0,0):1', '(0,1):2']);
  });

  it('offers both tiles of a move as a first tile, either order being one move', () => {
    const c = firstChoices(moves);
    expect(Object.fromEntries(c)).toEqual({ '(0,0)': [0, 1], '(1,-1)': [0, 1, 2], '(0,1)': [2] });
  });

  it.each([
    ['(0,0):0', T(0, 0, 0), { '(1,-1)': [0, 1] }],
    ['(1,-1):2', T(1, -1, 2), { '(0,0)': [1] }],
    ['(0,0):1', T(0, 0, 1), { '(1,-1)': [2] }],
    ['(0,1):2 (a one-tile move)', T(0, 1, 2), {}],
  ])('second tiles after %s', (_name, first, want) => {
    expect(Object.fromEntries(secondChoices(moves, first))).toEqual(want);
  });

  it.each([
    ['in listed order', T(0, 0, 0), T(1, -1, 1), '(0,0):0+(1,-1):1'],
    ['in the other order', T(1, -1, 1), T(0, 0, 0), '(0,0):0+(1,-1):1'],
    ['listed second first', T(0, 0, 1), T(1, -1, 2), '(1,-1):2+(0,0):1'],
    ['not listed', T(0, 0, 0), T(1, -1, 2), null],
    ['one tile', T(0, 1, 2), null, '(0,1):2'],
    ['one tile of a two-tile move', T(0, 0, 0), null, null],
  ])('finds the move %s', (_name, a, b, want) => {
    expect(findPalago(moves, a, b)).toBe(want);
  });
});

describe('Palagonia moves (games/palagonia doc.go notation)', () => {
  it('sorts dice, placements, remove, rotate and pass', () => {
    const l = palagoniaLegal(['use:3', 'use:R', '(1,-1):2', '(1,-1):0', 'remove:(2,0)', 'rotate:(2,0):1', 'rotate:(0,0):2', 'pass', 'roll:3+R']);
    expect(l.use).toEqual([
      { face: '3', text: 'use:3' },
      { face: 'R', text: 'use:R' },
    ]);
    expect(Object.fromEntries(l.place)).toEqual({ '(1,-1)': [0, 2] });
    expect(l.actions.get('(2,0)')?.remove).toBe('remove:(2,0)');
    expect([...(l.actions.get('(2,0)')?.rotate ?? [])]).toEqual([[1, 'rotate:(2,0):1']]);
    expect(l.actions.get('(0,0)')?.remove).toBeNull();
    expect(l.actions.get('(0,0)')?.rotate.get(2)).toBe('rotate:(0,0):2');
    expect(l.pass).toBe('pass');
    expect(l.rolls).toEqual(['roll:3+R']);
  });
  it('an empty list offers nothing', () => {
    const l = palagoniaLegal([]);
    expect(l.use).toEqual([]);
    expect(l.place.size).toBe(0);
    expect(l.pass).toBeNull();
  });
});

describe('Palaboratory moves (games/palaboratory doc.go notation)', () => {
  const occupied = occupiedCells([T(0, 0, 0), T(1, 0, 1)]);
  const l = labLegal(['(0,1):2', '(0,0):1', '(0,0):2', '(1,0)>(2,0):0', '(1,0)->(2,0):2', '(1,0)>(0,-1):1'], occupied);

  it('a tile on an empty cell is a placement', () => {
    expect(Object.fromEntries(l.place)).toEqual({ '(0,1)': [2] });
  });
  it('a tile on an occupied cell is a turn', () => {
    expect([...l.rotate.get('(0,0)')!]).toEqual([
      [1, '(0,0):1'],
      [2, '(0,0):2'],
    ]);
  });
  it('relocations, with ">" or "->"', () => {
    const r = l.relocate.get('(1,0)')!;
    expect(Object.fromEntries(r.to)).toEqual({ '(2,0)': [0, 2], '(0,-1)': [1] });
    expect(r.text.get('(2,0):2')).toBe('(1,0)->(2,0):2');
    expect(r.text.get('(0,-1):1')).toBe('(1,0)>(0,-1):1');
  });
  it('placeChoices skips occupied cells', () => {
    expect(Object.fromEntries(placeChoices(['(0,0):1', '(3,3):0'], occupied))).toEqual({ '(3,3)': [0] });
  });
});
