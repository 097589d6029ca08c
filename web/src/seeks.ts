// Seeks, challenges, "your turn" and the lobby stream's messages
// (docs/protocol.md, "Seeks, challenges and notifications"): the wire
// types, the API calls, and the pure parts (quick-pairing presets, time
// control text and checks), tested without a browser.
import type { Api } from './api';
import type { Summary, TimeControl } from './protocol';

export interface Seeker {
  id: string;
  username?: string;
  rating?: number;
  ratingMin?: number;
  ratingMax?: number;
  created: number;
  mine?: boolean;
}

export interface SeekTable {
  game: string;
  variant: string;
  players: number;
  timeControl: TimeControl;
  rated: boolean;
  seekers: Seeker[];
}

export interface SeekRequest {
  conn: string;
  game: string;
  variant?: string;
  players?: number;
  timeControl: TimeControl;
  rated?: boolean;
  ratingMin?: number;
  ratingMax?: number;
}

export interface Challenge {
  id: string;
  from: string;
  to: string;
  game: string;
  variant: string;
  timeControl: TimeControl;
  rated: boolean;
  created: number;
  expires: number;
}

export interface ChallengeRequest {
  to: string;
  game: string;
  variant?: string;
  timeControl: TimeControl;
  rated?: boolean;
}

export interface TurnMatch {
  match: Summary;
  seat: number;
  deadline?: number;
}

/** LobbyMessage is one message of GET /ws/lobby; the fields set depend on type. */
export interface LobbyMessage {
  type: 'hello' | 'seeks' | 'paired' | 'challenge' | 'challenge-gone' | 'challenge-accepted' | 'your-turn' | 'offer';
  conn?: string;
  account?: string;
  tables?: SeekTable[];
  challenges?: Challenge[];
  challenge?: Challenge;
  reason?: string;
  match?: string;
  game?: string;
  seat?: number;
  token?: string;
  offer?: 'draw' | 'takeback';
}

export function seek(api: Api, req: SeekRequest): Promise<{ id: string; paired?: string }> {
  return api.call('POST', '/api/seeks', req);
}

export function cancelSeek(api: Api, conn: string, id: string): Promise<unknown> {
  return api.call('POST', `/api/seeks/${encodeURIComponent(id)}/cancel`, { conn });
}

export function challenge(api: Api, req: ChallengeRequest): Promise<Challenge> {
  return api.call('POST', '/api/challenges', req);
}

export function challenges(api: Api): Promise<{ in: Challenge[]; out: Challenge[] }> {
  return api.call('GET', '/api/challenges');
}

export function acceptChallenge(api: Api, id: string): Promise<{ match: string; seat: number; token: string }> {
  return api.call('POST', `/api/challenges/${encodeURIComponent(id)}/accept`, {});
}

export function declineChallenge(api: Api, id: string): Promise<unknown> {
  return api.call('POST', `/api/challenges/${encodeURIComponent(id)}/decline`, {});
}

export async function yourTurn(api: Api): Promise<TurnMatch[]> {
  const b = await api.call<{ matches: TurnMatch[] | null }>('GET', '/api/account/turn');
  return b.matches ?? [];
}

/**
 * The time control bounds the server checks (internal/clock): Fischer base
 * 1 s to 24 h, increment 0 to 1 h; correspondence 1 to 30 days a move.
 */
export const bounds = { maxBaseMin: 24 * 60, maxIncS: 3600, maxDays: 30 } as const;

const fischer = (min: number, inc: number): TimeControl => ({ kind: 'fischer', baseMs: min * 60_000, incrementMs: inc * 1000 });
const corr: TimeControl = { kind: 'correspondence', days: 3 };

/**
 * quickByGame are the lobby's one-click seeks of each game: its common
 * controls, longer for the games whose moves take longer to think
 * through (Abalone's pushes, Talat's two boards, Villa Paletti's
 * balance), and correspondence for each.
 */
const quickByGame: Record<string, readonly TimeControl[]> = {
  pathagon: [fischer(3, 2), fischer(5, 3), fischer(10, 5), fischer(15, 10), corr],
  abalone: [fischer(10, 5), fischer(15, 10), fischer(30, 20), corr],
  talat: [fischer(5, 5), fischer(10, 10), fischer(20, 15), corr],
  villapaletti: [fischer(5, 5), fischer(10, 10), fischer(20, 20), corr],
  palago: [fischer(3, 2), fischer(5, 5), fischer(10, 5), corr],
  palagonia: [fischer(5, 5), fischer(10, 5), fischer(15, 10), corr],
  palaboratory: [fischer(5, 5), fischer(10, 5), fischer(15, 10), corr],
};
const quickDefault: readonly TimeControl[] = [fischer(3, 2), fischer(5, 3), fischer(10, 5), fischer(15, 10), corr];

/** quickPairs are the one-click seeks offered for game. */
export function quickPairs(game: string): readonly TimeControl[] {
  return quickByGame[game] ?? quickDefault;
}

/** The editable form of a time control: minutes, seconds and days as typed. */
export interface TCForm {
  kind: TimeControl['kind'];
  baseMin: string;
  incS: string;
  days: string;
}

export const defaultTC: TCForm = { kind: 'fischer', baseMin: '5', incS: '3', days: '3' };

/**
 * tcFromForm checks a typed time control against the bounds; it returns
 * the control, or the key of what is wrong.
 */
export function tcFromForm(f: TCForm): TimeControl | { error: 'tc.bad.base' | 'tc.bad.inc' | 'tc.bad.days' } {
  switch (f.kind) {
    case 'none':
      return { kind: 'none' };
    case 'correspondence': {
      const d = Number(f.days);
      if (!Number.isInteger(d) || d < 1 || d > bounds.maxDays) return { error: 'tc.bad.days' };
      return { kind: 'correspondence', days: d };
    }
    case 'fischer': {
      const b = Number(f.baseMin);
      const i = Number(f.incS);
      const baseMs = Math.round(b * 60_000);
      if (f.baseMin.trim() === '' || !Number.isFinite(b) || baseMs < 1000 || b > bounds.maxBaseMin) return { error: 'tc.bad.base' };
      if (f.incS.trim() === '' || !Number.isInteger(i) || i < 0 || i > bounds.maxIncS) return { error: 'tc.bad.inc' };
      return { kind: 'fischer', baseMs, incrementMs: i * 1000 };
    }
  }
}

/** tcParts describes a time control for tcText: the key and its parameters. */
export function tcParts(tc: TimeControl): { key: 'tc.none' | 'tc.fischer' | 'tc.corr'; params: Record<string, number> } {
  switch (tc.kind) {
    case 'fischer':
      return { key: 'tc.fischer', params: { min: Math.round(((tc.baseMs ?? 0) / 60_000) * 100) / 100, inc: Math.round((tc.incrementMs ?? 0) / 1000) } };
    case 'correspondence':
      return { key: 'tc.corr', params: { days: tc.days ?? 0 } };
    default:
      return { key: 'tc.none', params: {} };
  }
}

/** sameTC reports whether two time controls are the same. */
export function sameTC(a: TimeControl, b: TimeControl): boolean {
  return a.kind === b.kind && (a.baseMs ?? 0) === (b.baseMs ?? 0) && (a.incrementMs ?? 0) === (b.incrementMs ?? 0) && (a.days ?? 0) === (b.days ?? 0);
}

/** ratable reports whether a time control may be rated (a clock or correspondence). */
export function ratable(tc: TimeControl): boolean {
  return tc.kind === 'fischer' || tc.kind === 'correspondence';
}
