import { describe, expect, it } from 'vitest';
import type { Positions } from './replay';
import { formatDuration, gameSummary } from './summary';
import { state } from './testutil';

const over = state(9, {
  status: 'finished',
  toMove: -1,
  moves: ['d4', 'c4', 'e4'],
  result: { winners: [0], reason: 'connection', text: 'light wins by connection', scores: [5, 3] },
});

function positions(over: Partial<Positions> = {}): Positions {
  return {
    id: 'm_test', game: 'pathagon', variant: 'standard', players: 2, status: 'finished', seats: null,
    timeControl: { kind: 'none' }, rated: false, ply: 3, created: 1_000, updated: 95_000,
    positions: [
      { ply: 0, seat: -1, position: '', toMove: 0 },
      { ply: 1, move: 'd4', seat: 0, at: 5_000, position: '', toMove: 1 },
    ],
    ...over,
  };
}

describe('gameSummary', () => {
  it('reads the winner, the moves and the scores', () => {
    const s = gameSummary(over, 1, positions());
    expect(s.verdict).toEqual({ kind: 'win', winners: [0], reason: 'connection', mine: false });
    expect(s.plies).toBe(3);
    expect(s.scores).toEqual([
      { seat: 0, score: 5 },
      { seat: 1, score: 3 },
    ]);
  });

  const durations: { name: string; p: Positions | null; want: number | null }[] = [
    { name: 'from the first move to the end', p: positions(), want: 90_000 },
    { name: 'from creation when nobody moved', p: positions({ positions: [] }), want: 94_000 },
    { name: 'unknown before the positions arrive', p: null, want: null },
    { name: 'not from another match', p: positions({ id: 'm_other' }), want: null },
  ];
  for (const c of durations) it(`duration: ${c.name}`, () => expect(gameSummary(over, 0, c.p).durationMs).toBe(c.want));

  it('a draw and a game without scores', () => {
    const draw = { ...over, result: { winners: [], reason: 'agreement', text: 'draw' } };
    const s = gameSummary(draw, 0, null);
    expect(s.verdict.kind).toBe('draw');
    expect(s.scores).toEqual([]);
  });
});

describe('formatDuration', () => {
  const cases: [number, string][] = [
    [0, '0:00'],
    [59_400, '0:59'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [3_725_000, '1:02:05'],
  ];
  for (const [ms, want] of cases) it(`${ms} ms`, () => expect(formatDuration(ms)).toBe(want));
});
