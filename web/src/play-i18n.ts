// Text for premoves (premove.ts) and the untimed first move (match page),
// merged into i18n.ts.

export const playEn = {
  'match.clockWaits': 'The clocks start with the first move.',
  'settings.premove': 'Premove: queue a move while the opponent thinks',
  'premove.queued': 'Premove queued: {cells}. Escape or a click elsewhere cancels it.',
};

export const playRu: Record<keyof typeof playEn, string> = {
  'match.clockWaits': 'Часы пойдут после первого хода.',
  'settings.premove': 'Предварительный ход: ходить, пока соперник думает',
  'premove.queued': 'Предварительный ход: {cells}. Escape или щелчок в другом месте отменяет его.',
};

export const playUk: Record<keyof typeof playEn, string> = {
  'match.clockWaits': 'Годинники підуть після першого ходу.',
  'settings.premove': 'Попередній хід: ходити, поки суперник думає',
  'premove.queued': 'Попередній хід: {cells}. Escape або клацання деінде скасовує його.',
};
