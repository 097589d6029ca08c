import { describe, expect, it } from 'vitest';
import type { MatchState } from './protocol';
import { state } from './testutil';
import { change, type Change } from './transition';

describe('change', () => {
  const s0 = state(3, { moves: ['d4'], lastMove: 'd4', toMove: 1 });
  const cases: { name: string; prev: MatchState | null; next: MatchState; want: Change }[] = [
    { name: 'the first state is no event', prev: null, next: s0, want: { kind: 'none' } },
    { name: 'a state of another match', prev: state(1, { match: 'm_other' }), next: s0, want: { kind: 'none' } },
    {
      name: 'one move, by the seat that was to move',
      prev: s0,
      next: state(4, { moves: ['d4', 'c4'], lastMove: 'c4', toMove: 0 }),
      want: { kind: 'move', move: 'c4', mover: 1, capture: false },
    },
    {
      name: 'a capture (the notation names captured cells)',
      prev: s0,
      next: state(4, { moves: ['d4', 'e4xd4'], lastMove: 'e4xd4', toMove: 0 }),
      want: { kind: 'move', move: 'e4xd4', mover: 1, capture: true },
    },
    {
      name: 'a push-off (the board form of the last move pushes a piece off)',
      prev: s0,
      next: state(4, { moves: ['d4', 'e5e6'], lastMove: 'e5e6', toMove: 0, board: { position: { pieces: [] }, moves: [], last: { pieces: ['e5'], dir: 'E', off: ['e9'] } } }),
      want: { kind: 'move', move: 'e5e6', mover: 1, capture: true },
    },
    {
      name: 'no capture in the board form, whatever the notation looks like',
      prev: s0,
      next: state(4, { moves: ['d4', 'e4xd4'], lastMove: 'e4xd4', toMove: 0, board: { position: { pieces: [] }, moves: [], last: { kind: 'place', to: 'e4' } } }),
      want: { kind: 'move', move: 'e4xd4', mover: 1, capture: false },
    },
    {
      name: 'two moves at once: the mover is not known',
      prev: s0,
      next: state(5, { moves: ['d4', 'c4', 'e4'], lastMove: 'e4', toMove: 1 }),
      want: { kind: 'move', move: 'e4', mover: -1, capture: false },
    },
    { name: 'an offer changes no moves', prev: s0, next: state(4, { moves: ['d4'], lastMove: 'd4', toMove: 1 }), want: { kind: 'none' } },
    {
      name: 'a takeback is no move',
      prev: s0,
      next: state(4, { moves: [], toMove: 0 }),
      want: { kind: 'none' },
    },
    {
      name: 'a winning move ends the game',
      prev: s0,
      next: state(4, { moves: ['d4', 'c4'], lastMove: 'c4', toMove: -1, status: 'finished' }),
      want: { kind: 'end', move: 'c4', mover: 1 },
    },
    {
      name: 'a resignation ends it with no move',
      prev: s0,
      next: state(4, { moves: ['d4'], lastMove: 'd4', toMove: -1, status: 'finished' }),
      want: { kind: 'end', move: null, mover: -1 },
    },
    {
      name: 'a finished game stays finished',
      prev: state(4, { status: 'finished', toMove: -1 }),
      next: state(5, { status: 'finished', toMove: -1, rematch: 'm_new' }),
      want: { kind: 'none' },
    },
  ];
  for (const c of cases) it(c.name, () => expect(change(c.prev, c.next)).toEqual(c.want));
});
