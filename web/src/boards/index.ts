// The board registry: one entry per game with everything the web client
// knows about it besides what the server sends: its board component, its
// interface text in every language and its rules page. A new game's web side
// is one entry here (docs/adding-a-game.md, step 8).
//
// The registry holds data only: each board is loaded by a dynamic import, so
// that i18n.ts can merge the entries' text into its dictionaries without an
// import cycle (a board imports app-state, which imports i18n), and so that
// each board is its own chunk, fetched when a page first shows that game.
import type { Lang } from '../i18n';
import { rules, type GameRules } from '../rules-text';
import type { BoardProps } from './board';
import { abaloneEn, abaloneRu, abaloneUk } from './abalone-i18n';
import { palagoEn, palagoRu, palagoUk } from './palago-i18n';
import { pathagonText } from './pathagon-i18n';
import { talatText } from './talat-i18n';
import { villaEn, villaRu, villaUk } from './villa-i18n';

/** Board is a board component. */
export type Board = (p: BoardProps) => preact.JSX.Element;

/** Text is a board's interface text: every language has every key of en. */
export interface Text<K extends string = string> {
  en: Record<K, string>;
  ru: Record<K, string>;
  uk: Record<K, string>;
}

/** GameEntry is what the client knows of one game. */
export interface GameEntry {
  /** board loads the game's board component. */
  board: () => Promise<Board>;
  /** text is the board's interface text, merged into the app's dictionaries. */
  text: Text;
  /** rules is the in-app rules page; absent for a game without one. */
  rules?: GameRules;
}

const abaloneText = { en: abaloneEn, ru: abaloneRu, uk: abaloneUk };
const palagoText = { en: palagoEn, ru: palagoRu, uk: palagoUk };
const villaText = { en: villaEn, ru: villaRu, uk: villaUk };
const noText = { en: {}, ru: {}, uk: {} };

/**
 * games is the registry, in the order the rules index lists the games. The
 * three Palago-family games share their boards' text.
 */
export const games = {
  pathagon: { board: () => import('./PathagonBoard').then((m) => m.PathagonBoard), text: pathagonText, rules: rules.pathagon },
  abalone: { board: () => import('./AbaloneBoard').then((m) => m.AbaloneBoard), text: abaloneText, rules: rules.abalone },
  palago: { board: () => import('./PalagoBoard').then((m) => m.PalagoBoard), text: palagoText, rules: rules.palago },
  palagonia: { board: () => import('./PalagoniaBoard').then((m) => m.PalagoniaBoard), text: palagoText, rules: rules.palagonia },
  palaboratory: { board: () => import('./PalaboratoryBoard').then((m) => m.PalaboratoryBoard), text: palagoText, rules: rules.palaboratory },
  talat: { board: () => import('./TalatBoard').then((m) => m.TalatBoard), text: talatText, rules: rules.talat },
  villapaletti: { board: () => import('./VillaBoard').then((m) => m.VillaBoard), text: villaText, rules: rules.villapaletti },
  tictactoe: { board: () => import('./TicTacToeBoard').then((m) => m.TicTacToeBoard), text: noText },
} satisfies Record<string, GameEntry>;

type Entries = typeof games;

// Intersection of a union: the text of every entry in one object type.
type All<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** GameText is the type of every entry's English text together. */
export type GameText = All<Entries[keyof Entries]['text']['en']>;

function merged(l: Lang): GameText {
  const out: Record<string, string> = {};
  for (const e of Object.values(games) as GameEntry[]) Object.assign(out, e.text[l]);
  return out as GameText;
}

/** gameText is every entry's text by language, for i18n.ts. */
export const gameText: Record<Lang, GameText> = { en: merged('en'), ru: merged('ru'), uk: merged('uk') };

/** entry is game's registry entry, undefined for a game the client does not know. */
export function entry(game: string): GameEntry | undefined {
  return Object.hasOwn(games, game) ? (games as Record<string, GameEntry>)[game] : undefined;
}

/** ruleGames lists the games that have a rules page, in the registry's order. */
export const ruleGames: readonly string[] = Object.keys(games).filter((g) => entry(g)?.rules);

// loaded keeps each board once its module has arrived, so a page that shows
// the same game again draws it at once.
const loaded = new Map<string, Board>();

/** loadBoard loads game's board; null for a game without one. */
export async function loadBoard(game: string): Promise<Board | null> {
  const e = entry(game);
  if (!e) return null;
  const b = loaded.get(game) ?? (await e.board());
  loaded.set(game, b);
  return b;
}

/** loadedBoard is game's board if it has been loaded, else undefined. */
export function loadedBoard(game: string): Board | undefined {
  return loaded.get(game);
}
