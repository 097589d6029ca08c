// The Villa Paletti board's pure part: the position text of
// games/villapaletti (doc.go, "Position text") and the mapping of clicks
// onto the moves the server listed (rules/villa-paletti.md).
import { describe, expect, it } from 'vitest';
import type { Move } from '../protocol';
import { collapse, proposes, removes, start } from './testdata/villa-positions';
import {
  clickColumn,
  clickSurface,
  collapsed,
  exactMove,
  group,
  nextFloor,
  owner,
  parseColumnName,
  parseMove,
  parsePosition,
  pickable,
  scores,
  shakeBand,
  snap,
  worldPolygon,
  type Scene,
} from './villa';

const mv = (...texts: string[]): Move[] => texts.map((text) => ({ text }));
const must = (text: string): Scene => {
  const s = parsePosition(text);
  if (!s) throw new Error(`no scene from ${text}`);
  return s;
};

describe('parsePosition', () => {
  it('reads the standard setup (§3): blue floor at (0,0,0), 20 columns on the foundation', () => {
    const s = must(start);
    expect(s.floors).toHaveLength(1);
    expect(s.floors[0]).toMatchObject({ name: 'blue', level: 1, pose: { x: 0, y: 0, th: 0 }, bottom: 45, top: 50 });
    expect(s.columns).toHaveLength(20);
    expect(s.columns.every((c) => c.where === 'placed' && c.level === 0 && c.base === 0)).toBe(true);
    // §3: inner ring radius 38, thick blue at angle 0.
    expect(s.columns.find((c) => c.id === 'blue-thick')).toMatchObject({ colour: 'blue', kind: 'thick', x: 38, y: 0, frozen: false, on: null });
    expect(s.seal).toEqual({ holder: null, previous: null });
    expect(s.claimed).toBe(false);
    expect(s.phase).toEqual({ kind: 'turn', player: 1, own: false });
  });

  it('reads floors with poses, frozen and out columns, seal after previous, and a removal phase (§5.3)', () => {
    const s = must(removes);
    expect(s.floors.map((f) => f.name)).toEqual(['blue', 'green', 'yellow']);
    expect(s.floors[2]!.pose).toEqual({ x: -10.262, y: 29.689, th: 209.473 });
    expect(s.floors[2]!.top).toBe(150); // z_k = 50·k (§2)
    const c = (id: string) => s.columns.find((x) => x.id === id)!;
    expect(c('blue-thin-2').where).toBe('out');
    expect(c('blue-thin-3')).toMatchObject({ level: 0, frozen: true });
    expect(c('blue-thin-1')).toMatchObject({ level: 3, x: -52.073, y: 40.044, base: 150 });
    expect(s.seal).toEqual({ holder: 0, previous: 3 });
    expect(s.claimed).toBe(true);
    expect(s.phase).toEqual({ kind: 'removes', player: 2, objector: 3 });
  });

  it('reads a floor proposal awaiting an objection (§5.3)', () => {
    expect(must(proposes).phase).toEqual({ kind: 'propose', player: 0, pose: { x: -30, y: 0, th: 270 }, asking: 1 });
  });

  it('reads a collapse with its culprit (§8)', () => {
    const s = must(collapse);
    expect(s.phase).toEqual({ kind: 'over', collapseBy: 0 });
    expect(collapsed(s)).toEqual({ culprit: 0 });
    expect(collapsed(must(start))).toBeNull();
  });

  it('stacks a column on the one below it above red (§5.1, V16)', () => {
    const text = start
      .replace('blue-thin-1 0 (61.819,16.564)', 'blue-thin-1 5 (10,10) on red-thick')
      .replace('red-thick 0 (0,-38)', 'red-thick 5 (10,10)');
    const s = must(text);
    expect(s.columns.find((c) => c.id === 'red-thick')!.base).toBe(250);
    expect(s.columns.find((c) => c.id === 'blue-thin-1')).toMatchObject({ on: 'red-thick', base: 295 });
  });

  const phases: [string, string, Scene['phase']][] = [
    ['own step (3 players, §9.2)', 'turn: 2 own', { kind: 'turn', player: 2, own: true }],
    ['neutral objection (§9.2)', 'turn: 1 neutral-objection asking 2', { kind: 'neutral-objection', player: 1, asking: 2 }],
    ['places after a failed objection', 'turn: 0 places', { kind: 'places', player: 0 }],
    ['custom setup (§3.5)', 'turn: 1 setup from 0', { kind: 'setup', player: 1, from: 0 }],
    ['lays blue (§3.5)', 'turn: 0 lays blue', { kind: 'lays-blue', player: 0 }],
    ['standstill (§8)', 'over: standstill', { kind: 'over', collapseBy: null }],
  ];
  for (const [name, turn, want] of phases) {
    it(`reads the phase: ${name}`, () => {
      expect(must(start.replace('turn: 1', turn)).phase).toEqual(want);
    });
  }

  const bad: [string, string][] = [
    ['empty', ''],
    ['five sections', start.slice(0, start.lastIndexOf(';'))],
    ['floors out of order', start.replace('blue (0,0,0)', 'green (0,0,0)')],
    ['a column missing', start.replace('blue-thin-1 0 (61.819,16.564), ', '')],
    ['an unknown column', start.replace('blue-thin-1 0', 'pink-thin-1 0')],
    ['a bad seal', start.replace('seal: none', 'seal: maybe')],
    ['a bad claimed', start.replace('claimed: no', 'claimed: perhaps')],
    ['an unknown phase', start.replace('turn: 1', 'turn: 1 dances')],
  ];
  for (const [name, text] of bad) {
    it(`rejects ${name}`, () => {
      expect(parsePosition(text)).toBeNull();
    });
  }
});

describe('geometry and scores', () => {
  it('poses floors by rotating then translating (§2)', () => {
    const p = worldPolygon('red', { x: 10, y: 20, th: 90 });
    expect(p[0]!.x).toBeCloseTo(10); // (56,0) rotated 90° is (0,56)
    expect(p[0]!.y).toBeCloseTo(76);
  });

  it('gives colours to seats (doc.go "Seats and colours")', () => {
    expect([owner('blue', 4), owner('yellow', 4), owner('green', 4), owner('red', 4)]).toEqual([0, 1, 2, 3]);
    expect(owner('red', 3)).toBeNull(); // neutral
    expect([owner('blue', 2), owner('yellow', 2), owner('green', 2), owner('red', 2)]).toEqual([0, 1, 0, 1]);
  });

  it('scores the top level only once green is placed (§7)', () => {
    expect(scores(must(start), 2)).toEqual([0, 0]);
    // removes: top level 3 holds blue-thin-1 (1) and yellow-thin-3 (1).
    expect(scores(must(removes), 4)).toEqual([1, 1, 0, 0]);
    // 2 players: seat 0 sums blue and green, seat 1 yellow and red.
    expect(scores(must(removes), 2)).toEqual([1, 1]);
  });

  it('names the next floor to lay', () => {
    expect(nextFloor(must(start))).toBe('green');
    expect(nextFloor(must(removes))).toBe('orange');
  });
});

describe('parseMove', () => {
  const table: [string, ReturnType<typeof parseMove>][] = [
    ['blue-thin-2:0>(12.5,-30)', { kind: 'column', text: 'blue-thin-2:0>(12.5,-30)', column: 'blue-thin-2', from: '0', x: 12.5, y: -30, object: false }],
    ['red-thin-1:4>blue-thick', { kind: 'onto', text: 'red-thin-1:4>blue-thick', column: 'red-thin-1', from: '4', onto: 'blue-thick', object: false }],
    ['object:green-medium:1>(0,5)', { kind: 'column', text: 'object:green-medium:1>(0,5)', column: 'green-medium', from: '1', x: 0, y: 5, object: true }],
    ['blue-thin-1:hand>(40,-20)', { kind: 'column', text: 'blue-thin-1:hand>(40,-20)', column: 'blue-thin-1', from: 'hand', x: 40, y: -20, object: false }],
    ['propose:green(0,10,30)', { kind: 'propose', text: 'propose:green(0,10,30)', floor: 'green', pose: { x: 0, y: 10, th: 30 } }],
    ['place:blue(0,0,0)', { kind: 'place', text: 'place:blue(0,0,0)', floor: 'blue', pose: { x: 0, y: 0, th: 0 } }],
    ['pass', { kind: 'pass', text: 'pass' }],
    ['remove:yellow-thick', { kind: 'remove', text: 'remove:yellow-thick', column: 'yellow-thick' }],
    ['remove:yellow-thin', { kind: 'other', text: 'remove:yellow-thin' }],
    ['dance', { kind: 'other', text: 'dance' }],
  ];
  for (const [text, want] of table) {
    it(text, () => expect(parseMove(text)).toEqual(want));
  }

  it('knows the column names (§1: three numbered thin, one medium, one thick per colour)', () => {
    expect(parseColumnName('red-thin-3')).toEqual({ colour: 'red', kind: 'thin' });
    expect(parseColumnName('red-thin')).toBeNull();
    expect(parseColumnName('red-thick-1')).toBeNull();
    expect(parseColumnName('red-thin-4')).toBeNull();
  });
});

describe('gestures → listed moves', () => {
  const s = must(start);
  const legal = mv(
    'blue-thin-1:0>(0,0)',
    'blue-thin-1:0>(10,0)',
    'blue-thin-1:0>(0,10)',
    'blue-thick:0>(50,50)',
    'green-thin-2:0>blue-thick',
    'propose:green(0,0,0)',
  );
  const g = group(legal);

  it('groups moves by column, floors apart', () => {
    expect([...pickable(g)]).toEqual(['blue-thin-1', 'blue-thick', 'green-thin-2']);
    expect(g.floors.map((m) => m.text)).toEqual(['propose:green(0,0,0)']);
    expect(g.pass).toBeNull();
  });

  const clicks: [string, string | null, { x: number; y: number }, string | null][] = [
    ['snaps to the nearest listed point', 'blue-thin-1', { x: 7, y: 1 }, 'blue-thin-1:0>(10,0)'],
    ['snaps the other way', 'blue-thin-1', { x: 2, y: 6 }, 'blue-thin-1:0>(0,10)'],
    ['sends nothing far from every listed point', 'blue-thin-1', { x: 60, y: -60 }, null],
    ['sends nothing with no column picked', null, { x: 0, y: 0 }, null],
    ['sends nothing for a column with no listed move', 'red-thick', { x: 0, y: 0 }, null],
    ['plays onto a stack at its centre', 'green-thin-2', { x: 37, y: 1 }, 'green-thin-2:0>blue-thick'],
  ];
  for (const [name, picked, p, want] of clicks) {
    it(`surface click: ${name}`, () => {
      const r = clickSurface(g, s, picked, p);
      expect(r.kind === 'play' ? r.move : null).toBe(want);
    });
  }

  it('snap is clickSurface without the picking', () => {
    expect(snap(g, s, 'blue-thick', { x: 48, y: 53 })).toBe('blue-thick:0>(50,50)');
  });

  it('column clicks pick only columns that appear in a listed move, and toggle', () => {
    expect(clickColumn(g, null, 'blue-thin-1')).toEqual({ kind: 'select', column: 'blue-thin-1' });
    expect(clickColumn(g, 'blue-thin-1', 'blue-thin-1')).toEqual({ kind: 'select', column: null });
    expect(clickColumn(g, null, 'red-thick')).toEqual({ kind: 'none' });
  });

  it('a click on a stack base with a column picked plays onto it', () => {
    expect(clickColumn(g, 'green-thin-2', 'blue-thick')).toEqual({ kind: 'play', move: 'green-thin-2:0>blue-thick' });
    // blue-thin-1 has no move onto blue-thick: the click picks blue-thick instead.
    expect(clickColumn(g, 'blue-thin-1', 'blue-thick')).toEqual({ kind: 'select', column: 'blue-thick' });
  });

  it('a click on a column the proposer may remove removes it (§5.3)', () => {
    const r = group(mv('remove:yellow-thick', 'remove:yellow-thin-1'));
    expect(clickColumn(r, null, 'yellow-thin-1')).toEqual({ kind: 'play', move: 'remove:yellow-thin-1' });
    expect(clickColumn(r, null, 'blue-thin-1')).toEqual({ kind: 'none' });
  });

  it('writes exact coordinates on the 0.5 mm grid for the typed move', () => {
    expect(exactMove(g, 'blue-thin-1', 12.3, -4.8)).toBe('blue-thin-1:0>(12.5,-5)');
    expect(exactMove(g, 'red-thick', 1, 1)).toBeNull();
    expect(exactMove(g, 'blue-thin-1', Number.NaN, 1)).toBeNull();
    const o = group(mv('object:blue-thin-1:1>(0,0)'));
    expect(exactMove(o, 'blue-thin-1', 3, 4)).toBe('object:blue-thin-1:1>(3,4)');
  });

  it('clamps the shake band to 0..3 (§6.7)', () => {
    expect([undefined, 0, 1, 2, 3, 7, -1].map(shakeBand)).toEqual([0, 0, 1, 2, 3, 3, 0]);
  });
});
