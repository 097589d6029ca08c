import { describe, expect, it } from 'vitest';
import { canPlay, otherOffers, reasonName, rounds, verdict } from './match-model';
import { state } from './testutil';

describe('canPlay', () => {
  it('lets the seat to move act while live', () => {
    expect(canPlay(state(3), 0, false)).toBe(true);
  });
  it.each([
    ['no state', null, 0, false],
    ['spectator', state(3), -1, false],
    ['before welcome', state(3), null, false],
    ['other seat to move', state(3, { toMove: 1 }), 0, false],
    ['move in flight', state(3), 0, true],
    ['finished', state(3, { status: 'finished', toMove: -1, legal: [] }), 0, false],
    ['no legal moves', state(3, { legal: null }), 0, false],
  ] as const)('not with %s', (_n, s, seat, pending) => {
    expect(canPlay(s, seat, pending)).toBe(false);
  });
});

describe('rounds', () => {
  it('pairs two players', () => {
    expect(rounds(['d4', 'a1', 'c3'], 2)).toEqual([
      { n: 1, moves: [{ ply: 1, text: 'd4' }, { ply: 2, text: 'a1' }] },
      { n: 2, moves: [{ ply: 3, text: 'c3' }] },
    ]);
  });
  it('handles three players and no moves', () => {
    expect(rounds(['a', 'b', 'c', 'd'], 3).map((r) => r.moves.length)).toEqual([3, 1]);
    expect(rounds(null, 2)).toEqual([]);
  });
  it('gives Palagonia one turn a row: the roll of both dice and the actions after it (issue 24, defect 6)', () => {
    const moves = ['roll:R', 'roll:4', '(0,0):1', '(0,-1):1', 'roll:2+2', '(-2,0):0', '(-3,0):1', 'roll:2+5', 'use:5', '(-3,3):2', 'roll:3+X', 'use:X', 'remove:(-3,0)'];
    expect(rounds(moves, 3, 'palagonia').map((r) => r.moves.map((m) => m.text)[0])).toEqual(['roll:R', 'roll:2+2', 'roll:2+5', 'roll:3+X']);
    expect(rounds(moves, 3, 'palagonia').map((r) => r.moves.length)).toEqual([4, 3, 3, 3]);
  });
});

describe('verdict', () => {
  const won = state(9, { status: 'finished', toMove: -1, result: { winners: [1], reason: 'connection', text: 'dark wins by connection' } });
  it('reads a win for a player, the loser and a spectator', () => {
    expect(verdict(won, 1)).toEqual({ kind: 'win', winners: [1], reason: 'connection', mine: true });
    expect(verdict(won, 0)).toMatchObject({ mine: false });
    expect(verdict(won, -1)).toMatchObject({ mine: null });
  });
  it('reads a draw, an abort and a game in progress', () => {
    expect(verdict(state(9, { status: 'finished', result: { winners: [], reason: 'repetition', text: '' } }), 0)).toEqual({ kind: 'draw', reason: 'repetition' });
    expect(verdict(state(9, { status: 'finished', result: { winners: null, reason: 'agreement', text: '' } }), 0)).toEqual({ kind: 'draw', reason: 'agreement' });
    expect(verdict(state(2, { status: 'aborted' }), 0)).toEqual({ kind: 'aborted', reason: '' });
    expect(verdict(state(1, { status: 'aborted', result: { winners: [], reason: 'expired', text: '' } }), 0)).toEqual({ kind: 'aborted', reason: 'expired' });
    expect(verdict(state(2), 0)).toEqual({ kind: 'none' });
  });
});

describe('otherOffers', () => {
  it('leaves out my own offer', () => {
    expect(otherOffers([0, 1], 0)).toEqual([1]);
    expect(otherOffers(null, 0)).toEqual([]);
  });
});

describe('reasonName', () => {
  it('words the endings that are no player’s doing under one name each, and keeps the rest', () => {
    const cases: [string, string][] = [
      ['bot-failed', 'bot-failed'],
      ['bot-error', 'bot-failed'],
      ['unknown-bot', 'bot-unavailable'],
      ['bot-unavailable', 'bot-unavailable'],
      ['expiry', 'expired'],
      ['abandonment', 'abandoned'],
      ['timeout', 'timeout'],
      ['goal', 'goal'],
    ];
    for (const [given, want] of cases) expect(reasonName(given), given).toBe(want);
  });
});
