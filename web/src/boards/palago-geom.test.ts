import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bounds,
  center,
  corner,
  creatures,
  mapTile,
  minMoves,
  parseCards,
  parseLab,
  parsePalago,
  parsePalagonia,
  parseTile,
  parts,
  sideMid,
  tilePaths,
} from './palago-geom';

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 9);

describe('coordinates (rules/palago.md §A.2)', () => {
  it.each([
    [0, 0, 0, 0],
    [1, 0, Math.sqrt(3), 0],
    [0, 1, Math.sqrt(3) / 2, 1.5],
    [1, -1, Math.sqrt(3) / 2, -1.5],
    [-2, 3, -Math.sqrt(3) / 2, 4.5],
  ])('centre of (%i,%i) is (%f,%f)', (q, r, x, y) => {
    const p = center(q, r);
    close(p.x, x);
    close(p.y, y);
  });

  it.each([
    [0, 'upper right', (p: { x: number; y: number }) => p.x > 0 && p.y < 0],
    [1, 'lower right', (p: { x: number; y: number }) => p.x > 0 && p.y > 0],
    [2, 'bottom', (p: { x: number; y: number }) => Math.abs(p.x) < 1e-9 && p.y > 0],
    [3, 'lower left', (p: { x: number; y: number }) => p.x < 0 && p.y > 0],
    [4, 'upper left', (p: { x: number; y: number }) => p.x < 0 && p.y < 0],
    [5, 'top', (p: { x: number; y: number }) => Math.abs(p.x) < 1e-9 && p.y < 0],
  ])('corner %i is %s', (k, _name, where) => {
    expect(where(corner(k))).toBe(true);
    close(Math.hypot(corner(k).x, corner(k).y), 1);
  });

  it('side k faces the neighbour in direction N[k]', () => {
    const dirs = [
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [0, -1],
    ] as const;
    for (let k = 0; k < 6; k++) {
      const m = sideMid(k);
      const n = center(dirs[k]![0], dirs[k]![1]);
      // The side midpoint is halfway to the neighbour's centre.
      close(m.x, n.x / 2);
      close(m.y, n.y / 2);
    }
  });
});

describe('orientation table (§A.4)', () => {
  it.each([
    [0, { aTip: 0, bTip: 3, straight: [2, 5], arcA: [0, 1], arcB: [3, 4], aArch: [2, 4], bArch: [5, 1] }],
    [1, { aTip: 2, bTip: 5, straight: [4, 1], arcA: [2, 3], arcB: [5, 0], aArch: [4, 0], bArch: [1, 3] }],
    [2, { aTip: 4, bTip: 1, straight: [0, 3], arcA: [4, 5], arcB: [1, 2], aArch: [0, 2], bArch: [3, 5] }],
  ])('orientation %i', (o, row) => {
    expect(parts(o)).toEqual(row);
  });

  it.each([0, 1, 2])('orientation %i draws the straight between sides a+2 and a+5 and arcs of radius ½ about the tips', (o) => {
    const s = 100;
    const p = tilePaths(o, s);
    const a = 2 * o;
    const m2 = sideMid(a + 2);
    const m5 = sideMid(a + 5);
    const fmt = (n: number) => String(Math.round(n * s * 1000) / 1000);
    expect(p.lines.startsWith(`M ${fmt(m2.x)} ${fmt(m2.y)} L ${fmt(m5.x)} ${fmt(m5.y)}`)).toBe(true);
    expect(p.lines.match(/A 50 50 0 0 [01]/g)).toHaveLength(2);
    // Tip sectors start at their corners.
    const ca = corner(a);
    expect(p.aTip.startsWith(`M ${fmt(ca.x)} ${fmt(ca.y)}`)).toBe(true);
    const cb = corner(a + 3);
    expect(p.bTip.startsWith(`M ${fmt(cb.x)} ${fmt(cb.y)}`)).toBe(true);
    // A tip arc bends into the tile: its sweep turns the same way for both tips.
    expect(p.aTip.match(/A 50 50 0 0 ([01])/)![1]).toBe(p.bTip.match(/A 50 50 0 0 ([01])/)![1]);
  });

  it('every tip midpoint lies half a side from its corner', () => {
    for (let k = 0; k < 6; k++) {
      const c = corner(k);
      for (const m of [sideMid(k), sideMid(k + 1)]) close(Math.hypot(m.x - c.x, m.y - c.y), 0.5);
    }
  });
});

describe('tile notation', () => {
  it.each([
    ['(1,-1):2', { q: 1, r: -1, o: 2 }],
    ['1,-1:2', { q: 1, r: -1, o: 2 }],
    ['(0,0):0', { q: 0, r: 0, o: 0 }],
    ['(-12,7):1', { q: -12, r: 7, o: 1 }],
  ])('%s', (s, t) => expect(parseTile(s)).toEqual(t));
  it.each(['(1,1):3', '(1,1)', '1:1', '(a,1):0', ''])('rejects %j', (s) => expect(parseTile(s)).toBeNull());
});

describe('position texts', () => {
  it('palago: first player and moves', () => {
    const p = parsePalago('p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2 (0,1):2');
    expect(p?.first).toBe('p1');
    expect(p?.moves).toHaveLength(3);
    expect(p?.tiles).toHaveLength(5);
    expect(p?.moves[2]).toEqual([{ q: 0, r: 1, o: 2 }]);
    expect(parsePalago('p2')?.tiles).toEqual([]);
  });
  it.each(['p3', '', 'p1 (0,0):0+(1,0):0+(2,0):0', 'p1 x'])('palago rejects %j', (s) => expect(parsePalago(s)).toBeNull());

  it('palagonia: the doc.go example', () => {
    const p = parsePalagonia('place p2 dice=3+R left=2 placed=1 scores=0,3,3 bag=40 table=(0,0):0+(1,0):2');
    expect(p).toMatchObject({ step: 'place', seat: 1, dice: ['3', 'R'], left: 2, placed: 1, scores: [0, 3, 3], bag: 40, extra: false });
    expect(p?.table).toEqual([
      { q: 0, r: 0, o: 0 },
      { q: 1, r: 0, o: 2 },
    ]);
  });
  it('palagonia: the start roll-off and an extra turn', () => {
    const s = parsePalagonia('start - rolls=4,?,- scores=0,0,0 bag=48 table=-');
    expect(s).toMatchObject({ step: 'start', seat: null, rolls: ['4', '?', '-'], table: [] });
    expect(parsePalagonia('choose p1 dice=2+2 extra scores=0,0,0,0 bag=40 table=(0,0):0')?.extra).toBe(true);
  });
  it.each(['jump p1 scores=0', 'place p9 scores=0', 'place p1 dice=7+2', 'place p1 table=(0,0):5', 'place p1 nonsense'])('palagonia rejects %j', (s) =>
    expect(parsePalagonia(s)).toBeNull(),
  );

  it('palaboratory: the doc.go examples', () => {
    expect(parseLab('green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2')).toMatchObject({ variant: 'green', from: 1, card: 2, moves: 0 });
    expect(parseLab('red:3 1 (0,0):0 (0,1):2')).toEqual({
      variant: 'red',
      card: 3,
      from: null,
      moves: 1,
      done: false,
      tiles: [
        { q: 0, r: 0, o: 0 },
        { q: 0, r: 1, o: 2 },
      ],
    });
    expect(parseLab('red:1 0')?.tiles).toEqual([]);
    // A free build: no card, and "done" once its player has finished.
    expect(parseLab('free 0')).toEqual({ variant: 'free', card: 0, from: null, moves: 0, done: false, tiles: [] });
    expect(parseLab('free 2 done (0,0):1')).toEqual({ variant: 'free', card: 0, from: null, moves: 2, done: true, tiles: [{ q: 0, r: 0, o: 1 }] });
  });
  it.each(['blue:1 0', 'red:1', 'red:1 x', 'green:1 0', 'red:1 0 (0,0):9'])('palaboratory rejects %j', (s) => expect(parseLab(s)).toBeNull());
});

const cards = parseCards(readFileSync(resolve(import.meta.dirname, '../../../games/palaboratory/cards.txt'), 'utf8'));
const card = (name: string) => cards.find((c) => c.name === name)!.tiles;

describe('cards and par (§D.1, §D.3)', () => {
  it('reads the 12 cards with their tile counts (ruling L2)', () => {
    expect(cards.map((c) => c.tiles.length)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 14]);
    expect(cards[0]!.ruName).toBe('Пала-вирус');
  });

  it('minMoves(card 1 → card 2) = 2 (acceptance item 2)', () => {
    expect(minMoves(cards[0]!.tiles, cards[1]!.tiles)).toBe(2);
  });

  it.each([
    ['worm', 'salamander', 3],
    ['snail', 'rat', 2],
    ['rat', 'goat', 2],
    ['salamander', 'stella', 1],
    ['whale', 'cobra', 3],
    ['rat', 'cyclist', 4],
    ['stella', 'cyclist', 7],
    ['stella', 'sloth', 4],
    ['rat', 'sloth', 2],
    ['cobra', 'sloth', 6],
    ['cobra', 'goat', 7],
    ['goat', 'cyclist', 4],
  ])('%s → %s takes %i moves (the rulebook table)', (a, b, n) => {
    expect(minMoves(card(a), card(b))).toBe(n);
  });

  it('a symmetry maps a layout to one of the same par 0', () => {
    const r = (v: [number, number]): [number, number] => [-v[1], v[0] + v[1]];
    const r2 = (v: [number, number]) => r(r(v));
    const img = card('whale').map((t) => mapTile(r2, t));
    expect(minMoves(card('whale'), img)).toBe(0);
  });
});

describe('creatures (§A.5)', () => {
  it('the virus card is one closed creature: every piece of it is marked', () => {
    const v = card('virus');
    const marked = creatures(v);
    expect(marked.size).toBeGreaterThan(0);
    // Every tile carries a piece of the creature (§D.1).
    for (const t of v) expect([...marked].some((k) => k.startsWith(`${t.q},${t.r},`))).toBe(true);
  });
  it('two tiles close nothing', () => {
    expect(
      creatures([
        { q: 0, r: 0, o: 0 },
        { q: 1, r: 0, o: 1 },
      ]).size,
    ).toBe(0);
  });
  it('three A-tips round one vertex are an eye, not a creature', () => {
    // Corner 0 of (0,0), corner 2 of (1,-1) and corner 4 of (1,0) are one
    // vertex; orientations 0, 1, 2 put the A-tip on exactly those corners.
    const eye = [
      { q: 0, r: 0, o: 0 },
      { q: 1, r: -1, o: 1 },
      { q: 1, r: 0, o: 2 },
    ];
    expect(creatures(eye).size).toBe(0);
  });
  it('bounds cover every cell', () => {
    const b = bounds([
      { q: 0, r: 0 },
      { q: 2, r: 0 },
    ]);
    close(b.w, 3 * Math.sqrt(3));
    close(b.h, 2);
  });
});
