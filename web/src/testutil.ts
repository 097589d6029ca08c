// Builders for tests: a MatchState with sensible defaults.
import type { MatchState } from './protocol';

export const startPosition = '......./......./......./......./......./......./....... l 14 14 -,- -';

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
    moves: [],
    seats: [
      { seat: 0, name: 'light', kind: 'human', taken: true, connected: true },
      { seat: 1, name: 'dark', kind: 'bot', bot: 'random', taken: true, connected: true },
    ],
    offers: { draw: [], takeback: -1, rematch: [] },
    ...over,
  };
}
