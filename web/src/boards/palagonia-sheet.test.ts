import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { creatures, parsePalagonia, parseTiles } from './palago-geom';
import { creatureGroups, lines, scoreSheet, value } from './palagonia-sheet';

/** The golden file web/palagonia_sheet_test.go writes from the Go rules (go test ./web -run TestPalagoniaSheetGolden -update). */
interface Golden {
  name: string;
  players: number;
  options?: Record<string, string>;
  positions: string[];
  creatures: { ply: number; creatures: { colour: 'A' | 'B'; pieces: string[]; loops: number; limbs: number }[] | null }[] | null;
}
const golden = JSON.parse(readFileSync(resolve(import.meta.dirname, 'testdata/palagonia-sheet.json'), 'utf8')) as Golden[];

const scoresAt = (text: string) => parsePalagonia(text)!.scores;

// The spec's creatures as games/palagonia's tests lay them out (§C.6, N7).
const tiles = (s: string) => parseTiles(s, ' ')!;
const camel = tiles('(-3,2):0 (-2,1):2 (-2,2):1 (-1,0):2 (-1,1):0 (-1,2):1 (-1,3):0 (0,-1):2 (0,0):1 (0,1):2 (0,2):0 (0,3):2 (1,-2):2 (1,-1):0 (1,0):0 (1,1):2 (2,-3):1 (2,-2):2');

describe('creature values (§C.6, N7)', () => {
  it.each([
    ['virus: 1 loop, no limbs (N7 single arch)', '(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1', 1, 0],
    ['ring: 2 loops', '(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (2,0):2', 2, 0],
    ['worm: 1 loop, 2 external limbs', '(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2', 1, 2],
  ])('%s', (_, layout, loops, limbs) => {
    const ts = tiles(layout);
    const cs = creatureGroups(ts);
    expect(cs.length).toBeGreaterThan(0);
    expect(value(ts, cs[0]!)).toEqual({ loops, limbs });
  });

  it('the camel: 1 outer + 4 inner shells and 2 limbs; the ring inside it is worth 2', () => {
    const cs = creatureGroups(camel);
    expect(cs.map((g) => g.colour)).toEqual(['A', 'B']);
    expect(value(camel, cs[0]!)).toEqual({ loops: 5, limbs: 2 });
    expect(value(camel, cs[1]!)).toEqual({ loops: 2, limbs: 0 });
  });

  it('finds the same creature pieces as the board outlines', () => {
    const fromGroups = new Set(creatureGroups(camel).flatMap((g) => g.pieces));
    expect(fromGroups).toEqual(creatures(camel));
  });

  it('an open line is no loop', () => {
    expect(lines(tiles('(0,0):0')).every((l) => !l.closed)).toBe(true);
  });
});

describe('the score sheet against the Go rules (golden file)', () => {
  it('holds games that score by placement, by rotation, on extra turns and solo', () => {
    expect(golden.length).toBeGreaterThanOrEqual(4);
    expect(golden.some((g) => g.players === 1)).toBe(true);
    expect(golden.some((g) => g.options?.rotationScoring === 'mergeOnly')).toBe(true);
  });

  for (const g of golden) {
    it(`${g.name}: the creatures and their values at every ply`, () => {
      const listed = new Map((g.creatures ?? []).map((c) => [c.ply, c.creatures ?? []]));
      let want: NonNullable<NonNullable<Golden['creatures']>[number]['creatures']> = [];
      let checked = 0;
      g.positions.forEach((text, ply) => {
        want = listed.get(ply) ?? want;
        const table = parsePalagonia(text)!.table;
        const ls = lines(table);
        const got = creatureGroups(table).map((c) => ({ colour: c.colour, pieces: [...c.pieces].sort(), ...value(table, c, ls) }));
        const key = (x: { colour: string; pieces: string[] }) => x.colour + x.pieces.join(' ');
        expect(got.map(key).sort(), `ply ${ply}`).toEqual(want.map(key).sort());
        for (const c of got) {
          const w = want.find((x) => key(x) === key(c))!;
          expect({ loops: c.loops, limbs: c.limbs }, `ply ${ply}`).toEqual({ loops: w.loops, limbs: w.limbs });
        }
        checked += got.length;
      });
      expect(checked).toBeGreaterThan(0);
    });

    it(`${g.name}: the sheet adds up to the server's scores after every ply`, () => {
      const sheet = scoreSheet(g.positions);
      expect(sheet.ok).toBe(true);
      expect(sheet.seats).toHaveLength(g.players);
      expect(sheet.seats.flat().length).toBeGreaterThan(0);
      g.positions.forEach((text, ply) => {
        const got = sheet.seats.map((s) => s.filter((e) => e.ply <= ply).reduce((a, e) => a + e.points, 0));
        expect(got, `ply ${ply}`).toEqual(scoresAt(text));
      });
      for (const s of sheet.seats) {
        for (const e of s) {
          expect(e.points).toBe(e.loops + e.limbs);
          expect(e.points).toBeGreaterThanOrEqual(3); // §C.5 rule 3
        }
      }
    });
  }

  it('shares with the predecessor except on an extra turn (§C.7)', () => {
    const g = golden.find((x) => x.options?.rotationScoring === 'mergeOnly')!;
    const sheet = scoreSheet(g.positions);
    const extra = sheet.seats.flat().filter((e) => parsePalagonia(g.positions[e.ply - 1]!)!.extra);
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.every((e) => !e.shared)).toBe(true);
    const normal = sheet.seats.flat().filter((e) => !parsePalagonia(g.positions[e.ply - 1]!)!.extra);
    expect(normal.filter((e) => e.shared).length).toBe(normal.filter((e) => !e.shared).length);
  });

  it('follows the rotation rule the server names, without guessing', () => {
    for (const g of golden) {
      const rule = g.options?.rotationScoring ?? 'newOnly';
      expect(scoreSheet(g.positions, rule).ok, g.name).toBe(true);
    }
    // Named wrongly, a game whose scores depend on the rule no longer adds up.
    const g = golden.find((x) => x.options?.rotationScoring === 'mergeOnly')!;
    expect(scoreSheet(g.positions, 'newOnly').ok).toBe(false);
  });

  it('says when the positions do not add up', () => {
    const g = golden[0]!;
    const last = g.positions[g.positions.length - 1]!.replace(/scores=\S+/, `scores=${Array(g.players).fill(99).join(',')}`);
    expect(scoreSheet([...g.positions.slice(0, -1), last]).ok).toBe(false);
    expect(scoreSheet(['nonsense']).ok).toBe(false);
  });
});
