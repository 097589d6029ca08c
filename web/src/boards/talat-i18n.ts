// The Talat board's interface text in English and Russian, merged into the
// app's dictionaries by src/i18n.ts. Kept here so that boards written in
// parallel each touch i18n.ts in one place only.

const en = {
  'talat.aria': 'Talat: three boards in a triangle',
  'talat.board': 'Board {board}',
  'talat.closed': 'closed',
  'talat.spirit': 'Spirit',
  'talat.reserve': 'Towers to place',
  'talat.score': 'Score',
  'talat.captured': 'Captured',
  'talat.none': 'none',
  'talat.turn.place': '{name} places a tower',
  'talat.turn.spirit': '{name} places a spirit tower',
  'talat.turn.move': '{name} to move',
  'talat.turn.moveSpirit': '{name} to move (own towers, and the spirit on {board})',
  'talat.over': 'Game over',
  'talat.help.place': 'Choose a tower, then a marked cell on a start line (or the cell first).',
  'talat.help.move': 'Choose a tower, then a marked cell: a dot steps, a ring captures.',
  'talat.cell': '{board} {cell}',
  'talat.S': 'small',
  'talat.M': 'medium',
  'talat.L': 'large',
  'talat.3': 'triangle',
  'talat.4': 'square',
  'talat.6': 'hexagon',
};

/** The keys of the Talat board's text. */
export type TalatKey = keyof typeof en;

const ru: Record<TalatKey, string> = {
  'talat.aria': 'Талат: три поля треугольником',
  'talat.board': 'Поле {board}',
  'talat.closed': 'закрыто',
  'talat.spirit': 'Дух',
  'talat.reserve': 'Башни для расстановки',
  'talat.score': 'Очки',
  'talat.captured': 'Взяты',
  'talat.none': 'нет',
  'talat.turn.place': '{name}: ставит башню',
  'talat.turn.spirit': '{name}: ставит башню Духа',
  'talat.turn.move': 'Ходят: {name}',
  'talat.turn.moveSpirit': 'Ходят: {name} (свои башни и Дух на поле {board})',
  'talat.over': 'Игра окончена',
  'talat.help.place': 'Выберите башню, затем отмеченную клетку стартовой линии (или сначала клетку).',
  'talat.help.move': 'Выберите башню, затем отмеченную клетку: точка — шаг, кольцо — взятие.',
  'talat.cell': '{board} {cell}',
  'talat.S': 'малая',
  'talat.M': 'средняя',
  'talat.L': 'большая',
  'talat.3': 'треугольная',
  'talat.4': 'квадратная',
  'talat.6': 'шестигранная',
};

const uk: Record<TalatKey, string> = {
  'talat.aria': 'Талат: три поля трикутником',
  'talat.board': 'Поле {board}',
  'talat.closed': 'закрито',
  'talat.spirit': 'Дух',
  'talat.reserve': 'Вежі для розставлення',
  'talat.score': 'Очки',
  'talat.captured': 'Взято',
  'talat.none': 'немає',
  'talat.turn.place': '{name}: ставить вежу',
  'talat.turn.spirit': '{name}: ставить вежу Духа',
  'talat.turn.move': 'Ходять: {name}',
  'talat.turn.moveSpirit': 'Ходять: {name} (свої вежі й Дух на полі {board})',
  'talat.over': 'Гру закінчено',
  'talat.help.place': 'Виберіть вежу, потім позначену клітинку стартової лінії (або спершу клітинку).',
  'talat.help.move': 'Виберіть вежу, потім позначену клітинку: крапка — крок, кільце — взяття.',
  'talat.cell': '{board} {cell}',
  'talat.S': 'мала',
  'talat.M': 'середня',
  'talat.L': 'велика',
  'talat.3': 'трикутна',
  'talat.4': 'квадратна',
  'talat.6': 'шестигранна',
};

/** talatText holds the strings per language. */
export const talatText = { en, ru, uk };
