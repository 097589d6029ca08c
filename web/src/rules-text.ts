// The rules pages' text, one screen per game, in English, Russian and
// Ukrainian (the Ukrainian follows the Russian). Written from the rules in
// docs/rules/ and the Russian rulebooks; where the rulebook is silent the
// ruling in docs/rules/ is what the server plays, so the text follows it.
// Each page is illustrated by
// the game's own board component on the example position (a real position
// text of that game, made with `tabula replay`).
import type { Lang } from './i18n';

export interface RulesSection {
  h: string;
  items: string[];
}

export interface RulesText {
  intro: string;
  sections: RulesSection[];
  /** caption says what the example position shows. */
  caption: string;
}

export interface GameRules {
  title: Record<Lang, string>;
  text: Record<Lang, RulesText>;
  /**
   * The example: a position text, the last move and the position before it
   * (for a board fed by the server: web/rules_boards_test.go writes their
   * board forms into boards/rules-boards.json).
   */
  example: { position: string; lastMove?: string; before?: string; players: number; toMove: number };
}

/** rulesFor picks the text in lang (every game has every language). */
export function rulesFor(r: GameRules, lang: Lang): { title: string; text: RulesText } {
  return { title: r.title[lang], text: r.text[lang] };
}

/** rules are the pages by game; the board registry (boards/index.ts) lists them. */
export const rules = {
  pathagon: {
    title: { en: 'Pathagon', ru: 'Pathagon', uk: 'Pathagon' },
    example: { position: '......./......./......./..L.L../......./......./....... d 12 14 -,- d4 3', lastMove: 'e4xd4', before: '......./......./......./..LD.../......./......./....... l 13 13 -,- - 2', players: 2, toMove: 1 },
    text: {
      en: {
        intro: 'Two players on a 7×7 board, 14 pieces each. Be the first to join your two edges of the board with an unbroken chain of your pieces.',
        sections: [
          { h: 'Goal', items: ['Light joins the top and the bottom edge, Dark the left and the right edge.', 'The chain runs through orthogonally adjacent cells; a diagonal touch does not connect. It need not be straight.'] },
          { h: 'A turn', items: ['Light moves first. On your turn place one piece from your reserve on any empty cell.', 'Once all your pieces are on the board, move one of them to any other empty cell instead. The piece you moved on your last turn must rest this turn.', 'Passing is not allowed.'] },
          { h: 'Capture', items: ['A piece you place or move traps an enemy piece when that single piece stands between it and another of your pieces in a row or a column. Two enemy pieces side by side are never trapped.', 'Trapped pieces go back to their owner, who must place them again, one per turn. The cell a piece was just taken from is closed to its owner for the very next move.'] },
          { h: 'End', items: ['The first chain joining your edges wins at once. A position that occurs for the third time, or the 300th move without a winner, is a draw.'] },
        ],
        caption: 'Light placed e4 and trapped the dark piece on d4 between c4 and e4; d4 is closed to Dark for the next move.',
      },
      ru: {
        intro: 'Двое игроков, поле 7×7, у каждого по 14 фишек. Цель — первым соединить свои края поля непрерывной линией своих фишек.',
        sections: [
          { h: 'Цель', items: ['Светлые соединяют верхний и нижний края, тёмные — левый и правый.', 'Линия идёт через клетки, соседние по стороне; касание по диагонали не соединяет. Прямой линия быть не обязана.'] },
          { h: 'Ход', items: ['Первыми ходят светлые. За ход игрок ставит одну фишку из запаса на любую свободную клетку.', 'Когда все фишки игрока на поле, он вместо этого переставляет одну из них на другую свободную клетку. Одну и ту же фишку нельзя перемещать два хода подряд.', 'Пропускать ход нельзя.'] },
          { h: 'Зажим', items: ['Поставленная или переставленная фишка зажимает фишку соперника, если та одна стоит между ней и другой вашей фишкой по горизонтали или вертикали. Две соседние фишки соперника зажать нельзя.', 'Зажатая фишка возвращается владельцу, и он снова выставляет её — по одной за ход. На клетку, с которой её сняли, владелец не может поставить фишку следующим ходом.'] },
          { h: 'Конец партии', items: ['Кто первым соединил свои края, тот победил. Позиция, повторившаяся в третий раз, или 300-й ход без победителя — ничья.'] },
        ],
        caption: 'Светлые поставили фишку на e4 и зажали тёмную на d4 между c4 и e4; на d4 тёмные не могут ходить следующим ходом.',
      },
      uk: {
        intro: 'Двоє гравців, поле 7×7, у кожного по 14 фішок. Мета — першим з’єднати свої краї поля безперервною лінією своїх фішок.',
        sections: [
          { h: 'Мета', items: ['Світлі з’єднують верхній і нижній краї, темні — лівий і правий.', 'Лінія йде через клітинки, сусідні по стороні; дотик по діагоналі не з’єднує. Прямою лінія бути не мусить.'] },
          { h: 'Хід', items: ['Першими ходять світлі. За хід гравець ставить одну фішку із запасу на будь-яку вільну клітинку.', 'Коли всі фішки гравця на полі, він натомість переставляє одну з них на іншу вільну клітинку. Ту саму фішку не можна переміщати два ходи поспіль.', 'Пропускати хід не можна.'] },
          { h: 'Затискання', items: ['Поставлена чи переставлена фішка затискає фішку суперника, якщо та одна стоїть між нею та іншою вашою фішкою по горизонталі або вертикалі. Дві сусідні фішки суперника затиснути не можна.', 'Затиснута фішка повертається власникові, і він знову виставляє її — по одній за хід. На клітинку, з якої її зняли, власник не може поставити фішку наступним ходом.'] },
          { h: 'Кінець партії', items: ['Хто першим з’єднав свої краї, той переміг. Позиція, що повторилася втретє, або 300-й хід без переможця — нічия.'] },
        ],
        caption: 'Світлі поставили фішку на e4 і затиснули темну на d4 між c4 та e4; на d4 темні не можуть ходити наступним ходом.',
      },
    },
  },
  abalone: {
    title: { en: 'Abalone', ru: 'Abalone', uk: 'Abalone' },
    example: { position: 'wwwww/wwwwww/....w../..bw..../.....w.../....b.../..b..../bbbbbb/bbbbb w 0 0', lastMove: 'e4f4', before: 'wwwww/wwwwww/....w../...w..../...b.w.../....b.../..b..../bbbbbb/bbbbb b 0 0', players: 2, toMove: 1 },
    text: {
      en: {
        intro: 'Two players on a hexagonal board of 61 cells, 14 marbles each. Push six enemy marbles off the board.',
        sections: [
          { h: 'A turn', items: ['Black moves first. Move one, two or three of your marbles that stand in a line, each by one cell in the same direction.', 'In line: the group moves along its own line into an empty cell. Broadside: a group of two or three moves sideways; every cell it moves into must be empty.'] },
          { h: 'Sumito (pushing)', items: ['Moving in line, more marbles push fewer enemy marbles directly ahead: 2 push 1, 3 push 1, 3 push 2.', 'The cell behind the last enemy marble must be empty or off the board. Equal numbers cannot push, and a line backed by one of your own marbles cannot be pushed.', 'A marble pushed off the board is out of the game. You may never move your own marble off the board.'] },
          { h: 'End', items: ['The first to push out six enemy marbles wins (the match may be set to fewer). A player who cannot move loses; a third repetition of a position is a draw; after the move limit the player who pushed out more marbles wins.'] },
        ],
        caption: 'Black and White have brought their marbles to the middle; it is White’s move.',
      },
      ru: {
        intro: 'Двое игроков, шестиугольное поле из 61 лунки, у каждого по 14 шаров. Цель — вытолкнуть за край шесть шаров соперника.',
        sections: [
          { h: 'Ход', items: ['Первыми ходят чёрные. За ход игрок сдвигает один, два или три своих шара, стоящих в линию, на одну лунку в одном направлении.', 'Вдоль линии: группа идёт по своей линии на свободную лунку. Боковой ход: группа из двух или трёх шаров сдвигается вбок, и все лунки, куда она идёт, должны быть свободны.'] },
          { h: 'Сумито (выталкивание)', items: ['При ходе вдоль линии больше шаров толкают меньше шаров соперника прямо перед собой: 2 против 1, 3 против 1, 3 против 2.', 'За последним шаром соперника должна быть свободная лунка или край поля. Равные силы толкать не могут, а линию, за которой стоит ваш шар, толкнуть нельзя.', 'Вытолкнутый шар выходит из игры. Выталкивать свои шары нельзя.'] },
          { h: 'Конец партии', items: ['Побеждает тот, кто первым вытолкнул шесть шаров соперника (в партии можно задать меньше). Игрок без ходов проигрывает; третье повторение позиции — ничья; при пределе ходов побеждает тот, кто вытолкнул больше.'] },
        ],
        caption: 'Чёрные и белые вывели шары к центру; ход белых.',
      },
      uk: {
        intro: 'Двоє гравців, шестикутне поле з 61 лунки, у кожного по 14 куль. Мета — виштовхнути за край шість куль суперника.',
        sections: [
          { h: 'Хід', items: ['Першими ходять чорні. За хід гравець зсуває одну, дві або три свої кулі, що стоять у лінію, на одну лунку в одному напрямку.', 'Уздовж лінії: група йде своєю лінією на вільну лунку. Бічний хід: група з двох або трьох куль зсувається вбік, і всі лунки, куди вона йде, мають бути вільні.'] },
          { h: 'Суміто (виштовхування)', items: ['Під час ходу вздовж лінії більше куль штовхають менше куль суперника просто перед собою: 2 проти 1, 3 проти 1, 3 проти 2.', 'За останньою кулею суперника має бути вільна лунка або край поля. Рівні сили штовхати не можуть, а лінію, за якою стоїть ваша куля, штовхнути не можна.', 'Виштовхнута куля виходить із гри. Виштовхувати свої кулі не можна.'] },
          { h: 'Кінець партії', items: ['Перемагає той, хто першим виштовхнув шість куль суперника (у партії можна задати менше). Гравець без ходів програє; третє повторення позиції — нічия; на межі ходів перемагає той, хто виштовхнув більше.'] },
        ],
        caption: 'Чорні й білі вивели кулі до центру; хід білих.',
      },
    },
  },
  palago: {
    title: { en: 'Palago', ru: 'Палаго', uk: 'Палаго' },
    example: { position: 'p2 (0,0):1+(0,1):2 (-1,0):2+(-1,-1):2 (-1,2):2+(0,2):2 (-2,-1):1+(-1,-2):2', players: 2, toMove: 1 },
    text: {
      en: {
        intro: 'Two players build one shape, the palago, from identical hexagonal tiles printed in two colours. Each player owns a colour. Be the first to close a creature of your colour.',
        sections: [
          { h: 'A turn', items: ['Place two tiles that touch each other, at least one of them touching the palago. Where tiles meet, the colours must match.', 'If your first tile already closes a creature, the turn ends there.'] },
          { h: 'Creatures', items: ['A creature is an area of one colour closed on every side, inside as well as outside.', 'A small hole with all six neighbours filled may only be filled if that closes a creature.'] },
          { h: 'End', items: ['Close a creature of your colour and you win; close only your opponent’s and they win. Close both at once and you lose. When the 48 tiles run out, the game is drawn.'] },
        ],
        caption: 'Four turns into a game: eight tiles, no creature closed yet.',
      },
      ru: {
        intro: 'Двое игроков строят одну общую фигуру — палаго — из одинаковых шестиугольных фишек двух цветов. У каждого игрока свой цвет. Цель — первым замкнуть Пала-тварь своего цвета.',
        sections: [
          { h: 'Ход', items: ['Игрок выставляет две фишки, касающиеся друг друга; хотя бы одна из них касается палаго. На стыках фишек цвета совпадают.', 'Если первая фишка уже замыкает фигуру, ход на ней заканчивается.'] },
          { h: 'Пала-твари', items: ['Тварь — область одного цвета, замкнутая со всех сторон, и снаружи, и внутри.', 'Малую дырку, окружённую шестью фишками, можно заполнить, только если при этом замыкается фигура.'] },
          { h: 'Конец партии', items: ['Замкнули фигуру своего цвета — победа; замкнули только фигуру соперника — победил он. Замкнули обе сразу — вы проиграли. Если 48 фишек кончились, а победителя нет, — ничья.'] },
        ],
        caption: 'Четыре хода: восемь фишек, ни одна фигура ещё не замкнута.',
      },
      uk: {
        intro: 'Двоє гравців будують одну спільну фігуру — палаго — з однакових шестикутних фішок двох кольорів. У кожного гравця свій колір. Мета — першим замкнути Пала-істоту свого кольору.',
        sections: [
          { h: 'Хід', items: ['Гравець виставляє дві фішки, що торкаються одна одної; принаймні одна з них торкається палаго. На стиках фішок кольори збігаються.', 'Якщо перша фішка вже замикає фігуру, хід на ній закінчується.'] },
          { h: 'Пала-істоти', items: ['Істота — область одного кольору, замкнена з усіх боків, і ззовні, і всередині.', 'Малу дірку, оточену шістьма фішками, можна заповнити, лише якщо при цьому замикається фігура.'] },
          { h: 'Кінець партії', items: ['Замкнули фігуру свого кольору — перемога; замкнули лише фігуру суперника — переміг він. Замкнули обидві одразу — ви програли. Якщо 48 фішок скінчилися, а переможця немає, — нічия.'] },
        ],
        caption: 'Чотири ходи: вісім фішок, жодну фігуру ще не замкнено.',
      },
    },
  },
  palagonia: {
    title: { en: 'Palagonia', ru: 'Палагония', uk: 'Палагонія' },
    example: { position: 'roll p2 scores=0,0,0,0 bag=43 table=(0,0):1+(0,1):2+(-1,0):2+(1,1):2+(-1,2):2', players: 4, toMove: 1 },
    text: {
      en: {
        intro: 'Three to five players (or one) build a common shape from Palago tiles and score the creatures they close. Two dice decide what you may do.',
        sections: [
          { h: 'A turn', items: ['Roll both dice and use one. A number 2–5: draw that many tiles from the bag and place them, touching one another. Remove: take an outer tile back into the bag. Rotate: turn an inner tile.', 'Doubles give an extra turn.'] },
          { h: 'Scoring', items: ['A creature you close scores one point for each loop and each outer limb, if it is worth at least 3 and every tile you placed this turn is part of it.', 'Share it: the player before you gets the same points (not in an extra turn).'] },
          { h: 'End', items: ['The game ends when the bag is empty. The highest total wins; equal totals win together.'] },
        ],
        caption: 'The first player has laid five tiles; the next player rolls.',
      },
      ru: {
        intro: 'От трёх до пяти игроков (или один) строят общую фигуру из фишек Палаго и получают очки за замкнутые твари. Что можно сделать за ход, решают два кубика.',
        sections: [
          { h: 'Ход', items: ['Бросьте оба кубика и используйте один. Число 2–5: возьмите столько фишек из мешка и выложите их, касаясь друг друга. «Убрать»: верните внешнюю фишку в мешок. «Повернуть»: поверните внутреннюю фишку.', 'Дубль даёт дополнительный ход.'] },
          { h: 'Очки', items: ['Замкнутая тварь приносит по очку за каждую оболочку и каждый внешний отросток, если она стоит не меньше 3 очков и все выложенные за ход фишки — её тело.', 'Надо делиться: игрок перед вами получает столько же (кроме дополнительного хода).'] },
          { h: 'Конец партии', items: ['Игра кончается, когда мешок опустел. Побеждает набравший больше всех; при равенстве побеждают все лидеры.'] },
        ],
        caption: 'Первый игрок выложил пять фишек; бросает следующий.',
      },
      uk: {
        intro: 'Від трьох до п’яти гравців (або один) будують спільну фігуру з фішок Палаго й отримують очки за замкнені істоти. Що можна зробити за хід, вирішують два кубики.',
        sections: [
          { h: 'Хід', items: ['Киньте обидва кубики й використайте один. Число 2–5: візьміть стільки фішок із мішка й викладіть їх так, щоб вони торкалися одна одної. «Прибрати»: поверніть зовнішню фішку в мішок. «Повернути»: поверніть внутрішню фішку.', 'Дубль дає додатковий хід.'] },
          { h: 'Очки', items: ['Замкнена істота приносить по очку за кожну оболонку й кожен зовнішній відросток, якщо вона варта щонайменше 3 очок і всі викладені за хід фішки — її тіло.', 'Треба ділитися: гравець перед вами отримує стільки ж (крім додаткового ходу).'] },
          { h: 'Кінець партії', items: ['Гра закінчується, коли мішок спорожнів. Перемагає той, хто набрав найбільше; за рівності перемагають усі лідери.'] },
        ],
        caption: 'Перший гравець виклав п’ять фішок; кидає наступний.',
      },
    },
  },
  palaboratory: {
    title: { en: 'Palaboratory', ru: 'Палаборатория', uk: 'Палабораторія' },
    example: { position: 'red:1 1 (-1,1):0 (0,1):0', players: 1, toMove: 0 },
    text: {
      en: {
        intro: 'A puzzle for one player with the Palago tiles and twelve creature cards.',
        sections: [
          { h: 'Red task', items: ['Build the creature on the card, in either colour, with exactly the number of tiles in the red circle.'] },
          { h: 'Green task', items: ['Lay out creature №1, then turn it into №2, №3 and so on. A move turns one tile in place or moves it elsewhere; new tiles may be added.', 'The green circle gives the fewest moves; any longer solution counts too and is shown against it.'] },
        ],
        caption: 'Building the first card’s creature: two tiles laid.',
      },
      ru: {
        intro: 'Головоломка для одного игрока с фишками Палаго и двенадцатью карточками тварей.',
        sections: [
          { h: 'Красное задание', items: ['Постройте тварь с карточки любого цвета ровно из стольких фишек, сколько указано в красном кружке.'] },
          { h: 'Зелёное задание', items: ['Выложите тварь №1, затем превратите её в №2, №3 и так далее. За ход фишку поворачивают на месте или переставляют; можно добавлять новые фишки.', 'Зелёный кружок — кратчайший путь; решение длиннее тоже засчитывается и сравнивается с ним.'] },
        ],
        caption: 'Строим тварь первой карточки: выложены две фишки.',
      },
      uk: {
        intro: 'Головоломка для одного гравця з фішками Палаго та дванадцятьма картками істот.',
        sections: [
          { h: 'Червоне завдання', items: ['Побудуйте істоту з картки будь-якого кольору рівно з такої кількості фішок, яку вказано в червоному кружечку.'] },
          { h: 'Зелене завдання', items: ['Викладіть істоту №1, потім перетворіть її на №2, №3 і так далі. За хід фішку повертають на місці або переставляють; можна додавати нові фішки.', 'Зелений кружечок — найкоротший шлях; довший розв’язок теж зараховується й порівнюється з ним.'] },
        ],
        caption: 'Будуємо істоту першої картки: викладено дві фішки.',
      },
    },
  },
  talat: {
    title: { en: 'Talat', ru: 'Талат', uk: 'Талат' },
    example: {
      position:
        'talat 0 B01=...0L40L6/...../...../...../...1L41L6 B02=0M30S6.../...../...../...../...2L42L6 B12=1M31S6.../...../...../...../2M32S6... reserve=S3S4M4M6L3/S3S4M4M6L3/S3S4M4M6L3 taken=-/-/- closed=-',
      players: 3,
      toMove: 0,
    },
    text: {
      en: {
        intro: 'Three players, three 5×5 boards in a triangle; each player plays on two boards against two opponents, with nine towers of three heights and three shapes.',
        sections: [
          { h: 'Setup', items: ['In turn, each player puts one tower at a time on an empty square of their start lines. One of their ten start squares stays empty.'] },
          { h: 'A turn', items: ['Move one tower one square forward or diagonally forward onto an empty square, or capture.', 'A tower captures an enemy tower beside it, in front or diagonally in front by taking its place. A tower one size taller always captures; of equal height, more sides capture fewer. The small triangle alone captures the large hexagon. Capturing is never compulsory.'] },
          { h: 'End', items: ['A board closes when no capture can ever happen on it again. When two boards are closed, the game ends: 5 points per captured tower, 3 per own tower on an opponent’s start line. Palat is the two-player form with a spirit player.'] },
        ],
        caption: 'The setup under way: towers stand on the start lines of all three boards.',
      },
      ru: {
        intro: 'Трое игроков, три поля 5×5 треугольником; каждый играет на двух полях против двух соперников девятью башнями трёх высот и трёх форм.',
        sections: [
          { h: 'Расстановка', items: ['Игроки по очереди ставят по одной башне на свободные клетки своих стартовых линий. Одна из десяти стартовых клеток остаётся пустой.'] },
          { h: 'Ход', items: ['Башня ходит на одну клетку вперёд или по диагонали вперёд на свободную клетку — или бьёт.', 'Башня бьёт башню соперника сбоку, спереди или по диагонали спереди и встаёт на её место. Башня на размер выше бьёт всегда; при равной высоте больше граней бьёт меньше. Малая трёхгранная одна бьёт большую шестигранную. Бить не обязательно.'] },
          { h: 'Конец партии', items: ['Поле закрывается, когда взятие на нём больше невозможно. Когда закрыты два поля, игра окончена: 5 очков за каждую взятую башню, 3 за каждую свою башню на стартовой линии соперника. Палат — вариант для двоих с духом Цихином.'] },
        ],
        caption: 'Идёт расстановка: башни стоят на стартовых линиях всех трёх полей.',
      },
      uk: {
        intro: 'Троє гравців, три поля 5×5 трикутником; кожен грає на двох полях проти двох суперників дев’ятьма вежами трьох висот і трьох форм.',
        sections: [
          { h: 'Розставлення', items: ['Гравці по черзі ставлять по одній вежі на вільні клітинки своїх стартових ліній. Одна з десяти стартових клітинок лишається порожньою.'] },
          { h: 'Хід', items: ['Вежа ходить на одну клітинку вперед або по діагоналі вперед на вільну клітинку — або б’є.', 'Вежа б’є вежу суперника збоку, спереду або по діагоналі спереду й стає на її місце. Вежа на розмір вища б’є завжди; за рівної висоти більше граней б’є менше. Мала тригранна одна б’є велику шестигранну. Бити не обов’язково.'] },
          { h: 'Кінець партії', items: ['Поле закривається, коли взяття на ньому більше неможливе. Коли закрито два поля, гру закінчено: 5 очок за кожну взяту вежу, 3 за кожну свою вежу на стартовій лінії суперника. Палат — варіант для двох із духом Ціхіном.'] },
        ],
        caption: 'Триває розставлення: вежі стоять на стартових лініях усіх трьох полів.',
      },
    },
  },
  villapaletti: {
    title: { en: 'Villa Paletti', ru: 'Вилла Палетти', uk: 'Вілла Палетті' },
    example: {
      position:
        'floors: blue (0,0,0); columns: blue-thin-1 0 (61.819,16.564), blue-thin-2 0 (-45.255,45.255), blue-thin-3 0 (-16.564,-61.819), blue-medium 0 (-26.87,-26.87), blue-thick 0 (38,0), yellow-thin-1 0 (45.255,45.255), yellow-thin-2 0 (-61.819,16.564), yellow-thin-3 0 (16.564,-61.819), yellow-medium 0 (26.87,-26.87), yellow-thick 0 (0,38), green-thin-1 0 (16.564,61.819), green-thin-2 0 (-61.819,-16.564), green-thin-3 0 (45.255,-45.255), green-medium 0 (26.87,26.87), green-thick 0 (-38,0), red-thin-1 0 (-16.564,61.819), red-thin-2 0 (-45.255,-45.255), red-thin-3 0 (61.819,-16.564), red-medium 0 (-26.87,26.87), red-thick 0 (0,-38); seal: none; claimed: no; turn: 3; rng: 9e3779b97f4a7c15',
      players: 4,
      toMove: 3,
    },
    text: {
      en: {
        intro: 'Two to four players build a villa of five floors on columns, taking columns out from below and setting them on top, until it stands no higher, or falls.',
        sections: [
          { h: 'A turn', items: ['Take one of your columns that is not on the top floor and stand it on the top floor. If the villa would wobble, the column goes back and may not move again.', 'Or propose the next floor (blue, green, yellow, orange, red). Another player may object by moving one of your columns: if that works the column leaves the game and your turn is lost.'] },
          { h: 'Scoring', items: ['From the green floor on, your columns on the top floor count: thin 1, medium 2, thick 3. Whoever leads holds the Master Builder seal.'] },
          { h: 'End', items: ['When nobody can move, the seal holder wins. If the villa collapses, the holder wins, unless the holder made it fall: then the previous holder wins.'] },
        ],
        caption: 'The start: twenty columns under the blue floor.',
      },
      ru: {
        intro: 'От двух до четырёх игроков строят виллу из пяти перекрытий на колоннах: вынимают колонны снизу и ставят наверх — пока строить выше нельзя или вилла не рухнет.',
        sections: [
          { h: 'Ход', items: ['Возьмите свою колонну не с верхнего перекрытия и поставьте её на верхнее. Если вилла зашатается, колонна возвращается на место и больше не двигается.', 'Или предложите следующее перекрытие (синее, зелёное, жёлтое, оранжевое, красное). Соперник может возразить, переставив вашу колонну: если получилось, колонна выбывает, а ваш ход сгорает.'] },
          { h: 'Очки', items: ['С зелёного перекрытия считаются ваши колонны на верхнем уровне: тонкая 1, средняя 2, толстая 3. Лидер получает Печать Главного Архитектора.'] },
          { h: 'Конец партии', items: ['Когда никто не может сделать ход, побеждает владелец Печати. Если вилла рухнула, побеждает владелец Печати, а если обрушил он сам — её предыдущий владелец.'] },
        ],
        caption: 'Начало: двадцать колонн под синим перекрытием.',
      },
      uk: {
        intro: 'Від двох до чотирьох гравців будують віллу з п’яти перекриттів на колонах: виймають колони знизу й ставлять нагору — доки будувати вище не можна або вілла не завалиться.',
        sections: [
          { h: 'Хід', items: ['Візьміть свою колону не з верхнього перекриття й поставте її на верхнє. Якщо вілла захитається, колона повертається на місце й більше не рухається.', 'Або запропонуйте наступне перекриття (синє, зелене, жовте, помаранчеве, червоне). Суперник може заперечити, переставивши вашу колону: якщо вдалося, колона вибуває, а ваш хід згоряє.'] },
          { h: 'Очки', items: ['Із зеленого перекриття рахуються ваші колони на верхньому рівні: тонка 1, середня 2, товста 3. Лідер отримує Печатку Головного Архітектора.'] },
          { h: 'Кінець партії', items: ['Коли ніхто не може зробити хід, перемагає власник Печатки. Якщо вілла завалилася, перемагає власник Печатки, а якщо завалив він сам — її попередній власник.'] },
        ],
        caption: 'Початок: двадцять колон під синім перекриттям.',
      },
    },
  },
} satisfies Record<string, GameRules>;
