// The settings menu's text (settings-menu.tsx), merged into i18n.ts.

export const settingsEn = {
  'settings.label': 'Settings',
  'settings.coords': 'Coordinates on the board',
  'settings.theme': 'Board colours',
  'settings.theme.wood': 'Wood',
  'settings.theme.slate': 'Slate (more contrast)',
  'settings.volume': 'Sound volume',
  'settings.speed': 'Animations',
  'settings.speed.off': 'Off',
  'settings.speed.fast': 'Fast',
  'settings.speed.normal': 'Normal',
  'settings.speed.slow': 'Slow',
  'settings.note': 'Kept in this browser.',
};

export const settingsRu: Record<keyof typeof settingsEn, string> = {
  'settings.label': 'Настройки',
  'settings.coords': 'Координаты на доске',
  'settings.theme': 'Цвета доски',
  'settings.theme.wood': 'Дерево',
  'settings.theme.slate': 'Сланец (контрастнее)',
  'settings.volume': 'Громкость звука',
  'settings.speed': 'Анимация',
  'settings.speed.off': 'Выкл.',
  'settings.speed.fast': 'Быстрая',
  'settings.speed.normal': 'Обычная',
  'settings.speed.slow': 'Медленная',
  'settings.note': 'Хранятся в этом браузере.',
};

export const settingsUk: Record<keyof typeof settingsEn, string> = {
  'settings.label': 'Налаштування',
  'settings.coords': 'Координати на дошці',
  'settings.theme': 'Кольори дошки',
  'settings.theme.wood': 'Дерево',
  'settings.theme.slate': 'Сланець (контрастніше)',
  'settings.volume': 'Гучність звуку',
  'settings.speed': 'Анімація',
  'settings.speed.off': 'Вимк.',
  'settings.speed.fast': 'Швидка',
  'settings.speed.normal': 'Звичайна',
  'settings.speed.slow': 'Повільна',
  'settings.note': 'Зберігаються в цьому браузері.',
};
