import { describe, expect, it } from 'vitest';
import { format, formatDays, remaining } from './clock';

describe('remaining', () => {
  const c = { kind: 'fischer' as const, remaining: [60_000, 30_000], running: 1, at: 1_000_000 };
  it('counts down only the running seat, from local receipt', () => {
    expect(remaining(c, 5000, 5000)).toEqual([60_000, 30_000]);
    expect(remaining(c, 5000, 7500)).toEqual([60_000, 27_500]);
  });
  it('never goes below zero nor up when the local clock steps back', () => {
    expect(remaining(c, 5000, 99_999)).toEqual([60_000, 0]);
    expect(remaining(c, 5000, 4000)).toEqual([60_000, 30_000]);
  });
  it('keeps all clocks when none runs', () => {
    expect(remaining({ ...c, running: -1 }, 0, 10_000)).toEqual([60_000, 30_000]);
  });
  it('copes with no readings', () => {
    expect(remaining({ ...c, remaining: null }, 0, 0)).toEqual([]);
  });
});

describe('format', () => {
  it.each([
    [0, '0:00.0'],
    [-5, '0:00.0'],
    [9_950, '0:09.9'],
    [10_000, '0:10'],
    [65_000, '1:05'],
    [300_000, '5:00'],
    [3_600_000, '1:00:00'],
    [3_725_000, '1:02:05'],
  ])('%i ms is %s', (ms, s) => {
    expect(format(ms)).toBe(s);
  });
  it.each([
    [3 * 86_400_000 + 5 * 3_600_000, '3d 5h'],
    [2 * 3_600_000 + 30 * 60_000, '2h 30m'],
  ])('%i ms is %s', (ms, s) => {
    expect(formatDays(ms)).toBe(s);
  });
});
