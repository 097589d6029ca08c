import { describe, expect, it } from 'vitest';
import { cellIndex, cellName, click, hints, listed, noSelection, positionOf } from './pathagon';
import { forms } from './testdata/forms';

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

describe('positionOf (the server\u2019s board form)', () => {
  it('reads the start position', () => {
    const p = positionOf(forms('pathagon start'));
    expect(p).not.toBeNull();
    expect(p!.cells.every((c) => c === null)).toBe(true);
    expect(p!.reserve).toEqual([14, 14]);
    expect(p!.locked.size).toBe(0);
    expect(p!.forbidden.size).toBe(0);
  });

  it('reads pieces, the locked piece and the forbidden cells', () => {
    const p = positionOf(forms('pathagon capture'))!;
    expect(p.cells[cellIndex('a7')]).toBe('L');
    expect(p.cells[cellIndex('e4')]).toBe('D');
    expect(p.cells[cellIndex('g1')]).toBe('D');
    expect(p.cells.filter((c) => c !== null)).toHaveLength(5);
    expect(p.reserve).toEqual([11, 12]);
    expect([...p.locked]).toEqual(['a7']);
    expect([...p.forbidden]).toEqual(['d5']);
  });

  it('has both locks after two relocations (§3 last relocated)', () => {
    expect([...positionOf(forms('pathagon relocation locked'))!.locked].sort()).toEqual(['a7', 'g7']);
  });

  it('is null when the server sent no board form', () => {
    expect(positionOf({})).toBeNull();
  });
});

describe('click (§3 turn structure, offered moves only)', () => {
  it('plays a placement on a listed empty cell, with its captures', () => {
    const moves = listed(forms('pathagon capture'));
    expect(click(moves, noSelection, 'b7')).toMatchObject({ kind: 'play', move: { text: 'b7' } });
    expect(click(moves, noSelection, 'd4')).toMatchObject({ kind: 'play', move: { text: 'd4xe4', form: { captures: ['e4'] } } });
  });

  it('does nothing on an occupied or forbidden cell (§4.5)', () => {
    const moves = listed(forms('pathagon capture'));
    expect(click(moves, noSelection, 'b4')).toEqual({ kind: 'none' });
    expect(click(moves, noSelection, 'd5')).toEqual({ kind: 'none' });
  });

  it('asks to choose when optional captures give several moves to one cell (§4.4 optionalCaptures)', () => {
    const r = click(listed(forms('pathagon optional captures')), noSelection, 'c4');
    expect(r.kind).toBe('choose');
    expect(r.kind === 'choose' && r.moves.map((m) => m.text)).toEqual(['c4', 'c4xb4', 'c4xd4', 'c4xb4xd4']);
  });

  describe('relocation', () => {
    const moves = listed(forms('pathagon relocation'));

    it('picks up a movable piece, then plays to a listed cell', () => {
      expect(click(moves, noSelection, 'a7')).toEqual({ kind: 'select', selection: { from: 'a7' } });
      expect(click(moves, { from: 'a7' }, 'g7')).toMatchObject({ kind: 'play', move: { text: 'a7-g7' } });
    });

    it('switches to another movable piece', () => {
      expect(click(moves, { from: 'a7' }, 'b7')).toEqual({ kind: 'select', selection: { from: 'b7' } });
    });

    it('drops the piece when it is clicked again or on a dead cell', () => {
      expect(click(moves, { from: 'a7' }, 'a7')).toEqual({ kind: 'select', selection: { from: null } });
      expect(click(moves, { from: 'a7' }, 'a1')).toEqual({ kind: 'select', selection: { from: null } });
    });

    it('never picks up a locked piece (§3 last relocated) because no move lists it', () => {
      expect(click(listed(forms('pathagon relocation locked')), noSelection, 'g7')).toEqual({ kind: 'none' });
    });
  });
});

describe('hints', () => {
  it('marks placement targets', () => {
    const h = hints(listed(forms('pathagon after d4 c4')), noSelection);
    expect(h.targets.size).toBe(47);
    expect(h.targets.has('d4')).toBe(false);
    expect(h.movable.size).toBe(0);
  });
  it('marks movable pieces, and targets of the selected one', () => {
    const moves = listed(forms('pathagon relocation'));
    const h = hints(moves, noSelection);
    expect(h.movable.has('a7')).toBe(true);
    expect(h.movable.has('a3')).toBe(false); // Dark's
    expect(h.targets.size).toBe(0);
    expect(hints(moves, { from: 'a7' }).targets.has('g7')).toBe(true);
    expect(hints(moves, { from: 'a7' }).targets.has('b7')).toBe(false);
  });
});
