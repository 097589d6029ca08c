// Interface text in English and Russian. Every language has every key (the
// type says so); {name} placeholders are filled by t(). The choice is kept
// in localStorage under langKey.
import { shellEn, shellRu } from './shell-i18n';
import { abaloneEn, abaloneRu } from './boards/abalone-i18n';
import { palagoEn, palagoRu } from './boards/palago-i18n';
import type { KV } from './tokens';
import { talatText } from './boards/talat-i18n';
import { villaEn, villaRu } from './boards/villa-i18n';

const en = {
  ...palagoEn,
  'app.title': 'Tabula',
  'lang.label': 'Language',
  'lobby.games': 'Games',
  'lobby.new': 'New game',
  'lobby.game': 'Game',
  'lobby.variant': 'Variant',
  'lobby.opponent': 'Opponent',
  'lobby.players': 'Players',
  'lobby.bot': 'Computer ({bot})',
  'lobby.open': 'A friend (open seat)',
  'lobby.open.desc': 'Send the invite link; whoever opens it can join',
  'bot.random': 'Random',
  'bot.random.desc': 'Random moves: for learning the rules',
  'bot.easy': 'Easy',
  'bot.easy.desc': 'Beatable by a beginner; answers at once',
  'bot.medium': 'Medium',
  'bot.medium.desc': 'Sees simple tactics; a fair game for a casual player',
  'bot.hard': 'Hard',
  'bot.hard.desc': 'Plays well and still answers within seconds',
  'bot.max': 'Max',
  'bot.max.desc': 'Thinks for its whole time; the strongest',
  'bot.engine.desc': 'A game engine this server offers',
  'lobby.seat': 'Play as',
  'lobby.random': 'Random',
  'lobby.time': 'Time control',
  'lobby.time.none': 'No clock',
  'lobby.time.fischer': '{min} min + {inc} s',
  'lobby.create': 'Create',
  'lobby.options': 'Rules options',
  'lobby.creating': 'Creating…',
  'lobby.live': 'Live and open games',
  'lobby.none': 'No games right now. Start one!',
  'lobby.watch': 'Watch',
  'lobby.join': 'Join',
  'lobby.loading': 'Loading…',
  'lobby.nogames': 'The server offers no games.',
  'lobby.ply': 'moves: {ply}',
  'lobby.player': 'player',
  'status.waiting': 'waiting',
  'status.live': 'live',
  'status.finished': 'finished',
  'status.aborted': 'aborted',
  'match.loading': 'Connecting…',
  'match.connecting': 'Reconnecting…',
  'match.spectator': 'You are watching.',
  'match.you': 'you',
  'match.bot': 'bot',
  'match.open': 'open seat',
  'match.takeSeat': 'Play as {name}',
  'match.invite': 'Invite link',
  'match.copy': 'Copy',
  'match.copied': 'Copied',
  'match.yourTurn': 'Your move',
  'match.theirTurn': '{name} to move',
  'match.waiting': 'Waiting for a player to join…',
  'match.moves': 'Moves',
  'match.noMoves': 'No moves yet.',
  'match.typeMove': 'Type a move',
  'match.play': 'Play',
  'match.resign': 'Resign',
  'match.confirmResign': 'Resign this game?',
  'match.offerDraw': 'Offer draw',
  'match.acceptDraw': 'Accept draw',
  'match.declineDraw': 'Decline',
  'match.drawOffered': '{name} offers a draw.',
  'match.takeback': 'Takeback',
  'match.acceptTakeback': 'Accept takeback',
  'match.takebackOffered': '{name} asks to take back a move.',
  'match.abort': 'Abort',
  'match.rematch': 'Rematch',
  'match.rematchOffered': '{name} wants a rematch.',
  'match.toRematch': 'Go to the rematch',
  'match.chooseCaptures': 'Which pieces to remove?',
  'match.cancel': 'Cancel',
  'match.legal': 'Legal moves',
  'match.position': 'Position',
  'match.lobby': 'Lobby',
  'match.reserve': 'in hand: {n}',
  'match.forbidden': 'Forbidden for this move',
  'result.win': '{name} wins',
  'result.draw': 'Draw',
  'result.aborted': 'Game aborted',
  'result.youWin': 'You win!',
  'result.youLose': 'You lose',
  'reason.connection': 'by connection',
  'reason.resignation': 'by resignation',
  'reason.timeout': 'on time',
  'reason.agreement': 'by agreement',
  'reason.repetition': 'by threefold repetition',
  'reason.ply-limit': 'by the move limit',
  'reason.score': 'on points',
  'reason.bot-failed': 'because the computer opponent failed',
  'reason.bot-unavailable': 'because its computer opponent is no longer offered',
  'reason.expired': 'because nobody joined in time',
  'reason.abandoned': 'because the players left',
  'seat.light': 'Light',
  'seat.dark': 'Dark',
  'seat.black': 'Black',
  'seat.white': 'White',
  'seat.grey': 'Grey',
  'notfound': 'There is no such page.',
  'err.bad-json': 'The server did not understand the message.',
  'err.unknown-type': 'The server does not know this message.',
  'err.too-large': 'The message is too large.',
  'err.bad-request': 'A value is missing or out of range.',
  'err.unknown-game': 'There is no such game.',
  'err.bad-option': 'An option is not accepted by this game.',
  'err.not-found': 'There is no such match.',
  'err.seat-taken': 'That seat is already taken.',
  'err.bad-token': 'You do not hold this seat.',
  'err.not-a-player': 'Spectators cannot do that.',
  'err.not-your-turn': 'It is not your turn.',
  'err.illegal-move': 'That move is not legal here.',
  'err.syntax': 'That is not a move in this game’s notation.',
  'err.game-over': 'The game is over.',
  'err.stale-version': 'The position changed; try again.',
  'err.no-offer': 'There is no offer to answer.',
  'err.not-allowed': 'That is not allowed now.',
  'err.need-hello': 'The connection was not set up.',
  'err.overloaded': 'The server is busy; try again.',
  'err.unavailable': 'The server cannot save games right now (it is restarting, or its storage failed); try again in a little while.',
  'err.unknown-bot': 'This server does not offer that opponent; choose another one.',
  'err.rate-limited': 'Too many requests in a short time; wait a moment and try again.',
  'err.rate-limited.wait': 'Too many requests in a short time; try again in {s} s.',
  'err.too-many-matches': 'There are already as many open games as allowed (yours, or on the whole server); join or finish one first, or try again later.',
  'err.forbidden-origin': 'The server refused a request from this page’s address; open the game at the server’s own address.',
  'err.bad-content-type': 'The server did not accept the form of the request; reload the page and try again.',
  'err.internal': 'Something went wrong on the server.',
  'err.network': 'Cannot reach the server.',
  ...shellEn,
  ...talatText.en,
  ...villaEn,
  ...abaloneEn,
};

export type Key = keyof typeof en;

const ru: Record<Key, string> = {
  ...palagoRu,
  'app.title': 'Табула',
  'lang.label': 'Язык',
  'lobby.games': 'Игры',
  'lobby.new': 'Новая партия',
  'lobby.game': 'Игра',
  'lobby.variant': 'Вариант',
  'lobby.opponent': 'Соперник',
  'lobby.players': 'Игроков',
  'lobby.bot': 'Компьютер ({bot})',
  'lobby.open': 'Друг (свободное место)',
  'lobby.open.desc': 'Отправьте ссылку-приглашение: войти сможет тот, кто её откроет',
  'bot.random': 'Случайный',
  'bot.random.desc': 'Ходит наугад: чтобы освоить правила',
  'bot.easy': 'Лёгкий',
  'bot.easy.desc': 'По силам и новичку; отвечает сразу',
  'bot.medium': 'Средний',
  'bot.medium.desc': 'Видит простую тактику; ровная игра для любителя',
  'bot.hard': 'Сильный',
  'bot.hard.desc': 'Играет хорошо и всё же отвечает за секунды',
  'bot.max': 'Максимум',
  'bot.max.desc': 'Думает всё отведённое время; самый сильный',
  'bot.engine.desc': 'Игровая программа, которую предлагает этот сервер',
  'lobby.seat': 'Играть за',
  'lobby.random': 'Случайно',
  'lobby.time': 'Контроль времени',
  'lobby.time.none': 'Без часов',
  'lobby.time.fischer': '{min} мин + {inc} с',
  'lobby.create': 'Создать',
  'lobby.options': 'Параметры правил',
  'lobby.creating': 'Создаём…',
  'lobby.live': 'Идущие и открытые партии',
  'lobby.none': 'Сейчас партий нет. Начните свою!',
  'lobby.watch': 'Смотреть',
  'lobby.join': 'Войти',
  'lobby.loading': 'Загрузка…',
  'lobby.nogames': 'Сервер не предлагает игр.',
  'lobby.ply': 'ходов: {ply}',
  'lobby.player': 'игрок',
  'status.waiting': 'ждёт игрока',
  'status.live': 'идёт',
  'status.finished': 'окончена',
  'status.aborted': 'прервана',
  'match.loading': 'Подключение…',
  'match.connecting': 'Переподключение…',
  'match.spectator': 'Вы зритель.',
  'match.you': 'вы',
  'match.bot': 'бот',
  'match.open': 'свободно',
  'match.takeSeat': 'Играть за: {name}',
  'match.invite': 'Ссылка-приглашение',
  'match.copy': 'Копировать',
  'match.copied': 'Скопировано',
  'match.yourTurn': 'Ваш ход',
  'match.theirTurn': 'Ходят: {name}',
  'match.waiting': 'Ждём второго игрока…',
  'match.moves': 'Ходы',
  'match.noMoves': 'Ходов ещё нет.',
  'match.typeMove': 'Введите ход',
  'match.play': 'Ходить',
  'match.resign': 'Сдаться',
  'match.confirmResign': 'Сдать партию?',
  'match.offerDraw': 'Предложить ничью',
  'match.acceptDraw': 'Принять ничью',
  'match.declineDraw': 'Отклонить',
  'match.drawOffered': '{name}: предложение ничьей.',
  'match.takeback': 'Вернуть ход',
  'match.acceptTakeback': 'Разрешить возврат',
  'match.takebackOffered': '{name} просит вернуть ход.',
  'match.abort': 'Отменить партию',
  'match.rematch': 'Реванш',
  'match.rematchOffered': '{name} предлагает реванш.',
  'match.toRematch': 'К реваншу',
  'match.chooseCaptures': 'Какие фишки снять?',
  'match.cancel': 'Отмена',
  'match.legal': 'Возможные ходы',
  'match.position': 'Позиция',
  'match.lobby': 'Лобби',
  'match.reserve': 'в запасе: {n}',
  'match.forbidden': 'Запрещено на этот ход',
  'result.win': 'Победа: {name}',
  'result.draw': 'Ничья',
  'result.aborted': 'Партия отменена',
  'result.youWin': 'Вы победили!',
  'result.youLose': 'Вы проиграли',
  'reason.connection': '(соединены края)',
  'reason.resignation': '(соперник сдался)',
  'reason.timeout': '(время вышло)',
  'reason.agreement': '(по согласию)',
  'reason.repetition': '(троекратное повторение)',
  'reason.ply-limit': '(предел числа ходов)',
  'reason.score': '(по очкам)',
  'reason.bot-failed': '(сбой компьютерного соперника)',
  'reason.bot-unavailable': '(этого компьютерного соперника больше нет на сервере)',
  'reason.expired': '(никто не присоединился вовремя)',
  'reason.abandoned': '(игроки покинули партию)',
  'seat.light': 'Светлые',
  'seat.dark': 'Тёмные',
  'seat.black': 'Чёрные',
  'seat.white': 'Белые',
  'seat.grey': 'Серые',
  'notfound': 'Такой страницы нет.',
  'err.bad-json': 'Сервер не понял сообщение.',
  'err.unknown-type': 'Сервер не знает такого сообщения.',
  'err.too-large': 'Сообщение слишком длинное.',
  'err.bad-request': 'Значение не задано или вне допустимых пределов.',
  'err.unknown-game': 'Такой игры нет.',
  'err.bad-option': 'Эта игра не принимает такой параметр.',
  'err.not-found': 'Такой партии нет.',
  'err.seat-taken': 'Это место уже занято.',
  'err.bad-token': 'Это место не ваше.',
  'err.not-a-player': 'Зрителям это недоступно.',
  'err.not-your-turn': 'Сейчас не ваш ход.',
  'err.illegal-move': 'Такой ход здесь невозможен.',
  'err.syntax': 'Это не ход в записи этой игры.',
  'err.game-over': 'Партия окончена.',
  'err.stale-version': 'Позиция изменилась, попробуйте снова.',
  'err.no-offer': 'Нет предложения, на которое можно ответить.',
  'err.not-allowed': 'Сейчас это нельзя.',
  'err.need-hello': 'Соединение не установлено.',
  'err.overloaded': 'Сервер занят, попробуйте снова.',
  'err.unavailable': 'Сервер сейчас не может сохранять партии (перезапускается или отказало хранилище); попробуйте чуть позже.',
  'err.unknown-bot': 'Этот сервер не предлагает такого соперника; выберите другого.',
  'err.rate-limited': 'Слишком много запросов за короткое время; подождите немного и повторите.',
  'err.rate-limited.wait': 'Слишком много запросов за короткое время; повторите через {s} с.',
  'err.too-many-matches': 'Открытых партий уже столько, сколько разрешено (ваших или на всём сервере); сначала войдите в одну из них или доиграйте свою, либо попробуйте позже.',
  'err.forbidden-origin': 'Сервер отклонил запрос с адреса этой страницы; откройте игру по собственному адресу сервера.',
  'err.bad-content-type': 'Сервер не принял запрос в таком виде; обновите страницу и повторите.',
  'err.internal': 'На сервере что-то пошло не так.',
  'err.network': 'Сервер недоступен.',
  ...shellRu,
  ...talatText.ru,
  ...villaRu,
  ...abaloneRu,
};

export const dictionaries = { en, ru } as const;

export type Lang = keyof typeof dictionaries;

export const langs: readonly Lang[] = ['en', 'ru'];

/** langNames are shown in the switch, each in its own language. */
export const langNames: Record<Lang, string> = { en: 'English', ru: 'Русский' };

/** langKey is the localStorage key of the chosen language. */
export const langKey = 'tabula.lang';

/** t translates key into lang and fills the {name} placeholders. */
export function t(lang: Lang, key: Key, params: Record<string, string | number> = {}): string {
  const text = dictionaries[lang][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** has reports whether key is a known key (for keys built from server data). */
export function has(key: string): key is Key {
  return key in en;
}

/**
 * initialLang picks the language: the stored choice, else the first browser
 * language we have, else English.
 */
export function initialLang(kv: KV, browser: readonly string[]): Lang {
  const stored = kv.getItem(langKey);
  if (stored && isLang(stored)) return stored;
  for (const b of browser) {
    const base = b.toLowerCase().split('-')[0] ?? '';
    if (isLang(base)) return base;
  }
  return 'en';
}

/** saveLang remembers the choice. */
export function saveLang(kv: KV, lang: Lang): void {
  kv.setItem(langKey, lang);
}

function isLang(s: string): s is Lang {
  return (langs as readonly string[]).includes(s);
}

/** seatName is the display name of a seat from the game's seat name ("light"). */
export function seatName(lang: Lang, name: string | undefined, seat: number): string {
  const key = `seat.${name ?? ''}`;
  if (has(key)) return t(lang, key);
  if (name) return name;
  return `#${seat + 1}`;
}

/** errorText translates a wire error code, falling back to the server's message. */
export function errorText(lang: Lang, code: string, message: string): string {
  const key = `err.${code}`;
  return has(key) ? t(lang, key) : message;
}
