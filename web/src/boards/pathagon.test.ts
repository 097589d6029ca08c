import { describe, expect, it } from 'vitest';
import type { Move } from '../protocol';
import { cellIndex, cellName, click, hints, noSelection, parsePosition } from './pathagon';

describe('cells (rules/pathagon.md §1 coordinates)', () => {
  it.each([
    [0, 0, 'a7', 0],
    [6, 6, 'g1', 48],
    [3, 3, 'd4', 24],
    [0, 6, 'g7', 6],
  ])('(%i,%i) is %s = index %i', (row, col, name, index) => {
    expect(cellName(row, col)).toBe(name);
    expect(cellIndex(name)).toBe(index);
  });
  it.each(['h1', 'a8', 'a0', '', 'A1', 'd44'])('%s is not a cell', (s) => {
    expect(cellIndex(s)).toBe(-1);
  });
});

describe('parsePosition (§7 position text)', () => {
  it('reads the start position', () => {
    const p = parsePosition('......./......./......./......./......./......./....... l 14 14 -,- -');
    expect(p).not.toBeNull();
    expect(p!.cells.every((c) => c === null)).toBe(true);
    expect(p!.toMove).toBe('L');
    expect(p!.reserve).toEqual({ L: 14, D: 14 });
    expect(p!.lastRelocated).toEqual({ L: null, D: null });
    expect(p!.forbidden).toEqual([]);
  });

  it('reads pieces, last relocated and forbidden cells', () => {
    const p = parsePosition('L....../......./......./...D.../......./......./......D d 3 0 a7,g1 b4,c5');
    expect(p!.cells[cellIndex('a7')]).toBe('L');
    expect(p!.cells[cellIndex('d4')]).toBe('D');
    expect(p!.cells[cellIndex('g1')]).toBe('D');
    expect(p!.cells.filter((c) => c !== null)).toHaveLength(3);
    expect(p!.toMove).toBe('D');
    expect(p!.reserve).toEqual({ L: 3, D: 0 });
    expect(p!.lastRelocated).toEqual({ L: 'a7', D: 'g1' });
    expect(p!.forbidden).toEqual(['b4', 'c5']);
  });

  it('accepts the optional ply and repetition fields of games/pathagon', () => {
    const p = parsePosition('......./......./......./...L.../......./......./....... d 13 14 -,- - 1');
    expect(p?.cells[cellIndex('d4')]).toBe('L');
    expect(parsePosition('......./......./......./...L.../......./......./....... d 13 14 -,- - 12 repetition')?.toMove).toBe('D');
  });

  it.each([
    ['too many fields', '......./......./......./......./......./......./....... l 14 14 -,- - 1 repetition x'],
    ['too few fields', '......./......./......./......./......./......./....... l 14 14 -,-'],
    ['six ranks', '......./......./......./......./......./....... l 14 14 -,- -'],
    ['short rank', '....../......./......./......./......./......./....... l 14 14 -,- -'],
    ['bad piece', 'X....../......./......./......./......./......./....... l 14 14 -,- -'],
    ['bad side', '......./......./......./......./......./......./....... x 14 14 -,- -'],
    ['bad reserve', '......./......./......./......./......./......./....... l a 14 -,- -'],
    ['bad last relocated', '......./......./......./......./......./......./....... l 14 14 z9,- -'],
    ['bad forbidden', '......./......./......./......./......./......./....... l 14 14 -,- h8'],
  ])('rejects %s', (_name, text) => {
    expect(parsePosition(text)).toBeNull();
  });
});

const place = (c: string, captures?: string[]): Move => ({ text: captures ? `${c}x${captures.join('x')}` : c, to: c, ...(captures ? { captures } : {}) });
const reloc = (f: string, t: string): Move => ({ text: `${f}-${t}`, from: f, to: t });

describe('click (§3 turn structure, offered moves only)', () => {
  const placements = [place('a1'), place('d4'), place('c4', ['b4'])];

  it('plays a placement on a listed empty cell', () => {
    expect(click(placements, noSelection, 'd4')).toEqual({ kind: 'play', move: place('d4') });
    expect(click(placements, noSelection, 'c4')).toEqual({ kind: 'play', move: place('c4', ['b4']) });
  });

  it('does nothing on a cell with no listed move (occupied or forbidden, §4.5)', () => {
    expect(click(placements, noSelection, 'b4')).toEqual({ kind: 'none' });
  });

  it('asks to choose when optional captures give several moves to one cell (§4.4 optionalCaptures)', () => {
    const legal = [place('c4'), place('c4', ['b4']), place('c4', ['c5']), place('c4', ['b4', 'c5'])];
    const r = click(legal, noSelection, 'c4');
    expect(r.kind).toBe('choose');
    expect(r.kind === 'choose' && r.moves.map((m) => m.text)).toEqual(['c4', 'c4xb4', 'c4xc5', 'c4xb4xc5']);
  });

  describe('relocation', () => {
    const legal = [reloc('a7', 'd4'), reloc('a7', 'g1'), reloc('b7', 'd4')];

    it('picks up a movable piece, then plays to a listed cell', () => {
      const r = click(legal, noSelection, 'a7');
      expect(r).toEqual({ kind: 'select', selection: { from: 'a7' } });
      expect(click(legal, { from: 'a7' }, 'g1')).toEqual({ kind: 'play', move: reloc('a7', 'g1') });
    });

    it('switches to another movable piece', () => {
      expect(click(legal, { from: 'a7' }, 'b7')).toEqual({ kind: 'select', selection: { from: 'b7' } });
    });

    it('drops the piece when it is clicked again or on a dead cell', () => {
      expect(click(legal, { from: 'a7' }, 'a7')).toEqual({ kind: 'select', selection: { from: null } });
      expect(click(legal, { from: 'a7' }, 'e5')).toEqual({ kind: 'select', selection: { from: null } });
    });

    it('never picks up a locked piece (§3 last relocated) because no move lists it', () => {
      expect(click(legal, noSelection, 'c7')).toEqual({ kind: 'none' });
    });

    it('reads cells from the text when the server sent none', () => {
      expect(click([{ text: 'a7-g1' }], { from: 'a7' }, 'g1')).toEqual({ kind: 'play', move: { text: 'a7-g1', from: 'a7', to: 'g1' } });
    });
  });
});

describe('hints', () => {
  it('marks placement targets', () => {
    const h = hints([place('a1'), place('d4')], noSelection);
    expect([...h.targets].sort()).toEqual(['a1', 'd4']);
    expect(h.movable.size).toBe(0);
  });
  it('marks movable pieces, and targets of the selected one', () => {
    const legal = [reloc('a7', 'd4'), reloc('a7', 'g1'), reloc('b7', 'e5')];
    expect([...hints(legal, noSelection).movable].sort()).toEqual(['a7', 'b7']);
    expect(hints(legal, noSelection).targets.size).toBe(0);
    expect([...hints(legal, { from: 'a7' }).targets].sort()).toEqual(['d4', 'g1']);
  });
});
