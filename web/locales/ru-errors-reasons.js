// Причины, которые называет сервер, по-русски, по коду: ключи те же, что в
// en-errors-reasons.js (строки kReasonRows в src/server/error_table.h).
// Значения ({name}, {origin}, {detail}) подставляются как пришли.
/** @type {Record<string, string|string[]>} */
export default {
  // Why a search stopped (src/server/search_guard.cpp, games/computer.cpp, reviews.cpp).
  'err.server.noMove': "за отведённое время расчёт не нашёл хода",
  'err.stop.server': "сервер останавливается",
  'err.stop.hungUp': "клиент отключился",
  'err.stop.changed': "пока компьютер думал, партия изменилась",
  'err.stop.review': "разбор остановлен",

  // Why a passkey was not accepted (src/server/accounts/webauthn.cpp).
  'err.pk.site': "ключ доступа выдан для другого сайта",
  'err.pk.present': "устройство не подтвердило, что вы рядом",
  'err.pk.signature': "подпись не прошла проверку",
  'err.pk.count': "счётчик подписей устройства пошёл назад: возможно, это копия ключа",
  'err.pk.challenge': "запрос не совпадает с тем, что выдал сервер",
  'err.pk.origin': "проверка шла на {origin}, а не на {site}",
  'err.pk.frame': "проверка шла во фрейме чужого сайта",
  'err.pk.ceremony': "данные клиента не относятся к процедуре {type}",
  'err.pk.data': "данные ключа доступа не читаются: {detail}",
  'err.pk.key': "ключ учётных данных не ES256 (P-256) и не EdDSA (Ed25519)",

  // Why the server ended a game (src/server/games/local.cpp, games/clock.cpp).
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
