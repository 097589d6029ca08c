import { describe, expect, it } from 'vitest';
import type { MatchState } from '../protocol';
import { state } from '../testutil';
import {
  boardNames,
  cellID,
  cellIndex,
  cellName,
  click,
  hints,
  lastCells,
  listed,
  noSelection,
  phase,
  positionOf,
  type Selection,
} from './talat';
import { layout, startColour, towerPoints } from './talat-layout';
import { forms } from './testdata/forms';
import { talatMove } from './testdata/talat';

// Positions with their board forms as the server sends them, made by the Go
// rules (web/board_forms_test.go): the start, and the final positions of
// two random games with the scores `tabula replay talat` reported for them.
const at = (name: string, variant = 'talat'): MatchState => state(1, { variant, ...forms(name) });
const pos = (name: string, variant = 'talat') => positionOf(at(name, variant))!;
const talatScores = [8, 22, 26]; // "grey wins by score (black 8, white 22, grey 26)"
const palatScores = [17, 32]; // "white wins by score (black 17, white 32)"

describe('cells (rules/talat.md §1: files a–e, ranks 1–5)', () => {
  it.each([
    [0, 0, 'a1', 0],
    [4, 4, 'e5', 24],
    [1, 2, 'c2', 7],
  ])('(%i,%i) is %s = index %i', (row, col, name, index) => {
    expect(cellName(row, col)).toBe(name);
    expect(cellIndex(name)).toBe(index);
  });
  it.each(['f1', 'a6', 'a0', '', 'A1'])('%s is not a cell', (s) => expect(cellIndex(s)).toBe(-1));

  it.each([
    ['B01', 'c1', 0],
    ['B01', 'c5', 1],
    ['B02', 'a5', 2],
    ['B12', 'e1', 1],
    ['B12', 'b5', 2],
    ['B02', 'c3', -1],
  ] as const)('%s %s is the start line of colour %i (§1 board model)', (b, c, want) => {
    expect(startColour(b, c)).toBe(want);
  });
});

describe('positionOf (the board form of the position the server sends)', () => {
  it('reads the start of Talat', () => {
    const p = pos('talat start');
    expect(p.variant).toBe('talat');
    expect(p.toMove).toBe(0);
    for (const b of boardNames) expect(p.boards[b].every((c) => c === null)).toBe(true);
    expect(p.reserve.map((r) => r.length)).toEqual([9, 9, 9]);
    expect(p.taken).toEqual([[], [], []]);
    expect(p.closed).toEqual([]);
    expect(phase(p)).toBe('setup');
  });

  it('reads towers, taken towers, closed boards and scores of a finished game (§6)', () => {
    const p = pos('talat end');
    expect(p.toMove).toBe(-1);
    expect(p.boards.B01[cellIndex('a1')]).toEqual({ colour: 0, kind: 'M4' });
    expect(p.boards.B01[cellIndex('e2')]).toEqual({ colour: 0, kind: 'L4' });
    expect(p.boards.B12[cellIndex('e5')]).toBeNull();
    expect(p.boards.B12[cellIndex('d5')]).toEqual({ colour: 1, kind: 'M6' });
    expect(p.taken[2]).toEqual([
      { colour: 0, kind: 'S3' },
      { colour: 0, kind: 'M3' },
      { colour: 0, kind: 'M6' },
      { colour: 0, kind: 'L3' },
    ]);
    expect(p.closed).toEqual(['B02', 'B12']);
    expect(p.scores).toEqual(talatScores);
    expect(phase(p)).toBe('over');
  });

  it('reads Palat: two seats, spirit towers taken by a human, their scores (T10)', () => {
    const p = pos('palat end', 'palat');
    expect(p.variant).toBe('palat');
    expect(p.taken).toHaveLength(2);
    expect(p.taken[1]).toContainEqual({ colour: 2, kind: 'S3' });
    expect(p.scores).toEqual(palatScores);
  });

  it('reads the step of the game the server names: the spirit setup of Palat (§7), whose towers the forms place', () => {
    expect(phase(pos('palat spirit setup', 'palat'))).toBe('spirit-setup');
    expect(hints(listed(at('palat spirit setup', 'palat')), noSelection).placing).toBe(2);
    expect(hints(listed(at('talat after two placements')), noSelection).placing).toBe(2);
    expect(phase(pos('talat after two placements'))).toBe('setup');
    expect(phase(pos('talat play'))).toBe('play');
  });

  it('is null without a board form (the board then shows the text)', () => {
    expect(positionOf(state(1, { game: 'talat', board: undefined }))).toBeNull();
  });
});

describe('lastCells (the form of the last move)', () => {
  it('names the cells a move touched', () => {
    expect(lastCells(talatMove('B01:c2xd2').form)).toEqual(['B01:c2', 'B01:d2']);
    expect(lastCells(talatMove('B12:a5=S3').form)).toEqual(['B12:a5']);
    expect(lastCells(undefined)).toEqual([]);
    expect(lastCells(at('talat after two placements').board!.last)).toEqual(['B01:a5']);
  });
});

describe('the server’s forms reach every legal move', () => {
  it.each(['talat start', 'talat play', 'palat spirit setup'])('%s', (name) => {
    const st = at(name, name.startsWith('palat') ? 'palat' : 'talat');
    const moves = listed(st);
    expect(moves).toHaveLength(st.legal!.length);
    for (const m of moves) {
      const f = m.form;
      const r =
        f.kind === 'place'
          ? click(moves, { ...noSelection, kind: f.piece as Selection['kind'] }, { type: 'cell', id: f.to! })
          : click(moves, { ...noSelection, from: f.from! }, { type: 'cell', id: f.to! });
      expect(r, m.text).toEqual({ kind: 'play', move: m.text });
    }
  });
});

const mv = talatMove;
const sel = (s: Partial<Selection>): Selection => ({ ...noSelection, ...s });

describe('click and hints in setup (§2: a tower from the reserve onto an own start line)', () => {
  const legal = ['B01:a1=S3', 'B01:a1=L6', 'B02:c1=S3', 'B02:c1=L6', 'B02:d1=L6'].map(mv);
  it.each([
    ['a kind selects it', noSelection, { type: 'kind', kind: 'L6' }, { kind: 'select', selection: sel({ kind: 'L6' }) }],
    ['the same kind again deselects it', sel({ kind: 'L6' }), { type: 'kind', kind: 'L6' }, { kind: 'select', selection: noSelection }],
    ['a kind with no placement does nothing', noSelection, { type: 'kind', kind: 'M4' }, { kind: 'none' }],
    ['kind then cell plays', sel({ kind: 'L6' }), { type: 'cell', id: 'B02:d1' }, { kind: 'play', move: 'B02:d1=L6' }],
    ['cell first selects the cell', noSelection, { type: 'cell', id: 'B01:a1' }, { kind: 'select', selection: sel({ cell: 'B01:a1' }) }],
    ['cell then kind plays', sel({ cell: 'B01:a1' }), { type: 'kind', kind: 'S3' }, { kind: 'play', move: 'B01:a1=S3' }],
    ['a cell that takes no tower clears the cell', sel({ kind: 'S3' }), { type: 'cell', id: 'B01:e1' }, { kind: 'select', selection: sel({ kind: 'S3' }) }],
    ['a cell off the start lines does nothing', noSelection, { type: 'cell', id: 'B01:c3' }, { kind: 'none' }],
    ['a kind that does not fit the chosen cell moves on to the kind', sel({ cell: 'B02:d1' }), { type: 'kind', kind: 'S3' }, { kind: 'select', selection: sel({ kind: 'S3' }) }],
  ] as const)('%s', (_n, s, target, want) => {
    expect(click(legal, s, target)).toEqual(want);
  });

  it('offers only the cells and kinds that have a legal placement', () => {
    const h = hints(legal, noSelection);
    expect([...h.places].sort()).toEqual(['B01:a1', 'B02:c1', 'B02:d1']);
    expect([...h.kinds].sort()).toEqual(['L6', 'S3']);
    expect(h.placing).toBe(0);
    expect([...hints(legal, sel({ kind: 'S3' })).places].sort()).toEqual(['B01:a1', 'B02:c1']);
    expect([...hints(legal, sel({ cell: 'B02:d1' })).kinds]).toEqual(['L6']);
  });

  it('takes the colour placed from the forms: the spirit’s in Palat (§7)', () => {
    expect(hints([talatMove('B02:a5=S3', 2), talatMove('B12:e5=L6', 2)], noSelection).placing).toBe(2);
  });
});

describe('click and hints in play (§4: a step or a capture with one tower)', () => {
  const legal = ['B01:c2-c3', 'B01:c2-d3', 'B01:c2xb2', 'B02:a1-a2', 'B12:e4xd3'].map(mv);
  it.each([
    ['a movable tower is picked up', noSelection, 'B01:c2', { kind: 'select', selection: sel({ from: 'B01:c2' }) }],
    ['a step target plays the step', sel({ from: 'B01:c2' }), 'B01:d3', { kind: 'play', move: 'B01:c2-d3' }],
    ['a capture target plays the capture', sel({ from: 'B01:c2' }), 'B01:b2', { kind: 'play', move: 'B01:c2xb2' }],
    ['the same cell on another board is no target', sel({ from: 'B01:c2' }), 'B02:c3', { kind: 'select', selection: noSelection }],
    ['the picked tower again puts it down', sel({ from: 'B01:c2' }), 'B01:c2', { kind: 'select', selection: noSelection }],
    ['another movable tower is picked instead', sel({ from: 'B01:c2' }), 'B12:e4', { kind: 'select', selection: sel({ from: 'B12:e4' }) }],
    ['a tower that cannot move does nothing', noSelection, 'B01:a1', { kind: 'none' }],
  ] as const)('%s', (_n, s, id, want) => {
    expect(click(legal, s, { type: 'cell', id })).toEqual(want);
  });

  it('marks movable towers, and the steps and captures of the picked one', () => {
    const h = hints(legal, sel({ from: 'B01:c2' }));
    expect([...h.movable].sort()).toEqual(['B01:c2', 'B02:a1', 'B12:e4']);
    expect([...h.steps].sort()).toEqual(['B01:c3', 'B01:d3']);
    expect([...h.captures]).toEqual(['B01:b2']);
    expect(h.placing).toBe(-1);
  });

  it('offers nothing without legal moves (another seat’s turn)', () => {
    expect(click([], noSelection, { type: 'cell', id: 'B01:c2' })).toEqual({ kind: 'none' });
  });
});

describe('layout (§1: each board between its two colours, start lines facing them)', () => {
  const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
  for (const bottom of [0, 1, 2]) {
    const lay = layout(bottom);
    it(`puts colour ${bottom}, the viewer, at the bottom`, () => {
      const ys = lay.corners.map((c) => c.y);
      expect(Math.max(...ys)).toBe(ys[bottom]);
      // The next colour in turn order sits clockwise: to the viewer's left.
      expect(lay.corners[(bottom + 1) % 3]!.x).toBeLessThan(0);
    });
    it.each(boardNames)(`viewer ${bottom}: %s turns rank 1 to colour i and rank 5 to colour j, file a on each one's left`, (b) => {
      const i = Number(b[1]);
      const j = Number(b[2]);
      for (let col = 0; col < 5; col++) {
        const r1 = lay.cell(b, 0, col).centre;
        const r5 = lay.cell(b, 4, col).centre;
        expect(dist(r1, lay.corners[i]!)).toBeLessThan(dist(r5, lay.corners[i]!));
        expect(dist(r5, lay.corners[j]!)).toBeLessThan(dist(r1, lay.corners[j]!));
      }
      // Seen from colour i looking toward j, file a is on the left: the
      // cross product of (forward, a→e) is positive with y pointing down.
      const a = lay.cell(b, 2, 0).centre;
      const e = lay.cell(b, 2, 4).centre;
      const f = { x: lay.corners[j]!.x - lay.corners[i]!.x, y: lay.corners[j]!.y - lay.corners[i]!.y };
      expect(f.x * (e.y - a.y) - f.y * (e.x - a.x)).toBeGreaterThan(0);
    });
    it(`viewer ${bottom}: the boards do not overlap`, () => {
      const centres = boardNames.flatMap((b) => Array.from({ length: 25 }, (_, k) => ({ b, c: lay.cell(b, Math.floor(k / 5), k % 5).centre })));
      for (const p of centres) for (const q of centres) if (p.b !== q.b) expect(dist(p.c, q.c)).toBeGreaterThan(1);
    });
  }
});

describe('layout turned (the viewer\'s flip)', () => {
  it.each([0, 1, 2])('viewer %i: every cell half a turn round, the viewer at the top', (bottom) => {
    const lay = layout(bottom);
    const turned = layout(bottom, true);
    const ys = turned.corners.map((c) => c.y);
    expect(Math.min(...ys)).toBe(ys[bottom]);
    for (const b of boardNames) {
      for (let k = 0; k < 25; k++) {
        const p = lay.cell(b, Math.floor(k / 5), k % 5).centre;
        const q = turned.cell(b, Math.floor(k / 5), k % 5).centre;
        expect(q.x).toBeCloseTo(-p.x, 9);
        expect(q.y).toBeCloseTo(-p.y, 9);
      }
    }
  });
});

describe('towerPoints (§1: three heights × three shapes)', () => {
  it.each([
    ['S3', 3],
    ['M4', 4],
    ['L6', 6],
  ] as const)('%s has %i corners', (k, n) => {
    expect(towerPoints(k, { x: 0, y: 0 }, 1)).toHaveLength(n);
  });
  it('draws small < medium < large', () => {
    const r = (k: 'S6' | 'M6' | 'L6') => Math.hypot(towerPoints(k, { x: 0, y: 0 }, 1)[0]!.x, towerPoints(k, { x: 0, y: 0 }, 1)[0]!.y);
    expect(r('S6')).toBeLessThan(r('M6'));
    expect(r('M6')).toBeLessThan(r('L6'));
    expect(r('L6')).toBeLessThan(0.5); // inside its cell
  });
  it('names cells across boards', () => {
    expect(cellID('B12', 'e5')).toBe('B12:e5');
  });
});
