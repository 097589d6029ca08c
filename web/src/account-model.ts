// What the account pages decide without I/O: the server's rules for names
// and passwords as hints before a request, where to go after logging in,
// which guest seats to claim and how, and the lines of "my games".
import { ApiError } from './api';
import { describeError } from './errors';
import { t, type Lang } from './i18n';
import type { SeatClaim, SeatRef } from './account-api';
import type { Summary } from './protocol';

/** The server's username rules (docs/protocol.md, "Accounts"); it alone decides, reserved names included. */
export const minName = 3;
export const maxName = 20;
/** Password length in bytes (UTF-8), as the server counts it. */
export const minPassword = 8;
export const maxPassword = 256;
/** The server binds at most this many seats per claim request. */
export const maxClaim = 32;

export type NameProblem = 'length' | 'start' | 'chars' | null;

/** nameProblem says which rule a username breaks, as far as the client can tell. */
export function nameProblem(name: string): NameProblem {
  if (name.length < minName || name.length > maxName) return 'length';
  if (!/^[A-Za-z]/.test(name)) return 'start';
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return 'chars';
  return null;
}

export type PasswordProblem = 'short' | 'long' | null;

export function passwordProblem(pw: string): PasswordProblem {
  const n = new TextEncoder().encode(pw).length;
  if (n < minPassword) return 'short';
  if (n > maxPassword) return 'long';
  return null;
}

/**
 * safeNext is where to go after logging in: a path of this site from the
 * ?next= parameter, else the lobby. Anything that could leave the site
 * (//host, a scheme, a backslash some browsers read as a slash) is ignored.
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  if (/^\/(login|signup)(\/|$|\?)/.test(next)) return '/';
  return next;
}

/** The part of Storage that lists its keys (localStorage). */
export interface ListableKV {
  readonly length: number;
  key(i: number): string | null;
  getItem(key: string): string | null;
}

/** The localStorage key prefix of seat tokens (tokens.ts writes them; the test checks they agree). */
const seatPrefix = 'tabula.seat.';

/** seatTokens lists every match and token the browser holds (tokens.ts), in key order. */
export function seatTokens(kv: ListableKV): SeatClaim[] {
  const out: SeatClaim[] = [];
  for (let i = 0; i < kv.length; i++) {
    const k = kv.key(i);
    if (!k || !k.startsWith(seatPrefix)) continue;
    try {
      const v = JSON.parse(kv.getItem(k) ?? '') as { token?: unknown };
      if (typeof v.token === 'string' && v.token !== '') out.push({ match: k.slice(seatPrefix.length), token: v.token });
    } catch {
      // a corrupt entry holds no seat
    }
  }
  return out.sort((a, b) => (a.match < b.match ? -1 : a.match > b.match ? 1 : 0));
}

/** claimedKey is the localStorage key of the matches this browser already claimed (or had refused) for an account. */
export function claimedKey(account: string): string {
  return `tabula.claimed.${account}`;
}

/** loadClaimed reads that record; a missing or corrupt one is empty. */
export function loadClaimed(kv: { getItem(k: string): string | null }, account: string): Set<string> {
  try {
    const v = JSON.parse(kv.getItem(claimedKey(account)) ?? '[]') as unknown;
    return new Set(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * toClaim is what a login still has to claim: the tokens of matches not
 * claimed (or refused) for this account before, so logging in again costs
 * no requests, and a token another account holds is not sent each time.
 */
export function toClaim(tokens: readonly SeatClaim[], done: ReadonlySet<string>): SeatClaim[] {
  return tokens.filter((c) => !done.has(c.match));
}

/** claimedAfter is the record to keep: what was done before and now, of the matches this browser still holds tokens of. */
export function claimedAfter(tokens: readonly SeatClaim[], done: ReadonlySet<string>, out: ClaimOutcome): string[] {
  const now = new Set([...done, ...out.claimed.map((c) => c.match), ...out.refused]);
  return tokens.map((c) => c.match).filter((m) => now.has(m));
}

/** batches splits claims into requests of at most maxClaim seats. */
export function batches<T>(items: readonly T[], size = maxClaim): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Codes by which the server refuses one seat of a claim, and so the whole request. */
const oneSeatRefusals = new Set(['not-found', 'bad-token', 'seat-taken']);

export interface ClaimOutcome {
  /** Seats now the account's. */
  claimed: SeatRef[];
  /** Matches whose token the server refused (gone, not a seat, another account's). */
  refused: string[];
  /** The error that stopped the claims early (a rate limit, the network), if one did. */
  stopped: unknown;
}

/**
 * claimAll claims every seat in batches. The server checks a batch as a
 * whole, so one stale token refuses all of it: such a batch is retried
 * seat by seat, keeping the good ones. Any other error stops.
 */
export async function claimAll(claims: readonly SeatClaim[], send: (b: SeatClaim[]) => Promise<SeatRef[]>): Promise<ClaimOutcome> {
  const out: ClaimOutcome = { claimed: [], refused: [], stopped: null };
  const refusedOne = (e: unknown) => e instanceof ApiError && oneSeatRefusals.has(e.wire.code);
  for (const b of batches(claims)) {
    try {
      out.claimed.push(...(await send(b)));
      continue;
    } catch (e) {
      if (!refusedOne(e)) {
        out.stopped = e;
        return out;
      }
    }
    for (const c of b) {
      try {
        out.claimed.push(...(await send([c])));
      } catch (e) {
        if (!refusedOne(e)) {
          out.stopped = e;
          return out;
        }
        out.refused.push(c.match);
      }
    }
  }
  return out;
}

/** A line of "my games": the match, the account's seats in it, and who the others are. */
export interface GameLine {
  id: string;
  game: string;
  status: Summary['status'];
  ply: number;
  /** The account's seats: number and seat name. */
  mine: { seat: number; name: string }[];
  /** Every other seat: its name and who sits there. */
  others: { seat: number; name: string; who: 'bot' | 'player' | 'open'; bot?: string }[];
}

/** gameLines turns the account's matches into lines, live ones first, else in the server's order (newest first). */
export function gameLines(ms: readonly { match: Summary; seats: number[] | null }[]): GameLine[] {
  const lines = ms.map(({ match: m, seats }) => {
    const held = new Set(seats ?? []);
    const all = m.seats ?? [];
    return {
      id: m.id,
      game: m.game,
      status: m.status,
      ply: m.ply,
      mine: all.filter((s) => held.has(s.seat)).map((s) => ({ seat: s.seat, name: s.name })),
      others: all
        .filter((s) => !held.has(s.seat))
        .map((s) => ({
          seat: s.seat,
          name: s.name,
          who: s.kind === 'bot' ? ('bot' as const) : s.taken ? ('player' as const) : ('open' as const),
          ...(s.kind === 'bot' && s.bot ? { bot: s.bot } : {}),
        })),
    };
  });
  const rank = (s: Summary['status']) => (s === 'live' ? 0 : 1);
  return lines.map((l, i) => ({ l, i })).sort((a, b) => rank(a.l.status) - rank(b.l.status) || a.i - b.i).map((x) => x.l);
}

/** waitParts splits a wait in seconds into what to say: whole minutes from a minute up, else seconds. */
export function waitParts(s: number): { n: number; unit: 'min' | 's' } {
  if (s >= 60) return { n: Math.ceil(s / 60), unit: 'min' };
  return { n: Math.max(1, Math.ceil(s)), unit: 's' };
}

/** Which form an error came from: the password form's wrong-credentials is the old password. */
export type FormKind = 'login' | 'signup' | 'password';

/** accountErrorText is what a person reads when an account form's request fails. */
export function accountErrorText(lang: Lang, e: unknown, form: FormKind): string {
  if (e instanceof ApiError) {
    switch (e.wire.code) {
      case 'rate-limited':
        if (e.retryAfter !== null && e.retryAfter > 0) {
          const w = waitParts(e.retryAfter);
          return t(lang, w.unit === 'min' ? 'account.wait.min' : 'account.wait.s', { n: w.n });
        }
        break;
      case 'overloaded':
        return t(lang, 'account.overloaded');
      case 'wrong-credentials':
        if (form === 'password') return t(lang, 'account.oldWrong');
        break;
    }
  }
  return describeError(lang, e);
}

/** nameText and passwordText say a client-side problem in words; '' for none. */
export function nameText(lang: Lang, p: NameProblem): string {
  return p ? t(lang, `account.name.${p}`) : '';
}

export function passwordText(lang: Lang, p: PasswordProblem): string {
  return p ? t(lang, `account.pw.${p}`) : '';
}
