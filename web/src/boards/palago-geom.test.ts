import { describe, expect, it } from 'vitest';
import { bounds, center, corner, sideMid, tilePaths } from './palago-geom';

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

describe('drawing each orientation (§A.4)', () => {
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

describe('bounds', () => {
  it('bounds cover every cell', () => {
    const b = bounds([
      { q: 0, r: 0 },
      { q: 2, r: 0 },
    ]);
    close(b.w, 3 * Math.sqrt(3));
    close(b.h, 2);
  });
});
