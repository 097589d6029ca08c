// How the lobby and the match page name an opponent the server offers. The
// server lists bots by spec (GET /api/games: "random", "bot:easy", ...,
// plus engines its operator added under names of their choosing); people
// see a name and a one-line description instead of the spec.
import type { Key } from './i18n';

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
 */
export function botText(spec: string, tr: (key: Key, params?: Record<string, string | number>) => string): BotText {
  const kind = botKind(spec);
  if (kind === 'engine') return { name: spec, desc: tr('bot.engine.desc') };
  return { name: tr(`bot.${kind}`), desc: tr(`bot.${kind}.desc`) };
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
