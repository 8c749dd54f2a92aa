// The lines the server still passes on without a code of their own, in
// English: a few other layers' lines that reach a client inside a coded
// error's {why} (a passkey's verification, the search), and the reasons a
// game's or a tournament's record keeps for its end. The rules engine's
// errors are not here: they carry codes (en-errors-engine.js). Each value
// is a PATTERN, the words exactly, with {name} where a value goes;
// server-errors.js matches such a line against them and fills the
// translation (ru-errors-rules.js) with the values; {why} holds a message
// of its own, read in turn. errors.test.mjs checks that each pattern is in
// the sources.
/** @type {Record<string, string|string[]>} */
export default {
  // The search (src/server/search_guard.cpp).
  'err.server.noMove': "the search found no move in its time",

  // A passkey's verification (src/server/accounts/webauthn.cpp), inside {why}.
  'err.pk.site': "the passkey is for another site",
  'err.pk.present': "the authenticator did not see the user present",
  'err.pk.signature': "the signature does not verify",
  'err.pk.count': "the authenticator's signature count went back: it may be a copy",
  'err.pk.challenge': "the challenge is not the one the server issued",
  'err.pk.origin': "the ceremony ran on '{origin}', not on {site}",
  'err.pk.frame': "the ceremony ran in another site's frame",

  // Why the server ended a game (src/server/games/local.cpp), inside {why}.
  'err.game.ended.room': "closed to make room for other games",
  'err.game.ended.closed': "closed by its player",
  'err.game.ended.unused': "abandoned: not used in time",
  'err.game.ended.nobody': "nobody joined in time",
  'err.game.ended.idle': "abandoned: no move in time",

  // Why a tournament ended (src/server/tournaments/rounds.cpp; tournament.js shows it).
  'err.tour.why.entered': "fewer than two players entered",
  'err.tour.why.left': "fewer than two players left",
  'err.tour.why.cancelled': "cancelled by {name}",
  'err.tour.why.pairing': "no legal pairing is left: {why}",
};
