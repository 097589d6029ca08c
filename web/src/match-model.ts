// The match page's pure parts: who may act, the move list laid out in
// rounds, and the result line. Tested without a browser.
import type { MatchState } from './protocol';

/** canPlay reports whether seat may act on the board now. */
export function canPlay(s: MatchState | null, seat: number | null, waitingForMove: boolean): boolean {
  if (!s || seat === null || seat < 0 || waitingForMove) return false;
  if (s.status !== 'live' && s.status !== 'waiting') return false;
  return s.toMove === seat && (s.legal?.length ?? 0) > 0;
}

/** A row of the move list: the round number and one move per seat. */
export interface Round {
  n: number;
  moves: { ply: number; text: string }[];
}

/**
 * turnRoll is a Palagonia move that begins a turn: the roll of both dice
 * ("roll:3+R"; the start rolls of one die, "roll:4", do not). A Palagonia
 * turn is that roll and every action the roller then takes, so its plies
 * per turn vary.
 */
const turnRoll = /^roll:[^+\s]+\+/;

/**
 * rounds lays the record out one round per row: players moves to a row, or
 * for Palagonia one turn to a row (the start rolls join the first turn).
 */
export function rounds(moves: readonly string[] | null, players: number, game = ''): Round[] {
  if (game === 'palagonia') {
    const out: Round[] = [];
    (moves ?? []).forEach((text, i) => {
      if (out.length === 0 || turnRoll.test(text)) out.push({ n: out.length + 1, moves: [] });
      out[out.length - 1]!.moves.push({ ply: i + 1, text });
    });
    return out;
  }
  const per = Math.max(1, players);
  const out: Round[] = [];
  (moves ?? []).forEach((text, i) => {
    const n = Math.floor(i / per) + 1;
    if (out.length < n) out.push({ n, moves: [] });
    out[n - 1]!.moves.push({ ply: i + 1, text });
  });
  return out;
}

/** Verdict is how the result reads for this viewer. */
export type Verdict =
  | { kind: 'none' }
  | { kind: 'aborted'; reason: string }
  | { kind: 'draw'; reason: string }
  | { kind: 'nobody'; reason: string; mine: boolean | null }
  | { kind: 'win'; winners: number[]; reason: string; mine: boolean | null };

/** verdict reads the result; mine is null for spectators. */
export function verdict(s: MatchState | null, seat: number | null): Verdict {
  if (!s) return { kind: 'none' };
  const r = s.result;
  if (s.status === 'aborted') return { kind: 'aborted', reason: r?.reason ?? '' };
  if (!r) return { kind: 'none' };
  const winners = r.winners ?? [];
  if (winners.length === 0 && r.allLose) return { kind: 'nobody', reason: r.reason, mine: seat === null || seat < 0 ? null : false };
  if (winners.length === 0) return { kind: 'draw', reason: r.reason };
  const mine = seat === null || seat < 0 ? null : winners.includes(seat);
  return { kind: 'win', winners, reason: r.reason, mine };
}

/** otherOffers lists the seats other than mine in an offer list. */
export function otherOffers(list: readonly number[] | null, seat: number | null): number[] {
  return (list ?? []).filter((x) => x !== seat);
}

/**
 * endings maps the reasons the server may give for an ending that is no
 * player's doing to the one the client words: a bot that failed, a bot the
 * server no longer offers, a waiting match nobody joined, a match its players
 * left. Each canonical name maps to itself; the others are spellings a
 * server might use for the same ending.
 */
const endings: Record<string, string> = {
  'bot-failed': 'bot-failed',
  'bot-error': 'bot-failed',
  'bot-crashed': 'bot-failed',
  'bot-unavailable': 'bot-unavailable',
  'bot-not-offered': 'bot-unavailable',
  'bot-removed': 'bot-unavailable',
  'unknown-bot': 'bot-unavailable',
  expired: 'expired',
  expiry: 'expired',
  'waiting-expired': 'expired',
  abandoned: 'abandoned',
  abandonment: 'abandoned',
};

/** reasonName is the reason under which the client words a result's reason. */
export function reasonName(reason: string): string {
  return endings[reason] ?? reason;
}
