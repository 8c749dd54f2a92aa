// Причины, которые сервер ещё передаёт без своего кода, по-русски; ключи
// те же, что в en-errors-rules.js, где английский текст каждого — образец
// строки. Значения ({name}, {origin}) остаются как пришли; {why} —
// отдельное сообщение, переведённое тем же образом. Ошибки движка правил
// приходят с кодами (ru-errors-engine.js).
/** @type {Record<string, string|string[]>} */
export default {
  // The search (src/server/search_guard.cpp).
  'err.server.noMove': "за отведённое время расчёт не нашёл хода",

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
};
