// The lobby's pure parts: building a create request from the form, and
// describing a match in the list. Tested without a browser.
import type { CreateRequest, GameInfo, OptionSpec, SeatSpec, Summary, TimeControl } from './protocol';

/** Time control presets of the form: minutes and increment seconds; 0,0 is no clock. */
export const timePresets: readonly { min: number; inc: number }[] = [
  { min: 0, inc: 0 },
  { min: 3, inc: 2 },
  { min: 5, inc: 3 },
  { min: 10, inc: 5 },
  { min: 15, inc: 10 },
];

export interface Form {
  game: string;
  variant: string;
  /** A bot spec, or '' for open human seats. */
  opponent: string;
  /** The creator's seat, or -1 for a random seat. */
  seat: number;
  /** Index into timePresets. */
  time: number;
  /** The number of players, for games that allow several; absent means the game's default. */
  players?: number;
  /** Option values as text, by option name; absent means the default. */
  options: Record<string, string>;
  /** Whether the creator asked for a rated match (it is only when ratedBlock allows). */
  rated?: boolean;
}

/**
 * ratedBlock says why the form's match cannot be rated (the server's rule:
 * a logged-in creator, a clock or correspondence, people in every seat, two
 * players or more), as an i18n key; '' when it can.
 */
export function ratedBlock(
  g: GameInfo,
  f: Form,
  tcKind: string,
  loggedIn: boolean,
): '' | 'lobby.rated.guest' | 'lobby.rated.needsClock' | 'lobby.rated.noBots' | 'lobby.rated.solo' {
  if (!loggedIn) return 'lobby.rated.guest';
  if (playerCount(g, f) < 2) return 'lobby.rated.solo';
  if (f.opponent !== '') return 'lobby.rated.noBots';
  if (tcKind !== 'fischer' && tcKind !== 'correspondence') return 'lobby.rated.needsClock';
  return '';
}

/** defaultForm picks Pathagon when the server has it, its first bot and no clock. */
export function defaultForm(games: readonly GameInfo[]): Form {
  const g = games.find((x) => x.id === 'pathagon') ?? games[0];
  return { game: g?.id ?? '', variant: g?.variants?.[0] ?? '', opponent: g?.bots?.[0] ?? '', seat: 0, time: 0, options: {} };
}

/**
 * keepForm is the form after the game list was (re)loaded: the previous
 * choices where they still apply, with an opponent the game still offers.
 */
export function keepForm(games: readonly GameInfo[], f: Form | null): Form {
  const g = f ? games.find((x) => x.id === f.game) : undefined;
  if (!f || !g) return defaultForm(games);
  if (f.opponent === '' || (g.bots ?? []).includes(f.opponent)) return f;
  return { ...f, opponent: g.bots?.[0] ?? '' };
}

export function timeControl(preset: { min: number; inc: number }): TimeControl {
  if (preset.min === 0) return { kind: 'none' };
  return { kind: 'fischer', baseMs: preset.min * 60_000, incrementMs: preset.inc * 1000 };
}

/**
 * createRequest turns the form into the API request: the creator takes a
 * seat (random draws from rand), every other seat is the chosen bot or open.
 */
export function createRequest(g: GameInfo, f: Form, rand: () => number): CreateRequest {
  const players = playerCount(g, f);
  const seat = f.seat >= 0 && f.seat < players ? f.seat : Math.floor(rand() * players);
  const seats: SeatSpec[] = [];
  for (let i = 0; i < players; i++) {
    seats.push(i === seat || f.opponent === '' ? { kind: 'human' } : { kind: 'bot', bot: f.opponent });
  }
  const req: CreateRequest = {
    game: g.id,
    players,
    seats,
    timeControl: timeControl(timePresets[f.time] ?? { min: 0, inc: 0 }),
    join: seat,
  };
  if (f.variant) req.variant = f.variant;
  const options = optionValues(g.options ?? [], f.options);
  if (Object.keys(options).length > 0) req.options = options;
  return req;
}

/**
 * playerChoices lists the player counts the game accepts in the variant: the
 * variant's fixed count, else the game's allowed counts, else min..max.
 */
export function playerChoices(g: GameInfo, variant?: string): number[] {
  const fixed = variant ? g.variantPlayers?.[variant] : undefined;
  if (fixed !== undefined) return [fixed];
  if (g.allowedPlayers && g.allowedPlayers.length > 0) return [...g.allowedPlayers];
  return Array.from({ length: g.maxPlayers - g.minPlayers + 1 }, (_, i) => g.minPlayers + i);
}

/** playerCount is the form's player count when the game accepts it, else the variant's or the game's default. */
export function playerCount(g: GameInfo, f: Pick<Form, 'players'> & { variant?: string }): number {
  const choices = playerChoices(g, f.variant || g.variants?.[0]);
  const n = f.players;
  if (n !== undefined && choices.includes(n)) return n;
  const def = g.defaultPlayers || g.minPlayers || 2;
  return choices.includes(def) ? def : (choices[0] ?? def);
}

/**
 * optionValues keeps the values that name a declared option, are valid for
 * its kind and differ from its default: the server gets only real choices.
 */
export function optionValues(specs: readonly OptionSpec[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const v = values[spec.name];
    if (v === undefined || v === spec.default || !validOption(spec, v)) continue;
    out[spec.name] = v;
  }
  return out;
}

/** validOption checks v against the option's kind, as Info.Check does on the server. */
export function validOption(spec: OptionSpec, v: string): boolean {
  switch (spec.kind) {
    case 'bool':
      return v === 'true' || v === 'false';
    case 'int': {
      if (!/^-?\d+$/.test(v)) return false;
      const n = Number(v);
      return (spec.min === undefined || n >= spec.min) && (spec.max === undefined || spec.max === 0 || n <= spec.max);
    }
    case 'enum':
      return (spec.choices ?? []).includes(v);
  }
}

/** openSeats lists the human seats nobody holds yet. */
export function openSeats(m: Pick<Summary, 'seats'>): number[] {
  return (m.seats ?? []).filter((s) => s.kind === 'human' && !s.taken).map((s) => s.seat);
}
