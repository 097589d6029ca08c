import { describe, expect, it } from 'vitest';
import { nextTurn, parseTalat, placeTower } from './talat-editor';

// A Palat position of a shipped puzzle (talat-1).
const palat =
  'palat 0 B01=...1L31S6/.0L3.../...1S4./...../0L41S3... B02=...../.0S6.../...0M42S3/...../..0L60M6. B12=...../.1M6..1M3/...../...2M32L6/1L6.... reserve=-/-/- taken=1M4,1L4,2S4,2S6,2M6/0S3,0S4,0M3,2L3,2L4 closed=B01';
const talatStart =
  'talat 0 B01=...../...../...../...../..... B02=...../...../...../...../..... B12=...../...../...../...../..... reserve=S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6 taken=-/-/- closed=-';

// count lists every tower of a text once per place it is in.
function towers(text: string): string[] {
  const p = parseTalat(text)!;
  const out = p.cells.flat(2).filter((c) => c !== '.');
  p.reserve.forEach((g, c) => g.forEach((k) => out.push(`${c}${k}`)));
  p.taken.forEach((g) => out.push(...g));
  return out.sort();
}

describe('Talat board editor', () => {
  it('reads and writes a position unchanged', () => {
    expect(parseTalat(palat)?.cells[0]![0]).toEqual(['.', '.', '.', '1L3', '1S6']);
    expect(placeTower(palat, 0, 0, 0, '.')).toBe(palat);
    expect(parseTalat('palago p1')).toBeNull();
  });
  it('moves a tower from another cell, swapping with what stood there', () => {
    const moved = placeTower(palat, 0, 0, 0, '1L3');
    expect(parseTalat(moved)!.cells[0]![0]!.slice(0, 4)).toEqual(['1L3', '.', '.', '.']);
    const swapped = placeTower(palat, 0, 0, 3, '0L3');
    expect(parseTalat(swapped)!.cells[0]![0]![3]).toBe('0L3');
    expect(parseTalat(swapped)!.cells[0]![1]![1]).toBe('1L3');
    expect(towers(swapped)).toEqual(towers(palat));
  });
  it('takes a tower off to the captures of the side that takes it (Palat: the spirit’s mover)', () => {
    const off = placeTower(palat, 1, 1, 1, ''); // seat 0's S6 on B02: captured by the spirit, moved by seat 1
    expect(parseTalat(off)!.taken[1]).toContain('0S6');
    const spirit = placeTower(palat, 2, 3, 3, ''); // a spirit tower on B12: captured by seat 1
    expect(parseTalat(spirit)!.taken[1]).toContain('2M3');
    expect(towers(off)).toEqual(towers(palat));
  });
  it('brings a captured tower back and captures the one it replaces', () => {
    const back = placeTower(palat, 0, 4, 0, '1M4'); // 0L4 stood there
    const p = parseTalat(back)!;
    expect(p.cells[0]![4]![0]).toBe('1M4');
    expect(p.taken[0]).not.toContain('1M4');
    expect(p.taken[1]).toContain('0L4');
    expect(towers(back)).toEqual(towers(palat));
  });
  it('places from the reserve in setup and leaves a tower out of the game alone', () => {
    const placed = placeTower(talatStart, 0, 0, 2, '0L6');
    expect(parseTalat(placed)!.cells[0]![0]![2]).toBe('0L6');
    expect(parseTalat(placed)!.reserve[0]).not.toContain('L6');
    expect(towers(placed)).toEqual(towers(talatStart));
    expect(placeTower(palat, 0, 2, 2, '2M4')).toBe(palat); // Palat's ninth spirit tower is out
  });
  it('passes the turn round the seats', () => {
    expect(nextTurn(palat).split(' ')[1]).toBe('1');
    expect(nextTurn(nextTurn(palat)).split(' ')[1]).toBe('0');
    expect(nextTurn(nextTurn(talatStart)).split(' ')[1]).toBe('2');
  });
});
