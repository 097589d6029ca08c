// The words of a game's end and of its seats that no single board owns:
// every game's result reasons, joint wins, one-player tasks, numbered
// seats, and seats that play two colours. en, ru and uk have every key.

export const resultsEn = {
  'reason.push-off': 'by pushing marbles off',
  'reason.no-moves': 'because the side to move has no move',
  'reason.done': '(build finished)',
  'result.winJointly': '{name} share the win',
  'result.allWin': 'Everyone shares the win',
  'result.nobody': 'Nobody wins',
  'result.solo.solved': 'Task solved!',
  'result.solo.done': 'Build finished',
  'result.solo.move-limit': 'Not solved: the move limit was reached',
  'summary.points': 'Points',
  'match.again': 'Play again',
  'match.drawPending': 'You offered a draw; waiting for the other players.',
  'match.drawBot': 'Draw offered, but computer opponents never accept a draw: play on, or resign.',
  'seat.player': 'Player',
  'seat.numbered': 'Player {n}',
  'seat.pair': '{a} and {b}',
};

export type ResultsKey = keyof typeof resultsEn;

export const resultsRu: Record<ResultsKey, string> = {
  'reason.push-off': '(шары вытолкнуты)',
  'reason.no-moves': '(у ходящего нет ходов)',
  'reason.done': '(постройка закончена)',
  'result.winJointly': 'Победу делят: {name}',
  'result.allWin': 'Победу делят все',
  'result.nobody': 'Никто не победил',
  'result.solo.solved': 'Задача решена!',
  'result.solo.done': 'Постройка закончена',
  'result.solo.move-limit': 'Не решено: ходы кончились',
  'summary.points': 'Очки',
  'match.again': 'Сыграть ещё',
  'match.drawPending': 'Вы предложили ничью; ждём ответа остальных.',
  'match.drawBot': 'Ничья предложена, но компьютерный соперник никогда не соглашается на ничью: играйте дальше или сдайтесь.',
  'seat.player': 'Игрок',
  'seat.numbered': 'Игрок {n}',
  'seat.pair': '{a} и {b}',
};

export const resultsUk: Record<ResultsKey, string> = {
  'reason.push-off': '(кулі виштовхнуто)',
  'reason.no-moves': '(у того, хто ходить, немає ходів)',
  'reason.done': '(будову закінчено)',
  'result.winJointly': 'Перемогу ділять: {name}',
  'result.allWin': 'Перемогу ділять усі',
  'result.nobody': 'Ніхто не переміг',
  'result.solo.solved': 'Задачу розв’язано!',
  'result.solo.done': 'Будову закінчено',
  'result.solo.move-limit': 'Не розв’язано: ходи скінчилися',
  'summary.points': 'Очки',
  'match.again': 'Зіграти ще',
  'match.drawPending': 'Ви запропонували нічию; чекаємо на відповідь інших.',
  'match.drawBot': 'Нічию запропоновано, але комп’ютерний суперник ніколи не погоджується на нічию: грайте далі або здайтеся.',
  'seat.player': 'Гравець',
  'seat.numbered': 'Гравець {n}',
  'seat.pair': '{a} і {b}',
};
