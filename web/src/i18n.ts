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
  'err.unavailable': 'The server is restarting; try again soon.',
  'err.internal': 'Something went wrong on the server.',
  'err.csrf': 'The page’s session check failed; reload the page.',
  'err.not-logged-in': 'Log in first.',
  'err.bad-username': 'Usernames are 3 to 20 letters A–Z, digits, _ or -, starting with a letter; some names are reserved.',
  'err.bad-password': 'Passwords must be 8 to 256 bytes long.',
  'err.username-taken': 'That username is taken.',
  'err.wrong-credentials': 'Wrong username or password.',
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
  'err.unavailable': 'Сервер перезапускается, попробуйте чуть позже.',
  'err.internal': 'На сервере что-то пошло не так.',
  'err.csrf': 'Проверка сеанса страницы не прошла; перезагрузите страницу.',
  'err.not-logged-in': 'Сначала войдите.',
  'err.bad-username': 'Имя пользователя: от 3 до 20 латинских букв, цифр, _ или -, начиная с буквы; некоторые имена заняты системой.',
  'err.bad-password': 'Пароль должен занимать от 8 до 256 байт.',
  'err.username-taken': 'Это имя пользователя уже занято.',
  'err.wrong-credentials': 'Неверное имя пользователя или пароль.',
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
