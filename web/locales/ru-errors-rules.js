// Строки правил игры и причины, которые сервер передаёт без своего кода,
// по-русски; ключи те же, что в en-errors-rules.js, где английский текст
// каждого — образец строки. Значения ({name}, {n}, ход) остаются как
// пришли; {why} — отдельное сообщение, переведённое тем же образом;
// {sideGen} — сторона в родительном падеже («белых»), {kind} — фигура.
/** @type {Record<string, string|string[]>} */
export default {
  // Game over and the table's own refusals (src/table/table.cpp).
  'err.game.person': "за {sideGen} играет человек",
  'err.game.oneResign': "в игре для одного игрока сдаться нельзя",
  'err.game.oneClock': "в игре для одного игрока нельзя проиграть по времени",
  'err.over': "партия окончена",
  'err.over.result': "партия окончена ({result})",
  'err.over.agreed': "партия окончена ({result}, ничья по соглашению)",
  'err.over.resigned': "партия окончена ({result}, сдача {sideGen})",
  'err.over.time': "партия окончена ({result}, у {sideGen} кончилось время)",
  // A game's own "no more moves" (src/games/asterisk/notation.cpp).
  'err.over.rules.noMoves': "{why}; ходов больше нет",

  // The search (src/server/search_guard.cpp).
  'err.server.noMove': "за отведённое время расчёт не нашёл хода",
  'err.game.changed': "партия изменилась, пока компьютер думал",

  // A passkey's verification (src/server/accounts/webauthn.cpp), inside {why}.
  'err.pk.site': "ключ доступа выдан для другого сайта",
  'err.pk.present': "устройство не подтвердило, что вы рядом",
  'err.pk.signature': "подпись не прошла проверку",
  'err.pk.count': "счётчик подписей устройства пошёл назад: возможно, это копия ключа",
  'err.pk.challenge': "запрос не совпадает с тем, что выдал сервер",
  'err.pk.origin': "проверка шла на «{origin}», а не на {site}",
  'err.pk.frame': "проверка шла во фрейме чужого сайта",

  // Why the server ended a game (src/server/games/local.cpp), inside {why}.
  'err.game.ended.room': "закрыта, чтобы освободить место для других партий",
  'err.game.ended.closed': "закрыта игроком",
  'err.game.ended.unused': "брошена: ею долго не пользовались",
  'err.game.ended.nobody': "второе место никто не занял вовремя",
  'err.game.ended.idle': "брошена: ход не сделан вовремя",

  // Why a tournament ended (src/server/tournaments/rounds.cpp; tournament.js shows it).
  'err.tour.why.entered': "записалось меньше двух игроков",
  'err.tour.why.left': "осталось меньше двух игроков",
  'err.tour.why.cancelled': "отменил(а) {name}",
  'err.tour.why.pairing': "допустимых пар больше нет: {why}",

  // A typed move the rules refuse (src/games/*/notation.cpp): the frame,
  // then each game's reasons ({why}).
  'err.move.unreadable': "не удаётся прочесть ход «{move}»: {why}",
  'err.move.illegal': "ход «{move}» недопустим",
  'err.move.illegal.why': "ход «{move}» недопустим: {why}",
  'err.move.notCell': "«{cell}» — не клетка",
  'err.move.shatra.unreadable': "не удаётся прочесть ход «{move}»: {why} (ходы записываются так: c5-c7, c3:e5:g7 или e13-d14=Q)",
  'err.move.shatra.empty': "запись пуста",
  'err.move.shatra.separator': "на месте «{rest}» ожидается '-' или ':'",
  'err.move.shatra.mixes': "в записи смешаны '-' и ':'",
  'err.move.shatra.long': "запись слишком длинная",
  'err.move.shatra.promotesTwice': "превращение указано дважды",
  'err.move.shatra.noTarget': "не указана клетка, куда идёт фигура",
  'err.move.shatra.noCell': "не хватает клетки",
  'err.move.shatra.noPromotion': "не указано, в какую фигуру превращение",
  'err.move.shatra.promotion': "превращение бывает только в Q, R или B",
  'err.move.shatra.paren': "ожидается ')'",
  'err.move.shatra.noMan': "на {cell} нет фигуры {sideGen}",
  'err.move.shatra.kind': "на {cell} стоит {kind}",
  'err.move.shatra.which': "укажите, в какую фигуру превратиться (=Q, =R или =B)",
  'err.move.shatra.unavailable': "превратиться в эту фигуру нельзя",
  'err.move.shatra.capture': "бить обязательно",
  'err.move.starpool.unreadable': "не удаётся прочесть ход «{move}»: {why} (пишите клетки «откуда» и «куда»: b1-c3, d4xw3 или w1<>a1 для обмена)",
  'err.move.starpool.letter': "ни одна фигура не обозначается буквой {letter}",
  'err.move.starpool.short': "запись слишком короткая",
  'err.move.starpool.separator': "после первой клетки ожидается '-', 'x' или '<>'",
  'err.move.starpool.noMan': "на {cell} нет фигуры",
  'err.move.starpool.side': "на {cell} стоит фигура {sideGen}, а ход {side2Gen}",
  'err.move.starpool.kind': "на {cell} стоит {kind}, а не {kind2}",
  'err.move.starpool.notSwap': "это не обмен",
  'err.move.starpool.swap': "обмен записывается через '<>'",
  'err.move.starpool.cannot': "{kind} туда не ходит",
  'err.move.starpool.check': "{kind} туда не ходит (король под шахом)",
  'err.move.star.swapOff': "обмен не разрешён: он выключен в настройках игры",
  'err.move.star.swapWhen': "обмен возможен только ответом белых на первый камень чёрных",
  'err.move.star.form': "ожидается название клетки Nxy: буква луча * S T A R, цифра кольца (0 для 10-го кольца) и номер клетки",
  'err.move.star.ring': "кольца {ring} нет на доске из {rings} колец",
  'err.move.star.offset': "у кольца {ring} клетки с номерами только от 0 до {max}",
  'err.move.star.black': "клетка {cell} занята чёрным камнем",
  'err.move.star.white': "клетка {cell} занята белым камнем",
  'err.move.ast.pure': "фишек {type} не бывает (чистых типов dha и lce нет)",
  'err.move.ast.type': "«{type}» — не тип фишки (dhe, dca, dce, lha, lhe, lca)",
  'err.move.ast.cell': "«{cell}» — не клетка поля {n} по стороне (от a1 до {last}; буква столбца не дальше номера ряда)",
  'err.move.ast.occupied': "клетка {cell} занята ({type})",
  'err.move.ast.supply': "фишек {type} в запасе не осталось",
  'err.move.ast.opening': "три первые фишки должны быть разных типов; {type} уже на доске",
  'err.move.ast.swap.standard': "обмен возможен только первым ходом второго игрока",
  'err.move.ast.swap.pie': "обмен возможен только ответом первого игрока на первую фишку второго",
  'err.move.ast.swap.noPie': "в Inverted обмен требует правила pie=true",
  'err.move.ast.swap.solitaire': "в пасьянсе (Solitaire) обмена нет",
  'err.move.ast.form': "«{move}» — не ход: пишите TYPE@CELL (тип@клетка), например dhe@c5",
  'err.move.ast.form.swap': "«{move}» — не ход: пишите TYPE@CELL (тип@клетка), например dhe@c5, или swap",
  'err.move.ast.drawn': "вытянута фишка {type}, а не {type2}",
  'err.move.ast.first': "«{move}» — не ход: первым ходом фишку передают сопернику, например >dhe",
  'err.move.ast.handed': "фишка уже передана ({type}): пишите CELL>TYPE (клетка>тип), например c5>dhe",
  'err.move.ast.mustHand': "фишка {type} на {cell} не заканчивает партию, поэтому нужно передать фишку: пишите {cell}>TYPE",
  'err.move.ast.ends': "фишка {type} на {cell} заканчивает партию; пишите просто {cell}",

  // The men's kinds as the rules name them inside a message ({kind}); not
  // patterns. Shatra's men, then Star Pool Chess's.
  'err.man.biy': "бий", 'err.man.batyr': "батыр", 'err.man.tura': "тура",
  'err.man.yalkyn': "ялкын", 'err.man.shatra': "шатра",
  'err.man.King': "король", 'err.man.General': "генерал", 'err.man.Captain': "капитан",
  'err.man.Great Elephant': "великий слон", 'err.man.Knight': "конь", 'err.man.Rook': "ладья",
  'err.man.Wizard': "маг", 'err.man.Pawn': "пешка", 'err.man.Sergeant': "сержант",
  'err.man.Lieutenant': "лейтенант",
};
