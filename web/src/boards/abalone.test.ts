import { describe, expect, it } from 'vitest';
import type { MatchState } from '../protocol';
import { state } from '../testutil';
import { anchor, click, destinations, listed, movable, moveFor, options, positionOf, slidesOf, type Dir, type Position } from './abalone';
import { cellName, cells, dirs, focusStep, motion, nearestDir, onBoard, parseCell, screenDir } from './abalone-layout';
import { forms } from './testdata/forms';

// The positions and their legal moves with their board forms, as the
// server sends them: made by the Go rules (web/board_forms_test.go).
const at = (name: string): MatchState => state(1, forms(name));
const startState = at('abalone start');
const push32 = at('abalone 3v2 push-off');
const twoPushes = at('abalone 3v1 and 2v1 pushes');

const pos = (s: MatchState): Position => {
  const p = positionOf(s);
  if (!p) throw new Error(`no board form in ${s.position}`);
  return p;
};
const on = (p: Position, colour: 'b' | 'w') => [...p.board].filter(([, m]) => m === colour).map(([c]) => c).sort();

describe('cells (§1 geometry)', () => {
  it('has 61 cells in rows of 5-6-7-8-9-8-7-6-5', () => {
    expect(cells).toHaveLength(61);
    const perRow = 'abcdefghi'.split('').map((r) => cells.filter((c) => c[0] === r).length);
    expect(perRow).toEqual([5, 6, 7, 8, 9, 8, 7, 6, 5]);
  });
  it.each([
    ['a1', true],
    ['a5', true],
    ['a6', false],
    ['e1', true],
    ['e9', true],
    ['f1', false],
    ['i4', false],
    ['i5', true],
    ['i9', true],
  ])('%s on the board: %s', (c, want) => {
    expect(parseCell(c) !== null).toBe(want);
  });
  it('reads either case and names cells in lower case', () => {
    expect(parseCell('E5')).toEqual([4, 5]);
    expect(cellName(4, 5)).toBe('e5');
    expect(onBoard(9, 5)).toBe(false);
  });
});

describe('positionOf (the board form of the position the server sends)', () => {
  it('reads the standard start (§2 standard)', () => {
    const p = pos(startState);
    expect(on(p, 'b')).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'c3', 'c4', 'c5']);
    expect(on(p, 'w')).toHaveLength(14);
    expect(p.board.get('g5')).toBe('w');
    expect(p.board.get('i9')).toBe('w');
    expect(p.toMove).toBe('b');
    expect(p.off).toEqual({ b: 0, w: 0 });
  });

  it.each([
    ['belgian-daisy', ['a1', 'a2', 'b1', 'b2', 'b3', 'c2', 'c3', 'g7', 'g8', 'h7', 'h8', 'h9', 'i8', 'i9'], ['a4', 'a5', 'b4', 'b5', 'b6', 'c5', 'c6', 'g4', 'g5', 'h4', 'h5', 'h6', 'i5', 'i6']],
    ['german-daisy', ['b1', 'b2', 'c1', 'c2', 'c3', 'd2', 'd3', 'f7', 'f8', 'g7', 'g8', 'g9', 'h8', 'h9'], ['b5', 'b6', 'c5', 'c6', 'c7', 'd6', 'd7', 'f3', 'f4', 'g3', 'g4', 'g5', 'h4', 'h5']],
  ])('reads the %s layout as §2 lists it', (variant, black, white) => {
    const p = pos(at(`abalone ${variant}`));
    expect(on(p, 'b')).toEqual([...black].sort());
    expect(on(p, 'w')).toEqual([...white].sort());
  });

  it('reads the side to move and the pushed-off counts (ruling A8)', () => {
    const p = pos(at('abalone pushed off 2 and 5'));
    expect(p.toMove).toBe('w');
    expect(p.off).toEqual({ b: 2, w: 5 });
  });

  it('is null without a board form (the board then shows the text)', () => {
    expect(positionOf(state(1, { game: 'abalone', board: undefined }))).toBeNull();
  });
});

describe('the last move (the form the server sends with the state)', () => {
  it('slides a broadside', () => {
    expect(slidesOf(at('abalone after c3c5d4').board!.last).map((s) => `${s.from}-${s.to}`)).toEqual(['c3-d4', 'c4-d5', 'c5-d6']);
  });

  it('slides a push-off: four marbles one cell, the fifth off the board (§4.4 ejection)', () => {
    expect(slidesOf(at('abalone after the 3v2 push-off').board!.last)).toEqual([
      { from: 'e5', to: 'e6', marble: 'b' },
      { from: 'e6', to: 'e7', marble: 'b' },
      { from: 'e7', to: 'e8', marble: 'b' },
      { from: 'e8', to: 'e9', marble: 'w' },
      { from: 'e9', to: null, marble: 'w' },
    ]);
  });

  it('is none at the start', () => {
    expect(slidesOf(startState.board!.last)).toEqual([]);
  });
});

describe('groups (§4.1: 1–3 marbles adjacent along one axis), as the forms give them', () => {
  const legal = listed(startState);
  it.each([
    [['c3'], true],
    [['c3', 'c4'], true],
    [['c5', 'c3', 'c4'], true],
    [['a1', 'b2', 'c3'], true],
    [['c3', 'c5'], false],
    [['a1', 'a2', 'b2'], false],
    [['a1', 'a2', 'a3', 'a4'], false],
    [['c3', 'c3'], false],
  ])('%j makes a listed move: %s', (sel, want) => {
    expect(options(legal, sel).size > 0).toBe(want);
  });
  it('anchors an in-line arrow at the selected marble furthest ahead, a broadside at the whole group', () => {
    expect(anchor(legal, ['c3', 'c4', 'c5'], 'E')).toEqual(['c5']);
    expect(anchor(legal, ['c3', 'c4', 'c5'], 'W')).toEqual(['c3']);
    expect(anchor(legal, ['a1'], 'NE')).toEqual(['a1']);
    expect(anchor(legal, ['c5', 'c3', 'c4'], 'NE')).toEqual(['c5', 'c3', 'c4']);
  });
});

describe('moveFor and options (selection + direction → a listed move)', () => {
  const legal = listed(startState);
  it.each([
    ['one marble NW', ['b1'], 'NW', 'b1c1'],
    ['the back of a column pushes the column (§4.2)', ['a1'], 'NE', 'a1b2'],
    ['the whole column', ['a1', 'b2', 'c3'], 'NE', 'a1b2'],
    ['a line backwards, named by its new trailing marble', ['c3', 'c4', 'c5'], 'W', 'c5c4'],
    ['a broadside', ['c5', 'c4', 'c3'], 'NE', 'c3c5d4'],
    ['a two-marble broadside', ['c3', 'b2'], 'NW', 'b2c3c2'],
    ['into an own marble sideways: none', ['c3', 'c4'], 'SE', null],
    ['off the board: none (§4.5)', ['a1'], 'SW', null],
    ['not a group: none', ['a1', 'a3'], 'E', null],
  ] as const)('%s', (_name, sel, d, want) => {
    expect(moveFor(legal, sel, d)).toBe(want);
  });

  it('offers only the directions that give a listed move', () => {
    expect(Object.fromEntries(options(legal, ['c3', 'c4', 'c5']))).toEqual({ E: 'c3c4', W: 'c5c4', NE: 'c3c5d4', NW: 'c3c5d3' });
    expect(options(legal, [])).toEqual(new Map());
    expect(options([], ['c3'])).toEqual(new Map());
  });

  // Every listed move can be made with the gestures: its group and direction.
  it.each([
    ['standard start', startState],
    ['3v2 push-off', push32],
    ['3v1 and 2v1 pushes', twoPushes],
  ])('reaches every legal move of the %s', (_name, st) => {
    const moves = listed(st);
    expect(moves.length).toBe(st.legal!.length);
    for (const m of moves) expect(moveFor(moves, m.form.pieces!, m.form.dir as Dir), m.text).toBe(m.text);
  });
});

describe('destinations and click (click marbles, then a destination)', () => {
  const p = pos(startState);
  const legal = listed(startState);

  it('maps each cell a move enters to the move, leaving out cells two moves share', () => {
    expect(Object.fromEntries(destinations(legal, ['c3', 'c4', 'c5']))).toEqual({
      c6: 'c3c4',
      c2: 'c5c4',
      d6: 'c3c5d4',
      d3: 'c3c5d3',
    });
  });

  it('names the pushed enemy marble as the destination of a push (§4.4)', () => {
    expect(destinations(listed(push32), ['e5', 'e6', 'e7']).get('e8')).toBe('e5e6');
  });

  it('marks the marbles that are in some legal move', () => {
    const m = movable(legal);
    expect(m.has('c4')).toBe(true);
    expect(m.has('a3')).toBe(true);
    expect(m.has('g5')).toBe(false);
  });

  type Step = [cell: string, want: ReturnType<typeof click>];
  it.each<[string, string[], Step[]]>([
    ['selects a marble, then extends the line', [], [['c3', { kind: 'select', selection: ['c3'] }], ['c4', { kind: 'select', selection: ['c3', 'c4'] }]]],
    ['plays by clicking a destination', ['c3', 'c4', 'c5'], [['d6', { kind: 'play', move: 'c3c5d4' }]]],
    ['an ambiguous cell clears the selection', ['c3', 'c4', 'c5'], [['d4', { kind: 'select', selection: [] }]]],
    ['drops an end marble', ['c3', 'c4', 'c5'], [['c5', { kind: 'select', selection: ['c3', 'c4'] }]]],
    ['the middle marble starts over', ['c3', 'c4', 'c5'], [['c4', { kind: 'select', selection: [] }]]],
    ['a marble off the line starts a new selection', ['c3'], [['a5', { kind: 'select', selection: ['a5'] }]]],
    ['a fourth marble starts a new selection', ['a1', 'a2', 'a3'], [['a4', { kind: 'select', selection: ['a4'] }]]],
    ['an enemy marble does nothing without a selection', [], [['g5', { kind: 'none' }]]],
    ['an empty cell no move enters clears the selection', ['c3'], [['e5', { kind: 'select', selection: [] }]]],
  ])('%s', (_name, sel0, steps) => {
    let sel = sel0;
    for (const [cell, want] of steps) {
      const r = click(p, legal, sel, cell);
      expect(r).toEqual(want);
      if (r.kind === 'select') sel = r.selection;
    }
  });
});

describe('screen: drags and keys', () => {
  it.each<[number, number, boolean, Dir | null]>([
    [30, 0, false, 'E'],
    [-30, 2, false, 'W'],
    [15, -26, false, 'NE'],
    [-15, -26, false, 'NW'],
    [14, 25, false, 'SE'],
    [-14, 25, false, 'SW'],
    [15, -26, true, 'SW'],
    [3, 2, false, null],
  ])('a drag of (%i, %i), flipped %s, means %s', (dx, dy, flipped, want) => {
    expect(nearestDir(dx, dy, flipped)).toBe(want);
  });

  it('animates a push-off: four marbles slide one cell, the fifth slides off the edge and fades (§4.4)', () => {
    const moved = slidesOf(at('abalone after the 3v2 push-off').board!.last);
    const m = motion(moved, false);
    expect([...m.arrive.keys()].sort()).toEqual(['e6', 'e7', 'e8', 'e9']);
    for (const [dx, dy] of m.arrive.values()) {
      expect(dx).toBeCloseTo(-40); // each came one cell from the west
      expect(dy).toBeCloseTo(0);
    }
    expect(m.off).toHaveLength(1);
    expect(m.off[0]!.from).toBe('e9');
    expect(m.off[0]!.marble).toBe('w');
    expect(m.off[0]!.offset[0]).toBeCloseTo(-40);
    // Turned for White, the same move slides the other way on the screen.
    expect(motion(moved, true).arrive.get('e6')![0]).toBeCloseTo(40);
  });

  it('maps pad slots to board directions, turned for White', () => {
    expect(dirs.map((d) => screenDir(d, false))).toEqual(dirs);
    expect(screenDir('NE', true)).toBe('SW');
  });

  it.each([
    ['e5', 'ArrowRight', false, 'e6'],
    ['e5', 'ArrowLeft', false, 'e4'],
    ['e5', 'ArrowUp', false, 'f6'],
    ['f6', 'ArrowDown', false, 'e5'],
    ['e9', 'ArrowUp', false, 'f9'],
    ['e1', 'ArrowDown', false, 'd1'],
    ['a5', 'ArrowRight', false, 'a5'],
    ['e5', 'ArrowRight', true, 'e4'],
    ['e5', 'ArrowUp', true, 'd4'],
    ['e5', 'Enter', false, null],
  ])('from %s, %s (flipped %s) focuses %s', (cell, key, flipped, want) => {
    expect(focusStep(cell, key, flipped)).toBe(want);
  });
});
