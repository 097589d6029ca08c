import { describe, expect, it } from 'vitest';
import {
  apply,
  cellName,
  cells,
  click,
  destinations,
  dirs,
  focusStep,
  formatPosition,
  isGroup,
  lastMove,
  layouts,
  lineOf,
  movable,
  motion,
  moveFor,
  nearestDir,
  onBoard,
  options,
  parseCell,
  parsePosition,
  screenDir,
  shape,
  slides,
  step,
  type Dir,
  type Position,
} from './abalone';

// Legal move lists, as the server sends them, printed by the Go engine:
//   tabula moves abalone                       (the standard start, 44 moves: §Test vectors)
//   tabula moves abalone --position '<text>'   (the edge positions of §Test vectors)
const start = layouts.standard!;
const startLegal =
  'c5c6 c4c5 c3c4 b1c2 b5c6 b6c7 c3d4 c4d5 c5d6 a4b5 a5b6 b2c3 b3c4 b4c5 a1b2 a2b3 a3b4 b1c1 b2c2 b6c6 c3d3 c4d4 c5d5 a1b1 a2b2 b3c3 b4c4 b5c5 a3b3 a4b4 a5b5 c3c2 c4c3 c5c4 b5b6c6 c3c4d4 c4c5d5 c3c5d4 b1b2c1 c3c4d3 c4c5d4 c3c5d3 b2c3c2 b5c5c6'.split(' ');
const push32 = '...../....../......./......../....bbbww/......../......./....../..... b 0 0';
const push32Legal =
  'e5e6 e5f6 e6f7 e7f8 e5f5 e6f6 e7f7 e5e4 e6e5 e7e6 e5d4 e6d5 e7d6 e5d5 e6d6 e7d7 e5e6f6 e6e7f7 e5e7f6 e5e6f5 e6e7f6 e5e7f5 e5e6d4 e6e7d5 e5e7d4 e5e6d5 e6e7d6 e5e7d5'.split(' ');
const twoPushes = '...../....../......./......../........./......../......./bbbw.w/..... b 0 0';
const twoPushesLegal =
  'b2b3 b1b2 b1c2 b2c3 b3c4 b1c1 b2c2 b3c3 b2a1 b3a2 b1a1 b2a2 b3a3 b1b2c2 b2b3c3 b1b3c2 b1b2c1 b2b3c2 b1b3c1 b2b3a1 b1b2a1 b2b3a2 b1b3a1'.split(' ');

const pos = (text: string): Position => {
  const p = parsePosition(text);
  if (!p) throw new Error(`bad position ${text}`);
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
  it.each([
    ['a1', 'E', 'a2'],
    ['a1', 'NE', 'b2'],
    ['a1', 'NW', 'b1'],
    ['a1', 'W', null],
    ['a1', 'SW', null],
    ['e5', 'SE', 'd5'],
    ['e5', 'SW', 'd4'],
    ['i9', 'NE', null],
  ] as const)('the %s neighbour of %s is %s (§1 directions table)', (c, d, want) => {
    expect(step(c, d)).toBe(want);
  });
});

describe('parsePosition (§7 position text)', () => {
  it('reads the standard start (§2 standard)', () => {
    const p = pos(start);
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
    const p = pos(layouts[variant]!);
    expect(on(p, 'b')).toEqual([...black].sort());
    expect(on(p, 'w')).toEqual([...white].sort());
  });

  it.each(Object.entries(layouts))('round-trips %s', (_v, text) => {
    expect(formatPosition(pos(text))).toBe(text);
  });

  it('reads the side to move and the pushed-off counts (ruling A8)', () => {
    const p = pos('...../....../......./......../....b..../......../......./....../..... w 3 5');
    expect(p.toMove).toBe('w');
    expect(p.off).toEqual({ b: 3, w: 5 });
  });

  it.each([
    ['too few fields', '...../....../......./......../....b..../......../......./....../..... b 0'],
    ['too many fields', '...../....../......./......../....b..../......../......./....../..... b 0 0 0'],
    ['eight rows', '...../....../......./......../....b..../......../......./...... b 0 0'],
    ['short row', '...../....../......./......./....b..../......../......./....../..... b 0 0'],
    ['bad marble', '...../....../......./......../....x..../......../......./....../..... b 0 0'],
    ['bad side', '...../....../......./......../....b..../......../......./....../..... x 0 0'],
    ['bad count', '...../....../......./......../....b..../......../......./....../..... b -1 0'],
    ['more than 14 marbles of a colour', 'wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 1 0'],
  ])('rejects %s', (_name, text) => {
    expect(parsePosition(text)).toBeNull();
  });
});

describe('shape (§6 notation read against the position)', () => {
  it.each([
    ['a single marble', 'a1b2', start, 'inline', 'NE', ['a1', 'b2', 'c3'], []],
    ['the column behind a trailing marble (§4.2)', 'c3c4', start, 'inline', 'E', ['c3', 'c4', 'c5'], []],
    ['a lone marble', 'b1c1', start, 'inline', 'NW', ['b1'], []],
    ['a 3v2 push off the edge (§4.4)', 'e5e6', push32, 'inline', 'E', ['e5', 'e6', 'e7'], ['e8', 'e9']],
    ['a 3v1 push into a gap', 'b1b2', twoPushes, 'inline', 'E', ['b1', 'b2', 'b3'], ['b4']],
    ['a broadside of three', 'c3c5d4', start, 'broadside', 'NE', ['c3', 'c4', 'c5'], []],
    ['a broadside named from the other end (ruling A7)', 'c5c3d6', start, 'broadside', 'NE', ['c3', 'c4', 'c5'], []],
    ['a broadside of two', 'b2c3c2', start, 'broadside', 'NW', ['b2', 'c3'], []],
  ] as const)('%s: %s', (_name, text, at, kind, dir, group, pushed) => {
    expect(shape(pos(at), text)).toEqual({ kind, dir, group, pushed });
  });

  it.each([
    ['no marble of the mover', 'e5e6'],
    ['not neighbours', 'a1c3'],
    ['a broadside along its own axis', 'c3c5c4'],
    ['a broadside of cells not in line', 'a1c4d4'],
    ['junk', 'hello'],
  ])('is null for %s', (_name, text) => {
    expect(shape(pos(start), text)).toBeNull();
  });

  it('slides the pushed marble off the board (§4.4 ejection)', () => {
    const p = pos(push32);
    expect(slides(p, shape(p, 'e5e6')!)).toEqual([
      { from: 'e5', to: 'e6', marble: 'b' },
      { from: 'e6', to: 'e7', marble: 'b' },
      { from: 'e7', to: 'e8', marble: 'b' },
      { from: 'e8', to: 'e9', marble: 'w' },
      { from: 'e9', to: null, marble: 'w' },
    ]);
  });
});

describe('apply and lastMove (replaying the record to draw the last move)', () => {
  it('plays a push-off: one White marble off, White to move', () => {
    const r = apply(pos(push32), 'e5e6')!;
    expect(formatPosition(r.position)).toBe('...../....../......./......../.....bbbw/......../......./....../..... w 0 1');
  });

  it('plays a broadside', () => {
    const r = apply(pos(start), 'c3c5d4')!;
    expect(r.position.board.get('c3')).toBeUndefined();
    expect(['d4', 'd5', 'd6'].map((c) => r.position.board.get(c))).toEqual(['b', 'b', 'b']);
  });

  it('finds the last move of a record that ends in the sent position', () => {
    const moves = ['a1b2', 'i5h5', 'c3c5d4'];
    let p = pos(start);
    for (const m of moves) p = apply(p, m)!.position;
    const last = lastMove('standard', moves, formatPosition(p));
    expect(last?.slides.map((s) => `${s.from}-${s.to}`)).toEqual(['c3-d4', 'c4-d5', 'c5-d6']);
    expect(last?.before.toMove).toBe('b');
  });

  it('replays from the variant layout', () => {
    const after = formatPosition(apply(pos(layouts['belgian-daisy']!), 'a1b2')!.position);
    expect(lastMove('belgian-daisy', ['a1b2'], after)?.slides[0]).toEqual({ from: 'a1', to: 'b2', marble: 'b' });
    expect(lastMove('standard', ['a1b2'], after)).toBeNull(); // a different start: no guess
  });

  it('shows no last move when there is none or the record does not read', () => {
    expect(lastMove('standard', [], start)).toBeNull();
    expect(lastMove('standard', null, start)).toBeNull();
    expect(lastMove('standard', ['zz'], start)).toBeNull();
  });
});

describe('groups (§4.1: 1–3 marbles adjacent along one axis)', () => {
  it.each([
    [['c3'], true],
    [['c3', 'c4'], true],
    [['c5', 'c3', 'c4'], true],
    [['a1', 'b2', 'c3'], true],
    [['b1', 'c1', 'd1'], true],
    [['c3', 'c5'], false],
    [['a1', 'a2', 'b2'], false],
    [['a1', 'a2', 'a3', 'a4'], false],
  ])('%j is a group: %s', (sel, want) => {
    expect(isGroup(sel)).toBe(want);
  });
  it('orders a line by row then number and names its axis', () => {
    expect(lineOf(['c5', 'c3', 'c4'])).toEqual({ cells: ['c3', 'c4', 'c5'], axis: 'E' });
    expect(lineOf(['c3', 'b2'])).toEqual({ cells: ['b2', 'c3'], axis: 'NE' });
    expect(lineOf(['c2', 'b2'])).toEqual({ cells: ['b2', 'c2'], axis: 'NW' });
  });
});

describe('moveFor and options (selection + direction → a listed move)', () => {
  const legal = new Set(startLegal);
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
    expect(options(new Set<string>(), ['c3'])).toEqual(new Map());
  });

  // Every listed move can be made with the gestures: its group and direction.
  it.each([
    ['standard start', start, startLegal],
    ['3v2 push-off', push32, push32Legal],
    ['3v1 and 2v1 pushes', twoPushes, twoPushesLegal],
  ])('reaches every legal move of the %s', (_name, text, list) => {
    const p = pos(text);
    const set = new Set(list);
    for (const m of list) {
      const s = shape(p, m)!;
      expect(s, m).not.toBeNull();
      expect(moveFor(set, s.group, s.dir), m).toBe(m);
    }
  });
});

describe('destinations and click (click marbles, then a destination)', () => {
  const p = pos(start);
  const legal = new Set(startLegal);

  it('maps each cell a move enters to the move, leaving out cells two moves share', () => {
    expect(Object.fromEntries(destinations(p, legal, ['c3', 'c4', 'c5']))).toEqual({
      c6: 'c3c4',
      c2: 'c5c4',
      d6: 'c3c5d4',
      d3: 'c3c5d3',
    });
  });

  it('names the pushed enemy marble as the destination of a push (§4.4)', () => {
    expect(destinations(pos(push32), new Set(push32Legal), ['e5', 'e6', 'e7']).get('e8')).toBe('e5e6');
  });

  it('marks the marbles that are in some legal move', () => {
    const m = movable(p, startLegal);
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
    const p = pos(push32);
    const m = motion(slides(p, shape(p, 'e5e6')!), false);
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
    expect(motion(slides(p, shape(p, 'e5e6')!), true).arrive.get('e6')![0]).toBeCloseTo(40);
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
