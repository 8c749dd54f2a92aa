// The server's reasons in English, by code (issue 42 point 4): what it
// gives inside an error's {why} (why a search stopped, why a passkey was
// not accepted) or keeps for an end (why the server ended a game, why a
// tournament ended), the rows of kReasonRows in src/server/error_table.h.
// A reason comes as {"code", "params"} (a game's `termination_reason`, a
// tournament's `reason_code`, a review's `reason`) and is translated by
// its code as the errors are; ru-errors-reasons.js translates each.
// catalogue.test.mjs checks them with the errors' codes.
/** @type {Record<string, string|string[]>} */
export default {
  // Why a search stopped (src/server/search_guard.cpp, games/computer.cpp, reviews.cpp).
  'err.server.noMove': "the search found no move in its time",
  'err.stop.server': "the server is stopping",
  'err.stop.hungUp': "the client hung up",
  'err.stop.changed': "the game changed while the computer was thinking",
  'err.stop.review': "the review was stopped",

  // Why a passkey was not accepted (src/server/accounts/webauthn.cpp).
  'err.pk.site': "the passkey is for another site",
  'err.pk.present': "the authenticator did not see the user present",
  'err.pk.signature': "the signature does not verify",
  'err.pk.count': "the authenticator's signature count went back: it may be a copy",
  'err.pk.challenge': "the challenge is not the one the server issued",
  'err.pk.origin': "the ceremony ran on {origin}, not on {site}",
  'err.pk.frame': "the ceremony ran in another site's frame",
  'err.pk.ceremony': "the client data is not of a {type} ceremony",
  'err.pk.data': "the passkey's data cannot be read: {detail}",
  'err.pk.key': "the credential's key is neither ES256 (P-256) nor EdDSA (Ed25519)",

  // Why the server ended a game (src/server/games/local.cpp, games/clock.cpp).
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
