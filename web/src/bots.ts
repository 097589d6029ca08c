// How the lobby and the match page name an opponent the server offers. The
// server lists bots by spec (GET /api/games: "random", "bot:easy", ...,
// plus engines its operator added under names of their choosing); people
// see a name and a one-line description instead of the spec.
import type { Key } from './i18n';
import type { GameInfo } from './protocol';

/** The kinds of opponent the client can describe; 'engine' is any name it does not know. */
export type BotKind = 'random' | 'easy' | 'medium' | 'hard' | 'max' | 'engine';

const known: Record<string, BotKind> = {
  random: 'random',
  'bot:easy': 'easy',
  'bot:medium': 'medium',
  'bot:hard': 'hard',
  'bot:max': 'max',
};

/** botKind is the kind of the bot spec; operator engines are 'engine'. */
export function botKind(spec: string): BotKind {
  return known[spec] ?? 'engine';
}

/** BotText is an opponent as people read it: a name and what to expect of it. */
export interface BotText {
  name: string;
  desc: string;
}

/**
 * botText names a bot spec in the language of tr: the built-in levels by
 * their translated names, an operator's engine by the name it was given.
 * A level's description ends with its rating on Tabula's scale: rating,
 * the measured one in the game being set up (already formatted, see
 * levelRating), or the generic range when the game has none.
 */
export function botText(spec: string, tr: (key: Key, params?: Record<string, string | number>) => string, rating?: string): BotText {
  const kind = botKind(spec);
  if (kind === 'engine') return { name: spec, desc: tr('bot.engine.desc') };
  if (kind === 'random') return { name: tr('bot.random'), desc: tr('bot.random.desc') };
  const scale = rating !== undefined ? tr('bot.rated', { elo: rating }) : tr(`bot.${kind}.scale`);
  return { name: tr(`bot.${kind}`), desc: `${tr(`bot.${kind}.desc`)}. ${scale}` };
}

/**
 * levelRating is the measured rating of the bot spec in game g's variant
 * with players players (the server's botRatings, from docs/strength.md's
 * rating lists), written in lang's digits; undefined when that variant and
 * player count were not measured or the bot is not rated.
 */
export function levelRating(g: GameInfo, variant: string, players: number, spec: string, lang: string): string | undefined {
  const list = g.botRatings?.find((l) => l.variant === variant && l.players === players);
  const elo = list?.elo[spec];
  return elo === undefined ? undefined : elo.toLocaleString(lang);
}

/**
 * moveTimeText says how long a bot thinks per move at most ("up to 0.25 s a
 * move"), from the server's botMoveMs; empty when the server gives none.
 */
export function moveTimeText(ms: number | undefined, tr: (key: Key, params?: Record<string, string | number>) => string): string {
  if (ms === undefined || ms <= 0) return '';
  const s = ms >= 10000 ? String(Math.round(ms / 1000)) : String(Number((ms / 1000).toPrecision(2)));
  return tr('bot.moveTime', { s });
}
