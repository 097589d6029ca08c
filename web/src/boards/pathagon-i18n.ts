// The Pathagon board's interface text (the key under the board), merged
// into the app's dictionaries through the board registry (boards/index.ts).

const en = {
  'pathagon.key.light': 'Light joins the top and bottom edges',
  'pathagon.key.dark': 'Dark joins the left and right edges',
  'pathagon.key.lock': 'Moved last turn: cannot be moved again now',
};

const ru: Record<keyof typeof en, string> = {
  'pathagon.key.light': 'Светлые соединяют верхний и нижний края',
  'pathagon.key.dark': 'Тёмные соединяют левый и правый края',
  'pathagon.key.lock': 'Переставлена прошлым ходом: сейчас её переставить нельзя',
};

const uk: Record<keyof typeof en, string> = {
  'pathagon.key.light': 'Світлі з’єднують верхній і нижній краї',
  'pathagon.key.dark': 'Темні з’єднують лівий і правий краї',
  'pathagon.key.lock': 'Переставлена минулим ходом: зараз її переставити не можна',
};

export const pathagonText = { en, ru, uk };
