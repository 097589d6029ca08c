// Builders for tests: a MatchState with sensible defaults.
import type { MatchState } from './protocol';

export const startPosition = '......./......./......./......./......./......./....... l 14 14 -,- -';

/** hand is a Pathagon reserve form of n pieces. */
const hand = (n: number): string[] => Array.from({ length: n }, () => 'piece');

export function state(version: number, over: Partial<MatchState> = {}): MatchState {
  return {
    match: 'm_test',
    game: 'pathagon',
    variant: 'standard',
    players: 2,
    version,
    status: 'live',
    position: startPosition,
    toMove: 0,
    legal: [{ text: 'd4', to: 'd4' }],
    // The board forms the server sends with the start and that one move (Go games/pathagon/ui.go).
    board: { position: { pieces: [], reserve: [hand(14), hand(14)] }, moves: [{ kind: 'place', to: 'd4' }] },
    moves: [],
    seats: [
      { seat: 0, name: 'light', kind: 'human', taken: true, connected: true },
      { seat: 1, name: 'dark', kind: 'bot', bot: 'random', taken: true, connected: true },
    ],
    offers: { draw: [], takeback: -1, rematch: [] },
    ...over,
  };
}
