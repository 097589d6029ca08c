// The import page's text (pages/import.tsx), merged into i18n.ts.

export const importEn = {
  'import.title': 'Replay a record',
  'import.help': 'Paste a game record, as the match page exports it (text or JSON), or open its file; then step through it move by move.',
  'import.record': 'Record',
  'import.file': 'Open a file',
  'import.game': 'Game',
  'import.gameFromRecord': 'as the record says',
  'import.replay': 'Replay',
  'import.another': 'Another record',
  'import.moves': 'Moves',
  'import.link': 'Replay a record…',
};

export const importRu: Record<keyof typeof importEn, string> = {
  'import.title': 'Просмотр записи партии',
  'import.help': 'Вставьте запись партии в том виде, в каком её выгружает страница партии (текст или JSON), или откройте её файл; затем просматривайте её ход за ходом.',
  'import.record': 'Запись',
  'import.file': 'Открыть файл',
  'import.game': 'Игра',
  'import.gameFromRecord': 'как указано в записи',
  'import.replay': 'Просмотреть',
  'import.another': 'Другая запись',
  'import.moves': 'Ходы',
  'import.link': 'Просмотреть запись…',
};

export const importUk: Record<keyof typeof importEn, string> = {
  'import.title': 'Перегляд запису партії',
  'import.help': 'Вставте запис партії в тому вигляді, у якому його вивантажує сторінка партії (текст або JSON), або відкрийте його файл; потім переглядайте його хід за ходом.',
  'import.record': 'Запис',
  'import.file': 'Відкрити файл',
  'import.game': 'Гра',
  'import.gameFromRecord': 'як зазначено в записі',
  'import.replay': 'Переглянути',
  'import.another': 'Інший запис',
  'import.moves': 'Ходи',
  'import.link': 'Переглянути запис…',
};
