// The Villa Paletti board's pure part: the server's board forms
// (games/villapaletti/ui.go, as web/villa_forms_test.go wrote them) read
// into a scene, and clicks mapped onto the forms of the listed moves
// (rules/villa-paletti.md).
import { describe, expect, it } from 'vitest';
import type { Move, UIMove } from '../protocol';
import { forms } from './testdata/forms';
import { clickColumn, clickSurface, collapsed, columnColour, exactMove, group, sceneOf, shakeBand, snap, type Scene } from './villa';
import { worldPolygon } from './villa-shapes';

const must = (name: string): Scene => {
  const s = sceneOf(forms(name).board?.position);
  if (!s) throw new Error(`no scene in ${name}`);
  return s;
};

describe('sceneOf (the server\u2019s position form)', () => {
  it('reads the standard setup (§3): blue floor at (0,0,0), 20 columns on the foundation', () => {
    const s = must('villa start');
    expect(s.floors).toHaveLength(1);
    expect(s.floors[0]).toMatchObject({ name: 'blue', level: 1, pose: { x: 0, y: 0, th: 0 }, bottom: 45, top: 50 });
    expect(s.columns).toHaveLength(20);
    expect(s.columns.every((c) => c.level === 0 && c.base === 0)).toBe(true);
    // §3: inner ring radius 38, thick blue at angle 0.
    expect(s.columns.find((c) => c.id === 'blue-thick')).toMatchObject({ colour: 'blue', kind: 'thick', x: 38, y: 0, frozen: false, on: null });
    expect(s.seal).toEqual({ holder: null, previous: null });
    expect(s.phase).toBe('turn');
    expect(s.turn).toBe(1);
    expect(s.proposed).toBeNull();
    expect(s.scores).toEqual([0, 0]);
  });

  it('reads floors with poses, frozen columns, the seal after a previous holder, and a removal phase (§5.3)', () => {
    const s = must('villa removes');
    expect(s.floors.map((f) => f.name)).toEqual(['blue', 'green', 'yellow']);
    expect(s.floors[2]!.pose).toEqual({ x: -10.262, y: 29.689, th: 209.473 });
    expect(s.floors[2]!.top).toBe(150); // z_k = 50·k (§2)
    const c = (id: string) => s.columns.find((x) => x.id === id);
    expect(c('blue-thin-2')).toBeUndefined(); // out of the game
    expect(c('blue-thin-3')).toMatchObject({ level: 0, frozen: true });
    expect(c('blue-thin-1')).toMatchObject({ level: 3, x: -52.073, y: 40.044, base: 150 });
    expect(s.seal).toEqual({ holder: 0, previous: 3 });
    expect(s.phase).toBe('removes');
    expect(s.turn).toBe(2);
    // The top level 3 holds blue-thin-1 (1 point) and yellow-thin-3 (1) (§7).
    expect(s.scores).toEqual([1, 1, 0, 0]);
  });

  it('reads a floor proposal awaiting an objection (§5.3)', () => {
    const s = must('villa proposes');
    expect(s.phase).toBe('proposes');
    expect(s.turn).toBe(0);
    expect(s.proposed).toEqual({ name: 'green', pose: { x: -30, y: 0, th: 270 } });
  });

  it('reads a collapse with its culprit (§8)', () => {
    expect(collapsed(must('villa collapse'))).toEqual({ culprit: 0 });
    expect(collapsed(must('villa start'))).toBeNull();
  });

  it('stacks a column on the one below it (§5.1)', () => {
    const pos = structuredClone(forms('villa start').board!.position);
    for (const p of pos.pieces!) {
      if (p.cell === 'red-thick') Object.assign(p, { level: 5, x: 10, y: 10 });
      if (p.cell === 'blue-thin-1') Object.assign(p, { level: 5, x: 10, y: 10, on: 'red-thick' });
    }
    const s = sceneOf(pos)!;
    expect(s.columns.find((c) => c.id === 'red-thick')!.base).toBe(250);
    expect(s.columns.find((c) => c.id === 'blue-thin-1')).toMatchObject({ on: 'red-thick', base: 295 });
  });

  it('takes a column in hand\u2019s colour from the reserve (custom setup)', () => {
    const s = { ...must('villa start'), reserve: [[], ['yellow-thin-2'], [], []] };
    expect(columnColour(s, 'yellow-thin-2')).toBe('yellow');
    expect(columnColour(s, 'blue-thick')).toBe('blue');
    expect(columnColour(s, 'nothing')).toBeNull();
  });

  it('is null without a position form', () => {
    expect(sceneOf(undefined)).toBeNull();
    expect(sceneOf({ pieces: [] })).toBeNull();
  });

  it('poses floors by rotating then translating (§2)', () => {
    const p = worldPolygon('red', { x: 10, y: 20, th: 90 });
    expect(p[0]!.x).toBeCloseTo(10); // (56,0) rotated 90° is (0,56)
    expect(p[0]!.y).toBeCloseTo(76);
  });
});

describe('the listed moves, from the server\u2019s forms', () => {
  it('groups an objection window: pass, then the proposer\u2019s columns with their targets', () => {
    const f = forms('villa proposes');
    const g = group(f.legal!, f.board);
    expect(g.pass).toEqual({ text: 'pass' });
    expect([...g.byColumn.keys()].every((c) => /^(blue|green)-/.test(c))).toBe(true);
    const n = [...g.byColumn.values()].reduce((a, l) => a + l.length, 0);
    expect(n + 1).toBe(f.legal!.length);
    // Each listed move keeps its own text: the form's point is the text's.
    const m = g.byColumn.get('blue-thin-1')![0]!;
    expect(m.kind).toBe('take');
    expect(m.text).toBe(`blue-thin-1:0>(${m.kind === 'take' ? `${m.x},${m.y}` : ''})`);
    expect(g.floors).toEqual([]);
  });

  it('offers the removals as removals (§5.3)', () => {
    const f = forms('villa removes');
    const g = group(f.legal!, f.board);
    expect(g.removes).toHaveLength(f.legal!.length);
    const r = g.removes[0]!;
    expect(clickColumn(g, null, r.column)).toEqual({ kind: 'play', move: r.text });
    expect(clickColumn(g, null, 'red-thick')).toEqual({ kind: 'none' });
  });
});

describe('gestures → listed moves', () => {
  const s = must('villa start');
  const legal: Move[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((text) => ({ text }));
  const take = (column: string, at: number[]): UIMove => ({ kind: 'take', pieces: [column], piece: 'thin', at });
  const g = group(legal, {
    position: { pieces: [] },
    moves: null,
    groups: [
      { kind: 'take', pieces: ['blue-thin-1'], piece: 'thin', each: [[0, 0], [10, 0], [0, 10]] },
      take('blue-thick', [50, 50]),
      { kind: 'onto', pieces: ['green-thin-2'], piece: 'thin', targets: ['blue-thick'] },
      { kind: 'propose', piece: 'green', at: [0, 0, 30] },
    ],
  });

  it('groups moves by column, floors apart, each with its listed text', () => {
    expect([...g.byColumn.keys()]).toEqual(['blue-thin-1', 'blue-thick', 'green-thin-2']);
    expect(g.byColumn.get('blue-thin-1')!.map((m) => m.text)).toEqual(['a', 'b', 'c']);
    expect(g.floors).toEqual([{ kind: 'propose', text: 'f', floor: 'green', pose: { x: 0, y: 0, th: 30 } }]);
    expect(g.pass).toBeNull();
  });

  const clicks: [string, string | null, { x: number; y: number }, string | null][] = [
    ['snaps to the nearest listed point', 'blue-thin-1', { x: 7, y: 1 }, 'b'],
    ['snaps the other way', 'blue-thin-1', { x: 2, y: 6 }, 'c'],
    ['sends nothing far from every listed point', 'blue-thin-1', { x: 60, y: -60 }, null],
    ['sends nothing with no column picked', null, { x: 0, y: 0 }, null],
    ['sends nothing for a column with no listed move', 'red-thick', { x: 0, y: 0 }, null],
    ['plays onto a stack at its centre', 'green-thin-2', { x: 37, y: 1 }, 'e'],
  ];
  for (const [name, picked, p, want] of clicks) {
    it(`surface click: ${name}`, () => {
      const r = clickSurface(g, s, picked, p);
      expect(r.kind === 'play' ? r.move : null).toBe(want);
    });
  }

  it('snap is clickSurface without the picking', () => {
    expect(snap(g, s, 'blue-thick', { x: 48, y: 53 })).toBe('d');
  });

  it('column clicks pick only columns that appear in a listed move, and toggle', () => {
    expect(clickColumn(g, null, 'blue-thin-1')).toEqual({ kind: 'select', column: 'blue-thin-1' });
    expect(clickColumn(g, 'blue-thin-1', 'blue-thin-1')).toEqual({ kind: 'select', column: null });
    expect(clickColumn(g, null, 'red-thick')).toEqual({ kind: 'none' });
  });

  it('a click on a stack base with a column picked plays onto it', () => {
    expect(clickColumn(g, 'green-thin-2', 'blue-thick')).toEqual({ kind: 'play', move: 'e' });
    // blue-thin-1 has no move onto blue-thick: the click picks blue-thick instead.
    expect(clickColumn(g, 'blue-thin-1', 'blue-thick')).toEqual({ kind: 'select', column: 'blue-thick' });
  });

  it('writes a typed point on the 0.5 mm grid, in the words the server reads', () => {
    expect(exactMove(g, 'blue-thin-1', 12.3, -4.8)).toBe('take blue-thin-1 to (12.5,-5)');
    expect(exactMove(g, 'red-thick', 1, 1)).toBeNull();
    expect(exactMove(g, 'blue-thin-1', Number.NaN, 1)).toBeNull();
    expect(exactMove(g, 'green-thin-2', 1, 1)).toBeNull(); // only onto moves listed
  });

  it('a move without a form the board knows is a button', () => {
    const o = group([{ text: 'x' }], { position: { pieces: [] }, moves: [{ kind: 'dance' }] });
    expect(o.other).toEqual([{ text: 'x' }]);
  });

  it('clamps the shake band to 0..3 (§6.7)', () => {
    expect([undefined, 0, 1, 2, 3, 7, -1].map(shakeBand)).toEqual([0, 0, 1, 2, 3, 3, 0]);
  });
});
