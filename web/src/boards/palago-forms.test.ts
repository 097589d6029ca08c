import { describe, expect, it } from 'vitest';
import type { UIMove } from '../protocol';
import { findPalago, firstChoices, labLegal, listed, palagoMoves, palagoniaLegal, pieceKeys, secondChoices, type Listed } from './palago-forms';
import type { Tile } from './palago-geom';

const T = (q: number, r: number, o: number): Tile => ({ q, r, o });
const tile = (cell: string, o: number) => ({ cell, o });
const list = (ms: [string, UIMove][]): Listed[] => ms.map(([text, form]) => ({ text, form }));

// Palago's forms (games/palago ui.go): each two-tile move once, and one
// one-tile move that would end the game.
const palago = list([
  ['(0,0):0+(1,-1):0', { tiles: [tile('(0,0)', 0), tile('(1,-1)', 0)] }],
  ['(0,0):0+(1,-1):1', { tiles: [tile('(0,0)', 0), tile('(1,-1)', 1)] }],
  ['(1,-1):2+(0,0):1', { tiles: [tile('(1,-1)', 2), tile('(0,0)', 1)] }],
  ['(0,1):2', { tiles: [tile('(0,1)', 2)] }],
]);

describe('listed', () => {
  it('pairs each legal move with its form, and gives nothing when they do not match up', () => {
    const board = { position: { pieces: [] }, moves: [{ tiles: [tile('(0,0)', 0)] }] };
    expect(listed({ legal: [{ text: '(0,0):0' }], board })).toEqual([{ text: '(0,0):0', form: board.moves[0] }]);
    expect(listed({ legal: [{ text: '(0,0):0' }, { text: '(0,0):1' }], board })).toEqual([]);
    expect(listed({ legal: [{ text: '(0,0):0' }] })).toEqual([]);
  });

  it('reads the tiles a form names by tileRefs from the board\'s shared tiles', () => {
    const board = { position: { pieces: [] }, tiles: [tile('(0,0)', 0), tile('(1,-1)', 2)], moves: [{ tileRefs: [1, 0] }, { tileRefs: [0] }] };
    const l = listed({ legal: [{ text: '(1,-1):2+(0,0):0' }, { text: '(0,0):0' }], board });
    expect(l.map((m) => m.form.tiles)).toEqual([[tile('(1,-1)', 2), tile('(0,0)', 0)], [tile('(0,0)', 0)]]);
  });
});

describe('Palago two-tile moves (games/palago ui.go)', () => {
  const moves = palagoMoves(palago);

  it('offers both tiles of a move as a first tile, either order being one move', () => {
    expect(Object.fromEntries(firstChoices(moves))).toEqual({ '(0,0)': [0, 1], '(1,-1)': [0, 1, 2], '(0,1)': [2] });
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

describe('Palagonia moves (games/palagonia ui.go)', () => {
  it('sorts dice, placements, remove, rotate and pass by their forms', () => {
    const l = palagoniaLegal(
      list([
        ['use:3', { kind: 'use', dice: ['3'] }],
        ['use:R', { kind: 'use', dice: ['R'] }],
        ['(1,0):2', { kind: 'place', tiles: [tile('(1,0)', 2)] }],
        ['(1,0):0', { kind: 'place', tiles: [tile('(1,0)', 0)] }],
        ['remove:(2,0)', { kind: 'remove', from: '(2,0)' }],
        ['rotate:(0,0):1', { kind: 'rotate', tiles: [tile('(0,0)', 1)] }],
        ['pass', { kind: 'pass' }],
        ['roll:3+R', { kind: 'roll', dice: ['3', 'R'] }],
      ]),
    );
    expect(l.use).toEqual([
      { face: '3', text: 'use:3' },
      { face: 'R', text: 'use:R' },
    ]);
    expect(Object.fromEntries(l.place)).toEqual({ '(1,0)': [0, 2] });
    expect(l.placeText.get('(1,0):2')).toBe('(1,0):2');
    expect(l.actions.get('(2,0)')?.remove).toBe('remove:(2,0)');
    expect(l.actions.get('(0,0)')?.rotate.get(1)).toBe('rotate:(0,0):1');
    expect(l.pass).toBe('pass');
  });
});

describe('Palaboratory moves (games/palaboratory ui.go)', () => {
  it('sorts placements, turns, relocations and done by their forms', () => {
    const l = labLegal(
      list([
        ['(-2,1):0', { kind: 'place', tiles: [tile('(-2,1)', 0)] }],
        ['(0,0):2', { kind: 'rotate', tiles: [tile('(0,0)', 2)] }],
        ['(0,0)>(-2,1):1', { kind: 'relocate', from: '(0,0)', tiles: [tile('(-2,1)', 1)] }],
        ['done', { kind: 'done' }],
      ]),
    );
    expect(Object.fromEntries(l.place)).toEqual({ '(-2,1)': [0] });
    expect(l.rotate.get('(0,0)')?.get(2)).toBe('(0,0):2');
    expect(Object.fromEntries(l.relocate.get('(0,0)')!.to)).toEqual({ '(-2,1)': [1] });
    expect(l.relocate.get('(0,0)')!.text.get('(-2,1):1')).toBe('(0,0)>(-2,1):1');
    expect(l.done).toBe('done');
  });
});

describe('pieceKeys', () => {
  it('names a creature\'s tips and arches as the tile drawing does', () => {
    expect([...pieceKeys([{ colour: 'B', tips: ['(1,0)', '(-1,2)'], arches: ['(0,0)'] }])].sort()).toEqual(['-1,2,bTip', '0,0,bArch', '1,0,bTip']);
    expect(pieceKeys(undefined).size).toBe(0);
  });
});
